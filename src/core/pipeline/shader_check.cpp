// checkShaderBindings (include/bindery/shader_check.h): the binding part of
// pipeline creation over a hand-written layout, without a device.
#include "bindery/shader_check.h"

#include <fmt/format.h>

#include "bindery/wgsl/module.h"
#include "core/pipeline/programmable_stage.h"
#include "core/pipeline/shader_binding_validation.h"
#include "core/pipeline/shader_module.h"

namespace bindery {

ShaderCheckResult checkShaderBindings(std::string_view source,
                                      const std::vector<std::vector<BindGroupLayoutEntry>>& groups,
                                      const ShaderCheckOptions& options) {
  ShaderCheckResult result;
  wgsl::Module module = wgsl::parse(source);
  result.compilation = core::makeCompilationInfo(source, module.diagnostics());
  result.compiled = module.ok();
  if (!result.compiled) return result;
  wgsl::Reflection reflection = module.reflect();
  std::vector<core::EntryPointExtras> extras;
  std::vector<core::ResourceDeclaration> declarations;
  core::deriveModuleExtras(reflection, &extras, &declarations);

  std::vector<std::vector<core::LayoutEntry>> entries(groups.size());
  core::ShaderLayoutView layout;
  layout.name = options.layoutName;
  layout.groups.resize(groups.size());
  for (size_t g = 0; g < groups.size(); ++g) {
    for (const BindGroupLayoutEntry& e : groups[g]) {
      entries[g].push_back(core::LayoutEntry::fromPublic(e));
    }
    layout.groups[g].entries = entries[g];
    layout.groups[g].name = fmt::format("@group({}) of {}", g, options.layoutName);
  }

  bool found = false;
  for (size_t i = 0; i < reflection.entryPoints.size(); ++i) {
    const wgsl::EntryPoint& ep = reflection.entryPoints[i];
    if (options.entryPoint && ep.name != *options.entryPoint) continue;
    found = true;
    result.entryPoints.push_back(ep.name);
    core::ShaderStageView stage;
    stage.stage = core::toShaderStage(ep.stage);
    stage.entryPoint = &ep;
    stage.samplerPairs = extras[i].samplerPairs;
    stage.moduleName = options.moduleName;
    stage.module = &reflection;
    std::vector<std::unique_ptr<core::ErrorData>> errors;
    core::collectShaderBindingErrors(stage, layout, /*all=*/true, &errors);
    if (ep.stage == wgsl::Stage::Compute) {
      core::MaybeError limits = core::validateComputeLimits(
          ep, {nullptr, &reflection.overrides, "the stage"}, options.limits);
      if (limits.isError()) errors.push_back(limits.release());
    }
    for (const auto& e : errors) result.errors.push_back({e->type, e->code, e->format()});
  }
  if (options.entryPoint && !found) {
    std::string names;
    for (const wgsl::EntryPoint& ep : reflection.entryPoints) {
      names += (names.empty() ? "'" : ", '") + ep.name + "'";
    }
    result.errors.push_back(
        {ErrorType::Validation, ErrorCode::PipelineEntryPointNotFound,
         fmt::format("{} has no entry point named '{}' (its entry points: {}).", options.moduleName,
                     *options.entryPoint, names.empty() ? "none" : names)});
  }
  return result;
}

}  // namespace bindery
