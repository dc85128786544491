// Rules on builtin calls that depend on the shader stage or on argument
// values: synchronization builtins only in compute (#sync-builtin-functions),
// atomics not in vertex (#atomic-builtin-functions), texture `offset` and
// textureGather `component` const-expressions (#texture-builtin-functions).
#include "resolver.h"

namespace bindery::wgsl {

void Resolver::checkTextureConstArgs(std::string_view name, const std::vector<NodeId>& args,
                                     const std::vector<TypeId>& argTypes) {
  const bool sampling = name == "textureSample" || name == "textureSampleBias" ||
                        name == "textureSampleCompare" || name == "textureSampleCompareLevel" ||
                        name == "textureSampleGrad" || name == "textureSampleLevel" ||
                        name == "textureGather" || name == "textureGatherCompare";
  if (!sampling) return;
  for (size_t i = 0; i < args.size() && i < argTypes.size(); ++i) {
    const TypeId t = argTypes[i];
    if (t == kNoType) continue;
    const ExprInfo& info = m_.exprs[args[i]];
    // textureGather(component, t, s, coords, ...): an integer scalar first
    if (i == 0 && name == "textureGather" && T.isIntScalar(T.concretize(t))) {
      ConstValue v;
      if (info.stage != EvalStage::Const || !constValueOf(args[i], v)) {
        error(exprSpan(args[i]), "textureGather: 'component' must be a const-expression");
      } else if (v.elems[0].i < 0 || v.elems[0].i > 3) {
        error(exprSpan(args[i]), "textureGather: 'component' must be 0, 1, 2 or 3, got " +
                                     std::to_string(v.elems[0].i));
      }
      continue;
    }
    // the offset: the only integer vector argument of these builtins
    if (T[t].kind != TypeKind::Vector || !T.isIntScalar(T.concretize(T.leaf(t)))) continue;
    ConstValue v;
    if (info.stage != EvalStage::Const || !constValueOf(args[i], v)) {
      error(exprSpan(args[i]),
            std::string(name) + ": 'offset' must be a const-expression, e.g. vec2i(1, 2)");
      continue;
    }
    for (const Scalar& s : v.elems)
      if (s.i < -8 || s.i > 7) {
        error(exprSpan(args[i]), std::string(name) +
                                     ": each 'offset' component must be in "
                                     "[-8, 7], got " +
                                     std::to_string(s.i));
        break;
      }
  }
}

namespace {
bool isSubgroupBuiltin(std::string_view n) {
  return n.rfind("subgroup", 0) == 0 || n.rfind("quad", 0) == 0;
}
}  // namespace

void Resolver::checkSubgroupCall(std::string_view name, Span span,
                                 const std::vector<NodeId>& args) {
  if (!isSubgroupBuiltin(name)) return;
  if (!isEnabled("subgroups")) {
    error(span,
          "'" + std::string(name) + "' requires 'enable subgroups;' (#subgroup-builtin-functions)");
    return;
  }
  // #subgroupbroadcast-builtin: id a const-expression in [0, 128);
  // #quadbroadcast-builtin: in [0, 4)
  if ((name == "subgroupBroadcast" || name == "quadBroadcast") && args.size() == 2) {
    const int64_t limit = name == "quadBroadcast" ? 4 : 128;
    ConstValue v;
    if (m_.exprs[args[1]].stage != EvalStage::Const || !constValueOf(args[1], v))
      error(exprSpan(args[1]), std::string(name) + ": 'id' must be a const-expression");
    else if (v.elems[0].i < 0 || v.elems[0].i >= limit)
      error(exprSpan(args[1]), std::string(name) + ": 'id' must be in [0, " +
                                   std::to_string(limit) + "), got " +
                                   std::to_string(v.elems[0].i));
  }
}

// #subgroup-size-attr: `enable subgroup_size_control;`, a compute entry
// point, an i32/u32 const- or override-expression that is a power of two
// (else a shader- or pipeline-creation error), dividing workgroup_size's x.
void Resolver::checkSubgroupSize(uint32_t fi) {
  const FnDecl& f = m_.ast.fns[fi];
  const FnInfo& info = m_.fns[fi];
  for (uint32_t i = 0; i < f.attrs.count; ++i) {
    const Attribute& a = m_.ast.attrs[f.attrs.begin + i];
    if (a.name != "subgroup_size") continue;
    if (!isEnabled("subgroup_size_control")) {
      error(a.span, "@subgroup_size requires 'enable subgroup_size_control;'");
      return;
    }
    if (!info.isEntry || info.stage != Stage::Compute) {
      error(a.span, "@subgroup_size is only valid on @compute entry points");
      return;
    }
    if (a.args.count != 1) {
      error(a.span, "@subgroup_size takes one argument");
      return;
    }
    const NodeId e = m_.ast.at(a.args, 0);
    FnCtx* saved = fn_;
    fn_ = nullptr;
    bool override = false;
    int64_t v = 0;
    bool ok = evalInt(e, "@subgroup_size value", v, true, &override);
    fn_ = saved;
    if (!ok) return;
    if (v < 1 || (v & (v - 1)) != 0) {
      const std::string why = "@subgroup_size must be a power of two, got " + std::to_string(v);
      if (override)
        pipelineError(exprSpan(e), why + " (with the override values in use)", fi);
      else
        error(exprSpan(e), why);
    } else if (info.workgroupSize[0] != 0 && info.workgroupSize[0] % uint64_t(v) != 0) {
      pipelineError(exprSpan(e),
                    "the x-dimension of @workgroup_size (" + std::to_string(info.workgroupSize[0]) +
                        ") is not a multiple of @subgroup_size (" + std::to_string(v) + ")",
                    fi);
    }
    return;
  }
}

void Resolver::checkStageBuiltins(uint32_t fi) {
  const FnInfo& info = m_.fns[fi];
  const FnDecl& f = m_.ast.fns[fi];
  for (const auto& [name, span] : info.builtinCalls) {
    const bool sync = name == "workgroupBarrier" || name == "storageBarrier" ||
                      name == "textureBarrier" || name == "workgroupUniformLoad";
    const bool atomic = name.rfind("atomic", 0) == 0;
    std::string why;
    if (isSubgroupBuiltin(name) && info.stage == Stage::Vertex)
      why = "'" + name +
            "', which only compute and fragment shaders may call (#subgroup-builtin-functions)";
    else if (sync && info.stage != Stage::Compute)
      why = "'" + name + "', which only a compute shader may call (#sync-builtin-functions)";
    else if (atomic && info.stage == Stage::Vertex)
      why = "atomic builtin '" + name +
            "', which a vertex shader may not use (#atomic-builtin-functions)";
    if (why.empty()) continue;
    error(f.nameSpan, std::string(toString(info.stage)) + " entry point '" + std::string(f.name) +
                          "' calls " + why);
    diags_.note(span, "'" + name + "' is called here");
    return;
  }
}

}  // namespace bindery::wgsl
