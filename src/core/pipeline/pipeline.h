// PipelineBase: what GPUComputePipeline and GPURenderPipeline share
// (#pipeline-base): [[layout]] (explicit, or made by layout: 'auto'), the
// entry point of each stage, and what command encoding needs of them
// (PipelineBindingInfo: the groups the layout has, the shader's minimum
// buffer sizes for entries whose minBindingSize is 0).
//
// Compute pipelines: compute_pipeline.cpp; render pipelines:
// render_pipeline.cpp; layout: 'auto': default_layout.cpp; getBindGroupLayout
// and the shared stage checks: pipeline.cpp.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "bindery/pipeline.h"
#include "core/base/error_data.h"
#include "core/base/object_base.h"
#include "core/base/ref.h"
#include "core/binding/bind_group_layout.h"
#include "core/binding/bind_group_tracker.h"
#include "core/binding/pipeline_layout.h"
#include "core/device/backend_owner.h"
#include "core/pipeline/shader_module.h"

namespace bindery::core {

// One programmable stage of a pipeline, resolved (#abstract-opdef-get-the-entry-point).
struct PipelineStage {
  ShaderStage stage = ShaderStage::Compute;
  Ref<ShaderModuleBase> module;
  std::string entryPoint;
  // The entry point's reflection at the stage's constants (its workgroup
  // size, workgroup variables and pipeline-creation errors follow the
  // override values; == specialized.get()), and its extras (owned by `module`).
  const wgsl::EntryPoint* reflection = nullptr;
  const EntryPointExtras* extras = nullptr;
  // Owns `reflection` when constants were given; else it points into `module`.
  std::shared_ptr<const wgsl::EntryPoint> specialized;
  // The constants the descriptor gave (for messages about sizes they made).
  std::map<std::string, double> constants;
};

class PipelineBase : public ObjectBase {
 public:
  // [[layout]]: never null for a valid pipeline.
  PipelineLayoutBase* layout() const { return layout_.get(); }
  // True when the descriptor's layout was 'auto' (#default-pipeline-layout).
  bool hasAutoLayout() const { return autoLayout_; }
  // The stages in descriptor order (compute; or vertex then fragment).
  std::span<const PipelineStage> stages() const { return stages_; }
  const PipelineStage* stage(ShaderStage s) const;

  // What the bind group tracker needs (lives as long as the pipeline):
  // groupMask (the @group slots [[layout]] has a layout in),
  // hasWritableBindings, and minBufferSizes[group][dense buffer index]: the
  // shader's minimum binding size of the buffer entries whose layout
  // minBindingSize is 0 (the "late" check at draw / dispatch), else 0.
  const PipelineBindingInfo& bindingInfo() const { return bindingInfo_; }
  // The @group indices any stage statically uses (bit g = @group(g)).
  uint64_t shaderGroupMask() const { return shaderGroupMask_; }

  // #dom-gpupipelinebase-getbindgrouplayout (errors dispatched).
  Ref<BindGroupLayoutBase> getBindGroupLayout(uint32_t index);

  // Creation, once: sets [[layout]] and the stages (moved from; at most as
  // many as the pipeline's kind has), derives bindingInfo_ / shaderGroupMask_.
  void initialize(Ref<PipelineLayoutBase> layout, bool autoLayout, std::span<PipelineStage> stages);

 protected:
  PipelineBase(DeviceBase* device, ObjectType type, std::string_view label);
  PipelineBase(DeviceBase* device, ObjectType type, std::string_view label, InvalidTag);
  ~PipelineBase() override;
  // The derived pipeline's room for its stages (in the object itself: no
  // allocation), set by its constructor.
  void setStageStorage(std::span<PipelineStage> storage) { stageStorage_ = storage; }

 private:
  Ref<PipelineLayoutBase> layout_;
  bool autoLayout_ = false;
  std::span<PipelineStage> stageStorage_;
  std::span<const PipelineStage> stages_;
  PipelineBindingInfo bindingInfo_;
  uint64_t shaderGroupMask_ = 0;
};

class ComputePipelineBase final : public PipelineBase,
                                  public BackendOwner<backend::ComputePipelineBackend> {
 public:
  ComputePipelineBase(DeviceBase* device, std::string_view label);
  ComputePipelineBase(DeviceBase* device, std::string_view label, InvalidTag);
  ~ComputePipelineBase() override;

  std::array<uint32_t, 3> workgroupSize() const { return workgroupSize_; }

 private:
  friend class DeviceBase;
  std::array<uint32_t, 3> workgroupSize_ = {1, 1, 1};
  std::array<PipelineStage, 1> ownStages_;  // compute (PipelineBase::stages())
};

class RenderPipelineBase final : public PipelineBase,
                                 public BackendOwner<backend::RenderPipelineBackend> {
 public:
  RenderPipelineBase(DeviceBase* device, const RenderPipelineDescriptor& descriptor);
  RenderPipelineBase(DeviceBase* device, const RenderPipelineDescriptor& descriptor, InvalidTag);
  ~RenderPipelineBase() override;

  // [[descriptor]] with the defaults filled in; the module handles are kept.
  const RenderPipelineDescriptor& descriptor() const { return descriptor_; }
  // The index of the last non-null vertex.buffers entry + 1 (0 when none).
  uint32_t vertexBufferCount() const { return vertexBufferCount_; }
  // The color target formats per attachment index (nullopt for a null target).
  const std::vector<std::optional<TextureFormat>>& colorFormats() const { return colorFormats_; }
  std::optional<TextureFormat> depthStencilFormat() const { return depthStencilFormat_; }
  uint32_t sampleCount() const { return descriptor_.multisample.count; }
  // [[writesDepth]] / [[writesStencil]] (#render-pipeline-creation).
  bool writesDepth() const { return writesDepth_; }
  bool writesStencil() const { return writesStencil_; }
  PrimitiveTopology topology() const { return descriptor_.primitive.topology; }
  std::optional<IndexFormat> stripIndexFormat() const {
    return descriptor_.primitive.stripIndexFormat;
  }

 private:
  friend class DeviceBase;
  RenderPipelineDescriptor descriptor_;
  uint32_t vertexBufferCount_ = 0;
  std::vector<std::optional<TextureFormat>> colorFormats_;
  std::optional<TextureFormat> depthStencilFormat_;
  bool writesDepth_ = false;
  bool writesStencil_ = false;
  std::array<PipelineStage, 2> ownStages_;  // vertex, fragment (PipelineBase::stages())
};

// --- Creation steps shared by compute and render pipelines (pipeline.cpp,
// default_layout.cpp) ---------------------------------------------------------

// A GPUProgrammableStage of the descriptor, and its field path ("descriptor.compute").
struct StageRequest {
  ShaderStage stage = ShaderStage::Compute;
  const ShaderModule* module = nullptr;
  const std::optional<std::string>* entryPoint = nullptr;
  const std::map<std::string, double>* constants = nullptr;
  std::string_view field;  // a literal: no allocation per pipeline
};

// The module (valid, of this device), #abstract-opdef-get-the-entry-point,
// the constants (known keys, convertible values, every used override
// without a default given), the WGSL at those values (pipeline-creation
// errors) and, in compatibility mode, the texture builtin rules.
MaybeError resolveStage(const DeviceBase* device, const StageRequest& request, PipelineStage* out);
// The plain-data views shader_binding_validation works on; `named`: with the
// names messages quote (the module, the layout and its groups), else without.
ShaderStageView stageView(const PipelineStage& stage, bool named = true);
ShaderLayoutView layoutView(const PipelineLayoutBase& layout, bool isAuto,
                            const ObjectBase* pipeline, bool named = true);
// [[layout]]: the explicit layout (valid, of this device), or the default
// pipeline layout of `stages` owned by `owner` (#default-pipeline-layout).
MaybeError resolvePipelineLayout(DeviceBase* device, const PipelineLayoutOrAuto& layout,
                                 std::span<const PipelineStage> stages, const PipelineBase* owner,
                                 Ref<PipelineLayoutBase>* out, bool* isAuto);
// #default-pipeline-layout
MaybeError createDefaultPipelineLayout(DeviceBase* device, std::span<const PipelineStage> stages,
                                       const PipelineBase* owner, Ref<PipelineLayoutBase>* out);
// Every stage's bindings and immediate data size against [[layout]]
// ("validating GPUProgrammableStage").
MaybeError validateStagesAgainstLayout(std::span<const PipelineStage> stages,
                                       const PipelineLayoutBase& layout, bool isAuto,
                                       const ObjectBase* pipeline);

}  // namespace bindery::core
