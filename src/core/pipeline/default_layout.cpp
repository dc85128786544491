// layout: 'auto' (#default-pipeline-layout): one entry per binding that some
// stage statically uses, merged across stages by the spec's rules, each group
// a layout whose [[exclusivePipeline]] is the pipeline; immediateSize from the
// stages' var<immediate>.
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <span>

#include "core/device/device.h"
#include "core/pipeline/pipeline.h"
#include "core/resources/format.h"

namespace bindery::core {

namespace {

// An entry of a group being built, and the first use that made it (for
// conflict messages).
struct AutoEntry {
  LayoutEntry entry;
  const PipelineStage* stage = nullptr;
  const wgsl::ResourceBinding* resource = nullptr;
};

std::string useName(const PipelineStage& s, const wgsl::ResourceBinding& r) {
  return fmt::format("entry point '{}' ({}) uses {}", s.entryPoint,
                     wgsl::toString(s.reflection->stage), describeDeclaration(r));
}

// Merges `next` (from `stage`'s use of `r`) into `prev`: visibility ORed,
// the larger minBindingSize, 'float' over 'unfilterable-float', 'read-write'
// over 'write-only' when the format allows it; anything else unequal fails.
MaybeError merge(AutoEntry& prev, const LayoutEntry& next, const PipelineStage& stage,
                 const wgsl::ResourceBinding& r, const FeatureSet& features) {
  LayoutEntry merged = prev.entry;
  merged.visibility = static_cast<uint8_t>(merged.visibility | next.visibility);
  LayoutEntry other = next;
  other.visibility = merged.visibility;
  if (merged.kind == BindingKind::Buffer && other.kind == BindingKind::Buffer) {
    merged.minBindingSize = std::max(merged.minBindingSize, other.minBindingSize);
    other.minBindingSize = merged.minBindingSize;
  }
  auto isFloat = [](TextureSampleType t) {
    return t == TextureSampleType::Float || t == TextureSampleType::UnfilterableFloat;
  };
  if (merged.kind == BindingKind::Texture && other.kind == BindingKind::Texture &&
      merged.sampleType != other.sampleType && isFloat(merged.sampleType) &&
      isFloat(other.sampleType)) {
    merged.sampleType = other.sampleType = TextureSampleType::Float;
  }
  if (merged.kind == BindingKind::StorageTexture && other.kind == BindingKind::StorageTexture &&
      merged.access != other.access && merged.storageFormat == other.storageFormat) {
    bool pair = (merged.access == StorageTextureAccess::WriteOnly &&
                 other.access == StorageTextureAccess::ReadWrite) ||
                (merged.access == StorageTextureAccess::ReadWrite &&
                 other.access == StorageTextureAccess::WriteOnly);
    if (pair && isStorageFormat(merged.storageFormat, StorageTextureAccess::ReadWrite, features)) {
      merged.access = other.access = StorageTextureAccess::ReadWrite;
    }
  }
  if (!(merged == other)) {
    auto error = makeValidationError(
        ErrorCode::PipelineAutoLayoutConflict,
        fmt::format("layout: 'auto' cannot make one entry for @group({}) @binding({}): {} and {}, "
                    "which need different entries:\n  {}\n  {}",
                    r.group, r.binding, useName(*prev.stage, *prev.resource), useName(stage, r),
                    prev.entry.describe(), next.describe()));
    error->fix =
        "Give the two declarations different @binding numbers, make them the same type, or use "
        "an explicit layout (createBindGroupLayout + createPipelineLayout) with one entry that "
        "fits both, where one exists.";
    return error;
  }
  prev.entry = merged;
  return {};
}

struct Scratch {
  std::vector<std::vector<AutoEntry>> groups;  // the first `groupCount` are in use
  BindGroupLayoutDescriptor descriptor;
  std::vector<SlotSource> sources;
};

// One thread-local lookup per pipeline, not one per use.
[[gnu::noinline]] Scratch& threadScratch() {
  thread_local Scratch scratch;
  return scratch;
}

}  // namespace

MaybeError createDefaultPipelineLayout(DeviceBase* device, std::span<const PipelineStage> stages,
                                       const PipelineBase* owner, Ref<PipelineLayoutBase>* out) {
  const Limits& limits = device->limits();
  // The groups being built, their descriptors and the slot sources: per
  // thread, reused (cleared, their capacity kept), so a pipeline allocates
  // none of them. Nothing here runs createDefaultPipelineLayout again.
  Scratch& scratch = threadScratch();
  std::vector<std::vector<AutoEntry>>& groups = scratch.groups;
  size_t groupCount = 0;
  for (const PipelineStage& s : stages) {
    for (const wgsl::ResourceBinding& r : s.reflection->resources) {
      BINDERY_INVALID_IF_FIX(
          r.group >= limits.maxBindGroups, PipelineLayoutTooManyBindGroups,
          fmt::format("Use @group indices below {}, or request a higher maxBindGroups.",
                      limits.maxBindGroups),
          "{}, but the device's maxBindGroups limit is {}, so layout: 'auto' cannot make "
          "@group({}).",
          useName(s, r), limits.maxBindGroups, r.group);
      if (groupCount <= r.group) {
        if (groups.size() <= r.group) groups.resize(r.group + 1);
        for (size_t g = groupCount; g <= r.group; ++g) groups[g].clear();
        groupCount = r.group + 1;
      }
      LayoutEntry entry = autoLayoutEntry(r, s.stage);
      std::vector<AutoEntry>& group = groups[r.group];
      auto prev = std::find_if(group.begin(), group.end(),
                               [&](const AutoEntry& e) { return e.entry.binding == r.binding; });
      if (prev == group.end()) {
        group.push_back({entry, &s, &r});
      } else {
        BINDERY_TRY(merge(*prev, entry, s, r, device->features()));
      }
    }
  }
  // groupCount layouts; an empty one leaves its pipeline-layout slot null.
  // maxBindGroups slots, on the stack up to 8 (the pipeline layout copies them).
  std::array<Ref<BindGroupLayoutBase>, 8> stackSlots;
  std::vector<Ref<BindGroupLayoutBase>> heapSlots;
  std::span<Ref<BindGroupLayoutBase>> layouts(stackSlots.data(), limits.maxBindGroups);
  if (limits.maxBindGroups > stackSlots.size()) {
    heapSlots.resize(limits.maxBindGroups);
    layouts = heapSlots;
  }
  BindingSlotCounts counts;
  std::vector<SlotSource>& sources = scratch.sources;
  sources.clear();
  BindGroupLayoutDescriptor& groupDesc = scratch.descriptor;
  for (size_t g = 0; g < groupCount; ++g) {
    if (groups[g].empty()) continue;
    groupDesc.entries.clear();
    for (const AutoEntry& e : groups[g]) groupDesc.entries.push_back(e.entry.toPublic());
    Ref<BindGroupLayoutBase> layout;
    BINDERY_TRY_CONTEXT(device->createAutoBindGroupLayout(groupDesc, owner, &layout),
                        "making @group({}) of layout: 'auto' (the entries the shader "
                        "statically uses)",
                        g);
    counts += layout->internal()->slotCounts();
    sources.push_back({static_cast<int>(g), layout->internal()->entries()});
    layouts[g] = std::move(layout);
  }
  // #pipeline-layout-creation: the groups' slots together. One group's
  // counts are those its own layout passed (#bind-group-layout-creation
  // checks the same limits), so only several groups can fail here.
  if (sources.size() > 1) {
    BINDERY_TRY_CONTEXT(validateBindingSlotLimits(
                            counts, limits, ErrorCode::PipelineLayoutBindingSlotLimits, sources),
                        "making the layout: 'auto' pipeline layout");
  }
  // immediateSize: max over the stages of roundUp(4, SizeOf(T)) of the
  // immediate data variable each uses.
  PipelineLayoutDescriptor desc;
  for (const PipelineStage& s : stages) {
    const wgsl::EntryPoint& ep = *s.reflection;
    if (ep.immediateSize == 0) continue;
    uint32_t size = (ep.immediateSize + 3) / 4 * 4;
    BINDERY_INVALID_IF_FIX(
        size > limits.maxImmediateSize, PipelineLayoutImmediateSizeTooLarge,
        fmt::format("Make the var<immediate> at most {} bytes (move the rest to a uniform "
                    "buffer), or request a higher maxImmediateSize in requiredLimits.",
                    limits.maxImmediateSize),
        "entry point '{}' ({}) uses var<immediate> '{}' (line {}) of {} bytes, so layout: "
        "'auto' needs an immediateSize of {}, more than the device's maxImmediateSize limit "
        "({}).",
        s.entryPoint, wgsl::toString(ep.stage), ep.immediateName, ep.immediateLine,
        ep.immediateSize, size, limits.maxImmediateSize);
    desc.immediateSize = std::max(desc.immediateSize, size);
  }
  *out = Ref<PipelineLayoutBase>::adopt(new PipelineLayoutBase(device, desc, layouts));
  return realiseNoReport(device, **out, device->backend().createPipelineLayout(**out));
}

}  // namespace bindery::core
