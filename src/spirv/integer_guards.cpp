// WGSL's defined results where SPIR-V's are undefined (#arithmetic-expr):
// integer division and remainder by zero, and the most negative value divided
// by -1, give e1 (division) and 0 (remainder): the divisor is replaced by 1
// in those cases. Shift amounts are taken modulo the bit width.
#include <cstdint>

#include "generator.h"

namespace bindery::spirv {

Id Generator::integerDivision(bool remainder, Id a, Id d, TypeId t) {
  uint8_t n = widthOf(t);
  TypeId boolT = vecOf(n, T.boolType());
  Id zero = constSplat(t, 0, 0), one = constSplat(t, 0, 1);
  Id bad = op(spv::Op::OpIEqual, boolT, {d, zero});
  bool s = isSigned(t);
  if (s) {
    Id intMin = constSplat(t, 0, int64_t(INT32_MIN));
    Id minusOne = constSplat(t, 0, -1);
    Id aMin = op(spv::Op::OpIEqual, boolT, {a, intMin});
    Id dM1 = op(spv::Op::OpIEqual, boolT, {d, minusOne});
    Id overflow = op(spv::Op::OpLogicalAnd, boolT, {aMin, dM1});
    bad = op(spv::Op::OpLogicalOr, boolT, {bad, overflow});
  }
  Id safe = op(spv::Op::OpSelect, t, {bad, one, d});
  if (remainder && s) {
    // a - trunc(a / d) * d: the truncated remainder WGSL defines, with the
    // sign of `a`. Not OpSRem: NVIDIA's driver (580, H200) computes it as an
    // unsigned remainder when an operand is negative (-1 % 7 gave 3), while
    // OpSDiv is right there and on every other driver tried.
    Id quotient = op(spv::Op::OpSDiv, t, {a, safe});
    return op(spv::Op::OpISub, t, {a, op(spv::Op::OpIMul, t, {quotient, safe})});
  }
  spv::Op o = remainder ? spv::Op::OpUMod : (s ? spv::Op::OpSDiv : spv::Op::OpUDiv);
  return op(o, t, {a, safe});
}

Id Generator::shiftAmount(Id amount, TypeId t) {
  return op(spv::Op::OpBitwiseAnd, t, {amount, constSplat(t, 0, 31)});
}

}  // namespace bindery::spirv
