// The rules of "validating GPUProgrammableStage"
// (#abstract-opdef-validating-gpuprogrammablestage) beyond the bindings:
// the override values of `constants` applied to the WGSL (workgroup size,
// workgroup arrays, pipeline-creation errors), the immediate data size, the
// compatibility-mode texture rules, and the compute limits
// (#compute-pipeline-creation) at those values. resolveStage (pipeline.cpp)
// and validateStagesAgainstLayout call these; checkShaderBindings (`bindery
// check`) shares validateComputeLimits.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "bindery/limits.h"
#include "bindery/wgsl/reflection.h"
#include "core/base/error_data.h"

namespace bindery::core {

class DeviceBase;
class ShaderModuleBase;
class PipelineLayoutBase;

// What a message needs to say where a number came from: the constants the
// descriptor gives and the module's overrides.
struct OverrideContext {
  const std::map<std::string, double>* constants = nullptr;  // null: none given
  const std::vector<wgsl::OverrideInfo>* overrides = nullptr;
  // "descriptor.compute": a literal or a string that outlives the context
  // (a std::string here was an allocation per pipeline).
  std::string_view field;
};

// The entry point `ep` (index `index` of `module`) with `constants` applied
// (#override-decls): the module's own reflection when no constant is given,
// else the WGSL re-evaluated with the values (owned by *specialized). Then
// the WGSL pipeline-creation errors at those values.
MaybeError specializeEntryPoint(const ShaderModuleBase& module, size_t index,
                                const OverrideContext& context,
                                std::shared_ptr<const wgsl::EntryPoint>* specialized);

// #abstract-opdef-validating-gpuprogrammablestage, compatibility mode
// (no "core-features-and-limits"): no textureLoad of a depth texture, a
// depth texture only with a sampler_comparison, and the texture+sampler
// pairs within maxSampledTexturesPerShaderStage / maxSamplersPerShaderStage.
MaybeError validateCompatibilityTextureUses(const wgsl::EntryPoint& ep,
                                            const std::vector<wgsl::ResourceBinding>& declared,
                                            const Limits& limits, std::string_view moduleName);

// #abstract-opdef-validating-gpufragmentstate, compatibility mode: no function
// of the fragment stage is
// dpdxFine, dpdyFine or fwidthFine.
MaybeError validateCompatibilityFragment(const wgsl::EntryPoint& ep, std::string_view moduleName);

// The immediate data variable the entry point uses fits
// layout.[[immediateSize]] (#abstract-opdef-validating-gpuprogrammablestage).
MaybeError validateImmediateSize(const wgsl::EntryPoint& ep, uint32_t layoutImmediateSize,
                                 std::string_view layoutName, std::string_view moduleName);

// #compute-pipeline-creation: each @workgroup_size dimension, their product
// and the workgroup storage against the limits, saying which override values
// made the numbers. `context` may be empty (no constants, no overrides).
MaybeError validateComputeLimits(const wgsl::EntryPoint& ep, const OverrideContext& context,
                                 const Limits& limits);

}  // namespace bindery::core
