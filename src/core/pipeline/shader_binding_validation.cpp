// "validating shader binding" (#pipeline-base), the filtering-sampler rule of
// "validating GPUProgrammableStage", and the compute limits
// (#compute-pipeline-creation), over plain data (see the header).
#include "core/pipeline/shader_binding_validation.h"

#include <fmt/format.h>

#include <array>

#include "bindery/enums.h"
#include "core/pipeline/pipeline_explain.h"

namespace bindery::core {

using wgsl::ResourceKind;
using wgsl::SampleKind;

ShaderStage toShaderStage(wgsl::Stage stage) {
  switch (stage) {
    case wgsl::Stage::Vertex: return ShaderStage::Vertex;
    case wgsl::Stage::Fragment: return ShaderStage::Fragment;
    case wgsl::Stage::Compute: return ShaderStage::Compute;
  }
  return ShaderStage::Compute;
}

std::string_view stageFlagName(ShaderStage stage) {
  switch (stage) {
    case ShaderStage::Vertex: return "GPUShaderStage.VERTEX";
    case ShaderStage::Fragment: return "GPUShaderStage.FRAGMENT";
    case ShaderStage::Compute: return "GPUShaderStage.COMPUTE";
  }
  return "";
}

TextureViewDimension toViewDimension(wgsl::ViewDimension d) {
  switch (d) {
    case wgsl::ViewDimension::e1D: return TextureViewDimension::e1D;
    case wgsl::ViewDimension::e2DArray: return TextureViewDimension::e2DArray;
    case wgsl::ViewDimension::Cube: return TextureViewDimension::Cube;
    case wgsl::ViewDimension::CubeArray: return TextureViewDimension::CubeArray;
    case wgsl::ViewDimension::e3D: return TextureViewDimension::e3D;
    case wgsl::ViewDimension::None:
    case wgsl::ViewDimension::e2D: break;
  }
  return TextureViewDimension::e2D;
}

std::optional<TextureFormat> toTextureFormat(wgsl::TexelFormat format) {
  // Built once: the WGSL spelling is the API's.
  static const auto table = [] {
    std::array<std::optional<TextureFormat>, 64> t{};
    for (uint32_t i = 1; i < t.size(); ++i) {
      std::string_view name = wgsl::toString(static_cast<wgsl::TexelFormat>(i));
      if (name.empty()) continue;
      t[i] = parseTextureFormat(name);
    }
    return t;
  }();
  auto i = static_cast<size_t>(format);
  return i < table.size() ? table[i] : std::nullopt;
}

namespace {

bool isBuffer(ResourceKind k) {
  return k == ResourceKind::UniformBuffer || k == ResourceKind::StorageBuffer ||
         k == ResourceKind::ReadOnlyStorageBuffer;
}
bool isSampledTexture(ResourceKind k) {
  return k == ResourceKind::SampledTexture || k == ResourceKind::MultisampledTexture ||
         k == ResourceKind::DepthTexture || k == ResourceKind::DepthMultisampledTexture;
}
bool isDepth(ResourceKind k) {
  return k == ResourceKind::DepthTexture || k == ResourceKind::DepthMultisampledTexture;
}

BindingKind bindingKindOf(ResourceKind k) {
  if (isBuffer(k)) return BindingKind::Buffer;
  if (k == ResourceKind::Sampler || k == ResourceKind::ComparisonSampler) {
    return BindingKind::Sampler;
  }
  if (isSampledTexture(k)) return BindingKind::Texture;
  if (k == ResourceKind::StorageTexture) return BindingKind::StorageTexture;
  return BindingKind::ExternalTexture;
}

TextureSampleType sampleTypeOf(SampleKind s) {
  switch (s) {
    case SampleKind::Float: return TextureSampleType::Float;
    case SampleKind::Depth: return TextureSampleType::Depth;
    case SampleKind::Sint: return TextureSampleType::Sint;
    case SampleKind::Uint: return TextureSampleType::Uint;
    case SampleKind::UnfilterableFloat:
    case SampleKind::None: break;
  }
  return TextureSampleType::UnfilterableFloat;
}

StorageTextureAccess accessOf(wgsl::StorageAccess a) {
  switch (a) {
    case wgsl::StorageAccess::Read: return StorageTextureAccess::ReadOnly;
    case wgsl::StorageAccess::ReadWrite: return StorageTextureAccess::ReadWrite;
    case wgsl::StorageAccess::Write:
    case wgsl::StorageAccess::None: break;
  }
  return StorageTextureAccess::WriteOnly;
}

// The WGSL sampled type of a texture binding ("f32", "i32", "u32").
std::string_view sampledTypeName(const wgsl::ResourceBinding& r) {
  switch (r.sampleType) {
    case SampleKind::Sint: return "i32";
    case SampleKind::Uint: return "u32";
    default: return "f32";
  }
}

}  // namespace

LayoutEntry autoLayoutEntry(const wgsl::ResourceBinding& r, ShaderStage stage) {
  LayoutEntry e;
  e.binding = r.binding;
  e.visibility = static_cast<uint8_t>(stage);
  e.kind = bindingKindOf(r.kind);
  switch (r.kind) {
    case ResourceKind::UniformBuffer:
      e.bufferType = BufferBindingType::Uniform;
      e.minBindingSize = r.minBindingSize;
      break;
    case ResourceKind::StorageBuffer:
      e.bufferType = BufferBindingType::Storage;
      e.minBindingSize = r.minBindingSize;
      break;
    case ResourceKind::ReadOnlyStorageBuffer:
      e.bufferType = BufferBindingType::ReadOnlyStorage;
      e.minBindingSize = r.minBindingSize;
      break;
    case ResourceKind::Sampler: e.samplerType = SamplerBindingType::Filtering; break;
    case ResourceKind::ComparisonSampler: e.samplerType = SamplerBindingType::Comparison; break;
    case ResourceKind::SampledTexture:
    case ResourceKind::MultisampledTexture:
    case ResourceKind::DepthTexture:
    case ResourceKind::DepthMultisampledTexture:
      e.sampleType = isDepth(r.kind) ? TextureSampleType::Depth : sampleTypeOf(r.sampleType);
      e.viewDimension = toViewDimension(r.viewDimension);
      e.multisampled = r.multisampled;
      break;
    case ResourceKind::StorageTexture:
      e.access = accessOf(r.access);
      e.storageFormat = toTextureFormat(r.storageFormat).value_or(TextureFormat::R8unorm);
      e.viewDimension = toViewDimension(r.viewDimension);
      break;
    case ResourceKind::ExternalTexture: break;
  }
  // Fields of other binding kinds stay at their (normalised) defaults.
  if (e.kind != BindingKind::Texture && e.kind != BindingKind::StorageTexture) {
    e.viewDimension = TextureViewDimension::e2D;
  }
  return e;
}

LayoutEntry neededLayoutEntry(const wgsl::ResourceBinding& r, ShaderStage stage,
                              const LayoutEntry* existing) {
  LayoutEntry e = autoLayoutEntry(r, stage);
  if (!existing) return e;
  e.visibility = static_cast<uint8_t>(existing->visibility | static_cast<uint8_t>(stage));
  if (existing->kind != e.kind) return e;
  switch (e.kind) {
    case BindingKind::Buffer:
      e.hasDynamicOffset = existing->hasDynamicOffset;
      if (existing->minBindingSize == 0) e.minBindingSize = 0;
      break;
    case BindingKind::Sampler:
      if (e.samplerType != SamplerBindingType::Comparison &&
          existing->samplerType != SamplerBindingType::Comparison) {
        e.samplerType = existing->samplerType;
      }
      break;
    case BindingKind::Texture:
      // f32 textures: the user's 'float' / 'unfilterable-float' choice stands
      // unless the texture is sampled with a sampler (then 'float').
      if (r.sampleType == SampleKind::UnfilterableFloat &&
          existing->sampleType == TextureSampleType::Float) {
        e.sampleType = TextureSampleType::Float;
      }
      if ((r.sampleType == SampleKind::Float || r.sampleType == SampleKind::UnfilterableFloat ||
           isDepth(r.kind)) &&
          existing->sampleType == TextureSampleType::Depth) {
        e.sampleType = TextureSampleType::Depth;
      }
      break;
    case BindingKind::StorageTexture:
      if (r.access == wgsl::StorageAccess::Write &&
          existing->access == StorageTextureAccess::ReadWrite) {
        e.access = StorageTextureAccess::ReadWrite;
      }
      break;
    case BindingKind::ExternalTexture: break;
  }
  return e;
}

std::string describeDeclaration(const wgsl::ResourceBinding& r) {
  if (r.declLine == 0) {
    return fmt::format("@group({}) @binding({}) '{}' ({})", r.group, r.binding, r.name, r.wgslType);
  }
  return fmt::format("@group({}) @binding({}) '{}' (line {}: {})", r.group, r.binding, r.name,
                     r.declLine, r.wgslType);
}

namespace {

struct Context {
  const ShaderStageView& stage;
  const ShaderLayoutView& layout;
};

const LayoutEntry* findEntry(const ShaderLayoutView& layout, uint32_t group, uint32_t binding) {
  if (group >= layout.groups.size()) return nullptr;
  for (const LayoutEntry& e : layout.groups[group].entries) {
    if (e.binding == binding) return &e;
  }
  return nullptr;
}

std::string groupName(const ShaderLayoutView& layout, uint32_t group) {
  if (group < layout.groups.size() && !layout.groups[group].name.empty()) {
    return layout.groups[group].name;
  }
  return fmt::format("@group({}) of {}", group, layout.name);
}

std::string stageName(const ShaderStageView& s) {
  return fmt::format("entry point '{}' ({}) of {}", s.entryPoint->name,
                     wgsl::toString(s.entryPoint->stage), s.moduleName);
}

// The error for `r` against `entry` (null when missing): what differs, the
// WGSL declaration, the layout entry, and the entry the shader needs.
std::unique_ptr<ErrorData> mismatch(const Context& c, const wgsl::ResourceBinding& r,
                                    const LayoutEntry* entry, ErrorCode code,
                                    std::string_view what) {
  LayoutEntry needed = neededLayoutEntry(r, c.stage.stage, entry);
  std::string message;
  if (entry) {
    message = fmt::format("{} uses {}, but binding {} of {} is {}: {}.", stageName(c.stage),
                          describeDeclaration(r), r.binding, groupName(c.layout, r.group),
                          entry->describe(), what);
  } else {
    message = fmt::format("{} uses {}, but {}: {}.", stageName(c.stage), describeDeclaration(r),
                          groupName(c.layout, r.group), what);
  }
  message += fmt::format("\nThe shader needs the layout entry {}", needed.describe());
  if (code == ErrorCode::PipelineBindingMinBindingSizeTooSmall && c.stage.module) {
    message += "." + explainBufferTypeSize(*c.stage.module, r);
  }
  auto error = makeValidationError(code, std::move(message));
  error->fix =
      entry ? fmt::format(
                  "Change binding {} of the layout to the entry above, or change the WGSL "
                  "declaration of '{}'{}.",
                  r.binding, r.name,
                  r.declLine ? fmt::format(" on line {}", r.declLine) : std::string())
            : fmt::format("Add the entry above to the layout of @group({}), or use layout: 'auto'.",
                          r.group);
  return error;
}

// Returns the code and reason when `entry` does not match `r` ("validating
// shader binding"), or nullopt.
std::optional<std::pair<ErrorCode, std::string>> compare(const wgsl::ResourceBinding& r,
                                                         const LayoutEntry& e, ShaderStage stage) {
  using R = std::pair<ErrorCode, std::string>;
  BindingKind want = bindingKindOf(r.kind);
  if (e.kind != want) {
    return R{ErrorCode::PipelineBindingTypeMismatch,
             fmt::format("the layout has a {} entry where the shader declares a {} ({})",
                         toString(e.kind), toString(want), wgsl::toString(r.kind))};
  }
  if ((e.visibility & static_cast<uint8_t>(stage)) == 0) {
    return R{ErrorCode::PipelineBindingVisibility,
             fmt::format("its visibility ({}) lacks {}, the stage that uses it",
                         toString(e.stages()), stageFlagName(stage))};
  }
  switch (e.kind) {
    case BindingKind::Buffer: {
      BufferBindingType t = r.kind == ResourceKind::UniformBuffer ? BufferBindingType::Uniform
                            : r.kind == ResourceKind::StorageBuffer
                                ? BufferBindingType::Storage
                                : BufferBindingType::ReadOnlyStorage;
      if (e.bufferType != t) {
        std::string_view decl = r.kind == ResourceKind::UniformBuffer   ? "var<uniform>"
                                : r.kind == ResourceKind::StorageBuffer ? "var<storage, read_write>"
                                                                        : "var<storage, read>";
        return R{ErrorCode::PipelineBindingTypeMismatch,
                 fmt::format("buffer.type '{}' does not match {}, which needs '{}'",
                             toString(e.bufferType), decl, toString(t))};
      }
      if (e.minBindingSize != 0 && e.minBindingSize < r.minBindingSize) {
        return R{ErrorCode::PipelineBindingMinBindingSizeTooSmall,
                 fmt::format("buffer.minBindingSize ({}) is less than the shader's minimum "
                             "binding size for {} ({} bytes)",
                             e.minBindingSize, r.wgslType, r.minBindingSize)};
      }
      return std::nullopt;
    }
    case BindingKind::Sampler: {
      bool comparison = r.kind == ResourceKind::ComparisonSampler;
      if ((e.samplerType == SamplerBindingType::Comparison) != comparison) {
        return R{ErrorCode::PipelineBindingTypeMismatch,
                 fmt::format("sampler.type '{}' does not match {}, which needs {}",
                             toString(e.samplerType), r.wgslType,
                             comparison ? "'comparison'" : "'filtering' or 'non-filtering'")};
      }
      return std::nullopt;
    }
    case BindingKind::Texture: {
      if (e.multisampled != r.multisampled) {
        return R{ErrorCode::PipelineBindingTextureMultisampled,
                 fmt::format("texture.multisampled is {}, but {} is {}multisampled", e.multisampled,
                             r.wgslType, r.multisampled ? "" : "not ")};
      }
      bool ok = true;
      std::string need;
      switch (e.sampleType) {
        case TextureSampleType::Float:
        case TextureSampleType::UnfilterableFloat:
          ok = !isDepth(r.kind) && sampledTypeName(r) == "f32";
          need = "a texture_*<f32> that is not a texture_depth_*";
          break;
        case TextureSampleType::Sint:
          ok = !isDepth(r.kind) && r.sampleType == SampleKind::Sint;
          need = "a texture_*<i32>";
          break;
        case TextureSampleType::Uint:
          ok = !isDepth(r.kind) && r.sampleType == SampleKind::Uint;
          need = "a texture_*<u32>";
          break;
        case TextureSampleType::Depth:
          ok = isDepth(r.kind) || sampledTypeName(r) == "f32";
          need = "a texture_depth_* or a texture_*<f32>";
          break;
      }
      if (!ok) {
        return R{ErrorCode::PipelineBindingTextureSampleType,
                 fmt::format("texture.sampleType '{}' needs {}, but the shader declares {}",
                             toString(e.sampleType), need, r.wgslType)};
      }
      TextureViewDimension d = toViewDimension(r.viewDimension);
      if (e.viewDimension != d) {
        return R{ErrorCode::PipelineBindingTextureViewDimension,
                 fmt::format("texture.viewDimension '{}' does not match {}, which needs '{}'",
                             toString(e.viewDimension), r.wgslType, toString(d))};
      }
      return std::nullopt;
    }
    case BindingKind::StorageTexture: {
      TextureViewDimension d = toViewDimension(r.viewDimension);
      if (e.viewDimension != d) {
        return R{
            ErrorCode::PipelineBindingTextureViewDimension,
            fmt::format("storageTexture.viewDimension '{}' does not match {}, which needs '{}'",
                        toString(e.viewDimension), r.wgslType, toString(d))};
      }
      bool accessOk =
          (e.access == StorageTextureAccess::WriteOnly && r.access == wgsl::StorageAccess::Write) ||
          (e.access == StorageTextureAccess::ReadOnly && r.access == wgsl::StorageAccess::Read) ||
          (e.access == StorageTextureAccess::ReadWrite &&
           (r.access == wgsl::StorageAccess::ReadWrite || r.access == wgsl::StorageAccess::Write));
      if (!accessOk) {
        return R{ErrorCode::PipelineBindingStorageTextureAccess,
                 fmt::format("storageTexture.access '{}' does not allow the access mode '{}' of {}",
                             toString(e.access), wgsl::toString(r.access), r.wgslType)};
      }
      std::optional<TextureFormat> f = toTextureFormat(r.storageFormat);
      if (!f || e.storageFormat != *f) {
        return R{
            ErrorCode::PipelineBindingStorageTextureFormat,
            fmt::format("storageTexture.format '{}' differs from the texel format '{}' of {}",
                        toString(e.storageFormat), wgsl::toString(r.storageFormat), r.wgslType)};
      }
      return std::nullopt;
    }
    case BindingKind::ExternalTexture: return std::nullopt;
  }
  return std::nullopt;
}

}  // namespace

void collectShaderBindingErrors(const ShaderStageView& stage, const ShaderLayoutView& layout,
                                bool all, std::vector<std::unique_ptr<ErrorData>>* errors) {
  Context c{stage, layout};
  for (const wgsl::ResourceBinding& r : stage.entryPoint->resources) {
    const LayoutEntry* entry = findEntry(layout, r.group, r.binding);
    if (!entry) {
      bool noGroup = r.group >= layout.groups.size() || layout.groups[r.group].entries.empty();
      errors->push_back(mismatch(
          c, r, nullptr, ErrorCode::PipelineBindingNotInLayout,
          noGroup ? fmt::format("the layout has no bind group layout at @group({})", r.group)
                  : fmt::format("it has no entry with binding {}", r.binding)));
    } else if (auto bad = compare(r, *entry, stage.stage)) {
      errors->push_back(mismatch(c, r, entry, bad->first, bad->second));
    }
    if (!all && !errors->empty()) return;
  }
  // A 'filtering' sampler with a texture whose layout says non-float
  // (#abstract-opdef-validating-gpuprogrammablestage).
  for (const SamplerTexturePair& p : stage.samplerPairs) {
    const wgsl::ResourceBinding* tex = nullptr;
    const wgsl::ResourceBinding* smp = nullptr;
    for (const wgsl::ResourceBinding& r : stage.entryPoint->resources) {
      if (r.group == p.textureGroup && r.binding == p.textureBinding) tex = &r;
      if (r.group == p.samplerGroup && r.binding == p.samplerBinding) smp = &r;
    }
    if (!tex || !smp || smp->kind != ResourceKind::Sampler) continue;
    if (tex->kind != ResourceKind::SampledTexture && tex->kind != ResourceKind::DepthTexture) {
      continue;
    }
    const LayoutEntry* te = findEntry(layout, tex->group, tex->binding);
    const LayoutEntry* se = findEntry(layout, smp->group, smp->binding);
    if (!te || !se || te->kind != BindingKind::Texture || se->kind != BindingKind::Sampler) {
      continue;  // reported above
    }
    if (se->samplerType != SamplerBindingType::Filtering ||
        te->sampleType == TextureSampleType::Float) {
      continue;
    }
    auto error = makeValidationError(
        ErrorCode::PipelineFilteringSamplerNonFloatTexture,
        fmt::format("{} samples {} with {}, but the layout makes the sampler 'filtering' (binding "
                    "{} of {}: {}) and the texture '{}' (binding {} of {}: {}); a 'filtering' "
                    "sampler may only be used with a texture whose sampleType is 'float'.",
                    stageName(stage), describeDeclaration(*tex), describeDeclaration(*smp),
                    smp->binding, groupName(layout, smp->group), se->describe(),
                    toString(te->sampleType), tex->binding, groupName(layout, tex->group),
                    te->describe()));
    LayoutEntry nonFiltering = *se;
    nonFiltering.samplerType = SamplerBindingType::NonFiltering;
    error->fix = fmt::format(
        "Make the sampler entry {}{}.", nonFiltering.describe(),
        tex->kind == ResourceKind::DepthTexture
            ? std::string(" (a depth texture cannot be filtered: sample it with a 'non-filtering' "
                          "sampler, or use a sampler_comparison)")
            : fmt::format(", or make the texture entry sampleType 'float' (its format must then "
                          "be filterable)"));
    errors->push_back(std::move(error));
    if (!all) return;
  }
}

MaybeError validateShaderBindings(const ShaderStageView& stage, const ShaderLayoutView& layout) {
  std::vector<std::unique_ptr<ErrorData>> errors;
  collectShaderBindingErrors(stage, layout, false, &errors);
  if (errors.empty()) return {};
  return std::move(errors.front());
}

}  // namespace bindery::core
