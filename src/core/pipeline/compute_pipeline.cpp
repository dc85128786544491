// GPUComputePipeline: #compute-pipeline-creation (and the async form).
#include <fmt/format.h>

#include "core/base/handles.h"
#include "core/device/device.h"
#include "core/pipeline/pipeline.h"
#include "core/pipeline/programmable_stage.h"

namespace bindery::core {

ComputePipelineBase::ComputePipelineBase(DeviceBase* device, std::string_view label)
    : PipelineBase(device, ObjectType::ComputePipeline, label) {
  setStageStorage(ownStages_);
}
ComputePipelineBase::ComputePipelineBase(DeviceBase* device, std::string_view label, InvalidTag tag)
    : PipelineBase(device, ObjectType::ComputePipeline, label, tag) {
  setStageStorage(ownStages_);
}
ComputePipelineBase::~ComputePipelineBase() = default;

namespace {

// The device-timeline initialization steps; on success *result is the valid
// pipeline.
MaybeError createComputePipelineImpl(DeviceBase* device, const ComputePipelineDescriptor& d,
                                     Ref<ComputePipelineBase>* result) {
  if (const auto* module = fromHandle<ShaderModuleBase>(d.compute.module)) {
    module->prefetchForPipeline();
  }
  auto pipeline = Ref<ComputePipelineBase>::adopt(new ComputePipelineBase(device, d.label));
  std::array<PipelineStage, 1> stages;
  BINDERY_TRY(resolveStage(device,
                           {ShaderStage::Compute, &d.compute.module, &d.compute.entryPoint,
                            &d.compute.constants, "descriptor.compute"},
                           &stages[0]));
  Ref<PipelineLayoutBase> layout;
  bool isAuto = false;
  BINDERY_TRY(resolvePipelineLayout(device, d.layout, stages, pipeline.get(), &layout, &isAuto));
  BINDERY_TRY(validateStagesAgainstLayout(stages, *layout, isAuto, pipeline.get()));
  // #compute-pipeline-creation: the limits at the constants' values.
  const PipelineStage& s = stages[0];
  OverrideContext context{&s.constants, &s.module->reflection().overrides, "descriptor.compute"};
  BINDERY_TRY(validateComputeLimits(*s.reflection, context, device->limits()));
  pipeline->initialize(std::move(layout), isAuto, stages);
  BINDERY_TRY(
      realiseNoReport(device, *pipeline, device->backend().createComputePipeline(*pipeline)));
  *result = std::move(pipeline);
  return {};
}

std::string callName(const DeviceBase* device, std::string_view method, std::string_view label) {
  return fmt::format("{}.{}({})", device->describe(), method,
                     describe(ObjectType::ComputePipeline, label));
}

}  // namespace

Ref<ComputePipelineBase> DeviceBase::createComputePipeline(
    const ComputePipelineDescriptor& descriptor) {
  beginCall();
  auto invalid = [&] {
    return Ref<ComputePipelineBase>::adopt(
        new ComputePipelineBase(this, descriptor.label, InvalidTag{}));
  };
  if (isLost()) return invalid();
  Ref<ComputePipelineBase> pipeline;
  if (MaybeError error = createComputePipelineImpl(this, descriptor, &pipeline); error.isError()) {
    Ref<ComputePipelineBase> bad = invalid();
    bad->setInvalidReason(error->message.substr(0, error->message.find('\n')));
    dispatchError(std::move(error), callName(this, "createComputePipeline", descriptor.label));
    return bad;
  }
  return pipeline;
}

// #dom-gpudevice-createcomputepipelineasync: settles at the next tick(); a
// failure rejects with a GPUPipelineError and is not dispatched.
void DeviceBase::createComputePipelineAsync(const ComputePipelineDescriptor& descriptor,
                                            CreateComputePipelineAsyncCallback callback) {
  beginCall();
  CreatePipelineAsyncResult<ComputePipeline> result;
  Ref<ComputePipelineBase> pipeline;
  if (isLost()) {
    pipeline = Ref<ComputePipelineBase>::adopt(
        new ComputePipelineBase(this, descriptor.label, InvalidTag{}));
  } else if (MaybeError error = createComputePipelineImpl(this, descriptor, &pipeline);
             error.isError()) {
    std::string call = callName(this, "createComputePipelineAsync", descriptor.label);
    result.error =
        PipelineError{error->type == ErrorType::Internal ? PipelineErrorReason::Internal
                                                         : PipelineErrorReason::Validation,
                      error->code, call + ": " + error->format()};
  }
  if (pipeline) result.pipeline = toHandle<ComputePipeline>(std::move(pipeline));
  // A device lost by the time creation completes resolves with the (invalid)
  // pipeline: no errors come from a lost device.
  Ref<ComputePipelineBase> ifLost;
  if (result.error)
    ifLost = Ref<ComputePipelineBase>::adopt(
        new ComputePipelineBase(this, descriptor.label, InvalidTag{}));
  enqueueEvent([this, ifLost = std::move(ifLost), callback = std::move(callback),
                result = std::move(result)]() mutable {
    if (result.error && isLost()) {
      result.error.reset();
      result.pipeline = toHandle<ComputePipeline>(std::move(ifLost));
    }
    if (callback) callback(std::move(result));
  });
}

}  // namespace bindery::core

namespace bindery {

using core::ComputePipelineBase;
using core::fromHandle;

ComputePipeline Device::createComputePipeline(const ComputePipelineDescriptor& descriptor) const {
  return core::toHandle<ComputePipeline>(
      fromHandle<core::DeviceBase>(*this)->createComputePipeline(descriptor));
}
void Device::createComputePipelineAsync(const ComputePipelineDescriptor& descriptor,
                                        CreateComputePipelineAsyncCallback callback) const {
  fromHandle<core::DeviceBase>(*this)->createComputePipelineAsync(descriptor, std::move(callback));
}

std::string_view ComputePipeline::label() const {
  return fromHandle<ComputePipelineBase>(*this)->label();
}
void ComputePipeline::setLabel(std::string_view l) {
  fromHandle<ComputePipelineBase>(*this)->setLabel(l);
}
BindGroupLayout ComputePipeline::getBindGroupLayout(uint32_t index) const {
  return core::toHandle<BindGroupLayout>(
      fromHandle<ComputePipelineBase>(*this)->getBindGroupLayout(index));
}

}  // namespace bindery
