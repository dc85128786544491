// References and pointers (#memory-view), indexing and member access, and
// the bounds policy (#out-of-bounds-access-sec): every runtime index into an
// array, matrix or vector is clamped to [0, count - 1] (as u32, so a
// negative i32 clamps to the last element), runtime-sized arrays against
// OpArrayLength. So no access escapes its variable or binding.
#include <spirv/unified1/GLSL.std.450.h>

#include "generator.h"

namespace bindery::spirv {

Id Generator::load(Id ptr, TypeId store) {
  if (isView(ptr)) return viewLoad(views_.at(ptr), store);
  return opId(spv::Op::OpLoad, type(store), {ptr});
}

void Generator::store(Id ptr, Id v) {
  if (isView(ptr)) {
    const ViewPtr view = views_.at(ptr);
    viewStore(view, view.store, v);
    return;
  }
  inst(spv::Op::OpStore, {ptr, v});
}

Id Generator::accessChain(TypeId resultStore, AddressSpace space, Id base,
                          std::initializer_list<Id> idx) {
  std::vector<Id> ops{base};
  ops.insert(ops.end(), idx.begin(), idx.end());
  Id r = opId(spv::Op::OpAccessChain, pointerType(storageClass(space), type(resultStore)), ops);
  if (auto it = paths_.find(base); it != paths_.end()) {
    PtrPath path = it->second;
    path.steps.insert(path.steps.end(), idx.begin(), idx.end());
    paths_[r] = std::move(path);
  }
  return r;
}

Id Generator::clampIndex(Id index, TypeId indexType, uint32_t count) {
  if (!options.clampIndices) return index;
  Id u = T[indexType].kind == TypeKind::U32 ? index : op(spv::Op::OpBitcast, T.u32(), {index});
  return glsl(GLSLstd450UMin, T.u32(), {u, constU32(count - 1)});
}

Id Generator::clampIndexDynamic(Id index, TypeId indexType, Id length) {
  if (!options.clampIndices) return index;
  Id u = T[indexType].kind == TypeKind::U32 ? index : op(spv::Op::OpBitcast, T.u32(), {index});
  // length 0 (an empty binding) clamps to 0: the device's robust access keeps it inside
  Id last = op(spv::Op::OpISub, T.u32(), {length, constU32(1)});
  Id isEmpty = op(spv::Op::OpIEqual, T.boolType(), {length, constU32(0)});
  Id bound = op(spv::Op::OpSelect, T.u32(), {isEmpty, constU32(0), last});
  return glsl(GLSLstd450UMin, T.u32(), {u, bound});
}

// The module-scope variable a reference or pointer expression designates as a
// whole (through &, *, and let-declared pointers), or kNone.
uint32_t Generator::wholeGlobal(NodeId e) const {
  const wgsl::Expr& x = ex(e);
  if (x.kind == wgsl::ExprKind::Unary && (wgsl::UnaryOp(x.op) == wgsl::UnaryOp::AddressOf ||
                                          wgsl::UnaryOp(x.op) == wgsl::UnaryOp::Deref))
    return wholeGlobal(x.lhs);
  if (x.kind != wgsl::ExprKind::Ident || info(e).ref != wgsl::RefKind::Var) return kNone;
  uint32_t vid = info(e).refIndex;
  const wgsl::VarDecl& d = m.ast.vars[vid];
  if (d.kind == wgsl::DeclKind::Let && d.init != kNone) return wholeGlobal(d.init);
  if (d.kind == wgsl::DeclKind::Var && d.global) return vid;
  return kNone;
}

// OpArrayLength for the runtime-sized array that `ref` (a reference or
// pointer expression) designates: the Block variable and the member.
// A pointer to a runtime-sized buffer carries the buffer's length (#bufferlength-builtin).
bool Generator::needsLengthParam(TypeId p) const {
  if (T[p].kind == TypeKind::Pointer && T.isRuntimeSizedBuffer(T[p].elem)) return true;
  return T[p].kind == TypeKind::Pointer && T[p].space == AddressSpace::Storage &&
         T.containsRuntimeArray(T[p].elem);
}

// The length of the runtime-sized array that `ref` designates, or of the one
// ending the struct it designates (a runtime-sized array is only ever the
// buffer itself or its struct's last member, #runtime-sized-array): follow &,
// *, member accesses and let-declared pointers back to the buffer variable or
// to a pointer parameter, which carries the length as a hidden u32 parameter.
Id Generator::runtimeArrayLength(NodeId ref) {
  return arrayLengthOf(ref, false);
}

// With `reported`, arrayLength()'s value (#arraylength-builtin): a pointer
// parameter's second hidden length, or a global's pushed effective binding
// size (effective_size.cpp); else, and without them, the clamp's length.
Id Generator::arrayLengthOf(NodeId ref, bool reported) {
  const wgsl::Expr& x = ex(ref);
  if (x.kind == wgsl::ExprKind::Unary || x.kind == wgsl::ExprKind::Member)
    return arrayLengthOf(x.lhs, reported);
  if (x.kind == wgsl::ExprKind::Ident && info(ref).ref == wgsl::RefKind::Var) {
    uint32_t vid = info(ref).refIndex;
    if (auto it = fn_->arrayLengths.find(vid); it != fn_->arrayLengths.end())
      return reported ? it->second.reported : it->second.clamp;
    const wgsl::VarDecl& d = m.ast.vars[vid];
    if (d.kind == wgsl::DeclKind::Let && d.init != kNone) return arrayLengthOf(d.init, reported);
    if (d.kind == wgsl::DeclKind::Var && d.global) {
      if (reported) {
        if (Id n = effectiveArrayLength(vid)) return n;
      }
      VarBinding g = globalVar(vid);
      if (g.wrapped) return op(spv::Op::OpArrayLength, T.u32(), {g.id, 0});
      TypeId st = m.vars[vid].type;
      uint32_t last = uint32_t(T.structInfo(T[st].structIndex).members.size() - 1);
      return op(spv::Op::OpArrayLength, T.u32(), {g.id, last});
    }
  }
  unsupported("the length of a runtime-sized array reached through this expression", ref);
}

Id Generator::pointer(NodeId e) {
  const wgsl::Expr& x = ex(e);
  const wgsl::ExprInfo& i = info(e);
  const wgsl::Type rt = T[i.type];
  switch (x.kind) {
    case wgsl::ExprKind::Ident: {
      uint32_t vid = i.refIndex;
      if (i.ref == wgsl::RefKind::Var && m.ast.vars[vid].global) {
        VarBinding g = globalVar(vid);
        if (g.wrapped) return accessChain(m.vars[vid].type, m.vars[vid].space, g.id, {constU32(0)});
        return g.id;
      }
      auto it = fn_->locals.find(vid);
      if (it == fn_->locals.end()) unsupported("a reference to '" + std::string(x.name) + "'", e);
      return it->second.id;
    }
    case wgsl::ExprKind::Unary:
      if (wgsl::UnaryOp(x.op) == wgsl::UnaryOp::Deref) return value(x.lhs);
      break;
    case wgsl::ExprKind::Index: {
      TypeId baseT = info(x.lhs).type;
      Id base = T[baseT].kind == TypeKind::Reference ? pointer(x.lhs) : value(x.lhs);
      if (isView(base)) return viewIndex(base, x.rhs);
      const wgsl::Type st = T[T[baseT].elem];
      TypeId idxT = concreteOf(x.rhs, T.i32());
      Id idx = value(x.rhs, idxT);
      bool constIdx = m.constValues.count(x.rhs) != 0;
      if (st.kind == TypeKind::Array && st.count == 0 && st.overrideKey == kNone) {
        idx = clampIndexDynamic(idx, idxT, runtimeArrayLength(x.lhs));
      } else if (!constIdx) {
        uint32_t count = st.kind == TypeKind::Array ? st.count : st.width;
        if (st.kind == TypeKind::Array && st.overrideKey != kNone) {
          auto it = m.overrideArrayCounts.find(st.overrideKey);
          count = it == m.overrideArrayCounts.end() ? 1 : it->second;
        }
        idx = clampIndex(idx, idxT, count);
      }
      return accessChain(rt.elem, rt.space, base, {idx});
    }
    case wgsl::ExprKind::Member: {
      TypeId baseT = info(x.lhs).type;
      Id base = T[baseT].kind == TypeKind::Reference ? pointer(x.lhs) : value(x.lhs);
      if (isView(base)) return viewMember(base, e);
      uint32_t index = i.swizzleCount ? uint32_t(i.swizzle & 3) : i.memberIndex;
      return accessChain(rt.elem, rt.space, base, {constU32(index)});
    }
    default: break;
  }
  unsupported("this reference expression", e);
}

Id Generator::indexValue(NodeId e, TypeId concrete) {
  const wgsl::Expr& x = ex(e);
  TypeId baseT = concreteOf(x.lhs, concrete);
  const wgsl::Type bt = T[baseT];
  Id base = value(x.lhs, baseT);
  TypeId idxT = concreteOf(x.rhs, T.i32());
  auto cv = m.constValues.find(x.rhs);
  if (cv != m.constValues.end())
    return op(spv::Op::OpCompositeExtract, concrete, {base, uint32_t(cv->second.elems[0].i)});
  Id idx = value(x.rhs, idxT);
  uint32_t count = bt.kind == TypeKind::Array ? bt.count : bt.width;
  idx = clampIndex(idx, idxT, count);
  if (bt.kind == TypeKind::Vector)
    return op(spv::Op::OpVectorExtractDynamic, concrete, {base, idx});
  // arrays and matrices: through a function-scope copy (SPIR-V has no dynamic extract)
  Id tmp = newLocalVar(baseT, base);
  Id ptr = accessChain(concrete, AddressSpace::Function, tmp, {idx});
  return load(ptr, concrete);
}

Id Generator::memberValue(NodeId e, TypeId concrete) {
  const wgsl::Expr& x = ex(e);
  const wgsl::ExprInfo& i = info(e);
  TypeId baseRaw = info(x.lhs).type;
  Id base;
  TypeId baseT;
  if (T[baseRaw].kind == TypeKind::Pointer) {
    baseT = T[baseRaw].elem;
    base = load(value(x.lhs), baseT);
  } else {
    baseT = concreteOf(x.lhs, concrete);
    base = value(x.lhs, baseT);
  }
  if (!i.swizzleCount) return op(spv::Op::OpCompositeExtract, concrete, {base, i.memberIndex});
  if (i.swizzleCount == 1)
    return op(spv::Op::OpCompositeExtract, concrete, {base, uint32_t(i.swizzle & 3)});
  std::vector<Id> ops{base, base};
  for (uint32_t k = 0; k < i.swizzleCount; ++k) ops.push_back((i.swizzle >> (2 * k)) & 3);
  return opId(spv::Op::OpVectorShuffle, type(concrete), ops);
}

}  // namespace bindery::spirv
