// Functions and entry points (#function-declaration-sec, #entry-points,
// #shader-interface): parameters, return, attributes, @workgroup_size, and
// the per-entry-point @group/@binding uniqueness rule.
#include <algorithm>
#include <map>

#include "resolver.h"

namespace bindery::wgsl {

void Resolver::resolveFunction(uint32_t fi) {
  const FnDecl& f = m_.ast.fns[fi];
  FnInfo& info = m_.fns[fi];
  if (scopesInUse_ == scopesPool_.size()) scopesPool_.push_back(std::make_unique<LocalScopes>());
  LocalScopes& scopes = *scopesPool_[scopesInUse_++];
  struct Release {
    LocalScopes& scopes;
    size_t& inUse;
    ~Release() {
      scopes.reset();
      --inUse;
    }
  } release{scopes, scopesInUse_};
  FnCtx ctx;
  ctx.fn = fi;
  ctx.scopes = &scopes;
  ctx.scopes->push();
  fn_ = &ctx;
  useSink_ = &info.uses;

  for (uint32_t i = 0; i < f.params.count; ++i) {
    uint32_t pv = m_.ast.at(f.params, i);
    resolveVarDecl(pv);
    m_.fns[fi].params.push_back(m_.vars[pv].type);
    const VarDecl& p = m_.ast.vars[pv];
    if (!ctx.scopes->declare(p.name, pv).second)
      error(p.nameSpan, "duplicate parameter name '" + std::string(p.name) + "'");
  }
  TypeId ret = T.voidType();
  if (f.returnType != kNone) {
    ret = resolveType(f.returnType);
    if (ret != kNoType && !T.isConstructible(ret))
      error(m_.ast.exprs[f.returnType].span,
            "function return type must be constructible, got '" + T.name(ret) + "'");
  }
  m_.fns[fi].returnType = ret;

  // attributes
  bool isEntry = false;
  for (uint32_t i = 0; i < f.attrs.count; ++i) {
    const Attribute& a = m_.ast.attrs[f.attrs.begin + i];
    if (a.name == "vertex" || a.name == "fragment" || a.name == "compute") {
      if (isEntry) error(a.span, "a function can have only one shader stage attribute");
      isEntry = true;
      m_.fns[fi].isEntry = true;
      m_.fns[fi].stage = a.name == "vertex"     ? Stage::Vertex
                         : a.name == "fragment" ? Stage::Fragment
                                                : Stage::Compute;
    } else if (a.name == "must_use") {
      m_.fns[fi].mustUse = true;
      if (f.returnType == kNone) error(a.span, "@must_use requires a function with a return type");
    } else if (a.name == "workgroup_size" || a.name == "diagnostic" || a.name == "subgroup_size") {
      // handled below / accepted
    } else {
      error(a.span, "attribute @" + std::string(a.name) + " is not valid on functions");
    }
  }

  resolveBlock(f.body, false);

  checkFunctionBehavior(fi, ret);

  if (isEntry)
    resolveEntryPoint(fi);
  else {
    for (uint32_t i = 0; i < f.attrs.count; ++i) {
      const Attribute& a = m_.ast.attrs[f.attrs.begin + i];
      if (a.name == "workgroup_size")
        error(a.span, "@workgroup_size is only valid on @compute entry points");
    }
  }
  // #entry-point-io: IO attributes on parameters only of entry points
  for (uint32_t i = 0; i < f.params.count && !isEntry; ++i) {
    const VarDecl& p = m_.ast.vars[m_.ast.at(f.params, i)];
    for (uint32_t k = 0; k < p.attrs.count; ++k) {
      const Attribute& a = m_.ast.attrs[p.attrs.begin + k];
      if (a.name == "builtin" || a.name == "location" || a.name == "interpolate" ||
          a.name == "invariant")
        error(a.span, "attribute @" + std::string(a.name) + " on parameter '" +
                          std::string(p.name) + "' is only valid on entry point parameters");
    }
  }
  // attributes on the return type
  for (uint32_t i = 0; i < f.returnAttrs.count; ++i) {
    const Attribute& a = m_.ast.attrs[f.returnAttrs.begin + i];
    if (!isEntry) {
      error(a.span, "attribute @" + std::string(a.name) +
                        " on a return type is only valid on entry points");
      break;
    }
    if (a.name == "blend_src")  // #blend-src-attr: struct members only
      error(a.span, "@blend_src is only valid on a member of a struct, not on a return type");
    else if (a.name != "location" && a.name != "builtin" && a.name != "interpolate" &&
             a.name != "invariant")
      error(a.span, "attribute @" + std::string(a.name) + " is not valid on a return type");
  }
  if (isEntry) {
    checkIoAttributes(f.returnAttrs, ret);
    checkEntryIo(fi);
  }

  FnInfo& fin = m_.fns[fi];
  std::sort(fin.uses.begin(), fin.uses.end());
  fin.uses.erase(std::unique(fin.uses.begin(), fin.uses.end()), fin.uses.end());
  fn_ = nullptr;
}

void Resolver::resolveEntryPoint(uint32_t fi) {
  const FnDecl& f = m_.ast.fns[fi];
  FnInfo& info = m_.fns[fi];
  const Attribute* wg = nullptr;
  for (uint32_t i = 0; i < f.attrs.count; ++i) {
    const Attribute& a = m_.ast.attrs[f.attrs.begin + i];
    if (a.name == "workgroup_size") wg = &a;
    if (a.name == "must_use") error(a.span, "@must_use is not valid on entry points");
  }
  checkImmediateUse(fi);
  if (info.stage == Stage::Compute) {
    if (!wg) {
      error(f.nameSpan, "@compute entry point '" + std::string(f.name) +
                            "' requires a @workgroup_size attribute");
    } else if (wg->args.count < 1 || wg->args.count > 3) {
      error(wg->span, "@workgroup_size takes 1 to 3 arguments");
    } else {
      info.workgroupSize = {1, 1, 1};
      TypeId common = kNoType;
      for (uint32_t i = 0; i < wg->args.count; ++i) {
        NodeId e = m_.ast.at(wg->args, i);
        FnCtx* saved = fn_;
        TypeId t = resolveValue(e);
        fn_ = saved;
        if (t == kNoType) continue;
        TypeId tc = T.concretize(t);
        if (T[tc].kind != TypeKind::I32 && T[tc].kind != TypeKind::U32) {
          error(exprSpan(e),
                "@workgroup_size arguments must be i32 or u32, got '" + T.name(t) + "'");
          continue;
        }
        if (!T.isAbstract(t)) {
          if (common != kNoType && common != t)
            error(exprSpan(e), "@workgroup_size arguments must all have the same type");
          common = t;
        }
        const ExprInfo& ei = m_.exprs[e];
        if (ei.stage == EvalStage::Runtime) {
          error(exprSpan(e), "@workgroup_size arguments must be const- or override-expressions");
          continue;
        }
        ConstValue v;
        if (anyValueOf(e, v)) {
          if (v.elems[0].i < 1) {
            // #workgroup-size-attr: an override-expression's value is checked
            // at pipeline creation.
            std::string msg =
                "@workgroup_size arguments must be at least 1, got " + std::to_string(v.elems[0].i);
            if (ei.stage == EvalStage::Override)
              pipelineError(exprSpan(e), msg + " (with the override values in use)", fi);
            else
              error(exprSpan(e), msg);
            info.workgroupSize[i] = 0;
            continue;
          }
          info.workgroupSize[i] = uint32_t(v.elems[0].i);
        } else {
          info.workgroupSize[i] = 0;  // depends on an override without default
        }
      }
    }
  } else if (wg) {
    error(wg->span, "@workgroup_size is only valid on @compute entry points");
  }
  checkSubgroupSize(fi);
  if (info.stage != Stage::Fragment && info.fragmentOnlyUse.length) {
    error(info.fragmentOnlyUse,
          info.fragmentOnlyName + " can only be used in the fragment stage, but entry point '" +
              std::string(f.name) + "' is a " + std::string(toString(info.stage)) + " shader");
  }
  if (info.stage == Stage::Vertex && f.returnType == kNone)
    error(f.nameSpan, "@vertex entry point '" + std::string(f.name) +
                          "' must return a value with @builtin(position)");
  if (info.stage == Stage::Compute && f.returnType != kNone)
    error(m_.ast.exprs[f.returnType].span, "@compute entry points must not return a value");
  // IO: each parameter needs @location/@builtin, or be a struct whose members have them
  for (uint32_t i = 0; i < f.params.count; ++i) {
    uint32_t pv = m_.ast.at(f.params, i);
    const VarInfo& p = m_.vars[pv];
    if (p.type == kNoType) continue;
    const Type& pt = T[p.type];
    if (pt.kind == TypeKind::Struct) {
      for (const MemberInfo& mi : T.structInfo(pt.structIndex).members)
        if (!mi.hasLocation && !mi.hasBuiltin)
          error(mi.span, "member '" + mi.name + "' of entry point input struct '" + T.name(p.type) +
                             "' needs a @location or @builtin attribute");
    } else if (!p.hasLocation && !p.hasBuiltin) {
      error(m_.ast.vars[pv].nameSpan, "entry point parameter '" +
                                          std::string(m_.ast.vars[pv].name) +
                                          "' needs a @location or @builtin attribute");
    }
    if (pt.kind == TypeKind::Pointer || pt.kind == TypeKind::Texture ||
        pt.kind == TypeKind::Sampler || pt.kind == TypeKind::SamplerComparison)
      error(m_.ast.vars[pv].nameSpan, "entry point parameters cannot be pointers or handles");
  }
  if (f.returnType != kNone && info.returnType != kNoType) {
    const Type& rt = T[info.returnType];
    bool hasIo = false;
    for (uint32_t i = 0; i < f.returnAttrs.count; ++i) {
      std::string_view n = m_.ast.attrs[f.returnAttrs.begin + i].name;
      if (n == "location" || n == "builtin") hasIo = true;
    }
    if (rt.kind != TypeKind::Struct && !hasIo)
      error(m_.ast.exprs[f.returnType].span,
            "entry point return type needs a @location or @builtin attribute");
  }
}

void Resolver::checkOverrideIds() {
  std::map<uint32_t, uint32_t> ids;
  for (uint32_t v = 0; v < m_.vars.size(); ++v) {
    const VarInfo& vi = m_.vars[v];
    if (m_.ast.vars[v].kind != DeclKind::Override || !vi.hasId) continue;
    auto [it, inserted] = ids.emplace(vi.overrideId, v);
    if (inserted) continue;
    error(m_.ast.vars[v].nameSpan, "@id(" + std::to_string(vi.overrideId) +
                                       ") is already used by override '" +
                                       std::string(m_.ast.vars[it->second].name) + "'");
    diags_.note(m_.ast.vars[it->second].nameSpan, "first use of the @id is here");
  }
}

// #address-space: a storage buffer can only be statically accessed by a
// vertex shader stage if its access mode is read; a write-only or
// read_write storage texture cannot be at all.
void Resolver::checkVertexWritableAccess(uint32_t fi) {
  for (uint32_t v : m_.fns[fi].uses) {
    const VarInfo& vi = m_.vars[v];
    if (m_.ast.vars[v].kind != DeclKind::Var || vi.type == kNoType) continue;
    const Type& t = T[vi.type];
    std::string what;
    if (vi.space == AddressSpace::Storage && vi.access != AccessMode::Read)
      what = "storage buffer '" + std::string(m_.ast.vars[v].name) +
             "' with access mode 'read_write'; a vertex shader may only read storage buffers "
             "(declare it var<storage, read>)";
    else if (t.kind == TypeKind::Texture && t.texture == TextureKind::Storage &&
             t.access != AccessMode::Read)
      what = "storage texture '" + std::string(m_.ast.vars[v].name) + "' of type '" +
             T.name(vi.type) + "'; a vertex shader may only use read-only storage textures";
    if (what.empty()) continue;
    const FnDecl& f = m_.ast.fns[fi];
    error(f.nameSpan, "vertex entry point '" + std::string(f.name) + "' statically accesses " +
                          what + " (#address-space)");
    diags_.note(m_.ast.vars[v].nameSpan, "declared here");
    return;
  }
}

void Resolver::checkBindingConflicts() {
  for (uint32_t fi = 0; fi < m_.fns.size(); ++fi) {
    const FnInfo& info = m_.fns[fi];
    if (!info.isEntry) continue;
    // #address-spaces: workgroup variables are only accessible from compute shaders
    if (info.stage != Stage::Compute) {
      for (uint32_t v : info.uses) {
        if (m_.vars[v].space != AddressSpace::Workgroup || m_.ast.vars[v].kind != DeclKind::Var)
          continue;
        error(m_.ast.fns[fi].nameSpan,
              std::string(toString(info.stage)) + " entry point '" +
                  std::string(m_.ast.fns[fi].name) + "' uses workgroup variable '" +
                  std::string(m_.ast.vars[v].name) +
                  "'; workgroup variables are only accessible from compute shaders");
        diags_.note(m_.ast.vars[v].nameSpan, "declared here");
        break;
      }
    }
    if (info.stage == Stage::Vertex) checkVertexWritableAccess(fi);
    checkStageBuiltins(fi);
    std::map<std::pair<uint32_t, uint32_t>, uint32_t> seen;
    for (uint32_t v : info.uses) {
      const VarInfo& vi = m_.vars[v];
      if (!vi.hasGroup || !vi.hasBinding) continue;
      auto [it, inserted] = seen.emplace(std::make_pair(vi.group, vi.binding), v);
      if (inserted) continue;
      uint32_t a = std::min(it->second, v), b = std::max(it->second, v);
      const VarDecl& da = m_.ast.vars[a];
      const VarDecl& db = m_.ast.vars[b];
      uint32_t la = diags_.lines().line(da.nameSpan.offset);
      uint32_t lb = diags_.lines().line(db.nameSpan.offset);
      error(db.nameSpan, "entry point '" + std::string(m_.ast.fns[fi].name) +
                             "' statically uses both '" + std::string(da.name) + "' (line " +
                             std::to_string(la) + ") and '" + std::string(db.name) + "' (line " +
                             std::to_string(lb) + "), which have the same @group(" +
                             std::to_string(vi.group) + ") @binding(" + std::to_string(vi.binding) +
                             ")");
      diags_.note(da.nameSpan, "'" + std::string(da.name) + "' is declared here");
    }
  }
}

}  // namespace bindery::wgsl
