enable f16;
const h : f16 = 65504h;
const big = h * 2h;