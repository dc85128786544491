// Module-scope variables (#var-and-value, #resource-interface): buffers as
// Block structs in the Uniform / StorageBuffer / PushConstant storage classes
// with DescriptorSet and Binding (after Options::bindingRemap), handles in
// UniformConstant, private and workgroup variables. Emitted on first use, so
// only what the entry point statically uses is in the module.
#include "generator.h"

namespace bindery::spirv {

// Offset, and for matrices (or arrays of them) their layout, of member
// `member` of type `t` of a Block struct.
void Generator::decorateBlockMember(Id block, uint32_t member, TypeId t, uint32_t offset) {
  b.memberDecorate(block, member, spv::Decoration::Offset, {offset});
  while (T[t].kind == TypeKind::Array) t = T[t].elem;
  if (T[t].kind == TypeKind::Matrix) {
    b.memberDecorate(block, member, spv::Decoration::ColMajor);
    b.memberDecorate(block, member, spv::Decoration::MatrixStride,
                     {T.alignOf(T.vec(T[t].rows, T[t].elem))});
  }
}

VarBinding Generator::globalVar(uint32_t vid) {
  auto it = globals_.find(vid);
  if (it != globals_.end()) return it->second;
  const wgsl::VarDecl& d = m.ast.vars[vid];
  const wgsl::VarInfo& vi = m.vars[vid];
  VarBinding g;
  if (vi.space == AddressSpace::Immediate && pushVar_) {
    // member 0 of the entry point's one PushConstant Block, which also holds
    // pushed binding sizes (effective_size.cpp)
    g = {pushVar_, true, true};
    paths_[g.id] = PtrPath{g.id, {}};
    globals_[vid] = g;
    return g;
  }
  g.pointer = true;
  Id pointee = 0;
  AddressSpace space = vi.space;
  bool buffer = space == AddressSpace::Uniform || space == AddressSpace::Storage ||
                space == AddressSpace::Immediate;
  TypeId zeroType = vi.type;
  if (T.isBuffer(vi.type)) {
    pointee = bufferPointee(vi, zeroType);  // buffer_view.cpp
  } else if (buffer) {
    if (T.containsF16(vi.type)) requireF16Storage(space);
    const wgsl::Type& st = T[vi.type];
    if (st.kind == TypeKind::Struct && T.containsRuntimeArray(vi.type)) {
      pointee = type(vi.type);  // the struct itself is the Block
      b.decorate(pointee, spv::Decoration::Block);
    } else {
      // a wrapper { value } decorated Block, so the WGSL type stays usable elsewhere
      Id inner = type(vi.type);
      pointee = b.newId();
      emitOp(b.globals, spv::Op::OpTypeStruct, {pointee, inner});
      b.decorate(pointee, spv::Decoration::Block);
      decorateBlockMember(pointee, 0, vi.type, 0);
      g.wrapped = true;
    }
  } else {
    pointee = type(vi.type);
  }
  spv::StorageClass sc = storageClass(space);
  g.id = b.newId();
  Id ptrType = pointerType(sc, pointee);
  if (space == AddressSpace::Private) {
    Id init = 0;
    if (d.init != kNone) {
      auto cv = m.constValues.find(d.init);
      if (cv == m.constValues.end()) {
        // an override-expression (#var-and-value): its value is known only once the
        // overrides are, so the entry point stores it first (entry_point.cpp)
        if (m.vars[vid].value)
          init = constant(*m.vars[vid].value, vi.type);
        else
          privateInits_.emplace_back(g.id, vid);
      } else {
        init = constant(cv->second, vi.type);
      }
    } else {
      init = constNull(vi.type);  // #var-and-value: zero value
    }
    if (init)
      emitOp(b.globals, spv::Op::OpVariable, {ptrType, g.id, uint32_t(sc), init});
    else
      emitOp(b.globals, spv::Op::OpVariable, {ptrType, g.id, uint32_t(sc)});
  } else {
    emitOp(b.globals, spv::Op::OpVariable, {ptrType, g.id, uint32_t(sc)});
  }
  if (options.emitNames) b.name(g.id, d.name);
  if (vi.hasGroup && vi.hasBinding) {
    Binding where{vi.group, vi.binding};
    auto remap = options.bindingRemap.find(where);
    if (remap != options.bindingRemap.end()) where = remap->second;
    b.decorate(g.id, spv::Decoration::DescriptorSet, {where.group});
    b.decorate(g.id, spv::Decoration::Binding, {where.binding});
  }
  if (space == AddressSpace::Storage && vi.access == wgsl::AccessMode::Read)
    b.decorate(g.id, spv::Decoration::NonWritable);
  if (T[vi.type].kind == TypeKind::Texture && T[vi.type].texture == wgsl::TextureKind::Storage) {
    if (T[vi.type].access == wgsl::AccessMode::Read) b.decorate(g.id, spv::Decoration::NonWritable);
    if (T[vi.type].access == wgsl::AccessMode::Write)
      b.decorate(g.id, spv::Decoration::NonReadable);
  }
  if (space == AddressSpace::Workgroup) workgroupVars_.push_back(g.id);
  allGlobals_.push_back(g.id);
  workgroupTypes_[g.id] = zeroType;
  if (!g.wrapped) memoryObjects_[g.id] = true;
  paths_[g.id] = PtrPath{g.id, {}};
  globals_[vid] = g;
  return g;
}

}  // namespace bindery::spirv
