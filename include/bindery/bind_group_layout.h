// GPUBindGroupLayout and its descriptor (#bind-group-layout-creation).
// Field names, order and defaults are the spec's, so designated initialisers
// read like the JavaScript:
//   device.createBindGroupLayout({.label = "escena", .entries = {
//       {.binding = 0, .visibility = ShaderStage::Vertex | ShaderStage::Fragment,
//        .buffer = BufferBindingLayout{.minBindingSize = 144}}}});
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "bindery/enums.h"
#include "bindery/flags.h"
#include "bindery/object.h"

namespace bindery {

struct BufferBindingLayout {
  BufferBindingType type = BufferBindingType::Uniform;
  bool hasDynamicOffset = false;
  uint64_t minBindingSize = 0;
  bool operator==(const BufferBindingLayout&) const = default;
};

struct SamplerBindingLayout {
  SamplerBindingType type = SamplerBindingType::Filtering;
  bool operator==(const SamplerBindingLayout&) const = default;
};

struct TextureBindingLayout {
  TextureSampleType sampleType = TextureSampleType::Float;
  TextureViewDimension viewDimension = TextureViewDimension::e2D;
  bool multisampled = false;
  bool operator==(const TextureBindingLayout&) const = default;
};

struct StorageTextureBindingLayout {
  StorageTextureAccess access = StorageTextureAccess::WriteOnly;
  std::optional<TextureFormat> format;  // required
  TextureViewDimension viewDimension = TextureViewDimension::e2D;
  bool operator==(const StorageTextureBindingLayout&) const = default;
};

struct ExternalTextureBindingLayout {
  bool operator==(const ExternalTextureBindingLayout&) const = default;
};

// Exactly one of buffer / sampler / texture / storageTexture / externalTexture
// must be set (the entry's "binding member").
struct BindGroupLayoutEntry {
  uint32_t binding = 0;         // required
  ShaderStageFlags visibility;  // required
  std::optional<BufferBindingLayout> buffer;
  std::optional<SamplerBindingLayout> sampler;
  std::optional<TextureBindingLayout> texture;
  std::optional<StorageTextureBindingLayout> storageTexture;
  std::optional<ExternalTextureBindingLayout> externalTexture;
  bool operator==(const BindGroupLayoutEntry&) const = default;
};

struct BindGroupLayoutDescriptor {
  std::string label;
  std::vector<BindGroupLayoutEntry> entries;  // required
};

class BindGroupLayout : public detail::Handle {
  BINDERY_HANDLE_CLASS(BindGroupLayout);

  // The entries, in binding-number order, with every default filled in
  // (GPUBindGroupLayout.[[entryMap]]).
  std::vector<BindGroupLayoutEntry> entries() const;
  // #bind-group-compatibility: whether bind groups of one layout can be used
  // wherever the other is expected. Explicit layouts with equal entries are;
  // a layout made by a pipeline's layout: 'auto' is group-equivalent only to
  // layouts of that same pipeline.
  bool isGroupEquivalent(const BindGroupLayout& other) const;
};

}  // namespace bindery
