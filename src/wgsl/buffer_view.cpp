// The buffer_view language extension (#language-extensions-sec): buffer types
// (#buffer-types), the variables that may hold them, the pointer conversions
// of function call arguments (#conversion-rank) and the buffer view builtins
// (#buffer-view-builtin-functions: bufferView, bufferArrayView, bufferLength).
#include <algorithm>
#include <string>

#include "layout.h"
#include "resolver.h"

namespace bindery::wgsl {

namespace {

std::string bytes(int64_t n) {
  return std::to_string(n) + (n == 1 ? " byte" : " bytes");
}

}  // namespace

// #buffer-types: buffer (runtime-sized) and buffer<N>, N an override-expression
// greater than 0 and a multiple of 4 (of 2 with `enable f16;`).
bool Resolver::bufferType(Range targs, Span span, TypeId& out) {
  if (targs.count == 0) {
    out = T.buffer(0);
    return true;
  }
  if (targs.count > 1) {
    error(span, "'buffer' takes at most one template argument: buffer or buffer<N>");
    return true;
  }
  NodeId ne = m_.ast.at(targs, 0);
  TypeId nt = resolveValue(ne);
  if (nt == kNoType) return true;
  TypeId nc = T.concretize(nt);
  if (T[nc].kind != TypeKind::I32 && T[nc].kind != TypeKind::U32) {
    error(exprSpan(ne), "the size of a buffer must be an i32 or u32, got '" + T.name(nt) + "'");
    return true;
  }
  const uint32_t multiple = m_.f16Enabled ? 2 : 4;
  auto why = [&](int64_t n) -> std::string {
    if (n <= 0) return "the size of a buffer must be greater than 0, got " + std::to_string(n);
    if (n % multiple != 0)
      return "the size of a buffer must be a multiple of " + std::to_string(multiple) +
             (m_.f16Enabled ? " (f16 is enabled)" : " (2 with 'enable f16;')") + ", got " +
             std::to_string(n);
    if (uint64_t(n) > kMaxTypeByteSize)
      return "buffer<" + std::to_string(n) + "> is larger than the " +
             std::to_string(kMaxTypeByteSize) +
             " bytes this implementation supports (WGSL #limits)";
    return {};
  };
  const ExprInfo& ni = m_.exprs[ne];
  if (ni.stage == EvalStage::Override) {
    // An override-sized buffer (workgroup variables only): its identity is the
    // override identifier, else the expression; checked at pipeline creation.
    const Expr& nex = m_.ast.exprs[ne];
    uint32_t key =
        (nex.kind == ExprKind::Ident && ni.ref == RefKind::Var) ? (ni.refIndex | 0x80000000u) : ne;
    out = T.buffer(0, key);
    ConstValue v;
    if (anyValueOf(ne, v)) {
      std::string w = why(v.elems[0].i);
      if (w.empty())
        m_.overrideArrayCounts[key] = uint32_t(v.elems[0].i);
      else
        pipelineError(exprSpan(ne), w + " (with the override values in use)");
    }
    return true;
  }
  if (ni.stage != EvalStage::Const) {
    error(exprSpan(ne), "the size of a buffer must be a const- or override-expression");
    return true;
  }
  ConstValue v;
  if (!constValueOf(ne, v)) {
    error(exprSpan(ne), "could not evaluate the size of the buffer" + budgetNote());
    return true;
  }
  if (std::string w = why(v.elems[0].i); !w.empty()) {
    error(exprSpan(ne), w);
    return true;
  }
  out = T.buffer(uint32_t(v.elems[0].i));
  return true;
}

// #var-decls, #buffer-types: a fixed-size buffer in the storage, uniform and
// workgroup address spaces (a const-expression size in storage and uniform),
// a runtime-sized buffer in the storage address space only.
void Resolver::checkBufferVariable(Span span, const std::string& name, TypeId type,
                                   AddressSpace space) {
  const Type& t = T[type];
  const bool runtime = T.isRuntimeSizedBuffer(type);
  const std::string what = "'var " + name + " : " + T.name(type) + "'";
  if (space != AddressSpace::Storage && space != AddressSpace::Uniform &&
      space != AddressSpace::Workgroup) {
    error(span,
          "buffer types can only be the store type of 'storage', 'uniform' and "
          "'workgroup' variables, not of " +
              what + " in the '" + addressSpaceName(space) + "' address space (#buffer-types)");
  } else if (runtime && space != AddressSpace::Storage) {
    error(span,
          "a runtime-sized buffer can only be the store type of a 'storage' variable; "
          "give " +
              what + " a size: buffer<N> (#buffer-types)");
  } else if (t.overrideKey != kNone && space != AddressSpace::Workgroup) {
    error(span, std::string("in the '") + addressSpaceName(space) +
                    "' address space the size of a buffer must be a const-expression (" + what +
                    "; an override-expression size is for 'workgroup' variables only)");
  }
}

// #conversion-rank: a pointer argument to buffer<N1> converts to a parameter
// pointer to buffer<N2> with N2 < N1 (both const-expressions), or to the
// runtime-sized buffer, with the same address space and access mode.
bool Resolver::bufferPointerConverts(TypeId from, TypeId to) const {
  const Type& a = T[from];
  const Type& b = T[to];
  if (a.kind != TypeKind::Pointer || b.kind != TypeKind::Pointer || a.space != b.space ||
      a.access != b.access || !T.isBuffer(a.elem) || !T.isBuffer(b.elem))
    return false;
  const Type& fa = T[a.elem];
  const Type& fb = T[b.elem];
  if (fa.count == 0 && fa.overrideKey == kNone) return false;  // from a runtime-sized buffer
  if (T.isRuntimeSizedBuffer(b.elem)) return true;
  return fa.overrideKey == kNone && fb.overrideKey == kNone && fb.count < fa.count;
}

namespace {

// #buffer-view-builtin-functions: ArrayOffset(T) and MinTypeSize(T).
uint32_t arrayOffset(const TypeTable& T, TypeId t) {
  const Type& ty = T[t];
  if (ty.kind != TypeKind::Struct) return 0;
  const StructInfo& s = T.structInfo(ty.structIndex);
  if (s.members.empty() || !T.containsRuntimeArray(s.members.back().type)) return 0;
  return s.members.back().offset;
}

// The runtime-sized array of T (T itself or its last member), or kNoType.
TypeId runtimeArrayOf(const TypeTable& T, TypeId t) {
  const Type& ty = T[t];
  if (ty.kind == TypeKind::Array && ty.count == 0 && ty.overrideKey == kNone) return t;
  if (ty.kind == TypeKind::Struct) {
    const StructInfo& s = T.structInfo(ty.structIndex);
    if (!s.members.empty()) return runtimeArrayOf(T, s.members.back().type);
  }
  return kNoType;
}

uint32_t minTypeSize(const TypeTable& T, TypeId t) {
  if (T.hasFixedFootprint(t)) return T.sizeOf(t);
  TypeId arr = runtimeArrayOf(T, t);
  return arrayOffset(T, t) + (arr == kNoType ? 0 : T.strideOf(arr));
}

}  // namespace

TypeId Resolver::resolveBufferViewCall(NodeId e, std::string_view name,
                                       const std::vector<NodeId>& args,
                                       const std::vector<TypeId>& at) {
  const Expr& ex = m_.ast.exprs[e];
  const std::string fn(name);
  const bool arrayView = name == "bufferArrayView";
  const size_t want = name == "bufferLength" ? 1 : arrayView ? 3 : 2;
  const char* usage = name == "bufferLength" ? "bufferLength(p)"
                      : arrayView            ? "bufferArrayView<T>(p, offset, size)"
                                             : "bufferView<T>(p, offset)";
  if (args.size() != want) {
    error(ex.span, fn + " takes " + std::to_string(want) + " argument" + (want > 1 ? "s" : "") +
                       ": " + usage);
    return kNoType;
  }
  const Type p = T[at[0]];
  if (p.kind != TypeKind::Pointer || !T.isBuffer(p.elem) ||
      (p.space != AddressSpace::Storage && p.space != AddressSpace::Uniform &&
       p.space != AddressSpace::Workgroup)) {
    error(exprSpan(args[0]), "the first argument of " + fn +
                                 " must be a pointer to a buffer in the 'storage', 'uniform' or "
                                 "'workgroup' address space, e.g. &b, got '" +
                                 T.name(at[0]) + "'");
    return kNoType;
  }
  m_.exprs[e].rootVar = m_.exprs[args[0]].rootVar;
  if (name == "bufferLength") {
    if (ex.templateArgs.count) error(ex.span, "bufferLength does not take template arguments");
    return T.u32();
  }
  if (ex.templateArgs.count != 1) {
    error(ex.span, fn + " takes one template argument, the type to view the buffer as: " + usage);
    return kNoType;
  }
  const TypeId view = resolveType(m_.ast.at(ex.templateArgs, 0));
  if (view == kNoType) return kNoType;
  const Span viewSpan = exprSpan(m_.ast.at(ex.templateArgs, 0));
  const Type& buf = T[p.elem];
  // Preconditions on T.
  if (!T.isHostShareable(view) || T.isBuffer(view) || T.containsAtomic(view)) {
    error(viewSpan, fn +
                        ": the view type must be host-shareable and contain no atomic or buffer, "
                        "got '" +
                        T.name(view) + "'");
    return kNoType;
  }
  if (arrayView && T.hasFixedFootprint(view)) {
    error(viewSpan,
          "bufferArrayView: the view type must not have a fixed footprint (a "
          "runtime-sized array or a structure ending in one), got '" +
              T.name(view) + "'; use bufferView for '" + T.name(view) + "'");
    return kNoType;
  }
  if (p.space != AddressSpace::Workgroup) {
    std::string why = checkLayoutConstraints(T, view, p.space, m_.uniformStandardLayout);
    if (!why.empty()) {
      error(viewSpan, fn + "<" + T.name(view) + ">: " + why);
      return kNoType;
    }
  }
  // The offset and size arguments: i32 or u32, checked when known.
  const uint32_t align = requiredAlignOf(T, view, p.space, m_.uniformStandardLayout);
  const uint32_t minSize = minTypeSize(T, view);
  const bool sized = !T.isRuntimeSizedBuffer(p.elem) && buf.overrideKey == kNone;
  const int64_t n = buf.count;
  struct Arg {
    bool known = false, isConst = false;
    int64_t value = 0;
  };
  auto intArg = [&](size_t i, const char* what, Arg& a) {
    TypeId c = T.concretize(at[i]);
    if (T[c].kind != TypeKind::I32 && T[c].kind != TypeKind::U32) {
      error(exprSpan(args[i]),
            fn + ": '" + what + "' must be an i32 or u32, got '" + T.name(at[i]) + "'");
      return false;
    }
    EvalStage s = m_.exprs[args[i]].stage;
    ConstValue v;
    if (s == EvalStage::Const && constValueOf(args[i], v)) {
      a = {true, true, v.elems[0].i};
    } else if (s == EvalStage::Override && anyValueOf(args[i], v)) {
      a = {true, false, v.elems[0].i};
    }
    return true;
  };
  // An error of a const-expression argument is a shader-creation error, of
  // an override-expression a pipeline-creation error.
  auto fail = [&](const Arg& a, NodeId where, const std::string& msg) {
    if (a.isConst)
      error(exprSpan(where), msg);
    else
      pipelineError(exprSpan(where), msg + " (with the override values in use)");
  };
  Arg offset, size;
  if (!intArg(1, "offset", offset)) return kNoType;
  if (arrayView && !intArg(2, "size", size)) return kNoType;
  const std::string call = fn + "<" + T.name(view) + ">";
  if (offset.known && offset.value < 0)
    fail(offset, args[1],
         call + ": 'offset' must not be negative, got " + std::to_string(offset.value));
  else if (offset.known && offset.value % align != 0)
    fail(offset, args[1],
         call + ": 'offset' (" + std::to_string(offset.value) + ") must be a multiple of " +
             std::to_string(align) + ", the alignment '" + T.name(view) + "' requires in the '" +
             addressSpaceName(p.space) + "' address space");
  if (sized && minSize > n)
    error(viewSpan, call + ": '" + T.name(view) + "' needs at least " + bytes(minSize) +
                        " but the buffer has " + bytes(n));
  if (!arrayView) {
    if (sized && offset.known && offset.value >= 0 && offset.value + minSize > n && minSize <= n)
      fail(offset, args[1],
           call + ": 'offset' + " + bytes(minSize) + " of '" + T.name(view) + "' (" +
               std::to_string(offset.value + minSize) + ") is past the end of the buffer (" +
               bytes(n) + ")");
  } else if (size.known) {
    const TypeId arr = runtimeArrayOf(T, view);
    const int64_t stride = arr == kNoType ? 1 : T.strideOf(arr);
    const int64_t base = arrayOffset(T, view);
    if (size.value < 0)
      fail(size, args[2],
           call + ": 'size' must not be negative, got " + std::to_string(size.value));
    else if (size.value < minSize)
      fail(size, args[2],
           call + ": 'size' (" + std::to_string(size.value) + ") is smaller than the " +
               bytes(minSize) + " '" + T.name(view) + "' needs at least");
    else if ((size.value - base) % stride != 0)
      fail(size, args[2],
           call + ": 'size' (" + std::to_string(size.value) + ")" +
               (base ? " minus the array's offset " + std::to_string(base) : std::string()) +
               " must be a multiple of the array stride " + std::to_string(stride));
  }
  if (arrayView && sized) {
    // 'offset' + 'size' past N: a shader-creation error when either is a
    // const-expression (0 for one that is not), else a pipeline-creation
    // error when either is an override-expression.
    const bool anyConst = offset.isConst || size.isConst;
    auto part = [&](const Arg& a) { return a.known && (a.isConst || !anyConst) ? a.value : 0; };
    const int64_t o = part(offset), sz = part(size);
    if ((offset.known || size.known) && o >= 0 && sz >= 0 && o + sz > n)
      fail(Arg{true, anyConst, 0}, (anyConst ? offset.isConst : offset.known) ? args[1] : args[2],
           call + ": 'offset' + 'size' (" + std::to_string(o + sz) +
               ") is past the end of the buffer (" + bytes(n) + ")");
  }
  // #minimum-buffer-binding-size: a runtime-sized buffer variable needs room
  // for the largest MinTypeSize of the views taken of it.
  if (!sized) noteBufferView(m_.exprs[args[0]].rootVar, minSize);
  return T.pointer(p.space, view, p.access);
}

void Resolver::noteBufferView(uint32_t root, uint32_t size) {
  if (root == kNone) return;
  if (m_.vars[root].fn == kNone) {
    uint32_t& need = m_.bufferMinBindingSize[root];
    need = std::max(need, size);
    return;
  }
  if (!fn_ || m_.ast.vars[root].kind != DeclKind::Param) return;
  // Through a pointer parameter: the callers map it to their argument's
  // originating variable (resolver_expr.cpp).
  auto& views = m_.fns[fn_->fn].bufferViews;
  for (auto& [param, need] : views)
    if (param == root) {
      need = std::max(need, size);
      return;
    }
  views.emplace_back(root, size);
}

}  // namespace bindery::wgsl
