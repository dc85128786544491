// "validating GPUProgrammableStage" beyond the bindings
// (#abstract-opdef-validating-gpuprogrammablestage) and the compute limits
// (#compute-pipeline-creation), at the override values the descriptor gives.
#include "core/pipeline/programmable_stage.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <set>
#include <utility>

#include "core/pipeline/shader_module.h"

namespace bindery::core {

namespace {

std::string number(double v) {
  return fmt::format("{}", v);
}

// True when `text` has `word` as a whole identifier.
bool mentions(std::string_view text, std::string_view word) {
  auto isIdent = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  for (size_t at = text.find(word); at != std::string_view::npos; at = text.find(word, at + 1)) {
    bool before = at > 0 && isIdent(text[at - 1]);
    bool after = at + word.size() < text.size() && isIdent(text[at + word.size()]);
    if (!before && !after) return true;
  }
  return false;
}

// "tile = 32 (descriptor.compute.constants['tile'])" or "tile = 8 (its
// default)" for each override named in `texts`; "" when none is.
std::string overrideValues(const OverrideContext& c,
                           std::initializer_list<std::string_view> texts) {
  if (!c.overrides) return {};
  std::string out;
  for (const wgsl::OverrideInfo& o : *c.overrides) {
    bool named = false;
    for (std::string_view t : texts) named = named || mentions(t, o.name);
    if (!named) continue;
    std::string key = o.hasId ? fmt::format("{}", o.id) : o.name;
    std::string value;
    if (c.constants && c.constants->contains(key)) {
      value = fmt::format("{} = {} ({}.constants['{}'])", o.name, number(c.constants->at(key)),
                          c.field, key);
    } else if (o.hasDefault) {
      value = fmt::format("{} = {} (its default)", o.name, number(o.defaultValue));
    } else {
      continue;
    }
    out += out.empty() ? " with " : ", ";
    out += value;
  }
  return out;
}

// The constants as the user wrote them: "{'tile': 0, '7': 1.5}".
std::string constantsText(const std::map<std::string, double>& constants) {
  std::string out;
  for (const auto& [key, value] : constants) {
    out += fmt::format("{}'{}': {}", out.empty() ? "" : ", ", key, number(value));
  }
  return "{" + out + "}";
}

// "@workgroup_size(tile, 2)" as written, then its value when that differs.
std::string workgroupSizeText(const wgsl::EntryPoint& ep) {
  std::string written;
  bool expression = false;
  for (size_t i = 0; i < 3; ++i) {
    const std::string& t = ep.workgroupSizeText[i];
    if (t.empty()) break;
    written += (i ? ", " : "") + t;
    expression = expression || t != fmt::format("{}", ep.workgroupSize[i]);
  }
  if (written.empty()) {
    written =
        fmt::format("{}, {}, {}", ep.workgroupSize[0], ep.workgroupSize[1], ep.workgroupSize[2]);
  }
  std::string out = fmt::format("@workgroup_size({})", written);
  if (expression) {
    out += fmt::format(" = ({}, {}, {})", ep.workgroupSize[0], ep.workgroupSize[1],
                       ep.workgroupSize[2]);
  }
  return out;
}

const wgsl::ResourceBinding* findDeclared(const std::vector<wgsl::ResourceBinding>& declared,
                                          uint32_t group, uint32_t binding) {
  for (const wgsl::ResourceBinding& r : declared) {
    if (r.group == group && r.binding == binding) return &r;
  }
  return nullptr;
}

bool isDepth(const wgsl::ResourceBinding* r) {
  return r && (r->kind == wgsl::ResourceKind::DepthTexture ||
               r->kind == wgsl::ResourceKind::DepthMultisampledTexture);
}

std::string declText(const wgsl::ResourceBinding* r, uint32_t group, uint32_t binding) {
  return r ? describeDeclaration(*r) : fmt::format("@group({}) @binding({})", group, binding);
}

}  // namespace

MaybeError specializeEntryPoint(const ShaderModuleBase& module, size_t index,
                                const OverrideContext& c,
                                std::shared_ptr<const wgsl::EntryPoint>* specialized) {
  const wgsl::EntryPoint& base = module.reflection().entryPoints[index];
  if (!c.constants || c.constants->empty()) {
    // Not owned: the module's reflection lives as long as the module.
    *specialized = std::shared_ptr<const wgsl::EntryPoint>(std::shared_ptr<void>(), &base);
  } else {
    std::vector<wgsl::Diagnostic> diagnostics;
    wgsl::Reflection r = module.reflectWithOverrides(*c.constants, &diagnostics);
    BINDERY_INVALID_IF(
        r.entryPoints.size() != module.reflection().entryPoints.size() ||
            r.entryPoints[index].name != base.name,
        PipelineCreationProgramError,
        "{}: the WGSL of {} does not compile with {}.constants {}:\n{}", c.field, module.describe(),
        c.field, constantsText(*c.constants),
        diagnostics.empty() ? std::string("(no message)") : diagnostics.front().formatted());
    *specialized = std::make_shared<const wgsl::EntryPoint>(std::move(r.entryPoints[index]));
  }
  const wgsl::EntryPoint& ep = **specialized;
  if (!ep.pipelineErrors.empty()) {
    const wgsl::Diagnostic& d = ep.pipelineErrors.front();
    std::string at = c.constants && !c.constants->empty()
                         ? fmt::format("with {}.constants {}", c.field, constantsText(*c.constants))
                         : std::string("at the overrides' default values");
    auto error = makeValidationError(
        ErrorCode::PipelineCreationProgramError,
        fmt::format("{}: entry point '{}' of {} has {} WGSL pipeline-creation error{} {}; the "
                    "first, at line {}:{}: {}\n{}",
                    c.field, ep.name, module.describe(), ep.pipelineErrors.size(),
                    ep.pipelineErrors.size() == 1 ? "" : "s", at, d.line, d.codePointColumn,
                    d.message, d.formatted()));
    error->fix = fmt::format(
        "Give the overrides values (in {}.constants or as defaults) for which every "
        "override-expression evaluates: no division by zero or overflow, @workgroup_size "
        "arguments and array element counts of at least 1.",
        c.field);
    return error;
  }
  return {};
}

// #abstract-opdef-validating-gpuprogrammablestage, the compatmode steps.
MaybeError validateCompatibilityTextureUses(const wgsl::EntryPoint& ep,
                                            const std::vector<wgsl::ResourceBinding>& declared,
                                            const Limits& limits, std::string_view moduleName) {
  for (const wgsl::TextureUse& u : ep.textureUses) {
    const wgsl::ResourceBinding* t = findDeclared(declared, u.textureGroup, u.textureBinding);
    if (!isDepth(t)) continue;
    BINDERY_INVALID_IF_FIX(
        u.load, PipelineCompatibilityTextureUse,
        "Read the depth texture with textureSampleCompare / textureGatherCompare (a "
        "sampler_comparison), declare it texture_2d<f32> and bind it as 'unfilterable-float', "
        "or request a device with \"core-features-and-limits\".",
        "Entry point '{}' of {} calls textureLoad on {}, a depth texture; in compatibility mode "
        "(a device without \"core-features-and-limits\") textureLoad must not read a depth "
        "texture.",
        ep.name, moduleName, declText(t, u.textureGroup, u.textureBinding));
    if (!u.hasSampler || u.comparisonSampler) continue;
    const wgsl::ResourceBinding* s = findDeclared(declared, u.samplerGroup, u.samplerBinding);
    BINDERY_INVALID_IF_FIX(
        true, PipelineCompatibilityTextureUse,
        "Declare the sampler as sampler_comparison and use textureSampleCompare / "
        "textureGatherCompare, or request a device with \"core-features-and-limits\".",
        "Entry point '{}' of {} samples {}, a depth texture, with {}, a non-comparison sampler; "
        "in compatibility mode (a device without \"core-features-and-limits\") a depth texture "
        "may only be used with a sampler_comparison.",
        ep.name, moduleName, declText(t, u.textureGroup, u.textureBinding),
        declText(s, u.samplerGroup, u.samplerBinding));
  }
  // Each texture counts max(1, its distinct samplers); an external texture 1 + 3x that.
  std::map<std::pair<uint32_t, uint32_t>, std::set<std::pair<uint32_t, uint32_t>>> samplers;
  for (const wgsl::TextureUse& u : ep.textureUses) {
    const wgsl::ResourceBinding* t = findDeclared(declared, u.textureGroup, u.textureBinding);
    if (t && t->kind == wgsl::ResourceKind::StorageTexture) continue;
    auto& set = samplers[{u.textureGroup, u.textureBinding}];
    if (u.hasSampler) set.insert({u.samplerGroup, u.samplerBinding});
  }
  uint64_t sum = 0;
  std::string parts;
  for (const auto& [texture, set] : samplers) {
    const wgsl::ResourceBinding* t = findDeclared(declared, texture.first, texture.second);
    uint64_t pairs = std::max<uint64_t>(1, set.size());
    if (t && t->kind == wgsl::ResourceKind::ExternalTexture) pairs = 1 + 3 * pairs;
    sum += pairs;
    parts += fmt::format("{}{}: {}", parts.empty() ? "" : "; ",
                         declText(t, texture.first, texture.second), pairs);
  }
  const uint32_t limit =
      std::min(limits.maxSampledTexturesPerShaderStage, limits.maxSamplersPerShaderStage);
  BINDERY_INVALID_IF_FIX(
      sum > limit, PipelineCompatibilityTextureSamplerPairs,
      "Sample fewer textures, or each texture with fewer distinct samplers, in this entry "
      "point; or request a device with \"core-features-and-limits\".",
      "Entry point '{}' of {} uses {} texture+sampler combinations ({}); in compatibility mode "
      "(a device without \"core-features-and-limits\") that must be at most the device's "
      "maxSampledTexturesPerShaderStage ({}) and maxSamplersPerShaderStage ({}).",
      ep.name, moduleName, sum, parts, limits.maxSampledTexturesPerShaderStage,
      limits.maxSamplersPerShaderStage);
  return {};
}

MaybeError validateCompatibilityFragment(const wgsl::EntryPoint& ep, std::string_view moduleName) {
  for (const wgsl::BuiltinFunctionUse& b : ep.builtinFunctions) {
    if (b.name != "dpdxFine" && b.name != "dpdyFine" && b.name != "fwidthFine") continue;
    std::string coarse = b.name.substr(0, b.name.size() - 4) + "Coarse";
    BINDERY_INVALID_IF_FIX(
        true, PipelineCompatibilityFineDerivative,
        fmt::format("Use {} (or {}), or request a device with \"core-features-and-limits\".",
                    coarse, b.name.substr(0, b.name.size() - 4)),
        "Fragment entry point '{}' of {} calls {} (line {}:{}); in compatibility mode (a device "
        "without \"core-features-and-limits\") the fragment stage must not call dpdxFine, "
        "dpdyFine or fwidthFine.",
        ep.name, moduleName, b.name, b.line, b.codePointColumn);
  }
  return {};
}

MaybeError validateImmediateSize(const wgsl::EntryPoint& ep, uint32_t layoutImmediateSize,
                                 std::string_view layoutName, std::string_view moduleName) {
  BINDERY_INVALID_IF_FIX(
      ep.immediateSize > layoutImmediateSize, PipelineImmediateSizeTooSmall,
      fmt::format("Create the pipeline layout with immediateSize: {} (or more, up to the "
                  "device's maxImmediateSize), or use layout: 'auto'.",
                  (ep.immediateSize + 3) / 4 * 4),
      "Entry point '{}' of {} uses var<immediate> '{}' (line {}) of {} bytes, but the "
      "immediateSize of {} is {}.",
      ep.name, moduleName, ep.immediateName, ep.immediateLine, ep.immediateSize, layoutName,
      layoutImmediateSize);
  return {};
}

MaybeError validateComputeLimits(const wgsl::EntryPoint& ep, const OverrideContext& c,
                                 const Limits& limits) {
  const std::array<uint32_t, 3> max = {limits.maxComputeWorkgroupSizeX,
                                       limits.maxComputeWorkgroupSizeY,
                                       limits.maxComputeWorkgroupSizeZ};
  static constexpr std::array<char, 3> kAxis = {'X', 'Y', 'Z'};
  // The messages' texts (the size as written, override values, the
  // variables) are built only for a check that fails.
  auto sizeText = [&] {
    return workgroupSizeText(ep) +
           overrideValues(
               c, {ep.workgroupSizeText[0], ep.workgroupSizeText[1], ep.workgroupSizeText[2]});
  };
  for (size_t i = 0; i < 3; ++i) {
    BINDERY_INVALID_IF_FIX(
        ep.workgroupSize[i] > max[i], PipelineWorkgroupSizeExceedsLimit,
        "Use a smaller @workgroup_size (or smaller override values), or request a higher "
        "limit in requiredLimits.",
        "entry point '{}' has {}; dimension {} ({}) exceeds the device's "
        "maxComputeWorkgroupSize{} limit ({}).",
        ep.name, sizeText(), kAxis[i], ep.workgroupSize[i], kAxis[i], max[i]);
  }
  uint64_t invocations = uint64_t{ep.workgroupSize[0]} * ep.workgroupSize[1] * ep.workgroupSize[2];
  BINDERY_INVALID_IF_FIX(
      invocations > limits.maxComputeInvocationsPerWorkgroup,
      PipelineWorkgroupInvocationsExceedLimit,
      "Use a smaller @workgroup_size (and more workgroups in dispatchWorkgroups), or request a "
      "higher maxComputeInvocationsPerWorkgroup.",
      "entry point '{}' has {}: {} invocations per workgroup, more than the device's "
      "maxComputeInvocationsPerWorkgroup limit ({}).",
      ep.name, sizeText(), invocations, limits.maxComputeInvocationsPerWorkgroup);
  uint64_t storage = 0;
  for (const wgsl::WorkgroupVariable& w : ep.workgroupVariables) storage += (w.size + 15) / 16 * 16;
  if (ep.workgroupVariables.empty()) storage = ep.workgroupStorageSize;
  auto variablesText = [&] {
    std::string vars;
    for (const wgsl::WorkgroupVariable& w : ep.workgroupVariables) {
      uint64_t rounded = (w.size + 15) / 16 * 16;
      std::string count = w.countText.empty()
                              ? std::string()
                              : fmt::format(", {} elements from '{}'{}", w.elementCount,
                                            w.countText, overrideValues(c, {w.countText}));
      vars +=
          fmt::format("\n  '{}' (line {}): {}{}: {} bytes{}", w.name, w.declLine, w.wgslType, count,
                      w.size, rounded != w.size ? fmt::format(" (rounded up to {})", rounded) : "");
    }
    return vars;
  };
  BINDERY_INVALID_IF_FIX(
      storage > limits.maxComputeWorkgroupStorageSize, PipelineWorkgroupStorageExceedsLimit,
      "Use smaller var<workgroup> arrays (or smaller override values sizing them), or request a "
      "higher maxComputeWorkgroupStorageSize.",
      "entry point '{}' uses {} bytes of var<workgroup> storage (each variable rounded up to 16 "
      "bytes), more than the device's maxComputeWorkgroupStorageSize limit ({}):{}",
      ep.name, storage, limits.maxComputeWorkgroupStorageSize, variablesText());
  return {};
}

}  // namespace bindery::core
