// Variable and value declarations (#var-and-value, #address-space,
// #resource-interface): var / let / const / override, address spaces, access
// modes, @group/@binding/@id, initializers.
#include "layout.h"
#include "resolver.h"

namespace bindery::wgsl {

namespace {
bool isHandleType(const Type& t) {
  return t.kind == TypeKind::Texture || t.kind == TypeKind::Sampler ||
         t.kind == TypeKind::SamplerComparison;
}
// An array, or a structure with an array member (at any depth).
bool containsArray(const TypeTable& T, TypeId t) {
  const Type& ty = T[t];
  if (ty.kind == TypeKind::Array) return true;
  if (ty.kind != TypeKind::Struct) return false;
  for (const MemberInfo& m : T.structInfo(ty.structIndex).members)
    if (containsArray(T, m.type)) return true;
  return false;
}
const char* declWord(DeclKind k) {
  switch (k) {
    case DeclKind::Var: return "var";
    case DeclKind::Let: return "let";
    case DeclKind::Const: return "const";
    case DeclKind::Override: return "override";
    default: return "parameter";
  }
}
}  // namespace

void Resolver::resolveVarDecl(uint32_t vi) {
  const VarDecl& d = m_.ast.vars[vi];
  VarInfo& info = m_.vars[vi];
  if (info.state == 2) return;
  info.state = 1;
  info.fn = fn_ ? fn_->fn : kNone;
  std::string nm(d.name);

  // address space / access mode
  AddressSpace space = AddressSpace::None;
  AccessMode access = AccessMode::None;
  bool explicitSpace = false;
  if (d.templateArgs.count > 0) {
    NodeId a0 = m_.ast.at(d.templateArgs, 0);
    const Expr& e0 = m_.ast.exprs[a0];
    m_.exprs[a0].resolved = true;
    m_.exprs[a0].ref = RefKind::Enumerant;
    if (e0.kind != ExprKind::Ident || !parseAddressSpace(e0.name, space)) {
      error(e0.span,
            "expected an address space (function, private, workgroup, uniform, storage, "
            "immediate)");
    } else if (space == AddressSpace::Handle) {
      error(e0.span, "the 'handle' address space cannot be written in WGSL source");
    }
    explicitSpace = true;
    if (d.templateArgs.count > 1) {
      NodeId a1 = m_.ast.at(d.templateArgs, 1);
      const Expr& e1 = m_.ast.exprs[a1];
      m_.exprs[a1].resolved = true;
      m_.exprs[a1].ref = RefKind::Enumerant;
      if (e1.kind != ExprKind::Ident || !parseAccessMode(e1.name, access))
        error(e1.span, "expected an access mode (read, write, read_write)");
      else if (space != AddressSpace::Storage)
        error(e1.span, "an access mode may only be specified for the 'storage' address space");
      else if (access == AccessMode::Write)
        error(e1.span, "storage buffers cannot be 'write'-only; use 'read' or 'read_write'");
    }
    if (d.templateArgs.count > 2)
      error(m_.ast.exprs[m_.ast.at(d.templateArgs, 2)].span,
            "too many template arguments for 'var'");
  }

  TypeId declared = kNoType;
  if (d.type != kNone) declared = resolveType(d.type);
  TypeId initType = kNoType;
  if (d.init != kNone) initType = resolveValue(d.init);

  TypeId type = declared;
  if (d.type != kNone && declared != kNoType && d.init != kNone && initType != kNoType) {
    checkConvertible(d.init, initType, declared,
                     std::string("initializer of ") + declWord(d.kind) + " '" + nm + "'");
  } else if (d.type == kNone && d.init != kNone && initType != kNoType) {
    type = d.kind == DeclKind::Const ? initType : T.concretize(initType);
    // #concretization of a const initializer must be representable (e.g. 'let x = 3000000000;')
    if (type != initType)
      checkConvertible(d.init, initType, type,
                       std::string("initializer of ") + declWord(d.kind) + " '" + nm + "'");
  }
  if (d.type == kNone && d.init == kNone && d.kind != DeclKind::Param)
    error(d.nameSpan,
          std::string("'") + declWord(d.kind) + " " + nm + "' needs a type or an initializer");
  info.type = type;

  // attributes
  for (uint32_t i = 0; i < d.attrs.count; ++i) {
    const Attribute& a = m_.ast.attrs[d.attrs.begin + i];
    int64_t v = 0;
    if (a.name == "group" || a.name == "binding") {
      if (d.kind != DeclKind::Var) {
        error(a.span, "@" + std::string(a.name) + " is only valid on 'var' declarations");
        continue;
      }
      if (a.args.count != 1 ||
          !evalInt(m_.ast.at(a.args, 0), a.name == "group" ? "@group value" : "@binding value", v))
        continue;
      if (v < 0) {
        error(a.span,
              "@" + std::string(a.name) + " value must be non-negative, got " + std::to_string(v));
        continue;
      }
      if (a.name == "group")
        info.hasGroup = true, info.group = uint32_t(v);
      else
        info.hasBinding = true, info.binding = uint32_t(v);
    } else if (a.name == "id") {
      if (d.kind != DeclKind::Override) {
        error(a.span, "@id is only valid on 'override' declarations");
        continue;
      }
      if (a.args.count != 1 || !evalInt(m_.ast.at(a.args, 0), "@id value", v)) continue;
      if (v < 0 || v > 65535) {
        error(a.span, "@id value must be between 0 and 65535, got " + std::to_string(v));
        continue;
      }
      info.hasId = true;
      info.overrideId = uint32_t(v);
    } else if (d.kind == DeclKind::Param && (a.name == "location" || a.name == "builtin" ||
                                             a.name == "interpolate" || a.name == "invariant")) {
      if (a.name == "location") info.hasLocation = true;
      if (a.name == "builtin") info.hasBuiltin = true;
    } else {
      error(a.span, "attribute @" + std::string(a.name) + " is not valid on " + declWord(d.kind) +
                        " declarations");
    }
  }

  if (type == kNoType) {
    info.state = 2;
    return;
  }
  const Type& ty = T[type];
  if (T.containsF16(type) && !m_.f16Enabled) error(d.nameSpan, "f16 requires 'enable f16;'");

  switch (d.kind) {
    case DeclKind::Var: {
      if (d.global) {
        if (!explicitSpace) {
          if (isHandleType(ty)) {
            space = AddressSpace::Handle;
          } else {
            error(d.nameSpan,
                  "module-scope 'var " + nm + "' must specify an address space, e.g. var<private>");
            space = AddressSpace::Private;
          }
        } else if (space == AddressSpace::Function) {
          error(d.nameSpan,
                "'function' address space is only allowed for function-scope variables");
        }
        if (isHandleType(ty) && explicitSpace)
          error(d.nameSpan, "textures and samplers must be declared without an address space");
      } else {
        if (!explicitSpace)
          space = AddressSpace::Function;
        else if (space != AddressSpace::Function)
          error(d.nameSpan, std::string("function-scope variables must be in the 'function' "
                                        "address space, not '") +
                                addressSpaceName(space) + "'");
        if (isHandleType(ty))
          error(d.nameSpan, "textures and samplers can only be declared at module scope");
      }
      if (space == AddressSpace::Storage && access == AccessMode::None) access = AccessMode::Read;
      if (space == AddressSpace::Function || space == AddressSpace::Private ||
          space == AddressSpace::Workgroup)
        access = AccessMode::ReadWrite;
      if (space == AddressSpace::Handle || space == AddressSpace::Uniform ||
          space == AddressSpace::Immediate)
        access = AccessMode::Read;
      info.space = space;
      info.access = access;
      // #address-spaces: store type requirements (of a buffer type:
      // checkBufferVariable, buffer_view.cpp)
      if (T.isBuffer(type)) checkBufferVariable(d.nameSpan, nm, type, space);
      switch (T.isBuffer(type) ? AddressSpace::None : space) {
        case AddressSpace::Function:
        case AddressSpace::Private:
          if (!T.isConstructible(type))
            error(m_.ast.exprs[d.type != kNone ? d.type : d.init].span,
                  std::string("the store type of a '") + addressSpaceName(space) +
                      "' variable must be constructible, got '" + T.name(type) + "'");
          break;
        case AddressSpace::Workgroup:
          if (!T.isPlain(type) || !T.hasFixedFootprint(type))
            error(d.nameSpan,
                  "the store type of a 'workgroup' variable must be a plain type with "
                  "a fixed footprint, got '" +
                      T.name(type) + "'");
          break;
        case AddressSpace::Uniform:
          if (!T.isHostShareable(type) || !T.isConstructible(type)) {
            error(d.nameSpan,
                  "the store type of a 'uniform' variable must be host-shareable and "
                  "constructible (no runtime-sized arrays or atomics), got '" +
                      T.name(type) + "'");
          } else {
            std::string why = checkLayoutConstraints(T, type, space, m_.uniformStandardLayout);
            if (!why.empty()) error(d.nameSpan, "uniform variable '" + nm + "': " + why);
          }
          break;
        case AddressSpace::Storage:
          if (!T.isHostShareable(type)) {
            error(d.nameSpan,
                  "the store type of a 'storage' variable must be host-shareable, got '" +
                      T.name(type) + "'");
          } else {
            if (T.containsAtomic(type) && access != AccessMode::ReadWrite)
              error(d.nameSpan,
                    "atomic types in the 'storage' address space require "
                    "'read_write' access");
            std::string why = checkLayoutConstraints(T, type, space, m_.uniformStandardLayout);
            if (!why.empty()) error(d.nameSpan, "storage variable '" + nm + "': " + why);
          }
          break;
        case AddressSpace::Immediate:
          // #address-space "immediate data": host-shareable, constructible, no
          // arrays (nor structures with array members).
          if (!T.isHostShareable(type) || !T.isConstructible(type) || containsArray(T, type)) {
            error(d.nameSpan,
                  "the store type of an 'immediate' variable must be host-shareable and "
                  "constructible, and contain no array, got '" +
                      T.name(type) + "'");
          } else {
            std::string why = checkLayoutConstraints(T, type, AddressSpace::Storage, true);
            if (!why.empty()) error(d.nameSpan, "immediate variable '" + nm + "': " + why);
          }
          break;
        default: break;
      }
      if (T.containsAtomic(type) && space != AddressSpace::Storage &&
          space != AddressSpace::Workgroup)
        error(d.nameSpan,
              "atomic types are only allowed in the 'storage' and 'workgroup' address spaces");
      if (d.init != kNone && space != AddressSpace::Function && space != AddressSpace::Private)
        error(m_.ast.exprs[d.init].span, std::string("variables in the '") +
                                             addressSpaceName(space) +
                                             "' address space cannot have an initializer");
      if (d.init != kNone && space == AddressSpace::Private &&
          m_.exprs[d.init].stage == EvalStage::Runtime)
        error(m_.ast.exprs[d.init].span,
              "the initializer of a module-scope 'private' variable must be a const- or "
              "override-expression");
      bool resource = space == AddressSpace::Uniform || space == AddressSpace::Storage ||
                      space == AddressSpace::Handle;
      if (resource && (!info.hasGroup || !info.hasBinding))
        error(d.nameSpan, std::string("resource variable '") + nm +
                              "' requires both @group and @binding attributes" +
                              (info.hasGroup     ? " (missing @binding)"
                               : info.hasBinding ? " (missing @group)"
                                                 : ""));
      if (!resource && (info.hasGroup || info.hasBinding))
        error(d.nameSpan,
              "@group and @binding are only valid on resource variables (uniform, "
              "storage, textures, samplers), not on '" +
                  nm + "'");
      break;
    }
    case DeclKind::Let:
      // texture_and_sampler_let (#language-extensions-sec): also a texture or sampler
      if (!T.isConstructible(type) && ty.kind != TypeKind::Pointer && !isHandleType(ty))
        error(d.nameSpan, "the type of 'let " + nm +
                              "' must be constructible, a pointer, a texture or a sampler, got '" +
                              T.name(type) + "'");
      if (d.init != kNone) info.value.reset();
      break;
    case DeclKind::Const: {
      if (d.init == kNone) break;
      ConstValue v;
      if (m_.exprs[d.init].stage != EvalStage::Const) {
        error(m_.ast.exprs[d.init].span,
              "the initializer of 'const " + nm + "' must be a const-expression");
      } else if (!T.isConstructible(type)) {
        error(d.nameSpan, "the type of 'const " + nm + "' must be constructible");
      } else if (constValueOf(d.init, v)) {
        std::string err;
        if (!eval_.convert(v, type, err))
          error(m_.ast.exprs[d.init].span, err);
        else if (chargeConstEval(v.elems.size(), d.nameSpan))
          info.value = v;
      } else if (!budgetNote().empty()) {
        error(m_.ast.exprs[d.init].span,
              "could not evaluate the initializer of 'const " + nm + "'" + budgetNote());
      }
      break;
    }
    case DeclKind::Override: {
      if (!T.isScalar(type) || T.isAbstract(type))
        error(d.nameSpan, "the type of 'override " + nm +
                              "' must be a concrete scalar "
                              "(bool, i32, u32, f32, f16), got '" +
                              T.name(type) + "'");
      if (d.init != kNone) {
        if (m_.exprs[d.init].stage == EvalStage::Runtime) {
          error(m_.ast.exprs[d.init].span,
                "the initializer of 'override " + nm + "' must be a const- or override-expression");
        } else {
          ConstValue v;
          std::string err;
          if (anyValueOf(d.init, v) && eval_.convert(v, type, err))
            info.value = v;
          else if (!err.empty())
            overrideError(d.init, err);
        }
      }
      applyOverrideValue(vi, type);
      break;
    }
    case DeclKind::Param: {
      checkIoAttributes(d.attrs, type);
      bool ok = T.isConstructible(type) || ty.kind == TypeKind::Pointer || isHandleType(ty);
      if (!ok)
        error(m_.ast.exprs[d.type].span,
              "parameter '" + nm + "' cannot have type '" + T.name(type) + "'");
      if (ty.kind == TypeKind::Pointer && !m_.options.allowUnrestrictedPointerParameters &&
          ty.space != AddressSpace::Function && ty.space != AddressSpace::Private)
        error(m_.ast.exprs[d.type].span,
              "pointer parameters must be in the 'function' or "
              "'private' address space");
      break;
    }
    default: break;
  }
  info.state = 2;
}

}  // namespace bindery::wgsl
