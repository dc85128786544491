// Module scope: directives, declaration ordering and cycles, variables,
// structs, aliases, functions and entry points (#module-scope, #var-and-value,
// #entry-points, #resource-interface).
#include <algorithm>
#include <map>

#include "language_extensions.h"
#include "layout.h"
#include "resolver.h"

namespace bindery::wgsl {

void resolveModule(ModuleImpl& m, Diagnostics& diags) {
  Resolver r(m, diags);
  r.run();
}

Resolver::Resolver(ModuleImpl& m, Diagnostics& d) : m_(m), diags_(d), T(m.types), eval_(m.types) {}

void Resolver::run() {
  m_.exprs.assign(m_.ast.exprs.size(), ExprInfo{});
  // a value for about one expression in four (0.22 in the particles bench
  // shader, at most 0.37 in the test corpus)
  m_.constValues.reserve(m_.ast.exprs.size(), m_.ast.exprs.size() / 4 + 8);
  m_.vars.assign(m_.ast.vars.size(), VarInfo{});
  m_.fns.assign(m_.ast.fns.size(), FnInfo{});
  m_.structTypes.assign(m_.ast.structs.size(), kNoType);
  m_.aliasTypes.assign(m_.ast.aliases.size(), kNoType);
  globalUses_.assign(m_.ast.vars.size(), {});
  constEvalLeft_ = m_.options.maxConstEvalScalars;
  resolveDirectives();
  collectGlobals();
  globalState_.assign(m_.ast.globals.size(), 0);
  for (uint32_t i : dependencyOrder()) {
    if (diags_.tooMany()) return;
    resolveGlobal(i);
  }
  checkOverrideIds();
  if (!diags_.hasErrors()) checkBindingConflicts();
}

void Resolver::resolveDirectives() {
  const Options& o = m_.options;
  std::vector<std::pair<std::string, std::string_view>> globalFilters;  // rule, severity
  for (const Directive& d : m_.ast.directives) {
    for (size_t i = 0; i < d.names.size(); ++i) {
      std::string_view n = d.names[i];
      Span s = d.nameSpans[i];
      if (d.kind == Directive::Kind::Enable) {
        // #enable-extensions: the six extensions and the WebGPU feature that
        // makes each available
        struct Ext {
          const char* name;
          const char* feature;
          bool allowed;
        };
        const Ext exts[] = {
            {"f16", "shader-f16", o.allowF16},
            {"clip_distances", "clip-distances", o.allowClipDistances},
            {"dual_source_blending", "dual-source-blending", o.allowDualSourceBlending},
            {"subgroups", "subgroups", o.allowSubgroups},
            {"primitive_index", "primitive-index", o.allowPrimitiveIndex},
            {"subgroup_size_control", "subgroup-size-control", o.allowSubgroupSizeControl},
        };
        const Ext* ext = nullptr;
        for (const Ext& x : exts)
          if (n == x.name) ext = &x;
        if (!ext) {
          error(s, "unknown extension '" + std::string(n) +
                       "' (known: f16, clip_distances, dual_source_blending, subgroups, "
                       "primitive_index, subgroup_size_control)");
        } else if (!ext->allowed) {
          error(s, "extension '" + std::string(n) +
                       "' is a known WGSL enable-extension, but the device was not created "
                       "with the feature '" +
                       ext->feature + "' that enables it (add '" + ext->feature +
                       "' to requiredFeatures)");
        } else {
          enabledExtensions_.push_back(n);
          // #enable-extensions: "subgroups will be automatically enabled
          // when subgroup_size_control is enabled".
          if (n == "subgroup_size_control") enabledExtensions_.push_back("subgroups");
          if (n == "f16") m_.f16Enabled = true;
          if (n == "dual_source_blending") m_.dualSourceBlendingEnabled = true;
        }
      } else if (d.kind == Directive::Kind::Requires) {
        // #language-extensions-sec: "A shader-creation error results if the
        // implementation does not support one of the required extensions."
        const LanguageExtension* e = findLanguageExtension(n);
        if (e && supported(*e, o)) continue;
        const std::string why =
            !e ? "'" + std::string(n) + "' is not a WGSL language extension"
            : !e->implemented
                ? "language extension '" + std::string(n) + "' is not implemented by bindery"
                : "language extension '" + std::string(n) + "' is turned off in the options";
        error(s, "requires " + std::string(n) + ": " + why +
                     " (supported: " + supportedLanguageExtensionList(o) +
                     "); remove it from the 'requires' directive");
      } else if (i == 0) {
        if (n != "error" && n != "warning" && n != "info" && n != "off")
          error(s, "invalid diagnostic severity '" + std::string(n) +
                       "' (expected error, warning, info or off)");
        // #diagnostic-filtering: global filters with one rule and different
        // severities conflict (the rule is the rest of the names, joined by '.')
        std::string rule;
        for (size_t k = 1; k < d.names.size(); ++k)
          rule += (k > 1 ? "." : "") + std::string(d.names[k]);
        for (const auto& [r, sev] : globalFilters)
          if (r == rule && sev != n)
            error(d.span, "conflicting diagnostic directives for '" + rule + "': '" +
                              std::string(sev) + "' and '" + std::string(n) + "'");
        globalFilters.emplace_back(rule, n);
      } else if (n.find('.') == std::string_view::npos && n != "derivative_uniformity" &&
                 n != "subgroup_uniformity") {
        diags_.warning(s, "unknown diagnostic rule '" + std::string(n) + "'");
      }
    }
  }
  // #address-space-layout-constraints relaxes the uniform rules when
  // uniform_buffer_standard_layout "is supported": a language extension is
  // in force whether or not `requires` names it (#language-extensions-sec).
  m_.uniformStandardLayout =
      o.allowUniformBufferStandardLayout || o.uniformBufferStandardLayoutByDefault;
}

namespace {
std::string_view globalName(const Ast& ast, const GlobalDecl& g, Span* span = nullptr) {
  switch (g.kind) {
    case DeclKind::Var:
    case DeclKind::Const:
    case DeclKind::Override:
      if (span) *span = ast.vars[g.index].nameSpan;
      return ast.vars[g.index].name;
    case DeclKind::Fn:
      if (span) *span = ast.fns[g.index].nameSpan;
      return ast.fns[g.index].name;
    case DeclKind::Struct:
      if (span) *span = ast.structs[g.index].nameSpan;
      return ast.structs[g.index].name;
    case DeclKind::Alias:
      if (span) *span = ast.aliases[g.index].nameSpan;
      return ast.aliases[g.index].name;
    default: return {};
  }
}
}  // namespace

void Resolver::collectGlobals() {
  for (uint32_t i = 0; i < m_.ast.globals.size(); ++i) {
    Span s;
    std::string_view n = globalName(m_.ast, m_.ast.globals[i], &s);
    if (n.empty()) continue;
    auto [first, inserted] = globalNames_.emplace(n, i);
    if (!inserted) {
      Span prev;
      globalName(m_.ast, m_.ast.globals[first], &prev);
      error(s, "redeclaration of '" + std::string(n) + "' at module scope");
      diags_.note(prev, "'" + std::string(n) + "' was first declared here");
    }
  }
}

// The module-scope declarations in an order where (nearly) every one comes
// after those it names (#module-scope: declarations may appear in any
// order). Resolution is still lazy, so a name this approximation misses (a
// local shadowing a global adds a false edge; a cycle has no order) is
// resolved on first reference; the order only keeps that recursion shallow,
// so a call chain thousands of functions deep costs no stack depth. An
// iterative depth-first search, post-order, roots in source order.
std::vector<uint32_t> Resolver::dependencyOrder() const {
  const uint32_t n = static_cast<uint32_t>(m_.ast.globals.size());
  // each declaration's dependencies, in one array: those of g in
  // depList[depStart[g] .. depStart[g + 1])
  std::vector<uint32_t> depStart(size_t(n) + 1, 0), depList;
  depList.reserve(m_.ast.exprs.size() / 2 + 1);
  for (uint32_t g = 0; g < n; ++g) {
    const Range r = m_.ast.globals[g].exprs;
    for (uint32_t e = r.begin; e < r.begin + r.count; ++e) {
      const Expr& x = m_.ast.exprs[e];
      if (x.kind != ExprKind::Ident && x.kind != ExprKind::Call) continue;
      uint32_t d = lookupGlobal(x.name);
      if (d != kNone && d != g) depList.push_back(d);
    }
    depStart[g + 1] = static_cast<uint32_t>(depList.size());
  }
  std::vector<uint32_t> order;
  order.reserve(n);
  std::vector<uint8_t> state(n, 0);
  std::vector<std::pair<uint32_t, uint32_t>> stack;  // (declaration, next dependency)
  for (uint32_t root = 0; root < n; ++root) {
    if (state[root] != 0) continue;
    state[root] = 1;
    stack.push_back({root, 0});
    while (!stack.empty()) {
      auto& [g, next] = stack.back();
      if (depStart[g] + next < depStart[g + 1]) {
        uint32_t d = depList[depStart[g] + next++];
        if (!state[d]) {
          state[d] = 1;
          stack.push_back({d, 0});
        } else if (state[d] == 1) {
          // a cycle (or a false edge): its entry goes first, so resolving
          // it reports a cycle from there, as source order would
          state[d] = 3;
          order.push_back(d);
        }
        continue;
      }
      if (state[g] == 1) order.push_back(g);
      state[g] = 2;
      stack.pop_back();
    }
  }
  return order;
}

uint32_t Resolver::lookupGlobal(std::string_view name) const {
  return globalNames_.find(name);
}

void Resolver::resolveGlobal(uint32_t gi) {
  if (globalState_[gi] == 2) return;
  const GlobalDecl& g = m_.ast.globals[gi];
  if (globalState_[gi] == 1) {
    Span s;
    std::string_view n = globalName(m_.ast, g, &s);
    std::string chain;
    bool started = false;
    for (uint32_t x : resolveStack_) {
      if (x == gi) started = true;
      if (started) chain += "'" + std::string(globalName(m_.ast, m_.ast.globals[x])) + "' -> ";
    }
    chain += "'" + std::string(n) + "'";
    if (g.kind == DeclKind::Fn)
      error(s, "recursion is not allowed: " + chain);
    else
      error(s, "cyclic dependency between module-scope declarations: " + chain);
    return;
  }
  if (resolveStack_.size() > 512) {
    // Not a WGSL rule: a limit of bindery's (dependencyOrder() keeps the
    // nesting shallow for every acyclic module it can see through).
    Span s;
    globalName(m_.ast, g, &s);
    error(s, "bindery limit: resolving '" + std::string(globalName(m_.ast, g)) +
                 "' needs more than 512 nested module-scope declarations at once");
    return;
  }
  globalState_[gi] = 1;
  resolveStack_.push_back(gi);
  FnCtx* savedFn = fn_;
  std::vector<uint32_t>* savedSink = useSink_;
  fn_ = nullptr;
  useSink_ = nullptr;
  switch (g.kind) {
    case DeclKind::Var:
    case DeclKind::Const:
    case DeclKind::Override:
      useSink_ = &globalUses_[g.index];
      resolveVarDecl(g.index);
      break;
    case DeclKind::Struct: resolveStruct(g.index); break;
    case DeclKind::Alias: resolveAlias(g.index); break;
    case DeclKind::Fn: resolveFunction(g.index); break;
    case DeclKind::ConstAssert: checkConstAssert(g.index, g.span); break;
    default: break;
  }
  fn_ = savedFn;
  useSink_ = savedSink;
  resolveStack_.pop_back();
  globalState_[gi] = 2;
}

void Resolver::addUse(uint32_t varId) {
  if (!useSink_) return;
  useSink_->push_back(varId);
  for (uint32_t u : globalUses_[varId]) useSink_->push_back(u);
}

void Resolver::checkConstAssert(NodeId e, Span span) {
  TypeId t = resolveValue(e);
  if (t == kNoType) return;
  if (T[t].kind != TypeKind::Bool) {
    error(exprSpan(e), "const_assert requires a bool expression, got '" + T.name(t) + "'");
    return;
  }
  ConstValue v;
  if (m_.exprs[e].stage != EvalStage::Const) {
    error(exprSpan(e), "const_assert requires a const-expression");
    return;
  }
  if (!constValueOf(e, v)) {
    error(exprSpan(e), "could not evaluate the const_assert expression" + budgetNote());
    return;
  }
  if (!v.elems[0].i) error(span, "const_assert failed");
}

void Resolver::resolveAlias(uint32_t ai) {
  m_.aliasTypes[ai] = resolveType(m_.ast.aliases[ai].type);
}

void Resolver::resolveStruct(uint32_t si) {
  const StructDecl& sd = m_.ast.structs[si];
  StructInfo info;
  info.name = std::string(sd.name);
  info.astIndex = si;
  info.span = sd.nameSpan;
  std::map<std::string_view, Span> seen;
  for (uint32_t i = 0; i < sd.members.count; ++i) {
    const StructMember& am = m_.ast.members[sd.members.begin + i];
    MemberInfo mi;
    mi.name = std::string(am.name);
    mi.span = am.nameSpan;
    mi.attrs = am.attrs;
    auto [it, inserted] = seen.emplace(am.name, am.nameSpan);
    if (!inserted) {
      error(am.nameSpan, "duplicate member '" + mi.name + "' in struct '" + info.name + "'");
      diags_.note(it->second, "previous declaration of '" + mi.name + "'");
    }
    mi.type = resolveType(am.type);
    if (mi.type == kNoType) {
      info.members.push_back(mi);
      continue;
    }
    const Type& mt = T[mi.type];
    if (mt.kind == TypeKind::Pointer || mt.kind == TypeKind::Texture ||
        mt.kind == TypeKind::Sampler || mt.kind == TypeKind::SamplerComparison ||
        mt.kind == TypeKind::Void || mt.kind == TypeKind::Buffer)
      error(m_.ast.exprs[am.type].span,
            "struct member '" + mi.name + "' cannot have type '" + T.name(mi.type) + "'");
    if (T.containsRuntimeArray(mi.type) && i + 1 != sd.members.count)
      error(m_.ast.exprs[am.type].span, "runtime-sized array member '" + mi.name +
                                            "' must be the last member of struct '" + info.name +
                                            "'");
    for (uint32_t a = 0; a < am.attrs.count; ++a) {
      const Attribute& at = m_.ast.attrs[am.attrs.begin + a];
      if (at.name == "align" || at.name == "size") {
        int64_t v = 0;
        if (at.args.count != 1) {
          error(at.span, "@" + std::string(at.name) + " requires one argument");
          continue;
        }
        if (!evalInt(m_.ast.at(at.args, 0), at.name == "align" ? "@align value" : "@size value", v))
          continue;
        if (at.name == "align") {
          if (v <= 0 || (v & (v - 1)) != 0) {
            error(at.span, "@align value must be a positive power of 2, got " + std::to_string(v));
            continue;
          }
          mi.hasAlignAttr = true;
          mi.align = uint32_t(v);
        } else {
          if (v < int64_t(T.sizeOf(mi.type))) {
            error(at.span, "@size value " + std::to_string(v) + " is smaller than the size of '" +
                               T.name(mi.type) + "' (" + std::to_string(T.sizeOf(mi.type)) + ")");
            continue;
          }
          if (T.containsRuntimeArray(mi.type)) {
            error(at.span, "@size cannot be applied to a runtime-sized array");
            continue;
          }
          mi.hasSizeAttr = true;
          mi.size = uint32_t(v);
        }
      } else if (at.name == "location") {
        mi.hasLocation = true;
      } else if (at.name == "builtin") {
        mi.hasBuiltin = true;
      } else if (at.name == "interpolate" || at.name == "invariant" || at.name == "blend_src") {
        // IO attributes: accepted; checked against entry point use
      } else {
        error(at.span, "attribute @" + std::string(at.name) + " is not valid on struct members");
      }
    }
    checkIoAttributes(am.attrs, mi.type);
    info.members.push_back(mi);
  }
  checkBlendSrcMembers(info);
  if (sd.members.count == 0)
    error(sd.nameSpan, "struct '" + info.name + "' must have at least one member");
  if (uint64_t size = layoutStruct(T, info); size > kMaxTypeByteSize)
    error(sd.nameSpan, "struct '" + info.name + "' is too large: its byte-size " +
                           std::to_string(size) + " exceeds the " +
                           std::to_string(kMaxTypeByteSize) +
                           " bytes this implementation supports (WGSL #limits)");
  uint32_t idx = T.addStruct(std::move(info));
  m_.structTypes[si] = T.structType(idx);
}

}  // namespace bindery::wgsl
