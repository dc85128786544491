// A physical device's limits and features in WebGPU's terms (#limits,
// #features): what the adapter offers.
#pragma once

#include "backends/vulkan/physical_device.h"
#include "bindery/device.h"
#include "bindery/limits.h"

namespace bindery::vulkan {

// The device's own limits mapped to WebGPU's. Maximum limits are never above
// what the device supports (and per-stage binding counts are capped at
// bindery's tiers, so #adapter-capability-guarantees' binding sum holds);
// alignment limits are the device's own alignment raised to a power of two
// and to the spec's floor of 32. A value worse than the spec's default means
// the device cannot be a WebGPU adapter (the core's guarantee check rejects
// it).
Limits limitsOf(const PhysicalDevice& device);

// The most dynamic storage bindings per pipeline layout offered: each has its
// effective binding size pushed as a u32 after the immediates
// (pipeline_layout.h), the pass recorders keep that many (push_constants.h).
inline constexpr uint32_t kMaxSizeWords = 32;

// The features bindery implements on Vulkan that `device` supports.
// "core-features-and-limits" always; "depth32float-stencil8" when
// VK_FORMAT_D32_SFLOAT_S8_UINT can be a depth-stencil attachment and be copied.
FeatureSet featuresOf(const PhysicalDevice& device);

// The optional VkPhysicalDeviceFeatures bindery enables when present (none is
// required): robustBufferAccess, and the features later stages use.
VkPhysicalDeviceFeatures enabledFeaturesOf(const PhysicalDevice& device);

}  // namespace bindery::vulkan
