// Expressions (#expressions): the dispatch by kind, the load rule, literals,
// identifiers, value constructors and user-function calls. Operators live in
// operators.cpp, indexing and member access in access.cpp, builtin calls in
// builtins.cpp.
#include "generator.h"

namespace bindery::spirv {

void Generator::unsupportedAt(std::string construct, wgsl::Span span) const {
  throw Unsupported{std::move(construct), span};
}

void Generator::unsupported(std::string construct, NodeId expr) const {
  throw Unsupported{std::move(construct), expr == kNone ? wgsl::Span{} : ex(expr).span};
}

Id Generator::opId(spv::Op o, Id resultType, std::initializer_list<Id> operands) {
  Id id = b.newId();
  Words& w = fn_->body;
  w.push_back(uint32_t(operands.size() + 3) << 16 | uint32_t(o));
  w.push_back(resultType);
  w.push_back(id);
  w.insert(w.end(), operands.begin(), operands.end());
  return id;
}

Id Generator::opId(spv::Op o, Id resultType, const std::vector<Id>& operands) {
  Id id = b.newId();
  Words& w = fn_->body;
  w.push_back(uint32_t(operands.size() + 3) << 16 | uint32_t(o));
  w.push_back(resultType);
  w.push_back(id);
  w.insert(w.end(), operands.begin(), operands.end());
  return id;
}

Id Generator::op(spv::Op o, TypeId result, std::initializer_list<Id> operands) {
  return opId(o, type(result), operands);
}

Id Generator::splat(Id scalar, TypeId scalarType, uint8_t n) {
  if (!n) return scalar;
  return opId(spv::Op::OpCompositeConstruct, type(T.vec(n, scalarType)),
              std::vector<Id>(n, scalar));
}

Id Generator::value(NodeId e, TypeId want) {
  const wgsl::ExprInfo& i = info(e);
  TypeId concrete = concreteOf(e, want);
  if (i.stage == wgsl::EvalStage::Const) {
    auto it = m.constValues.find(e);
    if (it != m.constValues.end()) return constant(it->second, concrete);
  }
  if (T[i.type].kind == TypeKind::Reference) return load(pointer(e), T[i.type].elem);
  return valueNoConst(e, concrete);
}

Id Generator::valueNoConst(NodeId e, TypeId concrete) {
  switch (ex(e).kind) {
    case wgsl::ExprKind::Ident: return identValue(e, concrete);
    case wgsl::ExprKind::Call: return callValue(e, concrete);
    case wgsl::ExprKind::Index: return indexValue(e, concrete);
    case wgsl::ExprKind::Member: return memberValue(e, concrete);
    case wgsl::ExprKind::Unary: return unaryValue(e, concrete);
    case wgsl::ExprKind::Binary: return binaryValue(e, concrete);
    default: break;
  }
  unsupported("this literal", e);
}

Id Generator::identValue(NodeId e, TypeId concrete) {
  const wgsl::ExprInfo& i = info(e);
  if (i.ref != wgsl::RefKind::Var)
    unsupported("the identifier '" + std::string(ex(e).name) + "'", e);
  uint32_t vid = i.refIndex;
  const wgsl::VarDecl& d = m.ast.vars[vid];
  const wgsl::VarInfo& vi = m.vars[vid];
  switch (d.kind) {
    case wgsl::DeclKind::Const:
    case wgsl::DeclKind::Override:
      if (!vi.value) unsupported("the override '" + std::string(d.name) + "' without a value", e);
      return constant(*vi.value, concrete);
    case wgsl::DeclKind::Let:
    case wgsl::DeclKind::Param: {
      auto it = fn_->locals.find(vid);
      if (it == fn_->locals.end())
        unsupported("a reference to '" + std::string(d.name) + "' here", e);
      return it->second.id;
    }
    case wgsl::DeclKind::Var: {
      // module-scope handles (textures, samplers) are values loaded from their variable
      VarBinding g = globalVar(vid);
      return load(g.id, vi.type);
    }
    default: break;
  }
  unsupported("the identifier '" + std::string(d.name) + "'", e);
}

Id Generator::callValue(NodeId e, TypeId concrete) {
  switch (info(e).call) {
    case wgsl::CallKind::Function: return userCall(e);
    case wgsl::CallKind::Builtin: return builtinCall(e, concrete);
    case wgsl::CallKind::Constructor: return constructValue(e, concrete);
    case wgsl::CallKind::Conversion: {
      NodeId a = arg(e, 0);
      TypeId from = concreteOf(a, kNoType);
      return convert(value(a, from), from, concrete);
    }
    case wgsl::CallKind::None: break;
  }
  unsupported("the call of '" + std::string(ex(e).name) + "'", e);
}

// #value-constructor-builtin-function
Id Generator::constructValue(NodeId e, TypeId concrete) {
  uint32_t n = argCount(e);
  if (n == 0) return constNull(concrete);
  const wgsl::Type t = T[concrete];
  std::vector<Id> parts;
  // vec3f(v), mat2x2f(m): the identity (a conversion when the leaf differs)
  if (n == 1 && (t.kind == TypeKind::Vector || t.kind == TypeKind::Matrix) &&
      T[T.unref(info(arg(e, 0)).type)].kind == t.kind) {
    NodeId a = arg(e, 0);
    TypeId from = concreteOf(a, concrete);
    return convert(value(a, from), from, concrete);
  }
  switch (t.kind) {
    case TypeKind::Vector: {
      if (n == 1 && T.isScalar(T.unref(info(arg(e, 0)).type)))
        return splat(value(arg(e, 0), t.elem), t.elem, t.width);
      for (uint32_t i = 0; i < n; ++i) {
        NodeId a = arg(e, i);
        parts.push_back(value(a, T.withLeaf(concreteOf(a, t.elem), t.elem)));
      }
      break;
    }
    case TypeKind::Matrix: {
      TypeId col = T.vec(t.rows, t.elem);
      if (n == uint32_t(t.width)) {
        for (uint32_t i = 0; i < n; ++i) parts.push_back(value(arg(e, i), col));
        break;
      }
      for (uint8_t c = 0; c < t.width; ++c) {
        std::vector<Id> comps;
        for (uint8_t r = 0; r < t.rows; ++r) comps.push_back(value(arg(e, c * t.rows + r), t.elem));
        parts.push_back(opId(spv::Op::OpCompositeConstruct, type(col), comps));
      }
      break;
    }
    case TypeKind::Array:
      for (uint32_t i = 0; i < n; ++i) parts.push_back(value(arg(e, i), t.elem));
      break;
    case TypeKind::Struct: {
      const wgsl::StructInfo& s = T.structInfo(t.structIndex);
      for (uint32_t i = 0; i < n; ++i) parts.push_back(value(arg(e, i), s.members[i].type));
      break;
    }
    default:  // a scalar of its own type
      return value(arg(e, 0), concrete);
  }
  return opId(spv::Op::OpCompositeConstruct, type(concrete), parts);
}

// Logical addressing: a pointer argument must be a memory object declaration
// (a variable or a pointer parameter). A pointer to part of a function or
// private variable is passed as a temporary copied in before the call and out
// after it (#alias-analysis guarantees the callee reaches that memory only
// through the pointer); storage-buffer pointers may point anywhere
// (VariablePointersStorageBuffer). Uniform and workgroup pointers (shared
// memory: no copy) and texture_external arguments specialise the callee
// instead (ParamBinding, functions.cpp).
Id Generator::userCall(NodeId e) {
  uint32_t callee = info(e).refIndex;
  const wgsl::FnInfo& f = m.fns[callee];
  std::vector<Id> ops;
  std::vector<ParamBinding> bound;          // see functions.cpp
  std::vector<std::pair<Id, Id>> copyBack;  // (temporary, original)
  for (uint32_t i = 0; i < argCount(e); ++i) {
    NodeId a = arg(e, i);
    const wgsl::Type pt = T[f.params[i]];
    if (pt.kind == TypeKind::Texture && pt.texture == wgsl::TextureKind::External) {
      bound.push_back(ParamBinding{i, externalRoot(a), 0, {}});
      continue;
    }
    Id v = value(a, f.params[i]);
    if (isView(v)) {
      bound.push_back(viewArgument(i, views_.at(v), ops, a));
      continue;
    }
    if (pt.kind == TypeKind::Pointer &&
        (pt.space == AddressSpace::Uniform || pt.space == AddressSpace::Workgroup)) {
      auto path = paths_.find(v);
      if (path == paths_.end())
        unsupported("a pointer argument into a '" + std::string(wgsl::addressSpaceName(pt.space)) +
                        "' variable reached this way",
                    a);
      ParamBinding pb{i, kNone, path->second.root, {}};
      for (Id step : path->second.steps) {
        bool constant = constantIds_.count(step) != 0;
        pb.steps.push_back(constant ? step : 0);
        if (!constant) ops.push_back(step);
      }
      bound.push_back(std::move(pb));
      if (needsLengthParam(f.params[i])) {
        BufferLength len = bufferLength(a);
        pushHiddenLength(ops, len.clampBytes, len.bytes);
      }
      continue;
    }
    if (pt.kind == TypeKind::Pointer && !memoryObjects_.count(v)) {
      if (pt.space == AddressSpace::Function) {
        Id tmp = newLocalVar(pt.elem, load(v, pt.elem));
        tempTypes_[tmp] = pt.elem;
        copyBack.emplace_back(tmp, v);
        v = tmp;
      } else if (pt.space == AddressSpace::Private) {
        Id tmp = b.newId();
        emitOp(b.globals, spv::Op::OpVariable,
               {pointerType(spv::StorageClass::Private, type(pt.elem)), tmp,
                uint32_t(spv::StorageClass::Private)});
        allGlobals_.push_back(tmp);
        memoryObjects_[tmp] = true;
        tempTypes_[tmp] = pt.elem;
        store(tmp, load(v, pt.elem));
        copyBack.emplace_back(tmp, v);
        v = tmp;
      }
    }
    ops.push_back(v);
    if (needsLengthParam(f.params[i])) {
      if (T.isBuffer(pt.elem)) {
        BufferLength len = bufferLength(a);
        pushHiddenLength(ops, len.clampBytes, len.bytes);
      } else {
        pushHiddenLength(ops, runtimeArrayLength(a), reportedArrayLength(a));
      }
    }
  }
  ops.insert(ops.begin(), function(callee, bound));
  Id result = opId(spv::Op::OpFunctionCall, type(f.returnType), ops);
  for (auto [tmp, original] : copyBack) {
    store(original, load(tmp, tempTypes_[tmp]));
  }
  return result;
}

}  // namespace bindery::spirv
