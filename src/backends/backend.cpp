// Choosing a backend: enumerateAdapters dispatches to each backend's factory.
#include "backends/backend.h"

namespace bindery::backend {

std::vector<std::unique_ptr<AdapterBackend>> enumerateAdapters(BackendKind kind,
                                                               const AdapterRequest& request) {
  switch (kind) {
    case BackendKind::Null: return enumerateNullAdapters(request);
    case BackendKind::Vulkan: return enumerateVulkanAdapters(request);
  }
  return {};
}

#if !BINDERY_VULKAN
// Built without the Vulkan backend (BINDERY_VULKAN=OFF): no Vulkan adapter.
std::vector<std::unique_ptr<AdapterBackend>> enumerateVulkanAdapters(const AdapterRequest&) {
  return {};
}
#endif

}  // namespace bindery::backend
