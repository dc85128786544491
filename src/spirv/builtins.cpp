// Builtin functions (#builtin-functions): one table from the WGSL name to an
// emitter, so no function grows into a giant switch. Component-wise numeric
// builtins whose GLSL.std.450 instruction has WGSL's semantics are table rows
// with the instruction per scalar kind; the rest have their own emitter here
// or in builtins_bits.cpp / atomics.cpp / textures.cpp.
#include <spirv/unified1/GLSL.std.450.h>

#include <string>
#include <unordered_map>

#include "builtins.h"
#include "generator.h"

namespace bindery::spirv {

TypeId Generator::commonArgLeaf(NodeId e) {
  for (uint32_t i = 0; i < argCount(e); ++i) {
    TypeId t = T.unref(info(arg(e, i)).type);
    if (!T.isAbstract(t)) return T.leaf(t);
  }
  return T.leaf(T.concretize(T.unref(info(arg(e, 0)).type)));
}

std::vector<Id> Generator::builtinArgs(NodeId e, TypeId leaf) {
  std::vector<Id> out;
  for (uint32_t i = 0; i < argCount(e); ++i) {
    NodeId a = arg(e, i);
    TypeId t = T.unref(info(a).type);
    out.push_back(value(a, T.isAbstract(t) ? T.withLeaf(t, leaf) : t));
  }
  return out;
}

namespace {

Id componentwise(Generator& g, NodeId e, TypeId result, const BuiltinRow& row) {
  TypeId leaf = g.commonArgLeaf(e);
  std::vector<Id> a = g.builtinArgs(e, leaf);
  TypeKind k = g.T[leaf].kind;
  uint32_t inst = k == TypeKind::I32 ? row.sint : k == TypeKind::U32 ? row.uint : row.fl;
  if (inst == kIdentity) return a[0];
  std::vector<Id> ops{g.b.glslStd450(), inst};
  ops.insert(ops.end(), a.begin(), a.end());
  return g.opId(spv::Op::OpExtInst, g.type(result), ops);
}

// Ops of the core instruction set on one operand (OpDPdx, OpTranspose, ...).
Id coreUnary(Generator& g, NodeId e, TypeId result, const BuiltinRow& row) {
  std::vector<Id> a = g.builtinArgs(e, g.commonArgLeaf(e));
  if (row.fl == uint32_t(spv::Op::OpDPdxFine) || row.fl == uint32_t(spv::Op::OpDPdyFine) ||
      row.fl == uint32_t(spv::Op::OpDPdxCoarse) || row.fl == uint32_t(spv::Op::OpDPdyCoarse) ||
      row.fl == uint32_t(spv::Op::OpFwidthFine) || row.fl == uint32_t(spv::Op::OpFwidthCoarse))
    g.b.capability(spv::Capability::DerivativeControl);
  return g.op(spv::Op(row.fl), result, {a[0]});
}

Id allAny(Generator& g, NodeId e, TypeId result, const BuiltinRow& row) {
  Id v = g.value(g.arg(e, 0));
  if (!g.widthOf(g.T.unref(g.info(g.arg(e, 0)).type))) return v;
  return g.op(spv::Op(row.fl), result, {v});
}

Id saturate(Generator& g, NodeId e, TypeId result, const BuiltinRow&) {
  Id v = g.builtinArgs(e, g.T.leaf(result))[0];
  return g.glsl(GLSLstd450NClamp, result,
                {v, g.constSplat(result, 0, 0), g.constSplat(result, 1, 1)});
}

// clamp(e, low, high) = min(max(e, low), high) (#clamp-builtin; defined when low > high).
Id clamp(Generator& g, NodeId e, TypeId result, const BuiltinRow&) {
  TypeId leaf = g.commonArgLeaf(e);
  std::vector<Id> a = g.builtinArgs(e, leaf);
  TypeKind k = g.T[leaf].kind;
  uint32_t mx = k == TypeKind::I32   ? GLSLstd450SMax
                : k == TypeKind::U32 ? GLSLstd450UMax
                                     : GLSLstd450NMax;
  uint32_t mn = k == TypeKind::I32   ? GLSLstd450SMin
                : k == TypeKind::U32 ? GLSLstd450UMin
                                     : GLSLstd450NMin;
  return g.glsl(mn, result, {g.glsl(mx, result, {a[0], a[1]}), a[2]});
}

Id dot(Generator& g, NodeId e, TypeId result, const BuiltinRow&) {
  TypeId leaf = g.commonArgLeaf(e);
  std::vector<Id> a = g.builtinArgs(e, leaf);
  if (g.isFloat(leaf)) return g.op(spv::Op::OpDot, result, {a[0], a[1]});
  TypeId vt = g.T.unref(g.info(g.arg(e, 0)).type);
  vt = g.T.withLeaf(vt, leaf);
  Id prod = g.op(spv::Op::OpIMul, vt, {a[0], a[1]});
  Id sum = g.op(spv::Op::OpCompositeExtract, result, {prod, 0});
  for (uint32_t i = 1; i < g.widthOf(vt); ++i)
    sum =
        g.op(spv::Op::OpIAdd, result, {sum, g.op(spv::Op::OpCompositeExtract, result, {prod, i})});
  return sum;
}

// mix(V, V, S) and refract(V, V, S): the scalar as the GLSL instruction wants it.
Id mix(Generator& g, NodeId e, TypeId result, const BuiltinRow& row) {
  TypeId leaf = g.T.leaf(result);
  std::vector<Id> a = g.builtinArgs(e, leaf);
  uint8_t n = g.widthOf(result);
  bool scalarLast = !g.widthOf(g.T.unref(g.info(g.arg(e, 2)).type));
  if (row.fl == GLSLstd450FMix && n && scalarLast) a[2] = g.splat(a[2], leaf, n);
  return g.glsl(row.fl, result, {a[0], a[1], a[2]});
}

Id select(Generator& g, NodeId e, TypeId result, const BuiltinRow&) {
  Id f = g.value(g.arg(e, 0), result);
  Id t = g.value(g.arg(e, 1), result);
  Id c = g.value(g.arg(e, 2), g.T.boolType());
  uint8_t n = g.widthOf(result);
  if (n && !g.widthOf(g.T.unref(g.info(g.arg(e, 2)).type))) c = g.splat(c, g.T.boolType(), n);
  // #select-builtin: T is a scalar or a vector (the front end rejects composites), so
  // OpSelect serves every SPIR-V version; a scalar condition is splatted for a vector.
  return g.op(spv::Op::OpSelect, result, {c, t, f});
}

Id quantize(Generator& g, NodeId e, TypeId result, const BuiltinRow&) {
  return g.op(spv::Op::OpQuantizeToF16, result, {g.builtinArgs(e, g.T.f32())[0]});
}

Id ldexp(Generator& g, NodeId e, TypeId result, const BuiltinRow&) {
  Id x = g.value(g.arg(e, 0), result);
  NodeId ea = g.arg(e, 1);
  Id ex = g.value(ea, g.T.withLeaf(g.T.unref(g.info(ea).type), g.T.i32()));
  return g.glsl(GLSLstd450Ldexp, result, {x, ex});
}

Id frexpModf(Generator& g, NodeId e, TypeId result, const BuiltinRow& row) {
  const wgsl::StructInfo& s = g.T.structInfo(g.T[result].structIndex);
  Id x = g.value(g.arg(e, 0), s.members[0].type);
  return g.glsl(row.fl, result, {x});
}

Id arrayLength(Generator& g, NodeId e, TypeId, const BuiltinRow&) {
  if (g.isViewExpr(g.arg(e, 0))) return g.viewArrayLength(g.arg(e, 0));
  return g.reportedArrayLength(g.arg(e, 0));
}

Id bitcastBuiltin(Generator& g, NodeId e, TypeId result, const BuiltinRow&) {
  NodeId a = g.arg(e, 0);
  TypeId from = g.concreteOf(a, kNoType);
  return g.bitcast(g.value(a, from), from, result);
}

Id workgroupUniformLoad(Generator& g, NodeId e, TypeId result, const BuiltinRow&) {
  g.barrier("workgroupBarrier");
  Id v = g.load(g.value(g.arg(e, 0)), result);
  g.barrier("workgroupBarrier");
  return v;
}

// #buffer-view-builtin-functions (buffer_view.cpp)
Id bufferViewBuiltin(Generator& g, NodeId e, TypeId, const BuiltinRow&) {
  return g.bufferViewCall(e, g.ex(e).name == "bufferArrayView");
}

Id bufferLengthBuiltin(Generator& g, NodeId e, TypeId, const BuiltinRow&) {
  return g.bufferLength(g.arg(e, 0)).bytes;
}

Id barrierBuiltin(Generator& g, NodeId e, TypeId, const BuiltinRow&) {
  return g.barrier(g.ex(e).name);
}

Id atomic(Generator& g, NodeId e, TypeId result, const BuiltinRow&) {
  return g.atomicCall(e, g.ex(e).name, result);
}

Id texture(Generator& g, NodeId e, TypeId result, const BuiltinRow&) {
  return g.textureCall(e, g.ex(e).name, result);
}

constexpr uint32_t kNo = kUnsupportedKind;

const std::unordered_map<std::string_view, BuiltinRow>& table() {
  static const std::unordered_map<std::string_view, BuiltinRow> rows = [] {
    std::unordered_map<std::string_view, BuiltinRow> t;
    auto cw = [&](std::string_view n, uint32_t fl, uint32_t si = kNo, uint32_t ui = kNo) {
      t[n] = BuiltinRow{componentwise, fl, si, ui};
    };
    cw("abs", GLSLstd450FAbs, GLSLstd450SAbs, kIdentity);
    cw("acos", GLSLstd450Acos);
    cw("acosh", GLSLstd450Acosh);
    cw("asin", GLSLstd450Asin);
    cw("asinh", GLSLstd450Asinh);
    cw("atan", GLSLstd450Atan);
    cw("atanh", GLSLstd450Atanh);
    cw("atan2", GLSLstd450Atan2);
    cw("ceil", GLSLstd450Ceil);
    cw("cos", GLSLstd450Cos);
    cw("cosh", GLSLstd450Cosh);
    cw("cross", GLSLstd450Cross);
    cw("degrees", GLSLstd450Degrees);
    cw("determinant", GLSLstd450Determinant);
    cw("distance", GLSLstd450Distance);
    cw("exp", GLSLstd450Exp);
    cw("exp2", GLSLstd450Exp2);
    cw("faceForward", GLSLstd450FaceForward);
    cw("floor", GLSLstd450Floor);
    cw("fma", GLSLstd450Fma);
    cw("fract", GLSLstd450Fract);
    cw("inverseSqrt", GLSLstd450InverseSqrt);
    cw("length", GLSLstd450Length);
    cw("log", GLSLstd450Log);
    cw("log2", GLSLstd450Log2);
    cw("max", GLSLstd450NMax, GLSLstd450SMax, GLSLstd450UMax);
    cw("min", GLSLstd450NMin, GLSLstd450SMin, GLSLstd450UMin);
    cw("normalize", GLSLstd450Normalize);
    cw("pow", GLSLstd450Pow);
    cw("radians", GLSLstd450Radians);
    cw("reflect", GLSLstd450Reflect);
    cw("round", GLSLstd450RoundEven);
    cw("sign", GLSLstd450FSign, GLSLstd450SSign);
    cw("sin", GLSLstd450Sin);
    cw("sinh", GLSLstd450Sinh);
    cw("smoothstep", GLSLstd450SmoothStep);
    cw("sqrt", GLSLstd450Sqrt);
    cw("step", GLSLstd450Step);
    cw("tan", GLSLstd450Tan);
    cw("tanh", GLSLstd450Tanh);
    cw("trunc", GLSLstd450Trunc);
    auto core = [&](std::string_view n, spv::Op o) { t[n] = BuiltinRow{coreUnary, uint32_t(o)}; };
    core("transpose", spv::Op::OpTranspose);
    core("dpdx", spv::Op::OpDPdx);
    core("dpdxCoarse", spv::Op::OpDPdxCoarse);
    core("dpdxFine", spv::Op::OpDPdxFine);
    core("dpdy", spv::Op::OpDPdy);
    core("dpdyCoarse", spv::Op::OpDPdyCoarse);
    core("dpdyFine", spv::Op::OpDPdyFine);
    core("fwidth", spv::Op::OpFwidth);
    core("fwidthCoarse", spv::Op::OpFwidthCoarse);
    core("fwidthFine", spv::Op::OpFwidthFine);
    t["all"] = BuiltinRow{allAny, uint32_t(spv::Op::OpAll)};
    t["any"] = BuiltinRow{allAny, uint32_t(spv::Op::OpAny)};
    t["saturate"] = BuiltinRow{saturate};
    t["clamp"] = BuiltinRow{clamp};
    t["dot"] = BuiltinRow{dot};
    t["mix"] = BuiltinRow{mix, GLSLstd450FMix};
    t["refract"] = BuiltinRow{mix, GLSLstd450Refract};
    t["select"] = BuiltinRow{select};
    t["quantizeToF16"] = BuiltinRow{quantize};
    t["ldexp"] = BuiltinRow{ldexp};
    t["frexp"] = BuiltinRow{frexpModf, GLSLstd450FrexpStruct};
    t["modf"] = BuiltinRow{frexpModf, GLSLstd450ModfStruct};
    t["arrayLength"] = BuiltinRow{arrayLength};
    t["bitcast"] = BuiltinRow{bitcastBuiltin};
    t["workgroupUniformLoad"] = BuiltinRow{workgroupUniformLoad};
    t["bufferView"] = BuiltinRow{bufferViewBuiltin};
    t["bufferArrayView"] = BuiltinRow{bufferViewBuiltin};
    t["bufferLength"] = BuiltinRow{bufferLengthBuiltin};
    for (std::string_view n : {"workgroupBarrier", "storageBarrier", "textureBarrier"})
      t[n] = BuiltinRow{barrierBuiltin};
    for (std::string_view n :
         {"atomicLoad", "atomicStore", "atomicAdd", "atomicSub", "atomicMax", "atomicMin",
          "atomicAnd", "atomicOr", "atomicXor", "atomicExchange", "atomicCompareExchangeWeak"})
      t[n] = BuiltinRow{atomic};
    for (std::string_view n :
         {"textureDimensions", "textureLoad", "textureStore", "textureNumLayers",
          "textureNumLevels", "textureNumSamples", "textureSample", "textureSampleLevel",
          "textureSampleBias", "textureSampleGrad", "textureSampleCompare",
          "textureSampleCompareLevel", "textureGather", "textureGatherCompare",
          "textureSampleBaseClampToEdge"})
      t[n] = BuiltinRow{texture};
    addBitBuiltins(t);
    addSubgroupBuiltins(t);
    return t;
  }();
  return rows;
}

}  // namespace

Id Generator::builtinCall(NodeId e, TypeId concrete) {
  std::string_view name = ex(e).name;
  auto it = table().find(name);
  if (it == table().end()) unsupported(std::string(name), e);
  if (!options.subgroups && isSubgroupBuiltin(name))
    unsupported(
        std::string(name) + " without the device's 'subgroups' feature (Options::subgroups)", e);
  const BuiltinRow& row = it->second;
  if (row.emit == componentwise) {
    TypeKind k = T[commonArgLeaf(e)].kind;
    uint32_t inst = k == TypeKind::I32 ? row.sint : k == TypeKind::U32 ? row.uint : row.fl;
    if (inst == kUnsupportedKind)
      unsupported(std::string(name) + " of '" + T.name(T.leaf(concrete)) + "'", e);
  }
  return row.emit(*this, e, concrete, row);
}

}  // namespace bindery::spirv
