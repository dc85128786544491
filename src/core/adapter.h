// InstanceBase (GPU) and AdapterBase (GPUAdapter): requestAdapter and
// requestDevice (#dom-gpu-requestadapter, #dom-gpuadapter-requestdevice,
// "a new device").
#pragma once

#include "bindery/device.h"
#include "core/object_base.h"

namespace bindery::core {

class InstanceBase final : public ObjectBase {
 public:
  explicit InstanceBase(const InstanceDescriptor& descriptor);
  const NullAdapterOptions& nullAdapterOptions() const { return nullAdapter_; }

 private:
  NullAdapterOptions nullAdapter_;
};

class AdapterBase final : public ObjectBase {
 public:
  enum class State : uint8_t { Valid, Consumed, Expired };

  AdapterBase(InstanceBase* instance, const RequestAdapterOptions& options);

  const FeatureSet& features() const { return features_; }
  const Limits& limits() const { return limits_; }
  const AdapterInfo& info() const { return info_; }
  FeatureLevel defaultFeatureLevel() const { return featureLevel_; }
  State state() const { return state_; }

  RequestDeviceResult requestDevice(const DeviceDescriptor& descriptor);

  // The limits the null backend's adapter supports unless configured.
  static Limits nullBackendLimits();

 private:
  Ref<InstanceBase> instance_;
  FeatureSet features_;
  Limits limits_;
  AdapterInfo info_;
  FeatureLevel featureLevel_;
  State state_ = State::Valid;
};

// #feature-dependencies: adds every feature that `features` require.
FeatureSet withFeatureDependencies(FeatureSet features);

}  // namespace bindery::core
