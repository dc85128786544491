// The buffer_view language extension (#buffer-types,
// #buffer-view-builtin-functions). A buffer variable is its bytes as u32
// words: a Block { u32 words[] } in the StorageBuffer class (one SPIR-V type
// for every storage buffer type, so buffer pointers of any size cross calls),
// a Block { u32 words[ceil(N / 4)] } in the Uniform class, an array<u32,
// ceil(N / 4)> in the Workgroup class. Logical addressing has no pointer that
// reinterprets memory, so bufferView / bufferArrayView return a handle id
// (never emitted) mapped to a ViewPtr: the buffer, a byte offset and the end
// of the view's region. Member access and indexing move the offset; a load or
// store through the handle becomes word loads and stores with bit casts
// (f16 halves through vec2<f16>, stores of a half as an atomic and/or of its
// word so a neighbouring half is never overwritten).
//
// Bounds (#out-of-bounds-access-sec, under Options::clampIndices): the offset
// of a view is clamped so MinTypeSize(T) bytes fit in bufferLength(p) (an
// invalid pointer then designates the buffer's last T), the region of a
// bufferArrayView ends at bufferLength(p), indices into a view's
// runtime-sized array are clamped to the elements the region holds, and every
// word index is clamped to the buffer's words: no access leaves the binding.
#include <spirv/unified1/GLSL.std.450.h>

#include <functional>

#include "generator.h"
#include "layout.h"

namespace bindery::spirv {

namespace {

// Arrays of more elements than this are loaded and stored by a loop (viewArrayCall).
constexpr uint32_t kUnrollLimit = 8;

}  // namespace

// #buffer-view-builtin-functions: ArrayOffset(T), the runtime-sized array of T
// (generator.h) and MinTypeSize(T).
uint32_t arrayOffset(const wgsl::TypeTable& T, TypeId t) {
  if (T[t].kind != TypeKind::Struct) return 0;
  const wgsl::StructInfo& s = T.structInfo(T[t].structIndex);
  if (s.members.empty() || !T.containsRuntimeArray(s.members.back().type)) return 0;
  return s.members.back().offset;
}

TypeId runtimeArrayOf(const wgsl::TypeTable& T, TypeId t) {
  const wgsl::Type& ty = T[t];
  if (ty.kind == TypeKind::Array && ty.count == 0 && ty.overrideKey == kNone) return t;
  if (ty.kind == TypeKind::Struct) {
    const wgsl::StructInfo& s = T.structInfo(ty.structIndex);
    if (!s.members.empty()) return runtimeArrayOf(T, s.members.back().type);
  }
  return kNoType;
}

namespace {

uint32_t minTypeSize(const wgsl::TypeTable& T, TypeId t) {
  if (T.hasFixedFootprint(t)) return T.sizeOf(t);
  TypeId arr = runtimeArrayOf(T, t);
  return arrayOffset(T, t) + (arr == kNoType ? 0 : T.strideOf(arr));
}

}  // namespace

// ---- u32 arithmetic on byte offsets (constants where both sides are)

Id Generator::addU32(Id a, uint32_t c) {
  return c ? op(spv::Op::OpIAdd, T.u32(), {a, constU32(c)}) : a;
}

Id Generator::asU32(Id v, TypeId t) {
  return T[t].kind == TypeKind::U32 ? v : op(spv::Op::OpBitcast, T.u32(), {v});
}

// ---- buffer variables and their lengths

Id Generator::storageWordsBlock() {
  if (storageWords_) return storageWords_;
  Id words = type(T.array(T.u32(), 0));
  storageWords_ = b.newId();
  emitOp(b.globals, spv::Op::OpTypeStruct, {storageWords_, words});
  b.decorate(storageWords_, spv::Decoration::Block);
  b.memberDecorate(storageWords_, 0, spv::Decoration::Offset, {0});
  if (options.emitNames) b.name(storageWords_, "buffer");
  return storageWords_;
}

uint32_t Generator::fixedBufferBytes(TypeId buffer) const {
  const wgsl::Type& t = T[buffer];
  if (t.overrideKey == kNone) return t.count;
  auto it = m.overrideArrayCounts.find(t.overrideKey);
  if (it == m.overrideArrayCounts.end() || it->second == 0)
    unsupportedAt("an override-sized buffer without a size", {});
  return it->second;
}

// The pointee of a buffer variable (resources.cpp); `zeroType` is what a
// workgroup variable is zero-initialised as.
Id Generator::bufferPointee(const wgsl::VarInfo& vi, TypeId& zeroType) {
  if (vi.space == AddressSpace::Storage) return storageWordsBlock();
  TypeId words = T.array(T.u32(), (fixedBufferBytes(vi.type) + 3) / 4);
  if (vi.space == AddressSpace::Workgroup) {
    zeroType = words;
    return type(words);
  }
  Id block = b.newId();  // uniform
  emitOp(b.globals, spv::Op::OpTypeStruct, {block, type(words)});
  b.decorate(block, spv::Decoration::Block);
  b.memberDecorate(block, 0, spv::Decoration::Offset, {0});
  return block;
}

// #bufferlength-builtin: the smallest size met on the way from the
// originating variable: a buffer<N> parameter's N, a runtime-sized buffer
// parameter's hidden length, else the variable's N or its binding's size.
Generator::BufferLength Generator::bufferLength(NodeId p) {
  const wgsl::Expr& x = ex(p);
  if (x.kind == wgsl::ExprKind::Unary) return bufferLength(x.lhs);
  if (x.kind == wgsl::ExprKind::Ident && info(p).ref == wgsl::RefKind::Var) {
    uint32_t vid = info(p).refIndex;
    if (auto it = fn_->arrayLengths.find(vid); it != fn_->arrayLengths.end())
      return {it->second.reported, 0, it->second.clamp};
    const wgsl::VarDecl& d = m.ast.vars[vid];
    if (d.kind == wgsl::DeclKind::Let && d.init != kNone) return bufferLength(d.init);
    TypeId t = m.vars[vid].type;
    if (T[t].kind == TypeKind::Pointer) t = T[t].elem;
    if (!T.isRuntimeSizedBuffer(t)) {
      uint32_t n = fixedBufferBytes(t);
      return {constU32(n), n, constU32(n)};
    }
    if (d.kind == wgsl::DeclKind::Var && d.global) {
      Id words = op(spv::Op::OpArrayLength, T.u32(), {globalVar(vid).id, 0});
      Id bytes = op(spv::Op::OpShiftLeftLogical, T.u32(), {words, constU32(2)});
      // a pushed effective binding size (effective_size.cpp) is the spec's length
      Id pushed = effectiveSize(vid);
      return {pushed ? pushed : bytes, 0, bytes};
    }
  }
  unsupported("the length of a buffer reached through this expression", p);
}

// ---- bufferView, bufferArrayView, bufferLength

Id Generator::bufferViewCall(NodeId e, bool arrayView) {
  NodeId pe = arg(e, 0);
  const wgsl::Type result = T[info(e).type];
  const TypeId view = result.elem;
  ViewPtr v;
  v.space = result.space;
  v.root = value(pe);
  v.block = v.space != AddressSpace::Workgroup;
  v.store = view;
  BufferLength len = bufferLength(pe);
  if (len.known) {
    v.wordCount = (len.known + 3) / 4;
    v.lastWord = constU32(v.wordCount - 1);
  } else {  // (bytes + 3) / 4 words; an empty binding clamps to word 0
    Id words = op(spv::Op::OpShiftRightLogical, T.u32(), {addU32(len.clampBytes, 3), constU32(2)});
    Id empty = op(spv::Op::OpIEqual, T.boolType(), {words, constU32(0)});
    Id last = op(spv::Op::OpISub, T.u32(), {words, constU32(1)});
    v.lastWord = op(spv::Op::OpSelect, T.u32(), {empty, constU32(0), last});
  }
  // #bufferview-builtin: an offset that is not a multiple of RequiredAlignOf(T, AS)
  // is rounded down to one; an i32 offset is read as u32 (a negative one is clamped)
  const uint32_t align = wgsl::requiredAlignOf(T, view, v.space, m.uniformStandardLayout);
  const Id alignMask = constU32(~(align - 1));
  NodeId oe = arg(e, 1);
  TypeId ot = concreteOf(oe, T.i32());
  Id off = asU32(value(oe, ot), ot);
  if (align > 1) off = op(spv::Op::OpBitwiseAnd, T.u32(), {off, alignMask});
  const uint32_t minSize = minTypeSize(T, view);
  if (options.clampIndices) {
    // an invalid pointer (MinTypeSize(T) + offset > bufferLength(p)) designates the last T
    Id room;
    if (len.known) {
      room = constU32(len.known >= minSize ? len.known - minSize : 0);
    } else {
      Id fits = op(spv::Op::OpUGreaterThanEqual, T.boolType(), {len.bytes, constU32(minSize)});
      Id rest = op(spv::Op::OpISub, T.u32(), {len.bytes, constU32(minSize)});
      room = op(spv::Op::OpSelect, T.u32(), {fits, rest, constU32(0)});
    }
    off = glsl(GLSLstd450UMin, T.u32(), {off, room});
    if (align > 1) off = op(spv::Op::OpBitwiseAnd, T.u32(), {off, alignMask});
  }
  v.offset = off;
  v.end = len.bytes;
  if (arrayView) {
    // #bufferarrayview-builtin: size rounded down to ArrayOffset(T) + k * StrideOf(array<E>)
    NodeId se = arg(e, 2);
    TypeId st = concreteOf(se, T.i32());
    Id size = asU32(value(se, st), st);
    const uint32_t base = arrayOffset(T, view);
    const uint32_t stride = T.strideOf(runtimeArrayOf(T, view));
    size = glsl(GLSLstd450UMax, T.u32(), {size, constU32(base)});
    Id elems = op(spv::Op::OpUDiv, T.u32(),
                  {op(spv::Op::OpISub, T.u32(), {size, constU32(base)}), constU32(stride)});
    size = addU32(op(spv::Op::OpIMul, T.u32(), {elems, constU32(stride)}), base);
    if (options.clampIndices) size = glsl(GLSLstd450UMin, T.u32(), {size, len.bytes});
    v.end = op(spv::Op::OpIAdd, T.u32(), {off, size});
    if (options.clampIndices) v.end = glsl(GLSLstd450UMin, T.u32(), {v.end, len.bytes});
  }
  return newView(v);
}

Id Generator::newView(const ViewPtr& v) {
  Id handle = b.newId();
  views_[handle] = v;
  return handle;
}

// A view as a function argument: the callee is specialised for the buffer
// variable (ParamBinding::view; a storage buffer pointer parameter crosses as
// a pointer, root 0); offset, end and words cross as u32s.
ParamBinding Generator::viewArgument(uint32_t param, const ViewPtr& v, std::vector<Id>& ops,
                                     NodeId arg) {
  // a buffer variable binds; a storage buffer pointer parameter crosses as a pointer
  auto path = paths_.find(v.root);
  const bool global =
      path != paths_.end() && path->second.root == v.root && path->second.steps.empty();
  if (!global && v.space != AddressSpace::Storage)
    unsupported("a view of this buffer passed to a function", arg);
  ParamBinding pb{param, kNone, global ? v.root : 0, {}};
  if (!global) ops.push_back(v.root);
  pb.view = true;
  pb.viewWords = v.wordCount;
  ops.push_back(v.offset);
  ops.push_back(v.end);
  if (!v.wordCount) ops.push_back(v.lastWord);
  return pb;
}

Id Generator::viewParameter(const ParamBinding& pb, TypeId paramType, Words& header,
                            const std::vector<Id>& paramTypes, uint32_t& k) {
  auto param = [&] {
    Id id = b.newId();
    emitOp(header, spv::Op::OpFunctionParameter, {paramTypes[k++], id});
    return id;
  };
  ViewPtr v;
  v.root = pb.root ? pb.root : param();
  v.space = T[paramType].space;
  v.block = v.space != AddressSpace::Workgroup;
  v.store = T[paramType].elem;
  v.offset = param();
  v.end = param();
  v.wordCount = pb.viewWords;
  v.lastWord = pb.viewWords ? constU32(pb.viewWords - 1) : param();
  return newView(v);
}

bool Generator::isViewExpr(NodeId e) const {
  const wgsl::Expr& x = ex(e);
  switch (x.kind) {
    case wgsl::ExprKind::Unary:
    case wgsl::ExprKind::Member:
    case wgsl::ExprKind::Index: return isViewExpr(x.lhs);
    case wgsl::ExprKind::Call:
      return info(e).call == wgsl::CallKind::Builtin &&
             (x.name == "bufferView" || x.name == "bufferArrayView");
    case wgsl::ExprKind::Ident: {  // a let or parameter bound to a view's handle
      if (info(e).ref != wgsl::RefKind::Var || !fn_) return false;
      auto it = fn_->locals.find(info(e).refIndex);
      return it != fn_->locals.end() && isView(it->second.id);
    }
    default: return false;
  }
}

// ---- access chains through a view: byte offsets

Id Generator::viewIndex(Id base, NodeId indexExpr) {
  ViewPtr v = views_.at(base);
  const wgsl::Type t = T[v.store];
  TypeId idxT = concreteOf(indexExpr, T.i32());
  Id idx = asU32(value(indexExpr, idxT), idxT);
  const bool constIdx = m.constValues.count(indexExpr) != 0;
  uint32_t stride = 0;
  TypeId elem = t.elem;
  if (t.kind == TypeKind::Array) {
    stride = T.strideOf(v.store);
    if (t.count == 0 && t.overrideKey == kNone) {
      idx = clampIndexDynamic(idx, T.u32(), viewArrayLength(v));
    } else if (!constIdx) {
      idx = clampIndex(idx, T.u32(), t.count);
    }
  } else if (t.kind == TypeKind::Matrix) {
    elem = T.vec(t.rows, t.elem);
    stride = T.alignOf(elem);
    if (!constIdx) idx = clampIndex(idx, T.u32(), t.width);
  } else {  // vector
    stride = T.sizeOf(t.elem);
    if (!constIdx) idx = clampIndex(idx, T.u32(), t.width);
  }
  Id delta = op(spv::Op::OpIMul, T.u32(), {idx, constU32(stride)});
  v.offset = op(spv::Op::OpIAdd, T.u32(), {v.offset, delta});
  v.store = elem;
  return newView(v);
}

Id Generator::viewMember(Id base, NodeId e) {
  ViewPtr v = views_.at(base);
  const wgsl::ExprInfo& i = info(e);
  const wgsl::Type t = T[v.store];
  if (i.swizzleCount) {
    uint32_t c = uint32_t(i.swizzle & 3);
    v.offset = addU32(v.offset, c * T.sizeOf(t.elem));
    v.store = t.elem;
  } else {
    const wgsl::MemberInfo& mi = T.structInfo(t.structIndex).members[i.memberIndex];
    v.offset = addU32(v.offset, mi.offset);
    v.store = mi.type;
  }
  return newView(v);
}

// arrayLength of a view's runtime-sized array (#arraylength-builtin): the
// whole elements between the array's start and the end of the view's region.
Id Generator::viewArrayLength(const ViewPtr& v) {
  TypeId arr = runtimeArrayOf(T, v.store);
  Id start = addU32(v.offset, arrayOffset(T, v.store));
  Id inside = op(spv::Op::OpUGreaterThan, T.boolType(), {v.end, start});
  Id bytes = op(spv::Op::OpSelect, T.u32(),
                {inside, op(spv::Op::OpISub, T.u32(), {v.end, start}), constU32(0)});
  return op(spv::Op::OpUDiv, T.u32(), {bytes, constU32(T.strideOf(arr))});
}

Id Generator::viewArrayLength(NodeId pointerExpr) {
  return viewArrayLength(views_.at(value(pointerExpr)));
}

// ---- loads and stores: word accesses

Id Generator::viewWord(const ViewPtr& v, Id byteOffset) {
  Id w = op(spv::Op::OpShiftRightLogical, T.u32(), {byteOffset, constU32(2)});
  if (options.clampIndices) w = glsl(GLSLstd450UMin, T.u32(), {w, v.lastWord});
  spv::StorageClass sc = storageClass(v.space);
  Id ptrT = pointerType(sc, type(T.u32()));
  if (v.block) return opId(spv::Op::OpAccessChain, ptrT, {v.root, constU32(0), w});
  return opId(spv::Op::OpAccessChain, ptrT, {v.root, w});
}

// The half of the word at `byteOffset` as f16: the word as vec2<f16>, component (offset >> 1) & 1.
Id Generator::viewHalfIndex(Id byteOffset) {
  Id h = op(spv::Op::OpShiftRightLogical, T.u32(), {byteOffset, constU32(1)});
  return op(spv::Op::OpBitwiseAnd, T.u32(), {h, constU32(1)});
}

Id Generator::viewLoad(const ViewPtr& v, TypeId t) {
  const wgsl::Type ty = T[t];
  auto part = [&](uint32_t delta, TypeId pt) {
    ViewPtr p = v;
    p.offset = addU32(v.offset, delta);
    return viewLoad(p, pt);
  };
  std::vector<Id> parts;
  switch (ty.kind) {
    case TypeKind::U32: return opId(spv::Op::OpLoad, type(t), {viewWord(v, v.offset)});
    case TypeKind::I32:
    case TypeKind::F32:
      return op(spv::Op::OpBitcast, t,
                {opId(spv::Op::OpLoad, type(T.u32()), {viewWord(v, v.offset)})});
    case TypeKind::F16: {
      Id word = opId(spv::Op::OpLoad, type(T.u32()), {viewWord(v, v.offset)});
      Id pair = op(spv::Op::OpBitcast, T.vec(2, T.f16()), {word});
      return op(spv::Op::OpVectorExtractDynamic, t, {pair, viewHalfIndex(v.offset)});
    }
    case TypeKind::Vector: {
      const uint32_t size = T.sizeOf(ty.elem);
      uint32_t k = 0;
      if (size == 2) {  // f16 pairs: one word each (a vecN<f16> is 4-aligned)
        TypeId pairT = T.vec(2, ty.elem);
        for (; k + 1 < ty.width; k += 2) {
          Id word = opId(spv::Op::OpLoad, type(T.u32()), {viewWord(v, addU32(v.offset, k * 2))});
          Id pair = op(spv::Op::OpBitcast, pairT, {word});
          parts.push_back(op(spv::Op::OpCompositeExtract, ty.elem, {pair, 0}));
          parts.push_back(op(spv::Op::OpCompositeExtract, ty.elem, {pair, 1}));
        }
      }
      for (; k < ty.width; ++k) parts.push_back(part(k * size, ty.elem));
      break;
    }
    case TypeKind::Matrix: {
      TypeId col = T.vec(ty.rows, ty.elem);
      for (uint32_t c = 0; c < ty.width; ++c) parts.push_back(part(c * T.alignOf(col), col));
      break;
    }
    case TypeKind::Array: {
      if (ty.count == 0 && ty.overrideKey == kNone) break;
      if (ty.count > kUnrollLimit) return viewArrayCall(v, t, 0);
      for (uint32_t k = 0; k < ty.count; ++k) parts.push_back(part(k * T.strideOf(t), ty.elem));
      break;
    }
    case TypeKind::Struct: {
      const wgsl::StructInfo& s = T.structInfo(ty.structIndex);
      for (const wgsl::MemberInfo& mi : s.members) parts.push_back(part(mi.offset, mi.type));
      break;
    }
    default: break;
  }
  if (parts.empty()) unsupportedAt("a load of '" + T.name(t) + "' through a buffer view", {});
  return opId(spv::Op::OpCompositeConstruct, type(t), parts);
}

void Generator::viewStore(const ViewPtr& v, TypeId t, Id value) {
  const wgsl::Type ty = T[t];
  auto part = [&](uint32_t delta, TypeId pt, Id pv) {
    ViewPtr p = v;
    p.offset = addU32(v.offset, delta);
    viewStore(p, pt, pv);
  };
  auto extract = [&](TypeId pt, uint32_t k) {
    return op(spv::Op::OpCompositeExtract, pt, {value, k});
  };
  switch (ty.kind) {
    case TypeKind::U32: store(viewWord(v, v.offset), value); return;
    case TypeKind::I32:
    case TypeKind::F32:
      store(viewWord(v, v.offset), op(spv::Op::OpBitcast, T.u32(), {value}));
      return;
    case TypeKind::F16: viewStoreHalf(v, value); return;
    case TypeKind::Vector: {
      const uint32_t size = T.sizeOf(ty.elem);
      uint32_t k = 0;
      if (size == 2) {
        TypeId pairT = T.vec(2, ty.elem);
        for (; k + 1 < ty.width; k += 2) {
          Id pair = op(spv::Op::OpCompositeConstruct, pairT,
                       {extract(ty.elem, k), extract(ty.elem, k + 1)});
          store(viewWord(v, addU32(v.offset, k * 2)), op(spv::Op::OpBitcast, T.u32(), {pair}));
        }
      }
      for (; k < ty.width; ++k) part(k * size, ty.elem, extract(ty.elem, k));
      return;
    }
    case TypeKind::Matrix: {
      TypeId col = T.vec(ty.rows, ty.elem);
      for (uint32_t c = 0; c < ty.width; ++c) part(c * T.alignOf(col), col, extract(col, c));
      return;
    }
    case TypeKind::Array:
      if (ty.count == 0 && ty.overrideKey == kNone) break;
      if (ty.count > kUnrollLimit) {
        viewArrayCall(v, t, value);
        return;
      }
      for (uint32_t k = 0; k < ty.count; ++k) part(k * T.strideOf(t), ty.elem, extract(ty.elem, k));
      return;
    case TypeKind::Struct: {
      const wgsl::StructInfo& s = T.structInfo(ty.structIndex);
      for (uint32_t k = 0; k < s.members.size(); ++k)
        part(s.members[k].offset, s.members[k].type, extract(s.members[k].type, k));
      return;
    }
    default: break;
  }
  unsupportedAt("a store of '" + T.name(t) + "' through a buffer view", {});
}

// A half of a word: atomically clear its bits and set the new ones, so a store
// to the other half of the same word by another invocation is never lost.
void Generator::viewStoreHalf(const ViewPtr& v, Id value) {
  Id pair = op(spv::Op::OpCompositeConstruct, T.vec(2, T.f16()), {value, value});
  Id bits = op(spv::Op::OpBitcast, T.u32(), {pair});
  Id shift = op(spv::Op::OpShiftLeftLogical, T.u32(), {viewHalfIndex(v.offset), constU32(4)});
  Id mask = op(spv::Op::OpShiftLeftLogical, T.u32(), {constU32(0xffffu), shift});
  Id keep = op(spv::Op::OpNot, T.u32(), {mask});
  Id set = op(spv::Op::OpBitwiseAnd, T.u32(), {bits, mask});
  Id word = viewWord(v, v.offset);
  Id scope = constU32(
      uint32_t(v.space == AddressSpace::Workgroup ? spv::Scope::Workgroup : spv::Scope::Device));
  Id relaxed = constU32(0);
  op(spv::Op::OpAtomicAnd, T.u32(), {word, scope, relaxed, keep});
  op(spv::Op::OpAtomicOr, T.u32(), {word, scope, relaxed, set});
}

// An array past the unroll limit is loaded or stored by a function holding a
// counted loop, one per (array type, buffer, direction): the caller's
// expression holds no control flow (it may be a loop condition or a continue
// construct) and each copy's code is emitted once. A buffer variable binds; a
// storage buffer pointer parameter is passed; offset, end and last word are
// u32 parameters.
Id Generator::viewArrayCall(const ViewPtr& v, TypeId t, Id value) {
  auto path = paths_.find(v.root);
  const bool global =
      path != paths_.end() && path->second.root == v.root && path->second.steps.empty();
  std::vector<uint32_t> key{t, global ? v.root : 0, uint32_t(v.space), v.block, value ? 1u : 0u};
  Id fnId;
  if (auto it = viewFunctions_.find(key); it != viewFunctions_.end()) {
    fnId = it->second;
  } else {
    fnId = b.newId();
    viewFunctions_[key] = fnId;
    emitViewArrayFunction(fnId, v, global, t, value != 0);
  }
  std::vector<Id> args{fnId};
  if (!global) args.push_back(v.root);
  args.insert(args.end(), {v.offset, v.end, v.lastWord});
  if (value) args.push_back(value);
  return opId(spv::Op::OpFunctionCall, value ? voidType() : type(t), args);
}

void Generator::emitViewArrayFunction(Id fnId, const ViewPtr& v, bool global, TypeId t,
                                      bool store) {
  FnCtx ctx;
  FnCtx* saved = fn_;
  fn_ = &ctx;
  std::vector<Id> paramTypes;
  if (!global) paramTypes.push_back(pointerType(storageClass(v.space), storageWordsBlock()));
  paramTypes.insert(paramTypes.end(), 3, type(T.u32()));
  if (store) paramTypes.push_back(type(t));
  Id ret = store ? voidType() : type(t);
  Words header;
  emitOp(header, spv::Op::OpFunction,
         {ret, fnId, uint32_t(spv::FunctionControlMask::MaskNone), functionType(ret, paramTypes)});
  if (options.emitNames) b.name(fnId, store ? "bufferView_store" : "bufferView_load");
  std::vector<Id> params;
  for (Id pt : paramTypes) {
    params.push_back(b.newId());
    emitOp(header, spv::Op::OpFunctionParameter, {pt, params.back()});
  }
  ViewPtr inner = v;
  size_t k = 0;
  inner.root = global ? v.root : params[k++];
  inner.offset = params[k++];
  inner.end = params[k++];
  inner.lastWord = params[k++];
  label(b.newId());
  if (store) {
    viewStoreLoop(inner, t, params[k]);
    inst(spv::Op::OpReturn, {});
  } else {
    inst(spv::Op::OpReturnValue, {viewLoadLoop(inner, t)});
  }
  Words& out = b.functions;
  out.insert(out.end(), header.begin(), header.end());
  out.insert(out.end(), ctx.body.begin(), ctx.body.begin() + 2);  // the first OpLabel
  out.insert(out.end(), ctx.vars.begin(), ctx.vars.end());
  out.insert(out.end(), ctx.body.begin() + 2, ctx.body.end());
  emitOp(out, spv::Op::OpFunctionEnd, {});
  fn_ = saved;
}

// for (k = 0; k < count; ++k) body(k), as a structured loop in the current function.
void Generator::countedLoop(uint32_t count, const std::function<void(Id)>& body) {
  Id counter = newLocalVar(T.u32(), constU32(0));
  Id header = b.newId(), bodyL = b.newId(), cont = b.newId(), merge = b.newId();
  branch(header);
  label(header);
  Id k = load(counter, T.u32());
  Id more = op(spv::Op::OpULessThan, T.boolType(), {k, constU32(count)});
  inst(spv::Op::OpLoopMerge, {merge, cont, uint32_t(spv::LoopControlMask::MaskNone)});
  inst(spv::Op::OpBranchConditional, {more, bodyL, merge});
  label(bodyL);
  body(k);
  branch(cont);
  label(cont);
  store(counter, op(spv::Op::OpIAdd, T.u32(), {k, constU32(1)}));
  branch(header);
  label(merge);
}

Id Generator::viewLoadLoop(const ViewPtr& v, TypeId t) {
  const wgsl::Type ty = T[t];
  Id tmp = newLocalVar(t);
  countedLoop(ty.count, [&](Id k) {
    ViewPtr p = v;
    p.offset = op(spv::Op::OpIAdd, T.u32(),
                  {v.offset, op(spv::Op::OpIMul, T.u32(), {k, constU32(T.strideOf(t))})});
    Id elem = viewLoad(p, ty.elem);
    store(opId(spv::Op::OpAccessChain, pointerType(spv::StorageClass::Function, type(ty.elem)),
               {tmp, k}),
          elem);
  });
  return load(tmp, t);
}

void Generator::viewStoreLoop(const ViewPtr& v, TypeId t, Id value) {
  const wgsl::Type ty = T[t];
  Id tmp = newLocalVar(t, value);
  countedLoop(ty.count, [&](Id k) {
    ViewPtr p = v;
    p.offset = op(spv::Op::OpIAdd, T.u32(),
                  {v.offset, op(spv::Op::OpIMul, T.u32(), {k, constU32(T.strideOf(t))})});
    Id elem = load(opId(spv::Op::OpAccessChain,
                        pointerType(spv::StorageClass::Function, type(ty.elem)), {tmp, k}),
                   ty.elem);
    viewStore(p, ty.elem, elem);
  });
}

}  // namespace bindery::spirv
