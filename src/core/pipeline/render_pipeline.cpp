// GPURenderPipeline: #render-pipeline-creation (and the async form): the
// vertex and fragment stages against [[layout]], and the render state that
// binding and command encoding need (vertex buffers, targets, depth-stencil,
// multisample, primitive).
//
// The rules that tie the shader's stage inputs and outputs to that state
// (vertex attributes vs @location inputs, fragment outputs vs targets and
// dual-source blending, inter-stage variables, frag_depth / sample_mask) are
// in render_pipeline_io.cpp, run after the render state here.
#include <fmt/format.h>

#include <set>

#include "core/base/handles.h"
#include "core/device/device.h"
#include "core/pipeline/pipeline.h"
#include "core/pipeline/render_pipeline_io.h"
#include "core/resources/format.h"

namespace bindery::core {

RenderPipelineBase::RenderPipelineBase(DeviceBase* device, const RenderPipelineDescriptor& d)
    : PipelineBase(device, ObjectType::RenderPipeline, d.label), descriptor_(d) {
  setStageStorage(ownStages_);
  for (size_t i = 0; i < d.vertex.buffers.size(); ++i) {
    if (d.vertex.buffers[i]) vertexBufferCount_ = static_cast<uint32_t>(i + 1);
  }
  if (d.fragment) {
    for (const auto& target : d.fragment->targets) {
      colorFormats_.push_back(target ? std::optional<TextureFormat>(target->format) : std::nullopt);
    }
  }
  if (d.depthStencil) {
    const DepthStencilState& ds = *d.depthStencil;
    depthStencilFormat_ = ds.format;
    writesDepth_ = ds.depthWriteEnabled.value_or(false);
    if (ds.stencilWriteMask != 0) {
      auto writes = [](const StencilFaceState& f) {
        return f.passOp != StencilOperation::Keep || f.depthFailOp != StencilOperation::Keep ||
               f.failOp != StencilOperation::Keep;
      };
      CullMode cull = d.primitive.cullMode;
      writesStencil_ = (cull != CullMode::Front && writes(ds.stencilFront)) ||
                       (cull != CullMode::Back && writes(ds.stencilBack));
    }
  }
}

RenderPipelineBase::RenderPipelineBase(DeviceBase* device, const RenderPipelineDescriptor& d,
                                       InvalidTag tag)
    : PipelineBase(device, ObjectType::RenderPipeline, d.label, tag) {
  setStageStorage(ownStages_);
}

RenderPipelineBase::~RenderPipelineBase() = default;

namespace {

// #abstract-opdef-validating-gpuvertexbufferlayout and the buffer counts of
// #abstract-opdef-validating-gpuvertexstate.
MaybeError validateVertexBuffers(const DeviceBase* device, const VertexState& v) {
  const Limits& limits = device->limits();
  BINDERY_INVALID_IF_FIX(v.buffers.size() > limits.maxVertexBuffers,
                         RenderPipelineVertexBufferCount,
                         "Interleave attributes into fewer buffers, or request a higher "
                         "maxVertexBuffers.",
                         "descriptor.vertex.buffers has {} elements, more than the device's "
                         "maxVertexBuffers limit ({}).",
                         v.buffers.size(), limits.maxVertexBuffers);
  size_t totalAttributes = 0;
  std::set<uint32_t> locations;
  for (size_t i = 0; i < v.buffers.size(); ++i) {
    if (!v.buffers[i]) continue;
    const VertexBufferLayout& b = *v.buffers[i];
    std::string field = fmt::format("descriptor.vertex.buffers[{}]", i);
    BINDERY_INVALID_IF(b.arrayStride > limits.maxVertexBufferArrayStride,
                       RenderPipelineVertexBufferLayout,
                       "{}.arrayStride ({}) exceeds the device's maxVertexBufferArrayStride limit "
                       "({}).",
                       field, b.arrayStride, limits.maxVertexBufferArrayStride);
    BINDERY_INVALID_IF_FIX(b.arrayStride % 4 != 0, RenderPipelineVertexBufferLayout,
                           fmt::format("Pad the vertex to {} bytes.", (b.arrayStride + 3) / 4 * 4),
                           "{}.arrayStride ({}) is not a multiple of 4.", field, b.arrayStride);
    for (size_t j = 0; j < b.attributes.size(); ++j) {
      const VertexAttribute& a = b.attributes[j];
      std::string af = fmt::format("{}.attributes[{}]", field, j);
      uint64_t size = vertexFormatSize(a.format);
      uint64_t end = b.arrayStride == 0 ? limits.maxVertexBufferArrayStride : b.arrayStride;
      BINDERY_INVALID_IF(a.offset + size > end, RenderPipelineVertexBufferLayout,
                         "{} ('{}' at offset {}) ends at byte {}, past {} ({}).", af,
                         toString(a.format), a.offset, a.offset + size,
                         b.arrayStride == 0 ? "maxVertexBufferArrayStride" : "the arrayStride",
                         end);
      uint64_t align = std::min<uint64_t>(4, size);
      BINDERY_INVALID_IF(a.offset % align != 0, RenderPipelineVertexBufferLayout,
                         "{}.offset ({}) is not a multiple of {} (the smaller of 4 and the size "
                         "of '{}').",
                         af, a.offset, align, toString(a.format));
      BINDERY_INVALID_IF(a.shaderLocation >= limits.maxVertexAttributes,
                         RenderPipelineVertexBufferLayout,
                         "{}.shaderLocation ({}) must be less than the device's "
                         "maxVertexAttributes limit ({}).",
                         af, a.shaderLocation, limits.maxVertexAttributes);
      BINDERY_INVALID_IF(!locations.insert(a.shaderLocation).second,
                         RenderPipelineVertexBufferLayout,
                         "{}.shaderLocation ({}) is used by another attribute too; each "
                         "@location gets exactly one attribute.",
                         af, a.shaderLocation);
    }
    totalAttributes += b.attributes.size();
  }
  BINDERY_INVALID_IF(totalAttributes > limits.maxVertexAttributes, RenderPipelineVertexBufferLayout,
                     "descriptor.vertex.buffers have {} attributes in all, more than the device's "
                     "maxVertexAttributes limit ({}).",
                     totalAttributes, limits.maxVertexAttributes);
  return {};
}

bool hasAlphaChannel(TextureFormat f) {
  std::string_view n = toString(f);
  return n.starts_with("rgba") || n.starts_with("bgra") || n.starts_with("rgb10a2");
}

// #abstract-opdef-validating-gpufragmentstate (the target part).
MaybeError validateTargets(const DeviceBase* device, const FragmentState& f) {
  const Limits& limits = device->limits();
  const FeatureSet& features = device->features();
  BINDERY_INVALID_IF(f.targets.size() > limits.maxColorAttachments, RenderPipelineColorTargets,
                     "descriptor.fragment.targets has {} elements, more than the device's "
                     "maxColorAttachments limit ({}).",
                     f.targets.size(), limits.maxColorAttachments);
  uint32_t bytes = 0;
  for (size_t i = 0; i < f.targets.size(); ++i) {
    if (!f.targets[i]) continue;
    const ColorTargetState& t = *f.targets[i];
    std::string field = fmt::format("descriptor.fragment.targets[{}]", i);
    const FormatInfo& info = formatInfo(t.format);
    BINDERY_INVALID_IF(!formatSupported(t.format, features), MissingFeature,
                       "{}.format '{}' needs the \"{}\" feature, which the device lacks.", field,
                       toString(t.format),
                       info.requiredFeature ? toString(*info.requiredFeature) : "");
    BINDERY_INVALID_IF(!info.isPlainColor() || !isRenderable(t.format, features),
                       RenderPipelineColorTargets,
                       "{}.format '{}' is not a color format with RENDER_ATTACHMENT capability.",
                       field, toString(t.format));
    // No rule on multisampling the format here: the spec checks that
    // capability only where a multisampled texture is made (#texture-creation),
    // so a pipeline with multisample.count 4 and an 'rgba32float' target is
    // valid (no pass can match it).
    BINDERY_INVALID_IF(t.writeMask.bits() >= 16, RenderPipelineColorTargets,
                       "{}.writeMask ({}) has bits that are not GPUColorWrite flags.", field,
                       t.writeMask.bits());
    if (t.blend) {
      BINDERY_INVALID_IF_FIX(!isBlendable(t.format, features), RenderPipelineColorTargets,
                             "Remove the blend state, or use a blendable format.",
                             "{}.blend is set, but '{}' is not blendable.", field,
                             toString(t.format));
      for (const auto& [name, c] :
           {std::pair<const char*, const BlendComponent&>{"color", t.blend->color},
            std::pair<const char*, const BlendComponent&>{"alpha", t.blend->alpha}}) {
        bool minMax = c.operation == BlendOperation::Min || c.operation == BlendOperation::Max;
        BINDERY_INVALID_IF(
            minMax && (c.srcFactor != BlendFactor::One || c.dstFactor != BlendFactor::One),
            RenderPipelineColorTargets,
            "{}.blend.{}.operation is '{}', so srcFactor and dstFactor must be 'one' (they are "
            "'{}' and '{}').",
            field, name, toString(c.operation), toString(c.srcFactor), toString(c.dstFactor));
        // The shader side of dual-source blending: render_pipeline_io.cpp.
        BINDERY_INVALID_IF(
            (isDualSourceFactor(c.srcFactor) || isDualSourceFactor(c.dstFactor)) &&
                !features.has(FeatureName::DualSourceBlending),
            MissingFeature,
            "{}.blend.{} uses a 'src1' factor, which needs the \"dual-source-blending\" feature.",
            field, name);
      }
    }
    uint32_t align = std::max<uint32_t>(1, info.renderTargetComponentAlignment);
    bytes = (bytes + align - 1) / align * align + info.renderTargetPixelByteCost;
  }
  BINDERY_INVALID_IF_FIX(
      bytes > limits.maxColorAttachmentBytesPerSample, RenderPipelineColorTargets,
      "Use fewer or smaller color targets, or request a higher maxColorAttachmentBytesPerSample.",
      "descriptor.fragment.targets need {} bytes per sample, more than the device's "
      "maxColorAttachmentBytesPerSample limit ({}).",
      bytes, limits.maxColorAttachmentBytesPerSample);
  return {};
}

// #abstract-opdef-validating-gpudepthstencilstate
MaybeError validateDepthStencil(const DeviceBase* device, const DepthStencilState& ds,
                                PrimitiveTopology topology) {
  const FormatInfo& info = formatInfo(ds.format);
  BINDERY_INVALID_IF(!formatSupported(ds.format, device->features()), MissingFeature,
                     "descriptor.depthStencil.format '{}' needs the \"{}\" feature, which the "
                     "device lacks.",
                     toString(ds.format),
                     info.requiredFeature ? toString(*info.requiredFeature) : "");
  BINDERY_INVALID_IF(!info.isDepthOrStencil(), RenderPipelineDepthStencilState,
                     "descriptor.depthStencil.format '{}' is not a depth-or-stencil format.",
                     toString(ds.format));
  bool depthUsed = ds.depthWriteEnabled.value_or(false) ||
                   (ds.depthCompare && *ds.depthCompare != CompareFunction::Always);
  BINDERY_INVALID_IF(depthUsed && !info.hasDepth(), RenderPipelineDepthStencilState,
                     "descriptor.depthStencil writes or tests depth, but '{}' has no depth aspect.",
                     toString(ds.format));
  auto isDefault = [](const StencilFaceState& f) {
    return f.compare == CompareFunction::Always && f.failOp == StencilOperation::Keep &&
           f.depthFailOp == StencilOperation::Keep && f.passOp == StencilOperation::Keep;
  };
  BINDERY_INVALID_IF(
      !(isDefault(ds.stencilFront) && isDefault(ds.stencilBack)) && !info.hasStencil(),
      RenderPipelineDepthStencilState,
      "descriptor.depthStencil sets stencilFront / stencilBack, but '{}' has no "
      "stencil aspect.",
      toString(ds.format));
  if (info.hasDepth()) {
    BINDERY_INVALID_IF_FIX(!ds.depthWriteEnabled, RenderPipelineDepthStencilState,
                           "Set depthWriteEnabled: true or false.",
                           "descriptor.depthStencil.format '{}' has depth, so depthWriteEnabled "
                           "is required.",
                           toString(ds.format));
    bool needCompare = ds.depthWriteEnabled.value_or(false) ||
                       ds.stencilFront.depthFailOp != StencilOperation::Keep ||
                       ds.stencilBack.depthFailOp != StencilOperation::Keep;
    BINDERY_INVALID_IF_FIX(needCompare && !ds.depthCompare, RenderPipelineDepthStencilState,
                           "Set depthCompare, e.g. 'less'.",
                           "descriptor.depthStencil writes depth (or has a depthFailOp), so "
                           "depthCompare is required.");
  }
  bool lines = topology == PrimitiveTopology::PointList ||
               topology == PrimitiveTopology::LineList || topology == PrimitiveTopology::LineStrip;
  BINDERY_INVALID_IF(
      lines && (ds.depthBias != 0 || ds.depthBiasSlopeScale != 0 || ds.depthBiasClamp != 0),
      RenderPipelineDepthStencilState,
      "primitive.topology is '{}', so depthBias, depthBiasSlopeScale and "
      "depthBiasClamp must be 0.",
      toString(topology));
  return {};
}

MaybeError validateRenderState(const DeviceBase* device, const RenderPipelineDescriptor& d) {
  BINDERY_TRY(validateVertexBuffers(device, d.vertex));
  // #abstract-opdef-validating-gpuprimitivestate
  bool strip = d.primitive.topology == PrimitiveTopology::LineStrip ||
               d.primitive.topology == PrimitiveTopology::TriangleStrip;
  BINDERY_INVALID_IF_FIX(!strip && d.primitive.stripIndexFormat, RenderPipelinePrimitiveState,
                         "Remove stripIndexFormat (it is only for strip topologies).",
                         "descriptor.primitive.stripIndexFormat is set, but topology '{}' is "
                         "not a strip.",
                         toString(d.primitive.topology));
  BINDERY_INVALID_IF(
      d.primitive.unclippedDepth && !device->hasFeature(FeatureName::DepthClipControl),
      MissingFeature,
      "descriptor.primitive.unclippedDepth needs the \"depth-clip-control\" "
      "feature, which the device lacks.");
  // #abstract-opdef-validating-gpumultisamplestate
  const MultisampleState& ms = d.multisample;
  BINDERY_INVALID_IF(ms.count != 1 && ms.count != 4, RenderPipelineMultisample,
                     "descriptor.multisample.count ({}) must be 1 or 4.", ms.count);
  BINDERY_INVALID_IF(ms.alphaToCoverageEnabled && ms.count == 1, RenderPipelineMultisample,
                     "descriptor.multisample.alphaToCoverageEnabled needs count > 1.");
  if (ms.alphaToCoverageEnabled) {
    bool ok = d.fragment && !d.fragment->targets.empty() && d.fragment->targets[0] &&
              isBlendable(d.fragment->targets[0]->format, device->features()) &&
              hasAlphaChannel(d.fragment->targets[0]->format);
    BINDERY_INVALID_IF(!ok, RenderPipelineMultisample,
                       "alphaToCoverageEnabled needs fragment.targets[0] with a blendable format "
                       "that has an alpha channel.");
  }
  if (d.fragment) BINDERY_TRY(validateTargets(device, *d.fragment));
  if (d.depthStencil) {
    BINDERY_TRY(validateDepthStencil(device, *d.depthStencil, d.primitive.topology));
  }
  bool anyTarget = false;
  if (d.fragment) {
    for (const auto& t : d.fragment->targets) anyTarget |= t.has_value();
  }
  BINDERY_INVALID_IF_FIX(!anyTarget && !d.depthStencil, RenderPipelineNoOutput,
                         "Add a fragment state with a color target, or a depthStencil state.",
                         "The pipeline has no attachment: no non-null fragment.targets and no "
                         "depthStencil.");
  return {};
}

MaybeError createRenderPipelineImpl(DeviceBase* device, const RenderPipelineDescriptor& d,
                                    Ref<RenderPipelineBase>* result) {
  // As createComputePipeline: the modules' reflection, fetched at once.
  if (const auto* module = fromHandle<ShaderModuleBase>(d.vertex.module)) {
    module->prefetchForPipeline();
  }
  if (d.fragment) {
    const auto* module = fromHandle<ShaderModuleBase>(d.fragment->module);
    if (module && module != fromHandle<ShaderModuleBase>(d.vertex.module)) {
      module->prefetchForPipeline();
    }
  }
  auto pipeline = Ref<RenderPipelineBase>::adopt(new RenderPipelineBase(device, d));
  std::array<PipelineStage, 2> stageSlots;
  std::span<PipelineStage> stages(stageSlots.data(), d.fragment ? 2 : 1);
  BINDERY_TRY(resolveStage(device,
                           {ShaderStage::Vertex, &d.vertex.module, &d.vertex.entryPoint,
                            &d.vertex.constants, "descriptor.vertex"},
                           &stages[0]));
  if (d.fragment) {
    BINDERY_TRY(resolveStage(device,
                             {ShaderStage::Fragment, &d.fragment->module, &d.fragment->entryPoint,
                              &d.fragment->constants, "descriptor.fragment"},
                             &stages[1]));
  }
  Ref<PipelineLayoutBase> layout;
  bool isAuto = false;
  BINDERY_TRY(resolvePipelineLayout(device, d.layout, stages, pipeline.get(), &layout, &isAuto));
  BINDERY_TRY(validateStagesAgainstLayout(stages, *layout, isAuto, pipeline.get()));
  BINDERY_TRY(validateRenderState(device, d));
  BINDERY_TRY(
      validateRenderPipelineShaderIo(device, d, stages[0], d.fragment ? &stages[1] : nullptr));
  // The bind group slots [[layout]] uses (up to the last non-null one) plus
  // the vertex buffer slots.
  uint32_t groups = 0;
  const auto& bgls = layout->bindGroupLayouts();
  for (size_t g = 0; g < bgls.size(); ++g) {
    if (bgls[g]) groups = static_cast<uint32_t>(g + 1);
  }
  const uint32_t limit = device->limits().maxBindGroupsPlusVertexBuffers;
  BINDERY_INVALID_IF_FIX(
      groups + pipeline->vertexBufferCount() > limit, RenderPipelineBindGroupsPlusVertexBuffers,
      "Use fewer bind groups or vertex buffers (or request a higher "
      "maxBindGroupsPlusVertexBuffers).",
      "The layout uses {} bind group slots and descriptor.vertex.buffers {} "
      "vertex buffer slots: {} in all, more than the device's "
      "maxBindGroupsPlusVertexBuffers limit ({}).",
      groups, pipeline->vertexBufferCount(), groups + pipeline->vertexBufferCount(), limit);
  pipeline->initialize(std::move(layout), isAuto, stages);
  BINDERY_TRY(
      realiseNoReport(device, *pipeline, device->backend().createRenderPipeline(*pipeline)));
  *result = std::move(pipeline);
  return {};
}

std::string callName(const DeviceBase* device, std::string_view method, std::string_view label) {
  return fmt::format("{}.{}({})", device->describe(), method,
                     describe(ObjectType::RenderPipeline, label));
}

}  // namespace

Ref<RenderPipelineBase> DeviceBase::createRenderPipeline(
    const RenderPipelineDescriptor& descriptor) {
  beginCall();
  auto invalid = [&] {
    return Ref<RenderPipelineBase>::adopt(new RenderPipelineBase(this, descriptor, InvalidTag{}));
  };
  if (isLost()) return invalid();
  Ref<RenderPipelineBase> pipeline;
  if (MaybeError error = createRenderPipelineImpl(this, descriptor, &pipeline); error.isError()) {
    Ref<RenderPipelineBase> bad = invalid();
    bad->setInvalidReason(error->message.substr(0, error->message.find('\n')));
    dispatchError(std::move(error), callName(this, "createRenderPipeline", descriptor.label));
    return bad;
  }
  return pipeline;
}

void DeviceBase::createRenderPipelineAsync(const RenderPipelineDescriptor& descriptor,
                                           CreateRenderPipelineAsyncCallback callback) {
  beginCall();
  CreatePipelineAsyncResult<RenderPipeline> result;
  Ref<RenderPipelineBase> pipeline;
  if (isLost()) {
    pipeline =
        Ref<RenderPipelineBase>::adopt(new RenderPipelineBase(this, descriptor, InvalidTag{}));
  } else if (MaybeError error = createRenderPipelineImpl(this, descriptor, &pipeline);
             error.isError()) {
    result.error = PipelineError{
        error->type == ErrorType::Internal ? PipelineErrorReason::Internal
                                           : PipelineErrorReason::Validation,
        error->code,
        callName(this, "createRenderPipelineAsync", descriptor.label) + ": " + error->format()};
  }
  if (pipeline) result.pipeline = toHandle<RenderPipeline>(std::move(pipeline));
  // A device lost by the time creation completes resolves with the (invalid)
  // pipeline: no errors come from a lost device.
  Ref<RenderPipelineBase> ifLost;
  if (result.error)
    ifLost = Ref<RenderPipelineBase>::adopt(new RenderPipelineBase(this, descriptor, InvalidTag{}));
  enqueueEvent([this, ifLost = std::move(ifLost), callback = std::move(callback),
                result = std::move(result)]() mutable {
    if (result.error && isLost()) {
      result.error.reset();
      result.pipeline = toHandle<RenderPipeline>(std::move(ifLost));
    }
    if (callback) callback(std::move(result));
  });
}

}  // namespace bindery::core

namespace bindery {

using core::fromHandle;
using core::RenderPipelineBase;

RenderPipeline Device::createRenderPipeline(const RenderPipelineDescriptor& descriptor) const {
  return core::toHandle<RenderPipeline>(
      fromHandle<core::DeviceBase>(*this)->createRenderPipeline(descriptor));
}
void Device::createRenderPipelineAsync(const RenderPipelineDescriptor& descriptor,
                                       CreateRenderPipelineAsyncCallback callback) const {
  fromHandle<core::DeviceBase>(*this)->createRenderPipelineAsync(descriptor, std::move(callback));
}

std::string_view RenderPipeline::label() const {
  return fromHandle<RenderPipelineBase>(*this)->label();
}
void RenderPipeline::setLabel(std::string_view l) {
  fromHandle<RenderPipelineBase>(*this)->setLabel(l);
}
BindGroupLayout RenderPipeline::getBindGroupLayout(uint32_t index) const {
  return core::toHandle<BindGroupLayout>(
      fromHandle<RenderPipelineBase>(*this)->getBindGroupLayout(index));
}

}  // namespace bindery
