fn f0() {}
fn f1() { f0(); }
const c = 0 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1;
const_assert false && (1 / 0 == 0);
const v = vec3();
const m = mat2x2(1, 2, 3, 4);
fn g(a: i32, b: i32) -> i32 { return a--b; }
