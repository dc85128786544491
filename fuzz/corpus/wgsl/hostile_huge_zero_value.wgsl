fn f() { var a = array<i32, 636109182>(); }
