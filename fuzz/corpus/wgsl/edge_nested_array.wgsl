var<private> v = array<array<array<f32, 2>, 2>, 2>();
fn f() -> f32 { return v[1][1][1]; }