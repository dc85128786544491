// Atomic builtins (#atomic-builtin-functions) and the synchronization
// builtins (#sync-builtin-functions). Atomics are relaxed (semantics None);
// the scope is the workgroup for workgroup atomics, the device otherwise.
#include "generator.h"

namespace bindery::spirv {

namespace {
constexpr uint32_t kScopeDevice = uint32_t(spv::Scope::Device);
constexpr uint32_t kScopeWorkgroup = uint32_t(spv::Scope::Workgroup);
constexpr uint32_t kAcquireRelease = uint32_t(spv::MemorySemanticsMask::AcquireRelease);
}  // namespace

Id Generator::barrier(std::string_view name) {
  uint32_t memory = name == "workgroupBarrier" ? uint32_t(spv::MemorySemanticsMask::WorkgroupMemory)
                    : name == "storageBarrier" ? uint32_t(spv::MemorySemanticsMask::UniformMemory)
                                               : uint32_t(spv::MemorySemanticsMask::ImageMemory);
  Id wg = constU32(kScopeWorkgroup);
  inst(spv::Op::OpControlBarrier, {wg, wg, constU32(kAcquireRelease | memory)});
  return 0;
}

Id Generator::atomicCall(NodeId e, std::string_view name, TypeId concrete) {
  NodeId p = arg(e, 0);
  const wgsl::Type pt = T[info(p).type];
  Id ptr = value(p);
  TypeId leaf = T[pt.elem].elem;  // atomic<T> -> T
  Id scope = constU32(pt.space == AddressSpace::Workgroup ? kScopeWorkgroup : kScopeDevice);
  Id relaxed = constU32(0);
  bool s = isSigned(leaf);
  if (name == "atomicLoad") return op(spv::Op::OpAtomicLoad, leaf, {ptr, scope, relaxed});
  Id v = value(arg(e, 1), leaf);
  if (name == "atomicStore") {
    inst(spv::Op::OpAtomicStore, {ptr, scope, relaxed, v});
    return 0;
  }
  if (name == "atomicCompareExchangeWeak") {
    Id replacement = value(arg(e, 2), leaf);
    Id old =
        op(spv::Op::OpAtomicCompareExchange, leaf, {ptr, scope, relaxed, relaxed, replacement, v});
    Id exchanged = op(spv::Op::OpIEqual, T.boolType(), {old, v});
    return op(spv::Op::OpCompositeConstruct, concrete, {old, exchanged});
  }
  spv::Op o = spv::Op::OpAtomicExchange;
  if (name == "atomicAdd") o = spv::Op::OpAtomicIAdd;
  if (name == "atomicSub") o = spv::Op::OpAtomicISub;
  if (name == "atomicMax") o = s ? spv::Op::OpAtomicSMax : spv::Op::OpAtomicUMax;
  if (name == "atomicMin") o = s ? spv::Op::OpAtomicSMin : spv::Op::OpAtomicUMin;
  if (name == "atomicAnd") o = spv::Op::OpAtomicAnd;
  if (name == "atomicOr") o = spv::Op::OpAtomicOr;
  if (name == "atomicXor") o = spv::Op::OpAtomicXor;
  return op(o, leaf, {ptr, scope, relaxed, v});
}

}  // namespace bindery::spirv
