// InstanceBase (GPU) and AdapterBase (GPUAdapter): requestAdapter and
// requestDevice (#dom-gpu-requestadapter, #dom-gpuadapter-requestdevice,
// "a new device").
#pragma once

#include <memory>
#include <string>

#include "backends/backend.h"
#include "bindery/device.h"
#include "core/base/object_base.h"
#include "core/base/ref.h"
#include "core/device/features.h"

namespace bindery::core {

class AdapterBase;

class InstanceBase final : public ObjectBase {
 public:
  explicit InstanceBase(const InstanceDescriptor& descriptor);
  const NullAdapterOptions& nullAdapterOptions() const { return nullAdapter_; }

  // #dom-gpu-requestadapter: the first adapter of the chosen backend
  // (options.backend, else the instance's; 'auto': Vulkan when it lists an
  // adapter, else null) that meets `options`, or null when there is none.
  Ref<AdapterBase> requestAdapter(const RequestAdapterOptions& options);

 private:
  BackendType backend_;
  NullAdapterOptions nullAdapter_;
};

class AdapterBase final : public ObjectBase {
 public:
  // adapter.[[state]]. "a new device" expires the adapter, so after a
  // successful requestDevice() the state is Expired. The spec's prose also
  // names a "consumed" state that requestDevice() rejects, but no algorithm
  // of this revision enters it; it is kept (and checked) for fidelity.
  enum class State : uint8_t { Valid, Consumed, Expired };

  AdapterBase(InstanceBase* instance, const RequestAdapterOptions& options,
              std::unique_ptr<backend::AdapterBackend> backend);

  const FeatureSet& features() const { return features_; }
  const Limits& limits() const { return limits_; }
  const AdapterInfo& info() const { return info_; }
  // [[default feature level]].
  FeatureLevel defaultFeatureLevel() const { return featureLevel_; }
  State state() const { return state_; }
  // #abstract-opdef-expire
  void expire() { state_ = State::Expired; }

  RequestDeviceResult requestDevice(const DeviceDescriptor& descriptor);

 private:
  Ref<InstanceBase> instance_;
  std::unique_ptr<backend::AdapterBackend> backend_;
  FeatureSet features_;
  Limits limits_;
  AdapterInfo info_;
  FeatureLevel featureLevel_;
  State state_ = State::Valid;
};

// #adapter-capability-guarantees, the limits part: empty when `limits` may be
// an adapter's supported limits, else what is wrong.
std::string checkAdapterLimitGuarantees(const Limits& limits);

// "a new device", the limits part: the feature level's defaults, raised to
// the requested values (already validated against the adapter), then the
// per-stage storage limits normalised.
Limits newDeviceLimits(FeatureLevel level, const FeatureSet& features,
                       const DeviceDescriptor& descriptor);

}  // namespace bindery::core
