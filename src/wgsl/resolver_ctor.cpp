// Value constructors and conversions (#value-constructor-builtin-function,
// #conversion-builtin-function): zero values, splats, component lists,
// column/scalar matrix forms, arrays and structs, inferred element types.
#include "resolver.h"

namespace bindery::wgsl {

namespace {
EvalStage maxStage(EvalStage a, EvalStage b) {
  return a > b ? a : b;
}
}  // namespace

TypeId Resolver::resolveConstructor(NodeId e, TypeId type, const std::vector<NodeId>& args) {
  auto commonLeaf = [&](TypeId a, TypeId b) {
    if (a == b) return a;
    if (canConvert(a, b)) return b;
    if (canConvert(b, a)) return a;
    return kNoType;
  };
  const Expr& ex = m_.ast.exprs[e];
  ExprInfo& info = m_.exprs[e];
  std::vector<TypeId> at;
  at.reserve(args.size());
  EvalStage stage = EvalStage::Const;
  for (NodeId a : args) {
    at.push_back(resolveValue(a));
    stage = maxStage(stage, m_.exprs[a].stage);
  }
  for (TypeId t : at)
    if (t == kNoType) return kNoType;
  info.stage = stage;
  info.call = CallKind::Constructor;
  // The name in messages: the type written, else (until inferred) the
  // constructor's name; formatted only for a message.
  TypeId whatType = type;
  auto what = [&] { return whatType == kNoType ? std::string(ex.name) : T.name(whatType); };
  auto fail = [&](const std::string& why) {
    error(ex.span,
          "no matching constructor for '" + what() + "'" + (why.empty() ? "" : ": " + why));
    return kNoType;
  };
  // inferred element types
  if (type == kNoType && args.empty() && ex.name.substr(0, 3) == "vec") {
    // #vec2-builtin etc.: `vec2()` is the zero vector of AbstractInt
    type = T.vec(uint8_t(ex.name[3] - '0'), T.abstractInt());
  }
  if (type == kNoType) {
    if (args.empty()) return fail("the element type cannot be inferred without arguments");
    TypeId l = kNoType;
    bool first = true;
    for (TypeId t : at) {
      TypeId tl = ex.name == "array" ? t : T.leaf(t);
      l = first ? tl : commonLeaf(l, tl);
      first = false;
      if (l == kNoType) return fail("arguments have no common type");
    }
    if (ex.name == "array") {
      type = T.array(l, uint32_t(args.size()));
    } else if (ex.name[0] == 'v') {
      type = T.vec(uint8_t(ex.name[3] - '0'), l);
    } else {
      // #mat2x2-builtin etc.: T is a FLOATSCALAR, so AbstractInt components
      // convert to AbstractFloat (`mat2x2(1, 2, 3, 4)` is a mat2x2 of AbstractFloat)
      if (T[l].kind == TypeKind::AbstractInt) l = T.abstractFloat();
      if (!T.isFloatScalar(l)) return fail("matrix components must be floating point");
      type = T.mat(uint8_t(ex.name[3] - '0'), uint8_t(ex.name[5] - '0'), l);
    }
    whatType = type;
  }
  const Type ty = T[type];
  if (!T.isConstructible(type)) return fail("type is not constructible");
  info.ref = RefKind::Type;
  info.refIndex = type;
  if (!args.empty()) {
    switch (ty.kind) {
      case TypeKind::Bool:
      case TypeKind::I32:
      case TypeKind::U32:
      case TypeKind::F32:
      case TypeKind::F16:
        if (args.size() != 1 || !T.isScalar(at[0])) return fail("expected one scalar argument");
        if (at[0] != type) info.call = CallKind::Conversion;
        break;
      case TypeKind::Vector: {
        if (args.size() == 1 && T[at[0]].kind == TypeKind::Vector) {
          if (T[at[0]].width != ty.width) return fail("vector sizes differ");
          if (T.leaf(at[0]) != ty.elem) info.call = CallKind::Conversion;
          break;
        }
        uint32_t n = 0;
        for (size_t i = 0; i < at.size(); ++i) {
          const Type& a = T[at[i]];
          if (T.isScalar(at[i]))
            n += 1;
          else if (a.kind == TypeKind::Vector)
            n += a.width;
          else
            return fail("argument " + std::to_string(i + 1) + " has type '" + T.name(at[i]) + "'");
          if (!canConvert(T.leaf(at[i]), ty.elem))
            return fail("cannot convert '" + T.name(at[i]) + "' components to '" + T.name(ty.elem) +
                        "'");
        }
        if (!(n == ty.width || (args.size() == 1 && n == 1)))
          return fail("expected " + std::to_string(ty.width) + " components, got " +
                      std::to_string(n));
        break;
      }
      case TypeKind::Matrix: {
        if (args.size() == 1 && T[at[0]].kind == TypeKind::Matrix) {
          const Type& a = T[at[0]];
          if (a.width != ty.width || a.rows != ty.rows) return fail("matrix sizes differ");
          info.call = CallKind::Conversion;
          break;
        }
        bool cols = true, scalars = true;
        for (TypeId t : at) {
          const Type& a = T[t];
          cols = cols && a.kind == TypeKind::Vector && a.width == ty.rows &&
                 canConvert(a.elem, ty.elem);
          scalars = scalars && T.isScalar(t) && canConvert(t, ty.elem);
        }
        if (!((cols && args.size() == ty.width) ||
              (scalars && args.size() == size_t(ty.width) * ty.rows)))
          return fail("expected " + std::to_string(ty.width) + " column vectors or " +
                      std::to_string(ty.width * ty.rows) + " scalars");
        break;
      }
      case TypeKind::Array:
        if (args.size() != ty.count)
          return fail("expected " + std::to_string(ty.count) + " elements, got " +
                      std::to_string(args.size()));
        for (size_t i = 0; i < at.size(); ++i)
          if (at[i] != ty.elem &&  // the element type itself: nothing to check or format
              !checkConvertible(args[i], at[i], ty.elem,
                                "element " + std::to_string(i) + " of '" + what() + "'"))
            return kNoType;
        break;
      case TypeKind::Struct: {
        const StructInfo& s = T.structInfo(ty.structIndex);
        if (args.size() != s.members.size())
          return fail("expected " + std::to_string(s.members.size()) + " arguments, got " +
                      std::to_string(args.size()));
        for (size_t i = 0; i < at.size(); ++i)
          if (at[i] != s.members[i].type &&  // the member's type itself: nothing to check
              !checkConvertible(args[i], at[i], s.members[i].type,
                                "member '" + s.members[i].name + "' of '" + what() + "'"))
            return kNoType;
        break;
      }
      default: return fail("");
    }
  }
  if (args.empty() && T.flatCount(type) > constEvalLeft_) {
    // A zero value larger than the constant-evaluation budget left is not
    // materialised: a runtime use needs no value (`var a = array<i32,
    // 636109182>();`); a place that needs one reports budgetNote().
    zeroSkipped_ = true;
    return type;
  }
  if (stage == EvalStage::Const) {
    std::vector<ConstValue> vals;
    bool all = true;
    for (NodeId a : args) {
      ConstValue v;
      if (!constValueOf(a, v)) {
        all = false;
        break;
      }
      vals.push_back(std::move(v));
    }
    if (all) {
      ConstValue out;
      std::string err;
      if (eval_.construct(type, std::move(vals), out, err))
        storeConst(e, std::move(out));
      else
        error(ex.span, err);
    }
  } else if (stage == EvalStage::Override) {
    std::vector<ConstValue> vals;
    bool all = true;
    for (NodeId a : args) {
      ConstValue v;
      if (!anyValueOf(a, v)) {
        all = false;
        break;
      }
      vals.push_back(std::move(v));
    }
    ConstValue out;
    std::string err;
    if (all && eval_.construct(type, std::move(vals), out, err))
      storeOverride(e, std::move(out));
    else if (!err.empty())
      overrideError(e, err);
  }
  return type;
}

}  // namespace bindery::wgsl
