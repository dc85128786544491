// GPU.requestAdapter(), GPUAdapter.requestDevice() and "a new device".
#include "core/device/adapter.h"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <cctype>
#include <vector>

#include "core/base/handles.h"
#include "core/device/device.h"

namespace bindery::core {

// ---------------------------------------------------------------------------
// Instance

InstanceBase::InstanceBase(const InstanceDescriptor& descriptor)
    : ObjectBase(nullptr, ObjectType::Instance, ""),
      backend_(descriptor.backend),
      nullAdapter_(descriptor.nullAdapter) {}

namespace {

// The adapter `backend` offers for `options`, or null. Backends list the
// adapters that meet powerPreference and forceFallbackAdapter best first.
std::unique_ptr<backend::AdapterBackend> firstAdapter(backend::BackendKind kind,
                                                      const backend::AdapterRequest& request) {
  std::vector<std::unique_ptr<backend::AdapterBackend>> adapters =
      backend::enumerateAdapters(kind, request);
  if (adapters.empty()) return nullptr;
  return std::move(adapters.front());
}

}  // namespace

// #dom-gpu-requestadapter
Ref<AdapterBase> InstanceBase::requestAdapter(const RequestAdapterOptions& options) {
  backend::AdapterRequest request{options.powerPreference, options.forceFallbackAdapter,
                                  nullAdapter_};
  std::unique_ptr<backend::AdapterBackend> adapter;
  switch (options.backend.value_or(backend_)) {
    case BackendType::Null: adapter = firstAdapter(backend::BackendKind::Null, request); break;
    case BackendType::Vulkan: adapter = firstAdapter(backend::BackendKind::Vulkan, request); break;
    case BackendType::Auto:
      // Vulkan when a usable physical device exists, else the null device.
      adapter = firstAdapter(backend::BackendKind::Vulkan, request);
      if (!adapter) adapter = firstAdapter(backend::BackendKind::Null, request);
      break;
  }
  if (!adapter) return nullptr;
  if (!checkAdapterLimitGuarantees(adapter->limits()).empty()) return nullptr;
  // forceFallbackAdapter: "only a fallback adapter may be returned".
  if (options.forceFallbackAdapter && !adapter->info().isFallbackAdapter) return nullptr;
  // GPURequestAdapterOptions.featureLevel: an adapter that lacks the level's
  // capabilities is not returned. "core" needs "core-features-and-limits" (the
  // default limits are guaranteed above); "compatibility" needs nothing, and
  // the core enforces compatibility mode's rules, so it is honoured.
  if (options.featureLevel == FeatureLevel::Core &&
      !adapter->features().has(FeatureName::CoreFeaturesAndLimits)) {
    return nullptr;
  }
  return Ref<AdapterBase>::adopt(new AdapterBase(this, options, std::move(adapter)));
}

// ---------------------------------------------------------------------------
// Adapter

std::string checkAdapterLimitGuarantees(const Limits& l) {
  // #adapter-capability-guarantees
  const Limits defaults = Limits::coreDefaults();
  for (const LimitInfo& info : allLimits()) {
    uint64_t value = info.get(l);
    uint64_t base = info.get(defaults);
    if (info.isBetter(base, value)) {
      return fmt::format("{} is {}, worse than its default {}.", info.name, value, base);
    }
    if (info.limitClass == LimitClass::Alignment && !std::has_single_bit(value)) {
      return fmt::format("{} is {}; alignment limits must be powers of 2.", info.name, value);
    }
  }
  uint64_t perStage = uint64_t{l.maxSampledTexturesPerShaderStage} + l.maxSamplersPerShaderStage +
                      l.maxStorageBuffersPerShaderStage + l.maxStorageTexturesPerShaderStage +
                      l.maxUniformBuffersPerShaderStage;
  if (l.maxBindingsPerBindGroup < perStage * 2) {
    return fmt::format(
        "maxBindingsPerBindGroup ({}) must be >= 2 x the max bindings per shader stage ({}).",
        l.maxBindingsPerBindGroup, perStage);
  }
  if (l.maxBindGroups > l.maxBindGroupsPlusVertexBuffers) {
    return "maxBindGroups must be <= maxBindGroupsPlusVertexBuffers.";
  }
  if (l.maxVertexBuffers > l.maxBindGroupsPlusVertexBuffers) {
    return "maxVertexBuffers must be <= maxBindGroupsPlusVertexBuffers.";
  }
  if (l.minUniformBufferOffsetAlignment < 32 || l.minStorageBufferOffsetAlignment < 32) {
    return "minUniformBufferOffsetAlignment and minStorageBufferOffsetAlignment must be >= 32.";
  }
  if (l.maxUniformBufferBindingSize > l.maxBufferSize) {
    return "maxUniformBufferBindingSize must be <= maxBufferSize.";
  }
  if (l.maxStorageBufferBindingSize > l.maxBufferSize) {
    return "maxStorageBufferBindingSize must be <= maxBufferSize.";
  }
  if (l.maxStorageBufferBindingSize % 4 != 0) {
    return "maxStorageBufferBindingSize must be a multiple of 4.";
  }
  if (l.maxVertexBufferArrayStride % 4 != 0) {
    return "maxVertexBufferArrayStride must be a multiple of 4.";
  }
  if (l.maxComputeWorkgroupSizeX > l.maxComputeInvocationsPerWorkgroup ||
      l.maxComputeWorkgroupSizeY > l.maxComputeInvocationsPerWorkgroup ||
      l.maxComputeWorkgroupSizeZ > l.maxComputeInvocationsPerWorkgroup) {
    return "maxComputeWorkgroupSizeX/Y/Z must each be <= maxComputeInvocationsPerWorkgroup.";
  }
  if (l.maxComputeInvocationsPerWorkgroup > uint64_t{l.maxComputeWorkgroupSizeX} *
                                                l.maxComputeWorkgroupSizeY *
                                                l.maxComputeWorkgroupSizeZ) {
    return "maxComputeInvocationsPerWorkgroup must be <= maxComputeWorkgroupSizeX x Y x Z.";
  }
  if (l.maxImmediateSize % 4 != 0) return "maxImmediateSize must be a multiple of 4.";
  return {};
}

AdapterBase::AdapterBase(InstanceBase* instance, const RequestAdapterOptions& options,
                         std::unique_ptr<backend::AdapterBackend> backend)
    : ObjectBase(nullptr, ObjectType::Adapter, ""),
      instance_(instance),
      backend_(std::move(backend)),
      features_(backend_->features()),
      limits_(backend_->limits()),
      info_(backend_->info()),
      featureLevel_(options.featureLevel) {}

namespace {

// Edit distance, case-insensitive, for "did you mean" on unknown limit names.
size_t editDistance(std::string_view a, std::string_view b) {
  std::vector<size_t> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diagonal = row[0];
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      size_t above = row[j];
      bool same = std::tolower(static_cast<unsigned char>(a[i - 1])) ==
                  std::tolower(static_cast<unsigned char>(b[j - 1]));
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (same ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

std::string didYouMean(std::string_view key) {
  const LimitInfo* best = nullptr;
  size_t bestDistance = 0;
  for (const LimitInfo& info : allLimits()) {
    size_t d = editDistance(key, info.name);
    if (!best || d < bestDistance) {
      best = &info;
      bestDistance = d;
    }
  }
  if (best && bestDistance <= std::max<size_t>(3, key.size() / 4)) {
    return fmt::format(" Did you mean '{}'?", best->name);
  }
  return " The limit names are those of GPUSupportedLimits (adapter.limits).";
}

}  // namespace

Limits newDeviceLimits(FeatureLevel level, const FeatureSet& features,
                       const DeviceDescriptor& descriptor) {
  // "a new device": the defaults of the adapter's [[default feature level]].
  Limits limits =
      level == FeatureLevel::Core ? Limits::coreDefaults() : Limits::compatibilityDefaults();
  // Better requested values replace the default; worse ones are clamped to it.
  for (const auto& [key, value] : descriptor.requiredLimits) {
    const LimitInfo* info = findLimit(key);
    if (info && info->isBetter(value, info->get(limits))) info->set(limits, value);
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
  return limits;
}

// #dom-gpuadapter-requestdevice
RequestDeviceResult AdapterBase::requestDevice(const DeviceDescriptor& descriptor) {
  RequestDeviceResult result;
  auto reject = [&](RequestDeviceResult::Status status, ErrorCode code, std::string message) {
    result.status = status;
    result.code = code;
    result.message = std::move(message);
    return result;
  };
  using Status = RequestDeviceResult::Status;

  // requiredFeatures must be a subset of the adapter's features: TypeError.
  for (FeatureName f : descriptor.requiredFeatures) {
    if (!features_.has(f)) {
      return reject(Status::TypeError, ErrorCode::FeatureNotSupported,
                    fmt::format("requestDevice: descriptor.requiredFeatures contains '{}', which "
                                "this adapter does not support. Check adapter.features.has('{}') "
                                "before requiring it.",
                                toString(f), toString(f)));
    }
  }

  // The rest reject with an OperationError, and leave the adapter as it was.
  if (state_ == State::Consumed) {
    return reject(Status::OperationError, ErrorCode::AdapterConsumed,
                  "requestDevice: this adapter has already been used to create a device; call "
                  "requestAdapter() again for another device.");
  }
  for (const auto& [key, value] : descriptor.requiredLimits) {
    const LimitInfo* info = findLimit(key);
    if (!info) {
      return reject(Status::OperationError, ErrorCode::UnknownLimit,
                    fmt::format("requestDevice: descriptor.requiredLimits has '{}', which is not "
                                "the name of a limit.{}",
                                key, didYouMean(key)));
    }
    if (info->limitClass == LimitClass::Alignment &&
        (value >= (uint64_t{1} << 32) || !std::has_single_bit(value))) {
      return reject(Status::OperationError, ErrorCode::LimitInvalidValue,
                    fmt::format("requestDevice: descriptor.requiredLimits.{} is {}; an alignment "
                                "limit must be a power of 2 less than 2^32 (e.g. 64, 128, 256).",
                                key, value));
    }
    uint64_t supported = info->get(limits_);
    if (info->isBetter(value, supported)) {
      bool alignment = info->limitClass == LimitClass::Alignment;
      return reject(
          Status::OperationError, ErrorCode::LimitBeyondAdapter,
          fmt::format("requestDevice: descriptor.requiredLimits.{} is {}, better than the adapter "
                      "supports: adapter.limits.{} is {} ({}). Request at {} {}.",
                      key, value, key, supported,
                      alignment ? "alignment limits are better when smaller"
                                : "maximum limits are better when larger",
                      alignment ? "least" : "most", supported));
    }
  }

  // "a new device": features.
  FeatureSet features;
  for (FeatureName f : descriptor.requiredFeatures) features.add(f);
  // The feature level's default features: "core" has core-features-and-limits,
  // "compatibility" none.
  if (featureLevel_ == FeatureLevel::Core) features.add(FeatureName::CoreFeaturesAndLimits);
  features = withFeatureDependencies(features);
  Limits limits = newDeviceLimits(featureLevel_, features, descriptor);

  bool expired = state_ == State::Expired;
  backend::Result<std::unique_ptr<backend::DeviceBackend>> made =
      backend_->createDevice(features, limits);
  std::unique_ptr<backend::DeviceBackend> deviceBackend;
  if (!made.isError()) deviceBackend = std::move(made.value());
  auto device = Ref<DeviceBase>::adopt(
      new DeviceBase(this, descriptor, limits, features, std::move(deviceBackend)));
  if (made.isError()) {
    // "the user agent otherwise cannot fulfill the request": a device that
    // is lost from the start (it has no backend), and the adapter expires.
    device->loseDevice(DeviceLostReason::Unknown,
                       fmt::format("requestDevice: the {} backend could not create the device: "
                                   "{}. Call requestAdapter() again and request a new device.",
                                   toString(info_.backendType), made.error().message));
    expire();
  } else if (expired) {
    // The adapter has expired (it already created a device, or expire() was
    // called): the promise still resolves, to a device that is already lost.
    device->loseDevice(DeviceLostReason::Unknown,
                       "requestDevice: the adapter had expired (an adapter creates one device; "
                       "after that, or when the system changes, it expires). Call "
                       "requestAdapter() again and request the device from the new adapter.");
  } else {
    expire();  // #abstract-opdef-expire
  }
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

std::string_view toString(BackendType type) {
  switch (type) {
    case BackendType::Null: return "null";
    case BackendType::Vulkan: return "vulkan";
    case BackendType::Auto: return "auto";
  }
  return "unknown";
}

std::optional<BackendType> parseBackendType(std::string_view text) {
  for (BackendType type : {BackendType::Null, BackendType::Vulkan, BackendType::Auto}) {
    if (text == toString(type)) return type;
  }
  return std::nullopt;
}

Instance Instance::create(const InstanceDescriptor& descriptor) {
  return core::toHandle<Instance>(core::Ref<InstanceBase>::adopt(new InstanceBase(descriptor)));
}

Adapter Instance::requestAdapter(const RequestAdapterOptions& options) const {
  auto* instance = fromHandle<InstanceBase>(*this);
  if (!instance) return {};
  core::Ref<AdapterBase> adapter = instance->requestAdapter(options);
  if (!adapter) return {};
  return core::toHandle<Adapter>(std::move(adapter));
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
void Adapter::expire() const {
  fromHandle<AdapterBase>(*this)->expire();
}
bool Adapter::isExpired() const {
  return fromHandle<AdapterBase>(*this)->state() == AdapterBase::State::Expired;
}
RequestDeviceResult Adapter::requestDevice(const DeviceDescriptor& descriptor) const {
  return fromHandle<AdapterBase>(*this)->requestDevice(descriptor);
}

}  // namespace bindery
