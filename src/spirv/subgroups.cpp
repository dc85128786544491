// The `subgroups` extension's builtin functions (#subgroup-builtin-functions,
// #quad-builtin-functions) as SPIR-V 1.3's OpGroupNonUniform* instructions at
// Subgroup scope, each with its capability. Without Options::subgroups (the
// device lacks the feature) every call is a NotSupportedYet error.
#include <string>
#include <unordered_map>

#include "builtins.h"
#include "generator.h"

namespace bindery::spirv {

namespace {

using spv::Capability;
using spv::Op;

constexpr uint32_t kReduce = uint32_t(spv::GroupOperation::Reduce);
constexpr uint32_t kInclusive = uint32_t(spv::GroupOperation::InclusiveScan);
constexpr uint32_t kExclusive = uint32_t(spv::GroupOperation::ExclusiveScan);

Id subgroupScope(Generator& g) {
  g.b.capability(Capability::GroupNonUniform);
  return g.constU32(uint32_t(spv::Scope::Subgroup));
}

// The T operand (argument 0) at its concrete type.
Id operand(Generator& g, NodeId e) {
  return g.builtinArgs(e, g.commonArgLeaf(e))[0];
}

// A u32 operand from argument `i` (an i32 is reinterpreted: SPIR-V wants an
// unsigned id). `constant`: SPIR-V 1.3 requires a constant instruction
// (the front end checked it is a const-expression in range).
Id indexOperand(Generator& g, NodeId e, uint32_t i, bool constant) {
  NodeId a = g.arg(e, i);
  auto cv = g.m.constValues.find(a);
  if (constant && cv != g.m.constValues.end()) return g.constU32(uint32_t(cv->second.elems[0].i));
  TypeId t = g.concreteOf(a, g.T.u32());
  Id v = g.value(a, t);
  return g.T[t].kind == TypeKind::I32 ? g.bitcast(v, t, g.T.u32()) : v;
}

// Arithmetic reductions and scans: FAdd/IAdd, ... by the operand's scalar kind.
struct Arith {
  Op fl, sint, uint;
  uint32_t group;
};

const std::unordered_map<std::string_view, Arith>& arithmetic() {
  static const std::unordered_map<std::string_view, Arith> rows = {
      {"subgroupAdd",
       {Op::OpGroupNonUniformFAdd, Op::OpGroupNonUniformIAdd, Op::OpGroupNonUniformIAdd, kReduce}},
      {"subgroupInclusiveAdd",
       {Op::OpGroupNonUniformFAdd, Op::OpGroupNonUniformIAdd, Op::OpGroupNonUniformIAdd,
        kInclusive}},
      {"subgroupExclusiveAdd",
       {Op::OpGroupNonUniformFAdd, Op::OpGroupNonUniformIAdd, Op::OpGroupNonUniformIAdd,
        kExclusive}},
      {"subgroupMul",
       {Op::OpGroupNonUniformFMul, Op::OpGroupNonUniformIMul, Op::OpGroupNonUniformIMul, kReduce}},
      {"subgroupInclusiveMul",
       {Op::OpGroupNonUniformFMul, Op::OpGroupNonUniformIMul, Op::OpGroupNonUniformIMul,
        kInclusive}},
      {"subgroupExclusiveMul",
       {Op::OpGroupNonUniformFMul, Op::OpGroupNonUniformIMul, Op::OpGroupNonUniformIMul,
        kExclusive}},
      {"subgroupMin",
       {Op::OpGroupNonUniformFMin, Op::OpGroupNonUniformSMin, Op::OpGroupNonUniformUMin, kReduce}},
      {"subgroupMax",
       {Op::OpGroupNonUniformFMax, Op::OpGroupNonUniformSMax, Op::OpGroupNonUniformUMax, kReduce}},
      {"subgroupAnd",
       {Op::OpNop, Op::OpGroupNonUniformBitwiseAnd, Op::OpGroupNonUniformBitwiseAnd, kReduce}},
      {"subgroupOr",
       {Op::OpNop, Op::OpGroupNonUniformBitwiseOr, Op::OpGroupNonUniformBitwiseOr, kReduce}},
      {"subgroupXor",
       {Op::OpNop, Op::OpGroupNonUniformBitwiseXor, Op::OpGroupNonUniformBitwiseXor, kReduce}},
  };
  return rows;
}

Id arith(Generator& g, NodeId e, TypeId result, const BuiltinRow&) {
  const Arith& a = arithmetic().at(g.ex(e).name);
  TypeKind k = g.T[g.T.leaf(result)].kind;
  Op o = k == TypeKind::I32 ? a.sint : k == TypeKind::U32 ? a.uint : a.fl;
  Id scope = subgroupScope(g);
  g.b.capability(Capability::GroupNonUniformArithmetic);
  return g.op(o, result, {scope, a.group, operand(g, e)});
}

Id vote(Generator& g, NodeId e, TypeId result, const BuiltinRow& row) {
  Id scope = subgroupScope(g);
  g.b.capability(Capability::GroupNonUniformVote);
  return g.op(Op(row.fl), result, {scope, g.value(g.arg(e, 0), g.T.boolType())});
}

Id ballot(Generator& g, NodeId e, TypeId result, const BuiltinRow&) {
  Id scope = subgroupScope(g);
  g.b.capability(Capability::GroupNonUniformBallot);
  return g.op(Op::OpGroupNonUniformBallot, result, {scope, g.value(g.arg(e, 0), g.T.boolType())});
}

Id elect(Generator& g, NodeId, TypeId result, const BuiltinRow&) {
  return g.op(Op::OpGroupNonUniformElect, result, {subgroupScope(g)});
}

Id broadcastFirst(Generator& g, NodeId e, TypeId result, const BuiltinRow&) {
  Id scope = subgroupScope(g);
  g.b.capability(Capability::GroupNonUniformBallot);
  return g.op(Op::OpGroupNonUniformBroadcastFirst, result, {scope, operand(g, e)});
}

// subgroupBroadcast (Ballot), subgroupShuffle/Xor (Shuffle), Up/Down
// (ShuffleRelative), quadBroadcast (Quad): value, then an id, mask or delta.
Id withIndex(Generator& g, NodeId e, TypeId result, const BuiltinRow& row) {
  Id scope = subgroupScope(g);
  Op o = Op(row.fl);
  bool constant = o == Op::OpGroupNonUniformBroadcast || o == Op::OpGroupNonUniformQuadBroadcast;
  g.b.capability(o == Op::OpGroupNonUniformBroadcast       ? Capability::GroupNonUniformBallot
                 : o == Op::OpGroupNonUniformQuadBroadcast ? Capability::GroupNonUniformQuad
                 : o == Op::OpGroupNonUniformShuffle || o == Op::OpGroupNonUniformShuffleXor
                     ? Capability::GroupNonUniformShuffle
                     : Capability::GroupNonUniformShuffleRelative);
  Id v = operand(g, e);
  return g.op(o, result, {scope, v, indexOperand(g, e, 1, constant)});
}

// quadSwapX/Y/Diagonal: OpGroupNonUniformQuadSwap, direction 0 (horizontal),
// 1 (vertical), 2 (diagonal).
Id quadSwap(Generator& g, NodeId e, TypeId result, const BuiltinRow& row) {
  Id scope = subgroupScope(g);
  g.b.capability(Capability::GroupNonUniformQuad);
  return g.op(Op::OpGroupNonUniformQuadSwap, result, {scope, operand(g, e), g.constU32(row.fl)});
}

}  // namespace

void addSubgroupBuiltins(std::unordered_map<std::string_view, BuiltinRow>& t) {
  for (const auto& [name, row] : arithmetic()) t[name] = BuiltinRow{arith};
  t["subgroupAll"] = BuiltinRow{vote, uint32_t(Op::OpGroupNonUniformAll)};
  t["subgroupAny"] = BuiltinRow{vote, uint32_t(Op::OpGroupNonUniformAny)};
  t["subgroupBallot"] = BuiltinRow{ballot};
  t["subgroupElect"] = BuiltinRow{elect};
  t["subgroupBroadcastFirst"] = BuiltinRow{broadcastFirst};
  t["subgroupBroadcast"] = BuiltinRow{withIndex, uint32_t(Op::OpGroupNonUniformBroadcast)};
  t["subgroupShuffle"] = BuiltinRow{withIndex, uint32_t(Op::OpGroupNonUniformShuffle)};
  t["subgroupShuffleXor"] = BuiltinRow{withIndex, uint32_t(Op::OpGroupNonUniformShuffleXor)};
  t["subgroupShuffleUp"] = BuiltinRow{withIndex, uint32_t(Op::OpGroupNonUniformShuffleUp)};
  t["subgroupShuffleDown"] = BuiltinRow{withIndex, uint32_t(Op::OpGroupNonUniformShuffleDown)};
  t["quadBroadcast"] = BuiltinRow{withIndex, uint32_t(Op::OpGroupNonUniformQuadBroadcast)};
  t["quadSwapX"] = BuiltinRow{quadSwap, 0};
  t["quadSwapY"] = BuiltinRow{quadSwap, 1};
  t["quadSwapDiagonal"] = BuiltinRow{quadSwap, 2};
}

bool isSubgroupBuiltin(std::string_view name) {
  return name.starts_with("subgroup") || name.starts_with("quad");
}

}  // namespace bindery::spirv
