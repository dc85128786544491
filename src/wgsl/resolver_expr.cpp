// Expressions (#expressions): identifiers, literals, operators, indexing,
// member access and swizzles, the load rule, constructors and conversions,
// function calls. Const-expressions are evaluated as they are resolved;
// override-expressions are evaluated at the overrides' default values.
#include <algorithm>

#include "resolver.h"

namespace bindery::wgsl {

namespace {
EvalStage maxStage(EvalStage a, EvalStage b) {
  return a > b ? a : b;
}

int swizzleIndex(char c) {
  switch (c) {
    case 'x':
    case 'r': return 0;
    case 'y':
    case 'g': return 1;
    case 'z':
    case 'b': return 2;
    case 'w':
    case 'a': return 3;
    default: return -1;
  }
}
bool isXyzw(char c) {
  return c == 'x' || c == 'y' || c == 'z' || c == 'w';
}
}  // namespace

uint32_t Resolver::lookupLocal(std::string_view name) const {
  return fn_ ? fn_->scopes->find(name) : kNone;
}

bool Resolver::constValueOf(NodeId e, ConstValue& out) const {
  const ConstValue* v = constValue(e);
  if (!v) return false;
  out = *v;
  return true;
}

const ConstValue* Resolver::constValue(NodeId e) const {
  if (skipEval_) return nullptr;
  auto it = m_.constValues.find(e);
  return it == m_.constValues.end() ? nullptr : &it->second;
}

// Options::maxConstEvalScalars (#limits lets an implementation refuse what
// it does not support; this is bindery's own limit and says so).
bool Resolver::chargeConstEval(uint64_t scalars, Span span) {
  if (scalars <= constEvalLeft_) {
    constEvalLeft_ -= scalars;
    return true;
  }
  constEvalLeft_ = 0;
  if (!budgetReported_) {
    budgetReported_ = true;
    std::string where;
    if (!resolveStack_.empty()) {
      const GlobalDecl& g = m_.ast.globals[resolveStack_.back()];
      std::string_view n = g.kind == DeclKind::Fn            ? m_.ast.fns[g.index].name
                           : g.kind == DeclKind::Struct      ? m_.ast.structs[g.index].name
                           : g.kind == DeclKind::Alias       ? m_.ast.aliases[g.index].name
                           : g.kind != DeclKind::ConstAssert ? m_.ast.vars[g.index].name
                                                             : std::string_view("const_assert");
      where = " in '" + std::string(n) + "'";
    }
    error(span, "bindery limit: constant evaluation" + where + " needs more than " +
                    std::to_string(m_.options.maxConstEvalScalars) +
                    " scalar values in all (Options::maxConstEvalScalars); the constants of "
                    "this module are too large to evaluate");
  }
  return false;
}

std::string Resolver::budgetNote() const {
  if (!zeroSkipped_) return "";
  return " (bindery limit: its value has more scalar values than the " +
         std::to_string(constEvalLeft_) +
         " left of the constant-evaluation budget, Options::maxConstEvalScalars = " +
         std::to_string(m_.options.maxConstEvalScalars) + ")";
}

bool Resolver::storeConst(NodeId e, ConstValue v) {
  if (!chargeConstEval(v.elems.size(), exprSpan(e))) return false;
  m_.constValues[e] = std::move(v);
  return true;
}

bool Resolver::storeOverride(NodeId e, ConstValue v) {
  if (!chargeConstEval(v.elems.size(), exprSpan(e))) return false;
  overrideValues_[e] = std::move(v);
  return true;
}

bool Resolver::anyValueOf(NodeId e, ConstValue& out) const {
  if (skipEval_) return false;
  if (constValueOf(e, out)) return true;
  auto it = overrideValues_.find(e);
  if (it == overrideValues_.end()) return false;
  out = it->second;
  return true;
}

bool Resolver::evalInt(NodeId e, const char* what, int64_t& out, bool allowOverride,
                       bool* dependsOnOverride) {
  TypeId t = resolveValue(e);
  if (t == kNoType) return false;
  TypeId c = T.concretize(t);
  if (T[c].kind != TypeKind::I32 && T[c].kind != TypeKind::U32) {
    error(exprSpan(e),
          std::string(what) + " must be an integer (i32 or u32), got '" + T.name(t) + "'");
    return false;
  }
  const ExprInfo& ei = m_.exprs[e];
  if (ei.stage == EvalStage::Override && allowOverride) {
    if (dependsOnOverride) *dependsOnOverride = true;
    ConstValue v;
    if (!anyValueOf(e, v)) return false;
    out = v.elems[0].i;
    return true;
  }
  if (ei.stage != EvalStage::Const) {
    error(exprSpan(e), std::string(what) + " must be a const-expression");
    return false;
  }
  const ConstValue* v = constValue(e);
  if (!v) {
    error(exprSpan(e), std::string("could not evaluate ") + what + budgetNote());
    return false;
  }
  out = v->elems[0].i;
  return true;
}

bool Resolver::canConvert(TypeId from, TypeId to) const {
  if (from == to) return true;
  const Type& a = T[from];
  const Type& b = T[to];
  if (a.kind == TypeKind::AbstractInt)
    return b.kind == TypeKind::AbstractFloat || b.kind == TypeKind::I32 ||
           b.kind == TypeKind::U32 || b.kind == TypeKind::F32 || b.kind == TypeKind::F16;
  if (a.kind == TypeKind::AbstractFloat) return b.kind == TypeKind::F32 || b.kind == TypeKind::F16;
  if (a.kind != b.kind) return false;
  switch (a.kind) {
    case TypeKind::Vector: return a.width == b.width && canConvert(a.elem, b.elem);
    case TypeKind::Matrix:
      return a.width == b.width && a.rows == b.rows && canConvert(a.elem, b.elem);
    case TypeKind::Array:
      return a.count == b.count && a.overrideKey == b.overrideKey && canConvert(a.elem, b.elem);
    default: return false;
  }
}

bool Resolver::checkConvertible(NodeId e, TypeId valueType, TypeId target,
                                const std::string& context) {
  if (valueType == kNoType || target == kNoType) return false;
  if (!canConvert(valueType, target)) {
    error(exprSpan(e), "cannot use a value of type '" + T.name(valueType) + "' as '" +
                           T.name(target) + "' in " + context);
    return false;
  }
  ConstValue v;
  if (valueType != target && constValueOf(e, v)) {
    std::string err;
    if (!eval_.convert(v, target, err)) {
      error(exprSpan(e), err + " in " + context);
      return false;
    }
  }
  return true;
}

TypeId Resolver::resolveValue(NodeId e) {
  TypeId t = resolveExpr(e);
  if (t == kNoType) return t;
  const Type& ty = T[t];
  if (ty.kind == TypeKind::Reference) {
    if (T.isBuffer(ty.elem)) {
      // #buffer-types: "An expression must not evaluate to a buffer type".
      error(exprSpan(e), "an expression cannot be of a buffer type ('" + T.name(ty.elem) +
                             "'); read it through a pointer, e.g. *bufferView<u32>(&b, 0)");
      return kNoType;
    }
    noteAccess(m_.exprs[e].rootVar, false);  // the load rule reads memory
    return ty.elem;
  }
  if (ty.kind == TypeKind::Void) {
    error(exprSpan(e),
          "function '" + std::string(m_.ast.exprs[e].name) + "' does not return a value");
    return kNoType;
  }
  return t;
}

TypeId Resolver::predeclaredStruct(const std::string& name,
                                   const std::vector<std::pair<std::string, TypeId>>& members) {
  auto it = resultStructs_.find(name);
  if (it != resultStructs_.end()) return it->second;
  StructInfo s;
  s.name = name;
  for (const auto& [n, t] : members) {
    MemberInfo mi;
    mi.name = n;
    mi.type = t;
    s.members.push_back(mi);
  }
  uint32_t off = 0, align = 1;
  for (MemberInfo& mi : s.members) {
    mi.align = T.alignOf(mi.type);
    mi.size = T.sizeOf(mi.type);
    mi.offset = ((off + mi.align - 1) / mi.align) * mi.align;
    off = mi.offset + mi.size;
    align = std::max(align, mi.align);
  }
  s.align = align;
  s.size = ((off + align - 1) / align) * align;
  TypeId id = T.structType(T.addStruct(std::move(s)));
  resultStructs_[name] = id;
  return id;
}

namespace {
struct ExprResolver {
  Resolver& r;
  ModuleImpl& m;
  TypeTable& T;

  TypeId commonLeaf(TypeId a, TypeId b) {
    if (a == b) return a;
    if (r.canConvert(a, b)) return b;
    if (r.canConvert(b, a)) return a;
    return kNoType;
  }

  void setConst(NodeId e, ConstValue v) { r.storeConst(e, std::move(v)); }

  TypeId literal(NodeId e) {
    const Expr& ex = m.ast.exprs[e];
    ExprInfo& info = m.exprs[e];
    info.stage = EvalStage::Const;
    ConstValue v;
    switch (ex.kind) {
      case ExprKind::IntLit:
        v.type = ex.suffix == 'i' ? T.i32() : ex.suffix == 'u' ? T.u32() : T.abstractInt();
        v.elems = {Scalar{0, int64_t(ex.intValue)}};
        break;
      case ExprKind::FloatLit:
        v.type = ex.suffix == 'f' ? T.f32() : ex.suffix == 'h' ? T.f16() : T.abstractFloat();
        if (ex.suffix == 'h' && !m.f16Enabled)
          r.error(ex.span, "f16 literals require 'enable f16;'");
        v.elems = {Scalar{ex.suffix == 'f' ? double(float(ex.floatValue)) : ex.floatValue, 0}};
        break;
      default:
        v.type = T.boolType();
        v.elems = {Scalar{0, ex.boolValue ? 1 : 0}};
        break;
    }
    const TypeId t = v.type;
    info.type = t;
    setConst(e, std::move(v));
    return t;
  }

  TypeId varRef(NodeId e, uint32_t vid) {
    ExprInfo& info = m.exprs[e];
    const VarDecl& d = m.ast.vars[vid];
    const VarInfo& vi = m.vars[vid];
    info.ref = RefKind::Var;
    info.refIndex = vid;
    if (vi.type == kNoType) return kNoType;
    switch (d.kind) {
      case DeclKind::Var:
        info.stage = EvalStage::Runtime;
        if (d.global) r.addUse(vid);
        if (d.global &&
            (T[vi.type].kind == TypeKind::Texture || T[vi.type].kind == TypeKind::Sampler ||
             T[vi.type].kind == TypeKind::SamplerComparison)) {
          info.rootVar = vid;
          return vi.type;  // handles are not references
        }
        info.rootVar = vid;
        return T.reference(vi.space, vi.type, vi.access);
      case DeclKind::Const:
        info.stage = EvalStage::Const;
        if (vi.value) setConst(e, *vi.value);
        return vi.type;
      case DeclKind::Override:
        info.stage = EvalStage::Override;
        r.addUse(vid);
        if (vi.value) r.storeOverride(e, *vi.value);
        return vi.type;
      case DeclKind::Let:
        info.stage = EvalStage::Runtime;
        if (d.init != kNone) info.rootVar = m.exprs[d.init].rootVar;
        return vi.type;
      case DeclKind::Param:
        info.stage = EvalStage::Runtime;
        info.rootVar = vid;
        return vi.type;
      default: return kNoType;
    }
  }

  TypeId ident(NodeId e) {
    const Expr& ex = m.ast.exprs[e];
    uint32_t local = r.lookupLocal(ex.name);
    if (local != kNone) {
      if (ex.templateArgs.count)
        r.error(ex.span, "'" + std::string(ex.name) + "' does not take template arguments");
      return varRef(e, local);
    }
    uint32_t gi = r.lookupGlobal(ex.name);
    if (gi != kNone) {
      const GlobalDecl& g = m.ast.globals[gi];
      r.resolveGlobal(gi);
      switch (g.kind) {
        case DeclKind::Var:
        case DeclKind::Const:
        case DeclKind::Override: return varRef(e, g.index);
        case DeclKind::Fn:
          r.error(ex.span, "function '" + std::string(ex.name) +
                               "' cannot be used as a value; call it with '()'");
          return kNoType;
        default:
          r.error(ex.span, "type '" + std::string(ex.name) + "' cannot be used as a value");
          return kNoType;
      }
    }
    TypeId t;
    if (r.typeFromName(ex.name, ex.templateArgs, ex.span, t) || ex.name == "vec2" ||
        ex.name == "vec3" || ex.name == "vec4" || ex.name == "array") {
      r.error(ex.span, "type '" + std::string(ex.name) + "' cannot be used as a value");
      return kNoType;
    }
    r.error(ex.span, "unresolved identifier '" + std::string(ex.name) + "'");
    return kNoType;
  }

  // ---------------------------------------------------------------- index / member
  TypeId index(NodeId e) {
    const Expr& ex = m.ast.exprs[e];
    ExprInfo& info = m.exprs[e];
    TypeId bt = r.resolveExpr(ex.lhs);
    TypeId it = r.resolveValue(ex.rhs);
    if (bt == kNoType || it == kNoType) return kNoType;
    const ExprInfo& bi = m.exprs[ex.lhs];
    info.rootVar = bi.rootVar;
    TypeId ic = T.concretize(it);
    if (T[ic].kind != TypeKind::I32 && T[ic].kind != TypeKind::U32) {
      r.error(r.exprSpan(ex.rhs), "index must be an i32 or u32, got '" + T.name(it) + "'");
      return kNoType;
    }
    bool isRef = T[bt].kind == TypeKind::Reference;
    bool isPtr = T[bt].kind == TypeKind::Pointer;
    if (isPtr && !m.options.allowPointerCompositeAccess) {
      r.error(ex.span, "cannot index a pointer; dereference it first with '(*p)[i]'");
      return kNoType;
    }
    TypeId store = (isRef || isPtr) ? T[bt].elem : bt;
    const Type st = T[store];
    TypeId elem;
    uint32_t count = 0;
    switch (st.kind) {
      case TypeKind::Array: elem = st.elem, count = st.count; break;
      case TypeKind::Vector: elem = st.elem, count = st.width; break;
      case TypeKind::Matrix: elem = T.vec(st.rows, st.elem), count = st.width; break;
      default:
        r.error(ex.span, "cannot index a value of type '" + T.name(store) + "'");
        return kNoType;
    }
    ConstValue iv;
    bool constIndex = r.constValueOf(ex.rhs, iv);
    if (constIndex && count != 0 && (iv.elems[0].i < 0 || uint64_t(iv.elems[0].i) >= count)) {
      r.error(r.exprSpan(ex.rhs), "index " + std::to_string(iv.elems[0].i) +
                                      " is out of bounds for '" + T.name(store) + "' (" +
                                      std::to_string(count) + " elements)");
      return kNoType;
    }
    info.stage = maxStage(bi.stage, m.exprs[ex.rhs].stage);
    r.checkKnownIndex(e, ex.lhs, ex.rhs, store, elem, !(isRef || isPtr));
    if (isRef || isPtr) {
      info.stage = EvalStage::Runtime;
      const Type& rt = T[bt];
      return T.reference(rt.space, elem, rt.access);
    }
    ConstValue bv;
    if (constIndex && r.constValueOf(ex.lhs, bv)) {
      ConstValue out;
      std::string err;
      if (r.eval_.index(bv, iv.elems[0].i, elem, out, err))
        setConst(e, std::move(out));
      else
        r.error(ex.span, err);
    } else if (bi.stage == EvalStage::Const && m.exprs[ex.rhs].stage != EvalStage::Const &&
               st.kind == TypeKind::Array && T.isAbstract(store)) {
      r.error(ex.span, "a const-expression array can only be indexed with a const index");
    }
    // A const-expression whose operands have no value (not evaluated: the
    // unevaluated side of `&&`, a zero value over the budget) stays one.
    return elem;
  }

  TypeId member(NodeId e) {
    const Expr& ex = m.ast.exprs[e];
    ExprInfo& info = m.exprs[e];
    TypeId bt = r.resolveExpr(ex.lhs);
    if (bt == kNoType) return kNoType;
    const ExprInfo& bi = m.exprs[ex.lhs];
    info.rootVar = bi.rootVar;
    info.stage = bi.stage;
    bool isRef = T[bt].kind == TypeKind::Reference;
    bool isPtr = T[bt].kind == TypeKind::Pointer;
    if (isPtr && !m.options.allowPointerCompositeAccess) {
      r.error(ex.span,
              "cannot access a member through a pointer; use '(*p)." + std::string(ex.name) + "'");
      return kNoType;
    }
    TypeId store = (isRef || isPtr) ? T[bt].elem : bt;
    const Type st = T[store];
    const Type refT = T[bt];
    if (st.kind == TypeKind::Struct) {
      const StructInfo& s = T.structInfo(st.structIndex);
      for (uint32_t i = 0; i < s.members.size(); ++i) {
        if (s.members[i].name != ex.name) continue;
        info.memberIndex = i;
        TypeId mt = s.members[i].type;
        if (isRef || isPtr) {
          info.stage = EvalStage::Runtime;
          return T.reference(refT.space, mt, refT.access);
        }
        ConstValue bv;
        if (r.constValueOf(ex.lhs, bv)) {
          ConstValue out;
          r.eval_.member(bv, i, out);
          setConst(e, std::move(out));
        }
        if (bi.stage == EvalStage::Override) {
          auto it = r.overrideValues_.find(ex.lhs);
          if (it != r.overrideValues_.end()) {
            ConstValue out;
            r.eval_.member(it->second, i, out);
            r.storeOverride(e, out);
          }
        }
        return mt;
      }
      r.error(ex.nameSpan,
              "struct '" + s.name + "' has no member named '" + std::string(ex.name) + "'");
      return kNoType;
    }
    if (st.kind == TypeKind::Vector) {
      std::string_view n = ex.name;
      if (n.empty() || n.size() > 4) {
        r.error(ex.nameSpan, "invalid vector swizzle '" + std::string(n) + "'");
        return kNoType;
      }
      bool xyzw = isXyzw(n[0]);
      uint8_t packed = 0;
      for (size_t i = 0; i < n.size(); ++i) {
        int c = swizzleIndex(n[i]);
        if (c < 0 || isXyzw(n[i]) != xyzw) {
          r.error(ex.nameSpan, "invalid vector swizzle '" + std::string(n) +
                                   "' (use only x, y, z, w or only r, g, b, a)");
          return kNoType;
        }
        if (c >= st.width) {
          r.error(ex.nameSpan, "swizzle '" + std::string(n) + "' accesses a component beyond '" +
                                   T.name(store) + "'");
          return kNoType;
        }
        packed = uint8_t(packed | (c << (2 * i)));
      }
      info.swizzle = packed;
      info.swizzleCount = uint8_t(n.size());
      TypeId result = n.size() == 1 ? st.elem : T.vec(uint8_t(n.size()), st.elem);
      if ((isRef || isPtr) && n.size() == 1) {
        info.stage = EvalStage::Runtime;
        return T.reference(refT.space, st.elem, refT.access);
      }
      if (isRef || isPtr) info.stage = EvalStage::Runtime;
      const ConstValue* bv = isRef || isPtr ? nullptr : r.constValue(ex.lhs);
      if (bv) {
        ConstValue out;
        r.eval_.swizzle(*bv, info.swizzleCount, packed, result, out);
        setConst(e, std::move(out));
      }
      return result;
    }
    r.error(ex.nameSpan,
            "type '" + T.name(store) + "' has no member '" + std::string(ex.name) + "'");
    return kNoType;
  }

  // ---------------------------------------------------------------- operators
  TypeId unary(NodeId e) {
    const Expr& ex = m.ast.exprs[e];
    ExprInfo& info = m.exprs[e];
    UnaryOp op = UnaryOp(ex.op);
    if (op == UnaryOp::AddressOf) {
      TypeId t = r.resolveExpr(ex.lhs);
      if (t == kNoType) return kNoType;
      info.rootVar = m.exprs[ex.lhs].rootVar;
      const Type& rt = T[t];
      if (rt.kind != TypeKind::Reference) {
        r.error(ex.span, "cannot take the address of a value that is not a reference (got '" +
                             T.name(t) + "')");
        return kNoType;
      }
      const Expr& inner = m.ast.exprs[ex.lhs];
      if (inner.kind == ExprKind::Member && m.exprs[ex.lhs].swizzleCount > 0) {
        r.error(ex.span, "cannot take the address of a vector component");
        return kNoType;
      }
      return T.pointer(rt.space, rt.elem, rt.access);
    }
    if (op == UnaryOp::Deref) {
      TypeId t = r.resolveValue(ex.lhs);
      if (t == kNoType) return kNoType;
      info.rootVar = m.exprs[ex.lhs].rootVar;
      const Type& pt = T[t];
      if (pt.kind != TypeKind::Pointer) {
        r.error(ex.span, "cannot dereference a value of non-pointer type '" + T.name(t) + "'");
        return kNoType;
      }
      return T.reference(pt.space, pt.elem, pt.access);
    }
    TypeId t = r.resolveValue(ex.lhs);
    if (t == kNoType) return kNoType;
    info.stage = m.exprs[ex.lhs].stage;
    TypeId leaf = T.leaf(t);
    bool ok = false;
    const Type& ty = T[t];
    bool shapeOk = T.isScalar(t) || ty.kind == TypeKind::Vector;
    switch (op) {
      case UnaryOp::Neg:
        // #arithmetic-expr: negation is defined on scalars and vectors only
        ok = shapeOk && T.isNumericScalar(leaf) && leaf != T.u32();
        break;
      case UnaryOp::Not: ok = shapeOk && leaf == T.boolType(); break;
      case UnaryOp::BitNot: ok = shapeOk && T.isIntScalar(leaf); break;
      default: break;
    }
    if (!ok) {
      r.error(ex.span, std::string("operator '") + opSpelling(op) + "' cannot be applied to '" +
                           T.name(t) + "'");
      return kNoType;
    }
    ConstValue v;
    if (r.constValueOf(ex.lhs, v)) {
      ConstValue out;
      std::string err;
      if (r.eval_.unary(op, v, t, out, err))
        setConst(e, std::move(out));
      else
        r.error(ex.span, err);
    } else if (r.anyValueOf(ex.lhs, v)) {
      ConstValue out;
      std::string err;
      if (r.eval_.unary(op, v, t, out, err))
        r.storeOverride(e, out);
      else if (!err.empty())
        r.overrideError(e, err);
    }
    return t;
  }

  TypeId binary(NodeId e) {
    const Expr& ex = m.ast.exprs[e];
    ExprInfo& info = m.exprs[e];
    BinaryOp op = BinaryOp(ex.op);
    TypeId a = r.resolveValue(ex.lhs);
    // #logical-expr, #const-expr: when the left-hand side of `&&` / `||`
    // decides the result, the right-hand side is type-checked, not evaluated.
    ConstValue decided;
    bool shortCircuit = (op == BinaryOp::LogAnd || op == BinaryOp::LogOr) && a != kNoType &&
                        T[a].kind == TypeKind::Bool && r.anyValueOf(ex.lhs, decided) &&
                        (decided.elems[0].i != 0) == (op == BinaryOp::LogOr);
    if (shortCircuit) ++r.skipEval_;
    TypeId b = r.resolveValue(ex.rhs);
    if (shortCircuit) --r.skipEval_;
    if (a == kNoType || b == kNoType) return kNoType;
    info.stage = maxStage(m.exprs[ex.lhs].stage, m.exprs[ex.rhs].stage);
    TypeId result = binaryType(op, a, b);
    if (result == kNoType) {
      r.error(ex.span, std::string("operator '") + opSpelling(op) + "' cannot be applied to '" +
                           T.name(a) + "' and '" + T.name(b) + "'");
      return kNoType;
    }
    ConstValue va, vb;
    if (shortCircuit && result == T.boolType()) {
      decided.type = result;
      if (m.exprs[ex.lhs].stage == EvalStage::Const && info.stage == EvalStage::Const)
        setConst(e, std::move(decided));
      else if (info.stage == EvalStage::Override)
        r.storeOverride(e, decided);
      return result;
    }
    const ConstValue* ca = r.constValue(ex.lhs);
    const ConstValue* cb = ca ? r.constValue(ex.rhs) : nullptr;
    bool isConst = ca && cb;
    if (!isConst && !r.checkKnownOperands(ex.span, ex.rhs, op, result, e)) return result;
    if (isConst) {
      ConstValue out;
      std::string err;
      if (r.eval_.binary(op, *ca, *cb, result, out, err))
        setConst(e, std::move(out));
      else
        r.error(ex.span, err);
    } else if (info.stage == EvalStage::Override && r.anyValueOf(ex.lhs, va) &&
               r.anyValueOf(ex.rhs, vb)) {
      ConstValue out;
      std::string err;
      if (r.eval_.binary(op, va, vb, result, out, err))
        r.storeOverride(e, out);
      else if (!err.empty())
        r.overrideError(e, err);
    }
    return result;
  }

  TypeId binaryType(BinaryOp op, TypeId a, TypeId b) {
    const Type ta = T[a], tb = T[b];
    auto shape = [&](const Type& t) { return t.kind == TypeKind::Vector ? t.width : 0; };
    bool aSV = T.isScalar(a) || ta.kind == TypeKind::Vector;
    bool bSV = T.isScalar(b) || tb.kind == TypeKind::Vector;
    TypeId la = T.leaf(a), lb = T.leaf(b);
    switch (op) {
      case BinaryOp::Add:
      case BinaryOp::Sub:
      case BinaryOp::Mul:
      case BinaryOp::Div:
      case BinaryOp::Mod: {
        bool matA = ta.kind == TypeKind::Matrix, matB = tb.kind == TypeKind::Matrix;
        if (matA || matB) {
          TypeId l = commonLeaf(la, lb);
          if (l == kNoType || !T.isFloatScalar(l)) return kNoType;
          if ((op == BinaryOp::Add || op == BinaryOp::Sub) && matA && matB &&
              ta.width == tb.width && ta.rows == tb.rows)
            return T.mat(ta.width, ta.rows, l);
          if (op != BinaryOp::Mul) return kNoType;
          if (matA && T.isScalar(b)) return T.mat(ta.width, ta.rows, l);
          if (matB && T.isScalar(a)) return T.mat(tb.width, tb.rows, l);
          if (matA && tb.kind == TypeKind::Vector && tb.width == ta.width) return T.vec(ta.rows, l);
          if (matB && ta.kind == TypeKind::Vector && ta.width == tb.rows) return T.vec(tb.width, l);
          if (matA && matB && ta.width == tb.rows) return T.mat(tb.width, ta.rows, l);
          return kNoType;
        }
        if (!aSV || !bSV) return kNoType;
        TypeId l = commonLeaf(la, lb);
        if (l == kNoType || !T.isNumericScalar(l)) return kNoType;
        uint8_t sa = shape(ta), sb = shape(tb);
        if (sa && sb && sa != sb) return kNoType;
        uint8_t n = sa ? sa : sb;
        return n ? T.vec(n, l) : l;
      }
      case BinaryOp::Eq:
      case BinaryOp::Ne:
      case BinaryOp::Lt:
      case BinaryOp::Le:
      case BinaryOp::Gt:
      case BinaryOp::Ge: {
        if (!aSV || !bSV || shape(ta) != shape(tb)) return kNoType;
        TypeId l = commonLeaf(la, lb);
        if (l == kNoType) return kNoType;
        if (l == T.boolType() && op != BinaryOp::Eq && op != BinaryOp::Ne) return kNoType;
        return shape(ta) ? T.vec(shape(ta), T.boolType()) : T.boolType();
      }
      case BinaryOp::LogAnd:
      case BinaryOp::LogOr: return (a == T.boolType() && b == T.boolType()) ? a : kNoType;
      case BinaryOp::BitAnd:
      case BinaryOp::BitOr:
      case BinaryOp::BitXor: {
        if (!aSV || !bSV || shape(ta) != shape(tb)) return kNoType;
        TypeId l = commonLeaf(la, lb);
        if (l == kNoType) return kNoType;
        if (l == T.boolType() && op == BinaryOp::BitXor) return kNoType;
        if (l != T.boolType() && !T.isIntScalar(l)) return kNoType;
        return shape(ta) ? T.vec(shape(ta), l) : l;
      }
      case BinaryOp::Shl:
      case BinaryOp::Shr: {
        if (!aSV || !bSV || shape(ta) != shape(tb)) return kNoType;
        if (!T.isIntScalar(la)) return kNoType;
        if (lb != T.u32() && lb != T.abstractInt()) return kNoType;
        return a;
      }
    }
    return kNoType;
  }

  // ---------------------------------------------------------------- calls
  TypeId call(NodeId e) {
    const Expr& ex = m.ast.exprs[e];
    ExprInfo& info = m.exprs[e];
    std::vector<NodeId> args;
    args.reserve(ex.args.count);
    for (uint32_t i = 0; i < ex.args.count; ++i) args.push_back(m.ast.at(ex.args, i));

    if (r.lookupLocal(ex.name) != kNone) {
      r.error(ex.nameSpan, "'" + std::string(ex.name) + "' is not a function");
      for (NodeId a : args) r.resolveExpr(a);
      return kNoType;
    }
    uint32_t gi = r.lookupGlobal(ex.name);
    if (gi != kNone && m.ast.globals[gi].kind == DeclKind::Fn) return userCall(e, gi, args);
    if (gi != kNone && m.ast.globals[gi].kind != DeclKind::Struct &&
        m.ast.globals[gi].kind != DeclKind::Alias) {
      r.error(ex.nameSpan, "'" + std::string(ex.name) + "' is not a function");
      for (NodeId a : args) r.resolveExpr(a);
      return kNoType;
    }
    // type constructors / conversions
    TypeId ctor = kNoType;
    bool inferred =
        ex.templateArgs.count == 0 &&
        (ex.name == "vec2" || ex.name == "vec3" || ex.name == "vec4" || ex.name == "array" ||
         (ex.name.size() == 6 && ex.name.substr(0, 3) == "mat" && ex.name[4] == 'x'));
    if (!inferred && ex.name != "bitcast" &&
        r.typeFromName(ex.name, ex.templateArgs, ex.span, ctor)) {
      if (ctor == kNoType) {
        for (NodeId a : args) r.resolveExpr(a);
        return kNoType;
      }
      return r.resolveConstructor(e, ctor, args);
    }
    if (inferred) return r.resolveConstructor(e, kNoType, args);
    std::vector<TypeId> argTypes;
    bool isBuiltin = false;
    TypeId t = r.resolveBuiltinCall(e, ex.name, args, argTypes, isBuiltin);
    if (!isBuiltin) {
      r.error(ex.nameSpan, "unresolved function '" + std::string(ex.name) + "'");
      return kNoType;
    }
    info.call = CallKind::Builtin;
    if (t != kNoType) r.checkTextureConstArgs(ex.name, args, argTypes);
    if (t != kNoType) r.checkSubgroupCall(ex.name, ex.nameSpan, args);
    if (t != kNoType && r.fn_)
      r.noteBuiltinCall(m.fns[r.fn_->fn], std::string(ex.name), ex.nameSpan);
    return t;
  }

  TypeId userCall(NodeId e, uint32_t gi, const std::vector<NodeId>& args) {
    const Expr& ex = m.ast.exprs[e];
    ExprInfo& info = m.exprs[e];
    uint32_t fi = m.ast.globals[gi].index;
    info.call = CallKind::Function;
    info.ref = RefKind::Function;
    info.refIndex = fi;
    if (ex.templateArgs.count) r.error(ex.span, "user functions do not take template arguments");
    r.resolveGlobal(gi);
    const FnInfo& callee = m.fns[fi];
    std::vector<TypeId> at;
    for (NodeId a : args) at.push_back(r.resolveValue(a));
    if (callee.isEntry) {
      r.error(ex.span, "entry point '" + std::string(ex.name) + "' cannot be called");
      return kNoType;
    }
    if (args.size() != callee.params.size()) {
      r.error(ex.span, "function '" + std::string(ex.name) + "' expects " +
                           std::to_string(callee.params.size()) + " argument(s), got " +
                           std::to_string(args.size()));
      return kNoType;
    }
    // (A value of the parameter's type itself needs no check: checkConvertible
    // accepts it without a message, so its context is not formatted.)
    for (size_t i = 0; i < args.size(); ++i)
      if (at[i] != kNoType && callee.params[i] != kNoType && at[i] != callee.params[i] &&
          !r.bufferPointerConverts(at[i], callee.params[i]))
        r.checkConvertible(
            args[i], at[i], callee.params[i],
            "argument " + std::to_string(i + 1) + " of '" + std::string(ex.name) + "'");
    r.checkCallAliasing(fi, ex.span, args);
    // buffer_view: views taken through the callee's buffer pointer parameters.
    for (const auto& [param, size] : callee.bufferViews)
      for (uint32_t p = 0; p < m.ast.fns[fi].params.count && p < args.size(); ++p)
        if (m.ast.at(m.ast.fns[fi].params, p) == param)
          r.noteBufferView(m.exprs[args[p]].rootVar, size);
    // static use and sampler pairs flow from the callee into the caller
    if (r.fn_) {
      FnInfo& caller = m.fns[r.fn_->fn];
      caller.callees.push_back(fi);
      if (!caller.fragmentOnlyUse.length && callee.fragmentOnlyUse.length) {
        caller.fragmentOnlyUse = ex.span;
        caller.fragmentOnlyName =
            callee.fragmentOnlyName + " (called through '" + std::string(ex.name) + "')";
      }
      // A self-call (already reported as recursion) has nothing to merge, and
      // callee.uses/samplePairs would be the very vectors being appended to.
      bool selfCall = fi == r.fn_->fn;
      if (!selfCall) {
        const std::vector<uint32_t> calleeUses = callee.uses;  // addUse may grow the sink
        for (uint32_t u : calleeUses) r.addUse(u);
      }
      const FnDecl& cd = m.ast.fns[fi];
      auto mapRoot = [&](uint32_t v) -> uint32_t {
        for (uint32_t p = 0; p < cd.params.count; ++p)
          if (m.ast.at(cd.params, p) == v) return m.exprs[args[p]].rootVar;
        return v;
      };
      const std::vector<SamplePair> calleePairs =
          selfCall ? std::vector<SamplePair>{} : callee.samplePairs;
      for (const SamplePair& sp : calleePairs) {
        SamplePair mapped{mapRoot(sp.texture), mapRoot(sp.sampler)};
        if (mapped.texture == kNone || mapped.sampler == kNone) continue;
        if (std::find(caller.samplePairs.begin(), caller.samplePairs.end(), mapped) ==
            caller.samplePairs.end())
          caller.samplePairs.push_back(mapped);
      }
      const std::vector<std::pair<std::string, Span>> calleeBuiltins =
          selfCall ? std::vector<std::pair<std::string, Span>>{} : callee.builtinCalls;
      for (const auto& [name, span] : calleeBuiltins) r.noteBuiltinCall(caller, name, span);
      const std::vector<TextureUseRecord> calleeTextureUses =
          selfCall ? std::vector<TextureUseRecord>{} : callee.textureUses;
      for (TextureUseRecord u : calleeTextureUses) {
        u.texture = mapRoot(u.texture);
        if (u.sampler != kNone) u.sampler = mapRoot(u.sampler);
        if (u.texture == kNone) continue;
        if (std::find(caller.textureUses.begin(), caller.textureUses.end(), u) ==
            caller.textureUses.end())
          caller.textureUses.push_back(u);
      }
    }
    info.stage = EvalStage::Runtime;
    return callee.returnType;
  }
};
}  // namespace

TypeId Resolver::binaryResultType(BinaryOp op, TypeId a, TypeId b) {
  ExprResolver x{*this, m_, T};
  return x.binaryType(op, a, b);
}

namespace {
bool spineKind(ExprKind k) {
  return k == ExprKind::Binary || k == ExprKind::Index || k == ExprKind::Member;
}
}  // namespace

// A flat chain (`0 + 1 + 1 + ...`, `a[0][1]...`, `s.a.b...`) parses into a
// left spine as long as the source: its unresolved inner nodes are resolved
// first, innermost first, so each node's left operand is already resolved
// when it is reached and no recursion is proportional to the chain.
void Resolver::resolveSpine(NodeId e) {
  constexpr int kShallow = 16;
  NodeId l = m_.ast.exprs[e].lhs;
  int n = 0;
  for (; n < kShallow && l != kNone && spineKind(m_.ast.exprs[l].kind) && !m_.exprs[l].resolved;
       ++n)
    l = m_.ast.exprs[l].lhs;
  if (n < kShallow) return;
  std::vector<NodeId> spine;
  for (l = m_.ast.exprs[e].lhs;
       l != kNone && spineKind(m_.ast.exprs[l].kind) && !m_.exprs[l].resolved;
       l = m_.ast.exprs[l].lhs)
    spine.push_back(l);
  for (auto it = spine.rbegin(); it != spine.rend(); ++it) resolveExpr(*it);
}

TypeId Resolver::resolveExpr(NodeId e) {
  ExprInfo& info = m_.exprs[e];
  if (info.resolved) return info.type;
  if (spineKind(m_.ast.exprs[e].kind)) resolveSpine(e);
  info.resolved = true;
  ExprResolver x{*this, m_, T};
  TypeId t = kNoType;
  switch (m_.ast.exprs[e].kind) {
    case ExprKind::IntLit:
    case ExprKind::FloatLit:
    case ExprKind::BoolLit: t = x.literal(e); break;
    case ExprKind::Ident: t = x.ident(e); break;
    case ExprKind::Call: t = x.call(e); break;
    case ExprKind::Index: t = x.index(e); break;
    case ExprKind::Member: t = x.member(e); break;
    case ExprKind::Unary: t = x.unary(e); break;
    case ExprKind::Binary: t = x.binary(e); break;
  }
  m_.exprs[e].type = t;
  return t;
}

}  // namespace bindery::wgsl
