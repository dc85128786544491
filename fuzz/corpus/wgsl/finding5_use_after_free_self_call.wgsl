// wgsl_fuzz finding 5 (minimized from crash-1f46caaa71061c33a83182e5e111b4d174f1b0fe): heap-use-after-free in ExprResolver::userCall on a self-call.
var<private> a : f32;
var<private> b : f32;
var<private> c : f32;
fn f() { a = b + c; f(); }
