// Value conversions (#conversion-builtin-function) and bitcast
// (#bitcast-builtin). Float to integer saturates (#floating-point-conversion):
// the value is clamped to the largest float below the integer range's ends
// before OpConvertFTo[SU], whose result is undefined out of range.
#include <spirv/unified1/GLSL.std.450.h>

#include "generator.h"

namespace bindery::spirv {

Id Generator::glsl(uint32_t instruction, TypeId result, std::initializer_list<Id> args) {
  std::vector<Id> ops{b.glslStd450(), instruction};
  ops.insert(ops.end(), args.begin(), args.end());
  return opId(spv::Op::OpExtInst, type(result), ops);
}

Id Generator::convert(Id v, TypeId from, TypeId to) {
  if (from == to) return v;
  if (T[to].kind == TypeKind::Matrix) {
    const wgsl::Type mt = T[to];
    TypeId fromCol = T.vec(mt.rows, T[from].elem), toCol = T.vec(mt.rows, mt.elem);
    std::vector<Id> cols;
    for (uint32_t c = 0; c < mt.width; ++c)
      cols.push_back(convert(op(spv::Op::OpCompositeExtract, fromCol, {v, c}), fromCol, toCol));
    return opId(spv::Op::OpCompositeConstruct, type(to), cols);
  }
  TypeKind fk = T[T.leaf(from)].kind, tk = T[T.leaf(to)].kind;
  if (fk == tk) return v;
  if (fk == TypeKind::Bool)
    return op(spv::Op::OpSelect, to, {v, constSplat(to, 1, 1), constSplat(to, 0, 0)});
  if (tk == TypeKind::Bool) {
    Id zero = constSplat(from, 0, 0);
    return op(isFloat(from) ? spv::Op::OpFUnordNotEqual : spv::Op::OpINotEqual, to, {v, zero});
  }
  bool ff = isFloat(from), tf = isFloat(to);
  if (!ff && !tf) return op(spv::Op::OpBitcast, to, {v});
  if (!ff)
    return op(fk == TypeKind::I32 ? spv::Op::OpConvertSToF : spv::Op::OpConvertUToF, to, {v});
  if (tf) return op(spv::Op::OpFConvert, to, {v});
  // float -> integer, saturating
  bool toSigned = tk == TypeKind::I32;
  double lo = toSigned ? -2147483648.0 : 0.0;
  double hi = toSigned ? 2147483520.0 : 4294967040.0;
  if (fk == TypeKind::F16) {
    lo = toSigned ? -65504.0 : 0.0;
    hi = 65504.0;
  }
  Id clamped = glsl(GLSLstd450NClamp, from, {v, constSplat(from, lo, 0), constSplat(from, hi, 0)});
  return op(toSigned ? spv::Op::OpConvertFToS : spv::Op::OpConvertFToU, to, {clamped});
}

Id Generator::bitcast(Id v, TypeId from, TypeId to) {
  if (type(from) == type(to)) return v;
  return op(spv::Op::OpBitcast, to, {v});
}

}  // namespace bindery::spirv
