// wgsl_fuzz finding (minimized by hand from crash-3f0b40167cb8153aabbe4d66b67b490f31b5a7fc):
// SizeOf(S) = 2 * 4294965296 = 8589930592 does not fit the uint32 layout
// fields; the module is accepted and S is reported with size 4294963296
// (wrapped) while member b ends at 8589930592.
alias A = array<f32, 1073741324>;
struct S { a : A, b : A }
@group(0) @binding(0) var<storage, read> buf : S;
@compute @workgroup_size(1) fn main() { _ = buf.b[0]; }
