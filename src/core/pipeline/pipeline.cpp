// GPUPipelineBase (#pipeline-base): the steps compute and render pipeline
// creation share (the programmable stage, its constants, its bindings
// against [[layout]]) and getBindGroupLayout().
#include "core/pipeline/pipeline.h"

#include <fmt/format.h>

#include <algorithm>
#include <cassert>
#include <cmath>
#include <limits>

#include "core/base/handles.h"
#include "core/device/device.h"
#include "core/pipeline/programmable_stage.h"

namespace bindery::core {

namespace {

// The override's pipeline-overridable constant identifier string: its @id
// in decimal when it has one, else its name.
std::string identifierString(const wgsl::OverrideInfo& o) {
  return o.hasId ? fmt::format("{}", o.id) : o.name;
}

// #abstract-opdef-to-wgsl-type: the IDL conversion of a double to the
// override's type; returns why it fails, or empty.
std::string conversionFailure(double v, std::string_view type) {
  if (type == "bool") return {};
  if (!std::isfinite(v)) return fmt::format("{} is not finite", v);
  if (type == "i32") {
    double t = std::trunc(v);
    if (t < -2147483648.0 || t > 2147483647.0) {
      return fmt::format("{} is outside the range of i32 [-2147483648, 2147483647]", v);
    }
  } else if (type == "u32") {
    double t = std::trunc(v);
    if (t < 0 || t > 4294967295.0) {
      return fmt::format("{} is outside the range of u32 [0, 4294967295]", v);
    }
  } else if (type == "f32" || type == "f16") {
    // WebIDL float: rounds to the nearest f32, and fails when that is
    // infinite, i.e. from halfway between FLT_MAX and 2^128 on. An f16 goes
    // through f32 the same way (out of f16's range is a WGSL
    // pipeline-creation error, not this TypeError).
    const double limit = std::ldexp(1.0, 128) - std::ldexp(1.0, 103);
    if (std::fabs(v) >= limit) return fmt::format("{} is outside the range of f32", v);
  }
  return {};
}

}  // namespace

// #abstract-opdef-validating-gpuprogrammablestage: everything but the bindings.
MaybeError resolveStage(const DeviceBase* device, const StageRequest& r, PipelineStage* out) {
  auto* module = fromHandle<ShaderModuleBase>(*r.module);
  BINDERY_INVALID_IF_FIX(module == nullptr, NullObject,
                         "Pass the GPUShaderModule made by device.createShaderModule().",
                         "{}.module is required, but it is null.", r.field);
  BINDERY_TRY(device->validateObject(module, [&] { return fmt::format("{}.module", r.field); }));
  const auto wgslStage = r.stage == ShaderStage::Vertex     ? wgsl::Stage::Vertex
                         : r.stage == ShaderStage::Fragment ? wgsl::Stage::Fragment
                                                            : wgsl::Stage::Compute;
  std::string why;
  int index = module->findEntryPoint(wgslStage, *r.entryPoint, &why);
  if (index < 0) {
    auto error =
        makeValidationError(r.entryPoint->has_value() ? ErrorCode::PipelineEntryPointNotFound
                                                      : ErrorCode::PipelineEntryPointAmbiguous,
                            fmt::format("{}.entryPoint: {}.", r.field, why));
    error->fix = r.entryPoint->has_value()
                     ? fmt::format("Name a @{} function of the module in {}.entryPoint.",
                                   wgsl::toString(wgslStage), r.field)
                     : fmt::format("Set {}.entryPoint to the @{} function to use.", r.field,
                                   wgsl::toString(wgslStage));
    return error;
  }
  const wgsl::EntryPoint& ep = module->reflection().entryPoints[static_cast<size_t>(index)];
  const auto& overrides = module->reflection().overrides;
  for (const auto& [key, value] : *r.constants) {
    const wgsl::OverrideInfo* found = nullptr;
    for (const wgsl::OverrideInfo& o : overrides) {
      if (identifierString(o) == key) found = &o;
    }
    if (!found) {
      std::string known;
      const wgsl::OverrideInfo* byName = nullptr;
      for (const wgsl::OverrideInfo& o : overrides) {
        if (!known.empty()) known += ", ";
        known += fmt::format("'{}'", identifierString(o));
        if (o.hasId && o.name == key) byName = &o;
      }
      auto error = makeValidationError(
          ErrorCode::PipelineConstantUnknown,
          fmt::format("{}.constants has the key '{}', which is no override of {} (its override "
                      "identifier strings: {}).",
                      r.field, key, module->describe(), known.empty() ? "none" : known));
      if (byName) {
        error->fix =
            fmt::format("'{}' is declared @id({}): use the key '{}'.", key, byName->id, byName->id);
      } else {
        error->fix = "Use the override's name, or its @id in decimal when it has one.";
      }
      return error;
    }
    std::string failure = conversionFailure(value, found->wgslType);
    BINDERY_INVALID_IF_FIX(!failure.empty(), PipelineConstantInvalidValue,
                           fmt::format("Give '{}' a value that fits {}.", key, found->wgslType),
                           "{}.constants['{}']: {}, so it does not convert to the {} of override "
                           "'{}'.",
                           r.field, key, failure, found->wgslType, found->name);
  }
  for (const std::string& name : ep.overrides) {
    for (const wgsl::OverrideInfo& o : overrides) {
      if (o.name != name || o.hasDefault) continue;
      std::string id = identifierString(o);
      BINDERY_INVALID_IF_FIX(!r.constants->contains(id), PipelineConstantMissing,
                             fmt::format("Add {{'{}': value}} to {}.constants, or give the "
                                         "override a default in the WGSL.",
                                         id, r.field),
                             "Entry point '{}' uses override '{}' ({}), which has no default "
                             "value, and {}.constants has no '{}'.",
                             ep.name, o.name, o.wgslType, r.field, id);
    }
  }
  // The WGSL at the override values: "pipeline-creation program errors must
  // not result from the rules of the WGSL specification".
  OverrideContext context{r.constants, &overrides, r.field};
  std::shared_ptr<const wgsl::EntryPoint> specialized;
  BINDERY_TRY(specializeEntryPoint(*module, static_cast<size_t>(index), context, &specialized));
  if (device->isCompatibilityMode()) {
    BINDERY_TRY(validateCompatibilityTextureUses(*specialized,
                                                 module->reflection().declaredResources,
                                                 device->limits(), module->describe()));
    if (r.stage == ShaderStage::Fragment) {
      BINDERY_TRY(validateCompatibilityFragment(*specialized, module->describe()));
    }
  }
  out->stage = r.stage;
  out->module = Ref<ShaderModuleBase>(module);
  out->entryPoint = ep.name;
  out->reflection = specialized.get();
  out->specialized = std::move(specialized);
  out->constants = *r.constants;
  out->extras = &module->extras()[static_cast<size_t>(index)];
  return {};
}

ShaderStageView stageView(const PipelineStage& s, bool named) {
  ShaderStageView v;
  v.stage = s.stage;
  v.entryPoint = s.reflection;
  v.samplerPairs = s.extras->samplerPairs;
  if (named) v.moduleName = s.module->describe();
  v.module = &s.module->reflection();
  return v;
}

namespace {

// layoutView's work into *v, reusing its storage (validateStagesAgainstLayout
// keeps one per thread for the check without names: no allocation per
// pipeline).
void fillLayoutView(const PipelineLayoutBase& layout, bool isAuto, const ObjectBase* pipeline,
                    bool named, ShaderLayoutView* v) {
  v->isAuto = isAuto;
  v->name.clear();
  if (named) {
    v->name =
        isAuto ? fmt::format("the layout: 'auto' of {}", describe(pipeline)) : layout.describe();
  }
  const auto& groups = layout.bindGroupLayouts();
  v->groups.resize(groups.size());
  for (size_t g = 0; g < groups.size(); ++g) {
    LayoutGroupView& view = v->groups[g];
    view.entries = {};
    view.name.clear();
    const BindGroupLayoutBase* bgl = groups[g].get();
    if (!bgl || !bgl->internal()) continue;
    view.entries = bgl->internal()->entries();
    if (named) view.name = fmt::format("@group({}) ({} in {})", g, bgl->describe(), v->name);
  }
}

}  // namespace

ShaderLayoutView layoutView(const PipelineLayoutBase& layout, bool isAuto,
                            const ObjectBase* pipeline, bool named) {
  ShaderLayoutView v;
  fillLayoutView(layout, isAuto, pipeline, named, &v);
  return v;
}

MaybeError resolvePipelineLayout(DeviceBase* device, const PipelineLayoutOrAuto& layout,
                                 std::span<const PipelineStage> stages, const PipelineBase* owner,
                                 Ref<PipelineLayoutBase>* out, bool* isAuto) {
  if (std::holds_alternative<AutoLayoutMode>(layout)) {
    *isAuto = true;
    return createDefaultPipelineLayout(device, stages, owner, out);
  }
  *isAuto = false;
  auto* explicitLayout = fromHandle<PipelineLayoutBase>(std::get<PipelineLayout>(layout));
  BINDERY_INVALID_IF_FIX(explicitLayout == nullptr, PipelineLayoutMissing,
                         "Pass a GPUPipelineLayout (device.createPipelineLayout()), or "
                         "kAutoLayout ('auto') to derive one from the shader.",
                         "descriptor.layout is required, but it is a null GPUPipelineLayout.");
  BINDERY_TRY(device->validateObject(explicitLayout, "descriptor.layout"));
  *out = Ref<PipelineLayoutBase>(explicitLayout);
  return {};
}

MaybeError validateStagesAgainstLayout(std::span<const PipelineStage> stages,
                                       const PipelineLayoutBase& layout, bool isAuto,
                                       const ObjectBase* pipeline) {
  // The checks are pure: they run first without the names, and only a
  // failure runs them again with the names its message quotes (formatting
  // them is most of the cost of a check that passes).
  thread_local ShaderLayoutView unnamed;
  auto check = [&](bool named) -> MaybeError {
    ShaderLayoutView namedView;
    ShaderLayoutView& view = named ? namedView : unnamed;
    fillLayoutView(layout, isAuto, pipeline, named, &view);
    for (const PipelineStage& s : stages) {
      BINDERY_TRY(validateShaderBindings(stageView(s, named), view));
      BINDERY_TRY(validateImmediateSize(*s.reflection, layout.immediateSize(), view.name,
                                        named ? s.module->describe() : std::string()));
    }
    return {};
  };
  if (check(false).isSuccess()) return {};
  return check(true);
}

// --- PipelineBase ----------------------------------------------------------------

PipelineBase::PipelineBase(DeviceBase* device, ObjectType type, std::string_view label)
    : ObjectBase(device, type, label) {}
PipelineBase::PipelineBase(DeviceBase* device, ObjectType type, std::string_view label,
                           InvalidTag tag)
    : ObjectBase(device, type, label, tag) {}
PipelineBase::~PipelineBase() {
  // The layouts that layout: 'auto' made for this pipeline may outlive it
  // (getBindGroupLayout): they must not point at it any more.
  if (!layout_) return;
  for (const auto& group : layout_->bindGroupLayouts()) {
    if (group && group->exclusivePipeline() == this) group->detachExclusivePipeline();
  }
}

const PipelineStage* PipelineBase::stage(ShaderStage s) const {
  for (const PipelineStage& st : stages_) {
    if (st.stage == s) return &st;
  }
  return nullptr;
}

void PipelineBase::initialize(Ref<PipelineLayoutBase> layout, bool autoLayout,
                              std::span<PipelineStage> stages) {
  layout_ = std::move(layout);
  autoLayout_ = autoLayout;
  assert(stages.size() <= stageStorage_.size());
  std::move(stages.begin(), stages.end(), stageStorage_.begin());
  stages_ = stageStorage_.first(stages.size());
  bindingInfo_.pipeline = this;
  bindingInfo_.layout = layout_.get();
  bindingInfo_.deriveFromLayout();
  const auto& groups = layout_->bindGroupLayouts();
  // Allocated only for a group with a late size (never for layout: 'auto',
  // whose entries take the shader's sizes): the tracker reads a missing
  // group or index as 0.
  auto& minBufferSizes = bindingInfo_.minBufferSizes;
  minBufferSizes.clear();
  // "Validate immediate data": the union of the stages' AccessibleSlots.
  bindingInfo_.immediateSlots.clear();
  for (const PipelineStage& s : stages_) {
    for (uint32_t slot : s.reflection->immediateSlots) {
      if (bindingInfo_.immediateSlots.size() <= slot / 64) {
        bindingInfo_.immediateSlots.resize(slot / 64 + 1, 0);
      }
      bindingInfo_.immediateSlots[slot / 64] |= uint64_t{1} << (slot % 64);
    }
  }
  shaderGroupMask_ = 0;
  for (const PipelineStage& s : stages_) {
    for (const wgsl::ResourceBinding& r : s.reflection->resources) {
      if (r.group < 64) shaderGroupMask_ |= uint64_t{1} << r.group;
      if (r.minBindingSize == 0 || r.group >= groups.size() || !groups[r.group]) continue;
      const BindGroupLayoutInternal* internal = groups[r.group]->internal();
      uint32_t i = internal ? internal->indexOf(r.binding) : BindGroupLayoutInternal::kNoIndex;
      if (i == BindGroupLayoutInternal::kNoIndex || i >= internal->bufferCount()) continue;
      if (internal->entry(i).minBindingSize != 0) continue;  // checked at createBindGroup
      if (minBufferSizes.size() <= r.group) minBufferSizes.resize(groups.size());
      if (minBufferSizes[r.group].empty()) {
        minBufferSizes[r.group].assign(internal->bufferCount(), 0);
      }
      uint64_t& size = minBufferSizes[r.group][i];
      size = std::max(size, r.minBindingSize);
    }
  }
  bindingInfo_.deriveLateSizes();
}

// #dom-gpupipelinebase-getbindgrouplayout
Ref<BindGroupLayoutBase> PipelineBase::getBindGroupLayout(uint32_t index) {
  DeviceBase* dev = device();
  dev->beginCall();
  auto invalid = [&](MaybeError error) {
    auto layout = Ref<BindGroupLayoutBase>::adopt(new BindGroupLayoutBase(dev, "", InvalidTag{}));
    if (error.isError()) {
      layout->setInvalidReason(error->message);
      dev->dispatchError(std::move(error),
                         fmt::format("{}.getBindGroupLayout({})", describe(), index));
    }
    return layout;
  };
  if (dev->isLost()) return invalid({});
  const uint32_t maxBindGroups = dev->limits().maxBindGroups;
  auto validate = [&]() -> MaybeError {
    BINDERY_INVALID_IF(!isValid(), InvalidObject,
                       "{} is invalid, so it has no bind group layouts (its creation failed: {}).",
                       describe(), invalidReason());
    BINDERY_INVALID_IF_FIX(
        index >= maxBindGroups, PipelineGetBindGroupLayoutIndexOutOfRange,
        fmt::format("Use an index below {} (the @group of the binding).", maxBindGroups),
        "index ({}) must be less than the device's maxBindGroups limit ({}).", index,
        maxBindGroups);
    return {};
  };
  if (MaybeError error = validate(); error.isError()) return invalid(std::move(error));
  if (const BindGroupLayoutBase* layout = layout_->bindGroupLayout(index)) {
    return Ref<BindGroupLayoutBase>(const_cast<BindGroupLayoutBase*>(layout));
  }
  // An empty slot: an empty layout (tied to this pipeline when 'auto').
  Ref<BindGroupLayoutBase> empty;
  MaybeError error = dev->createAutoBindGroupLayout(BindGroupLayoutDescriptor{},
                                                    autoLayout_ ? this : nullptr, &empty);
  if (error.isError()) return invalid(std::move(error));
  return empty;
}

}  // namespace bindery::core
