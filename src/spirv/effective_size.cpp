// Pushed effective buffer binding sizes (Options::effectiveSizeWords).
//
// arrayLength (#arraylength-builtin) is truncate((EBBS - array offset) /
// stride) and bufferLength (#bufferlength-builtin) is EBBS, the effective
// buffer binding size (#abstract-opdef-effective-buffer-binding-size). For a
// binding whose descriptor range is not EBBS (dynamic offsets on Vulkan: the
// range is cut to what lies inside the buffer at each offset), the caller
// pushes EBBS as a u32 and the builtins compute from it; the bounds policy
// (#out-of-bounds-access-sec) keeps clamping to OpArrayLength, the range the
// descriptor really binds, so no access leaves the buffer.
//
// SPIR-V allows one PushConstant variable per entry point: the entry point's
// var<immediate> (member 0, offset 0, as resources.cpp would wrap it) and the
// size words (one u32 member each, at the caller's offsets) share one Block.
// The words are members only where the entry point calls arrayLength or
// bufferLength and uses the binding; otherwise nothing changes.
#include <algorithm>
#include <string>

#include "generator.h"

namespace bindery::spirv {

void Generator::pushConstantBlock(uint32_t entryFn) {
  if (options.effectiveSizeWords.empty()) return;
  const wgsl::FnInfo& f = m.fns[entryFn];
  bool reads = false;
  for (const auto& [name, span] : f.builtinCalls)
    reads |= name == "arrayLength" || name == "bufferLength";
  if (!reads) return;
  uint32_t immediate = kNone;
  std::vector<std::pair<uint32_t, uint32_t>> words;  // (offset, var id)
  for (uint32_t vid : f.uses) {
    const wgsl::VarDecl& d = m.ast.vars[vid];
    const wgsl::VarInfo& vi = m.vars[vid];
    if (d.kind != wgsl::DeclKind::Var || !d.global) continue;
    if (vi.space == AddressSpace::Immediate) immediate = vid;
    if (vi.space != AddressSpace::Storage || !vi.hasGroup || !vi.hasBinding) continue;
    auto it = options.effectiveSizeWords.find(Binding{vi.group, vi.binding});
    if (it != options.effectiveSizeWords.end()) words.emplace_back(it->second, vid);
  }
  if (words.empty()) return;
  std::sort(words.begin(), words.end());
  std::vector<Id> members;
  uint32_t end = 0;  // where the next member may start
  if (immediate != kNone) {
    TypeId t = m.vars[immediate].type;
    if (T.containsF16(t)) requireF16Storage(AddressSpace::Immediate);
    members.push_back(type(t));
    end = T.sizeOf(t);
  }
  const Id u32 = type(T.u32());
  for (const auto& [offset, vid] : words) {
    if (offset % 4 != 0 || offset < end)
      unsupportedAt("an effective binding size pushed at byte " + std::to_string(offset) +
                        ", not a multiple of 4 past the immediate data and the other sizes",
                    m.ast.vars[vid].span);
    sizeWordMembers_[vid] = uint32_t(members.size());
    members.push_back(u32);
    end = offset + 4;
  }
  Id block = b.newId();
  std::vector<Id> ops{block};
  ops.insert(ops.end(), members.begin(), members.end());
  emitOp(b.globals, spv::Op::OpTypeStruct, ops);
  b.decorate(block, spv::Decoration::Block);
  uint32_t member = 0;
  if (immediate != kNone) decorateBlockMember(block, member++, m.vars[immediate].type, 0);
  for (const auto& [offset, vid] : words)
    b.memberDecorate(block, member++, spv::Decoration::Offset, {offset});
  pushVar_ = b.newId();
  Id ptrType = pointerType(spv::StorageClass::PushConstant, block);
  emitOp(b.globals, spv::Op::OpVariable,
         {ptrType, pushVar_, uint32_t(spv::StorageClass::PushConstant)});
  if (options.emitNames) {
    b.name(block, "Immediates");
    b.name(pushVar_, immediate != kNone ? std::string(m.ast.vars[immediate].name) : "immediates");
  }
  allGlobals_.push_back(pushVar_);
}

Id Generator::effectiveSize(uint32_t vid) {
  auto it = sizeWordMembers_.find(vid);
  if (it == sizeWordMembers_.end()) return 0;
  Id ptrType = pointerType(spv::StorageClass::PushConstant, type(T.u32()));
  Id ptr = opId(spv::Op::OpAccessChain, ptrType, {pushVar_, constU32(it->second)});
  return opId(spv::Op::OpLoad, type(T.u32()), {ptr});
}

// truncate((EBBS - array offset) / stride) of global `vid` from its pushed
// effective binding size; 0 where EBBS < array offset. No id (0) when the
// variable has no pushed size.
Id Generator::effectiveArrayLength(uint32_t vid) {
  Id size = effectiveSize(vid);
  if (!size) return 0;
  TypeId store = m.vars[vid].type;
  const uint32_t offset = arrayOffset(T, store);
  const uint32_t stride = T.strideOf(runtimeArrayOf(T, store));
  if (offset) {
    Id fits = op(spv::Op::OpUGreaterThanEqual, T.boolType(), {size, constU32(offset)});
    Id rest = op(spv::Op::OpISub, T.u32(), {size, constU32(offset)});
    size = op(spv::Op::OpSelect, T.u32(), {fits, rest, constU32(0)});
  }
  return op(spv::Op::OpUDiv, T.u32(), {size, constU32(stride)});
}

void Generator::pushHiddenLength(std::vector<Id>& ops, Id clamp, Id reported) const {
  ops.push_back(clamp);
  if (hiddenLengthCount() == 2) ops.push_back(reported);
}

}  // namespace bindery::spirv
