#include "core/adapter.h"

#include <fmt/format.h>

#include <bit>

#include "core/device.h"
#include "core/handles.h"

namespace bindery::core {

// ---------------------------------------------------------------------------
// Instance

InstanceBase::InstanceBase(const InstanceDescriptor& descriptor)
    : ObjectBase(nullptr, ObjectType::Instance, ""), nullAdapter_(descriptor.nullAdapter) {}

// ---------------------------------------------------------------------------
// Adapter

FeatureSet withFeatureDependencies(FeatureSet f) {
  // #feature-dependencies (applied twice so chains resolve: tier2 -> tier1 -> rg11b10).
  for (int pass = 0; pass < 2; ++pass) {
    if (f.has(FeatureName::TextureFormatsTier2)) f.add(FeatureName::TextureFormatsTier1);
    if (f.has(FeatureName::TextureFormatsTier1)) f.add(FeatureName::Rg11b10ufloatRenderable);
    if (f.has(FeatureName::TextureCompressionBcSliced3d)) f.add(FeatureName::TextureCompressionBc);
    if (f.has(FeatureName::TextureCompressionAstcSliced3d))
      f.add(FeatureName::TextureCompressionAstc);
  }
  return f;
}

Limits AdapterBase::nullBackendLimits() {
  // Better than the defaults where a typical desktop GPU is, so tests can ask
  // for more than the default and see it granted. Alignments stay 256 (the
  // tests of smaller real alignments configure the adapter explicitly).
  Limits l;
  l.maxTextureDimension1D = 16384;
  l.maxTextureDimension2D = 16384;
  l.maxTextureArrayLayers = 2048;
  l.maxBindGroups = 8;
  l.maxBindGroupsPlusVertexBuffers = 30;
  l.maxDynamicUniformBuffersPerPipelineLayout = 12;
  l.maxDynamicStorageBuffersPerPipelineLayout = 8;
  l.maxSampledTexturesPerShaderStage = 48;
  l.maxSamplersPerShaderStage = 48;
  l.maxStorageBuffersPerShaderStage = 16;
  l.maxStorageBuffersInVertexStage = 16;
  l.maxStorageBuffersInFragmentStage = 16;
  l.maxStorageTexturesPerShaderStage = 16;
  l.maxStorageTexturesInVertexStage = 16;
  l.maxStorageTexturesInFragmentStage = 16;
  l.maxUniformBuffersPerShaderStage = 16;
  l.maxUniformBufferBindingSize = 65536;
  l.maxStorageBufferBindingSize = uint64_t{1} << 30;
  l.maxBufferSize = uint64_t{1} << 31;
  l.maxVertexBuffers = 16;
  l.maxVertexAttributes = 30;
  l.maxComputeWorkgroupStorageSize = 32768;
  l.maxComputeInvocationsPerWorkgroup = 1024;
  l.maxComputeWorkgroupSizeX = 1024;
  l.maxComputeWorkgroupSizeY = 1024;
  return l;
}

AdapterBase::AdapterBase(InstanceBase* instance, const RequestAdapterOptions& options)
    : ObjectBase(nullptr, ObjectType::Adapter, ""),
      instance_(instance),
      features_(withFeatureDependencies(instance->nullAdapterOptions().features)),
      limits_(instance->nullAdapterOptions().limits.value_or(nullBackendLimits())),
      featureLevel_(options.featureLevel) {
  info_.vendor = "bindery";
  info_.architecture = "null";
  info_.device = "null device";
  info_.description = "bindery validating null device";
  info_.isFallbackAdapter = false;
}

namespace {

bool isBetter(const LimitInfo& info, uint64_t value, uint64_t than) {
  // #limit-class-maximum: higher is better; #limit-class-alignment: lower is better.
  return info.limitClass == LimitClass::Maximum ? value > than : value < than;
}

void setLimit(Limits& limits, const LimitInfo& info, uint64_t value) {
  if (info.is64Bit) {
    limits.*info.member64 = value;
  } else {
    limits.*info.member32 = static_cast<uint32_t>(value);
  }
}

}  // namespace

RequestDeviceResult AdapterBase::requestDevice(const DeviceDescriptor& descriptor) {
  RequestDeviceResult result;
  auto reject = [&](RequestDeviceResult::Status status, std::string message) {
    result.status = status;
    result.message = std::move(message);
    return result;
  };

  // #dom-gpuadapter-requestdevice: unsupported features reject with TypeError.
  for (FeatureName f : descriptor.requiredFeatures) {
    if (!features_.has(f)) {
      return reject(RequestDeviceResult::Status::TypeError,
                    fmt::format("requestDevice: requiredFeatures contains '{}', which this "
                                "adapter does not support. Check adapter.features first.",
                                toString(f)));
    }
  }
  if (state_ == State::Consumed) {
    return reject(RequestDeviceResult::Status::OperationError,
                  "requestDevice: this adapter was already used to create a device; call "
                  "requestAdapter() again for another device.");
  }
  for (const auto& [key, value] : descriptor.requiredLimits) {
    const LimitInfo* info = findLimit(key);
    if (!info) {
      return reject(
          RequestDeviceResult::Status::OperationError,
          fmt::format("requestDevice: requiredLimits has '{}', which is not a limit.", key));
    }
    uint64_t supported = info->get(limits_);
    if (isBetter(*info, value, supported)) {
      return reject(RequestDeviceResult::Status::OperationError,
                    fmt::format("requestDevice: requiredLimits.{} is {} but the adapter supports "
                                "at most {} (adapter.limits.{}).",
                                key, value, supported, key));
    }
    if (info->limitClass == LimitClass::Alignment &&
        (value == 0 || value >= (uint64_t{1} << 32) || !std::has_single_bit(value))) {
      return reject(RequestDeviceResult::Status::OperationError,
                    fmt::format("requestDevice: requiredLimits.{} is {}; an alignment limit must "
                                "be a power of 2 below 2^32.",
                                key, value));
    }
  }

  // "a new device".
  FeatureSet features;
  for (FeatureName f : descriptor.requiredFeatures) features.add(f);
  if (featureLevel_ == FeatureLevel::Core) features.add(FeatureName::CoreFeaturesAndLimits);
  features = withFeatureDependencies(features);

  Limits limits = featureLevel_ == FeatureLevel::Core ? Limits::coreDefaults()
                                                      : Limits::compatibilityDefaults();
  for (const auto& [key, value] : descriptor.requiredLimits) {
    const LimitInfo* info = findLimit(key);
    if (isBetter(*info, value, info->get(limits))) setLimit(limits, *info, value);
  }
  limits.maxStorageBuffersPerShaderStage =
      std::max({limits.maxStorageBuffersPerShaderStage, limits.maxStorageBuffersInVertexStage,
                limits.maxStorageBuffersInFragmentStage});
  limits.maxStorageTexturesPerShaderStage =
      std::max({limits.maxStorageTexturesPerShaderStage, limits.maxStorageTexturesInVertexStage,
                limits.maxStorageTexturesInFragmentStage});
  if (features.has(FeatureName::CoreFeaturesAndLimits)) {
    limits.maxStorageBuffersInVertexStage = limits.maxStorageBuffersPerShaderStage;
    limits.maxStorageBuffersInFragmentStage = limits.maxStorageBuffersPerShaderStage;
    limits.maxStorageTexturesInVertexStage = limits.maxStorageTexturesPerShaderStage;
    limits.maxStorageTexturesInFragmentStage = limits.maxStorageTexturesPerShaderStage;
  }

  bool expired = state_ == State::Expired;
  auto device = Ref<DeviceBase>::adopt(
      new DeviceBase(this, descriptor, limits, features, backend::createNullBackend()));
  if (expired) {
    device->loseDevice(DeviceLostReason::Unknown,
                       "The adapter had expired: it already created a device. Call "
                       "requestAdapter() again.");
  }
  state_ = State::Expired;  // #abstract-opdef-expire
  result.device = toHandle<Device>(std::move(device));
  return result;
}

}  // namespace bindery::core

// ---------------------------------------------------------------------------
// Public handles

namespace bindery {

using core::AdapterBase;
using core::fromHandle;
using core::InstanceBase;

Instance Instance::create(const InstanceDescriptor& descriptor) {
  return core::toHandle<Instance>(core::Ref<InstanceBase>::adopt(new InstanceBase(descriptor)));
}

Adapter Instance::requestAdapter(const RequestAdapterOptions& options) const {
  auto* instance = fromHandle<InstanceBase>(*this);
  if (!instance) return {};
  return core::toHandle<Adapter>(core::Ref<AdapterBase>::adopt(new AdapterBase(instance, options)));
}

std::string_view Instance::label() const {
  return fromHandle<InstanceBase>(*this)->label();
}
void Instance::setLabel(std::string_view l) {
  fromHandle<InstanceBase>(*this)->setLabel(l);
}

std::string_view Adapter::label() const {
  return fromHandle<AdapterBase>(*this)->label();
}
void Adapter::setLabel(std::string_view l) {
  fromHandle<AdapterBase>(*this)->setLabel(l);
}
const FeatureSet& Adapter::features() const {
  return fromHandle<AdapterBase>(*this)->features();
}
const Limits& Adapter::limits() const {
  return fromHandle<AdapterBase>(*this)->limits();
}
const AdapterInfo& Adapter::info() const {
  return fromHandle<AdapterBase>(*this)->info();
}
FeatureLevel Adapter::featureLevel() const {
  return fromHandle<AdapterBase>(*this)->defaultFeatureLevel();
}
RequestDeviceResult Adapter::requestDevice(const DeviceDescriptor& descriptor) const {
  return fromHandle<AdapterBase>(*this)->requestDevice(descriptor);
}

FeatureSet FeatureSet::all() {
  FeatureSet s;
  for (uint32_t i = 0; i < kFeatureNameCount; ++i) s.add(static_cast<FeatureName>(i));
  return s;
}

std::vector<FeatureName> FeatureSet::list() const {
  std::vector<FeatureName> out;
  for (uint32_t i = 0; i < kFeatureNameCount; ++i) {
    if (has(static_cast<FeatureName>(i))) out.push_back(static_cast<FeatureName>(i));
  }
  return out;
}

}  // namespace bindery
