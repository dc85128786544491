// "validating shader binding" (#pipeline-base) and the rest of the binding
// part of "validating GPUProgrammableStage": every resource an entry point
// statically uses against a layout, over plain data so that pipeline
// creation and `bindery check` (no device) run the same code and print the
// same messages.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "bindery/flags.h"
#include "bindery/limits.h"
#include "bindery/wgsl/reflection.h"
#include "core/base/error_data.h"
#include "core/binding/bind_group_layout.h"

namespace bindery::core {

// A texture and a sampler passed together to a texture builtin by an entry
// point (directly or through the functions it calls).
struct SamplerTexturePair {
  uint32_t textureGroup = 0, textureBinding = 0;
  uint32_t samplerGroup = 0, samplerBinding = 0;
  bool operator==(const SamplerTexturePair&) const = default;
};

// One @group of the layout being checked.
struct LayoutGroupView {
  std::span<const LayoutEntry> entries;  // any order; empty: no layout in that slot
  std::string name;  // `[BindGroupLayout "escena"]`, or "group 0 of layout.json"
};

// The layout being checked: groups[i] is @group(i).
struct ShaderLayoutView {
  std::vector<LayoutGroupView> groups;
  std::string name;  // `[PipelineLayout "p"]`, "the layout: 'auto' of ...", "layout.json"
  bool isAuto = false;
};

// One stage of the pipeline being checked.
struct ShaderStageView {
  ShaderStage stage = ShaderStage::Compute;
  const wgsl::EntryPoint* entryPoint = nullptr;
  std::span<const SamplerTexturePair> samplerPairs;
  std::string moduleName;  // `[ShaderModule "blur"]` or "blur.wgsl"
  // The module's reflection (its struct layouts, to explain buffer sizes); may be null.
  const wgsl::Reflection* module = nullptr;
};

// The GPUShaderStage of a WGSL stage.
ShaderStage toShaderStage(wgsl::Stage stage);
// "GPUShaderStage.COMPUTE" etc.
std::string_view stageFlagName(ShaderStage stage);
TextureViewDimension toViewDimension(wgsl::ViewDimension dimension);
// The API format of a WGSL texel format (nullopt for None).
std::optional<TextureFormat> toTextureFormat(wgsl::TexelFormat format);

// The entry layout: 'auto' would make for `resource` used at `stage`
// (#default-pipeline-layout, before merging across stages).
LayoutEntry autoLayoutEntry(const wgsl::ResourceBinding& resource, ShaderStage stage);
// The entry the shader needs, as close to `existing` as possible (its
// visibility plus the stage, its hasDynamicOffset, a compatible sampleType
// it already has). `existing` may be null.
LayoutEntry neededLayoutEntry(const wgsl::ResourceBinding& resource, ShaderStage stage,
                              const LayoutEntry* existing);

// "@group(0) @binding(2) 'entorno' (line 12: texture_cube<f32>)".
std::string describeDeclaration(const wgsl::ResourceBinding& resource);

// Checks every binding `stage` statically uses against `layout`, and the
// filtering-sampler rule. With `all`, collects every error (the CLI);
// otherwise stops at the first.
void collectShaderBindingErrors(const ShaderStageView& stage, const ShaderLayoutView& layout,
                                bool all, std::vector<std::unique_ptr<ErrorData>>* errors);
MaybeError validateShaderBindings(const ShaderStageView& stage, const ShaderLayoutView& layout);

}  // namespace bindery::core
