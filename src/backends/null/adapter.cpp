// The null device's adapter: what it offers is configurable
// (NullAdapterOptions) so tests can have an adapter that withholds a feature
// or supports better limits.
#include <memory>

#include "backends/backend.h"
#include "backends/null/device.h"
#include "backends/null/testing.h"
#include "core/device/features.h"

namespace bindery::backend::null {

// Better than the defaults where a typical desktop GPU is, so tests can ask
// for more than the default and see it granted. Alignments stay 256 (the
// tests of smaller real alignments configure the adapter explicitly).
Limits defaultAdapterLimits() {
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

namespace {

class NullAdapter final : public AdapterBackend {
 public:
  explicit NullAdapter(const NullAdapterOptions& options) : options_(options) {}
  BackendKind kind() const override { return BackendKind::Null; }
  AdapterInfo info() const override {
    AdapterInfo info;
    info.vendor = "bindery";
    info.architecture = "null";
    info.device = "null device";
    info.description = "bindery validating null device";
    info.isFallbackAdapter = options_.isFallbackAdapter;
    info.backendType = BackendType::Null;
    return info;
  }
  FeatureSet features() const override {
    // #adapter-capability-guarantees: a feature only with everything it requires.
    return core::withoutUnmetDependencies(options_.features);
  }
  Limits limits() const override { return options_.limits.value_or(defaultAdapterLimits()); }
  Result<std::unique_ptr<DeviceBackend>> createDevice(const FeatureSet&, const Limits&) override {
    return std::unique_ptr<DeviceBackend>(std::make_unique<NullDevice>());
  }

 private:
  NullAdapterOptions options_;
};

}  // namespace

}  // namespace bindery::backend::null

namespace bindery::backend {

std::vector<std::unique_ptr<AdapterBackend>> enumerateNullAdapters(const AdapterRequest& request) {
  std::vector<std::unique_ptr<AdapterBackend>> adapters;
  // forceFallbackAdapter: "only a fallback adapter may be returned".
  if (request.forceFallbackAdapter && !request.nullAdapter.isFallbackAdapter) return adapters;
  adapters.push_back(std::make_unique<null::NullAdapter>(request.nullAdapter));
  return adapters;
}

}  // namespace bindery::backend
