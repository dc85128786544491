// #bind-group-layout-creation "exceeds the binding slot limits", shared by
// bind group layouts and pipeline layouts.
#include "core/binding/binding_slot_limits.h"

#include <fmt/format.h>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "core/binding/bind_group_layout.h"

namespace bindery::core {

namespace {

enum class SlotKind : uint8_t {
  DynamicUniform,
  DynamicStorage,
  Uniform,
  Storage,
  Sampler,
  SampledTexture,
  StorageTexture
};

constexpr ShaderStage kStageBits[] = {ShaderStage::Vertex, ShaderStage::Fragment,
                                      ShaderStage::Compute};
constexpr const char* kStageNames[] = {"GPUShaderStage.VERTEX", "GPUShaderStage.FRAGMENT",
                                       "GPUShaderStage.COMPUTE"};

// The slots `e` uses toward `kind` in `stage` (stage ignored for the dynamic kinds).
uint32_t slotsUsed(const LayoutEntry& e, SlotKind kind, int stage) {
  if (kind == SlotKind::DynamicUniform) {
    return e.kind == BindingKind::Buffer && e.hasDynamicOffset &&
           e.bufferType == BufferBindingType::Uniform;
  }
  if (kind == SlotKind::DynamicStorage) {
    // The spec's switch names only 'storage' here ('read-only-storage' is not
    // counted toward maxDynamicStorageBuffersPerPipelineLayout).
    return e.kind == BindingKind::Buffer && e.hasDynamicOffset &&
           e.bufferType == BufferBindingType::Storage;
  }
  if (!e.stages().has(kStageBits[stage])) return 0;
  switch (e.kind) {
    case BindingKind::Buffer:
      if (e.bufferType == BufferBindingType::Uniform) return kind == SlotKind::Uniform;
      return kind == SlotKind::Storage;
    case BindingKind::Sampler: return kind == SlotKind::Sampler;
    case BindingKind::Texture: return kind == SlotKind::SampledTexture;
    case BindingKind::StorageTexture: return kind == SlotKind::StorageTexture;
    case BindingKind::ExternalTexture:
      // Up to 3 planes + a 3D LUT, its sampler, and a uniform buffer of metadata.
      if (kind == SlotKind::SampledTexture) return 4;
      return kind == SlotKind::Sampler || kind == SlotKind::Uniform;
  }
  return 0;
}

struct LimitRow {
  const char* name;
  uint32_t Limits::*member;
  SlotKind kind;
  int stage;  // -1: per pipeline layout
  uint32_t (*count)(const BindingSlotCounts&);
  const char* what;  // "uniform buffers"
};

#define BINDERY_STAGE_ROW(limit, kindValue, stageValue, field, whatText)                \
  LimitRow {                                                                            \
#limit, &Limits::limit, SlotKind::kindValue, stageValue,                            \
        [](const BindingSlotCounts& c) { return c.stages[stageValue].field; }, whatText \
  }

const LimitRow kRows[] = {
    {"maxDynamicUniformBuffersPerPipelineLayout",
     &Limits::maxDynamicUniformBuffersPerPipelineLayout, SlotKind::DynamicUniform, -1,
     [](const BindingSlotCounts& c) { return c.dynamicUniformBuffers; },
     "uniform buffers with hasDynamicOffset: true"},
    {"maxDynamicStorageBuffersPerPipelineLayout",
     &Limits::maxDynamicStorageBuffersPerPipelineLayout, SlotKind::DynamicStorage, -1,
     [](const BindingSlotCounts& c) { return c.dynamicStorageBuffers; },
     "storage buffers with hasDynamicOffset: true"},
    BINDERY_STAGE_ROW(maxUniformBuffersPerShaderStage, Uniform, 0, uniformBuffers,
                      "uniform buffers"),
    BINDERY_STAGE_ROW(maxUniformBuffersPerShaderStage, Uniform, 1, uniformBuffers,
                      "uniform buffers"),
    BINDERY_STAGE_ROW(maxUniformBuffersPerShaderStage, Uniform, 2, uniformBuffers,
                      "uniform buffers"),
    BINDERY_STAGE_ROW(maxStorageBuffersInVertexStage, Storage, 0, storageBuffers,
                      "storage buffers"),
    BINDERY_STAGE_ROW(maxStorageBuffersInFragmentStage, Storage, 1, storageBuffers,
                      "storage buffers"),
    BINDERY_STAGE_ROW(maxStorageBuffersPerShaderStage, Storage, 2, storageBuffers,
                      "storage buffers"),
    BINDERY_STAGE_ROW(maxSamplersPerShaderStage, Sampler, 0, samplers, "samplers"),
    BINDERY_STAGE_ROW(maxSamplersPerShaderStage, Sampler, 1, samplers, "samplers"),
    BINDERY_STAGE_ROW(maxSamplersPerShaderStage, Sampler, 2, samplers, "samplers"),
    BINDERY_STAGE_ROW(maxSampledTexturesPerShaderStage, SampledTexture, 0, sampledTextures,
                      "sampled textures"),
    BINDERY_STAGE_ROW(maxSampledTexturesPerShaderStage, SampledTexture, 1, sampledTextures,
                      "sampled textures"),
    BINDERY_STAGE_ROW(maxSampledTexturesPerShaderStage, SampledTexture, 2, sampledTextures,
                      "sampled textures"),
    BINDERY_STAGE_ROW(maxStorageTexturesInVertexStage, StorageTexture, 0, storageTextures,
                      "storage textures"),
    BINDERY_STAGE_ROW(maxStorageTexturesInFragmentStage, StorageTexture, 1, storageTextures,
                      "storage textures"),
    BINDERY_STAGE_ROW(maxStorageTexturesPerShaderStage, StorageTexture, 2, storageTextures,
                      "storage textures"),
};
#undef BINDERY_STAGE_ROW

std::unique_ptr<ErrorData> slotLimitError(const LimitRow& row, uint32_t used, uint32_t limit,
                                          ErrorCode code, std::span<const SlotSource> sources) {
  std::string where = row.stage < 0 ? std::string("in the layout")
                                    : fmt::format("visible to {}", kStageNames[row.stage]);
  std::string users;
  for (const SlotSource& source : sources) {
    // In binding-number order within a group.
    std::vector<const LayoutEntry*> sorted;
    for (const LayoutEntry& e : source.entries) sorted.push_back(&e);
    std::sort(sorted.begin(), sorted.end(),
              [](const LayoutEntry* a, const LayoutEntry* b) { return a->binding < b->binding; });
    for (const LayoutEntry* e : sorted) {
      uint32_t n = slotsUsed(*e, row.kind, row.stage < 0 ? 0 : row.stage);
      if (n == 0) continue;
      if (!users.empty()) users += ", ";
      if (source.group >= 0) users += fmt::format("group {} ", source.group);
      users += fmt::format("binding {} ({}", e->binding, toString(e->kind));
      if (n > 1) users += fmt::format(", {} slots", n);
      users += ")";
    }
  }
  auto error = makeValidationError(
      code, fmt::format("The entry list exceeds the binding slot limits: {} {} are {}, but the "
                        "device's {} limit is {}. They are: {}.",
                        used, row.what, where, row.name, limit, users));
  if (row.stage < 0) {
    error->fix = fmt::format(
        "Set hasDynamicOffset: false on {} of them, or request a higher {} in requiredLimits "
        "(up to the adapter's).",
        used - limit, row.name);
  } else {
    error->fix = fmt::format(
        "Remove {} from the visibility of entries that {} does not read (each stage in "
        "visibility uses a slot), merge resources, or request a higher {} in requiredLimits "
        "(up to the adapter's).",
        kStageNames[row.stage], kStageNames[row.stage], row.name);
  }
  return error;
}

}  // namespace

void BindingSlotCounts::add(const LayoutEntry& e) {
  dynamicUniformBuffers += slotsUsed(e, SlotKind::DynamicUniform, 0);
  dynamicStorageBuffers += slotsUsed(e, SlotKind::DynamicStorage, 0);
  for (int s = 0; s < kStageCount; ++s) {
    if (!e.stages().has(kStageBits[s])) continue;
    PerStage& p = stages[s];
    p.uniformBuffers += slotsUsed(e, SlotKind::Uniform, s);
    p.storageBuffers += slotsUsed(e, SlotKind::Storage, s);
    p.samplers += slotsUsed(e, SlotKind::Sampler, s);
    p.sampledTextures += slotsUsed(e, SlotKind::SampledTexture, s);
    p.storageTextures += slotsUsed(e, SlotKind::StorageTexture, s);
  }
}

BindingSlotCounts& BindingSlotCounts::operator+=(const BindingSlotCounts& o) {
  dynamicUniformBuffers += o.dynamicUniformBuffers;
  dynamicStorageBuffers += o.dynamicStorageBuffers;
  for (int s = 0; s < kStageCount; ++s) {
    stages[s].uniformBuffers += o.stages[s].uniformBuffers;
    stages[s].storageBuffers += o.stages[s].storageBuffers;
    stages[s].samplers += o.stages[s].samplers;
    stages[s].sampledTextures += o.stages[s].sampledTextures;
    stages[s].storageTextures += o.stages[s].storageTextures;
  }
  return *this;
}

MaybeError validateBindingSlotLimits(const BindingSlotCounts& counts, const Limits& limits,
                                     ErrorCode code, std::span<const SlotSource> sources) {
  for (const LimitRow& row : kRows) {
    uint32_t used = row.count(counts);
    uint32_t limit = limits.*row.member;
    if (used > limit) [[unlikely]] {
      return slotLimitError(row, used, limit, code, sources);
    }
  }
  return {};
}

}  // namespace bindery::core
