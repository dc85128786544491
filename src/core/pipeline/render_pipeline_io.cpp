// Shader stage inputs and outputs against the render state of a
// GPURenderPipelineDescriptor (#render-pipeline-creation). The rules read
// the WGSL reflection of each stage (wgsl::EntryPoint inputs / outputs /
// builtins) and the descriptor; every message names the WGSL declaration
// (name, @location, type, line), the descriptor field, expected vs actual,
// and a fix.
#include "core/pipeline/render_pipeline_io.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <string>
#include <string_view>

#include "core/device/device.h"
#include "core/resources/format.h"

namespace bindery::core {

bool isDualSourceFactor(BlendFactor f) {
  return f == BlendFactor::Src1 || f == BlendFactor::OneMinusSrc1 || f == BlendFactor::Src1Alpha ||
         f == BlendFactor::OneMinusSrc1Alpha;
}

namespace {

bool isFloat(wgsl::IoScalar s) {
  return s == wgsl::IoScalar::F32 || s == wgsl::IoScalar::F16;
}

// "vec4<u32>" / "u32": the type `io` would have with scalar `s`.
std::string typeWith(uint32_t components, std::string_view scalar) {
  if (components <= 1) return std::string(scalar);
  return fmt::format("vec{}<{}>", components, scalar);
}

// "input 'uv' (@location(2) vec2<f32>, line 4)", "output 'color' of struct
// 'FsOut' (@location(0) @blend_src(1) vec4<f32>, line 7)", "the return value
// (@location(0) vec4<f32>, line 3)".
std::string describeIo(std::string_view kind, const wgsl::IoLocation& io) {
  std::string who;
  if (io.name.empty()) {
    who = "the return value";
  } else if (io.structName.empty()) {
    who = fmt::format("{} '{}'", kind, io.name);
  } else {
    who = fmt::format("{} '{}' of struct '{}'", kind, io.name, io.structName);
  }
  std::string blend = io.hasBlendSrc ? fmt::format(" @blend_src({})", io.blendSrc) : "";
  std::string line = io.declLine ? fmt::format(", line {}", io.declLine) : "";
  return fmt::format("{} (@location({}){} {}{})", who, io.location, blend, io.wgslType, line);
}

std::string describeBuiltin(const wgsl::IoBuiltin& b) {
  std::string who = b.name.empty() ? std::string("the return value")
                    : b.structName.empty()
                        ? fmt::format("'{}'", b.name)
                        : fmt::format("'{}' of struct '{}'", b.name, b.structName);
  std::string line = b.declLine ? fmt::format(", line {}", b.declLine) : "";
  return fmt::format("{} (@builtin({}) {}{})", who, b.builtin, b.wgslType, line);
}

std::string entryName(const PipelineStage& s) {
  return fmt::format("entry point '{}' of {}", s.entryPoint, s.module->describe());
}

const wgsl::IoBuiltin* findBuiltin(const std::vector<wgsl::IoBuiltin>& list,
                                   std::string_view name) {
  for (const wgsl::IoBuiltin& b : list) {
    if (b.builtin == name) return &b;
  }
  return nullptr;
}

bool isCompatibilityMode(const DeviceBase* device) {
  return !device->features().has(FeatureName::CoreFeaturesAndLimits);
}

// --- vertex ------------------------------------------------------------------

// A vertex format's vertex data type (#vertex-formats): 'uint', 'sint', or
// the float family ('unorm', 'snorm', 'float').
enum class VertexDataKind : uint8_t { Float, Uint, Sint };

VertexDataKind vertexDataKind(VertexFormat f) {
  std::string_view n = toString(f);
  if (n.starts_with("uint")) return VertexDataKind::Uint;
  if (n.starts_with("sint")) return VertexDataKind::Sint;
  return VertexDataKind::Float;
}

std::string_view kindWords(VertexDataKind k) {
  switch (k) {
    case VertexDataKind::Uint: return "a 'uint' format";
    case VertexDataKind::Sint: return "a 'sint' format";
    case VertexDataKind::Float: return "a 'float', 'unorm' or 'snorm' format";
  }
  return "";
}

// A vertex format for an input of `io`'s scalar and component count.
std::string suggestedVertexFormat(const wgsl::IoLocation& io) {
  std::string_view base = io.scalar == wgsl::IoScalar::U32   ? "uint32"
                          : io.scalar == wgsl::IoScalar::I32 ? "sint32"
                                                             : "float32";
  if (io.components <= 1) return std::string(base);
  return fmt::format("{}x{}", base, io.components);
}

// The vertex data type an input of scalar `s` needs.
VertexDataKind neededKind(wgsl::IoScalar s) {
  return s == wgsl::IoScalar::U32   ? VertexDataKind::Uint
         : s == wgsl::IoScalar::I32 ? VertexDataKind::Sint
                                    : VertexDataKind::Float;
}

bool compatibleWithVertexData(wgsl::IoScalar s, VertexDataKind k) {
  switch (k) {
    // The #vertex-formats table lists f16 and f32 for the float family (the
    // steps of "validating GPUVertexState" name only f32; the table is the
    // more precise statement, and f16 inputs need "shader-f16" anyway).
    case VertexDataKind::Float: return isFloat(s);
    case VertexDataKind::Uint: return s == wgsl::IoScalar::U32;
    case VertexDataKind::Sint: return s == wgsl::IoScalar::I32;
  }
  return false;
}

// #abstract-opdef-validating-gpuvertexstate: each @location input has exactly
// one attribute (shaderLocation uniqueness is checked with the buffer
// layouts), of a format whose vertex data type fits the input's type.
MaybeError validateVertexInputs(const DeviceBase* device, const VertexState& v,
                                const PipelineStage& stage) {
  const wgsl::EntryPoint& ep = *stage.reflection;
  struct Attr {
    size_t buffer, index;
    const VertexAttribute* attribute;
  };
  std::map<uint32_t, Attr> byLocation;
  size_t totalAttributes = 0;
  for (size_t i = 0; i < v.buffers.size(); ++i) {
    if (!v.buffers[i]) continue;
    totalAttributes += v.buffers[i]->attributes.size();
    for (size_t j = 0; j < v.buffers[i]->attributes.size(); ++j) {
      const VertexAttribute& a = v.buffers[i]->attributes[j];
      byLocation.emplace(a.shaderLocation, Attr{i, j, &a});
    }
  }
  for (const wgsl::IoLocation& in : ep.inputs) {
    auto it = byLocation.find(in.location);
    BINDERY_INVALID_IF_FIX(
        it == byLocation.end(), RenderPipelineVertexInputUnmatched,
        fmt::format("Add an attribute {{format: '{}', offset: ..., shaderLocation: {}}} to one "
                    "of descriptor.vertex.buffers, or remove the input from the shader.",
                    suggestedVertexFormat(in), in.location),
        "The vertex {} of {} has no vertex attribute: no "
        "descriptor.vertex.buffers[i].attributes[j] has shaderLocation {}.",
        describeIo("input", in), entryName(stage), in.location);
    const Attr& a = it->second;
    VertexDataKind kind = vertexDataKind(a.attribute->format);
    BINDERY_INVALID_IF_FIX(
        !compatibleWithVertexData(in.scalar, kind), RenderPipelineVertexAttributeType,
        fmt::format("Use {} such as '{}', or declare the input as {}.",
                    kindWords(neededKind(in.scalar)), suggestedVertexFormat(in),
                    typeWith(in.components, kind == VertexDataKind::Uint   ? "u32"
                                            : kind == VertexDataKind::Sint ? "i32"
                                                                           : "f32")),
        "descriptor.vertex.buffers[{}].attributes[{}].format is '{}', {}, but it feeds the "
        "vertex {} of {}, whose type needs {}.",
        a.buffer, a.index, toString(a.attribute->format), kindWords(kind), describeIo("input", in),
        entryName(stage), kindWords(neededKind(in.scalar)));
  }
  // Compatibility mode: vertex_index and instance_index take an attribute slot each.
  if (isCompatibilityMode(device)) {
    size_t extra = 0;
    std::string which;
    for (const char* name : {"vertex_index", "instance_index"}) {
      if (!findBuiltin(ep.builtinInputDecls, name)) continue;
      ++extra;
      which += fmt::format("{}@builtin({})", which.empty() ? "" : " and ", name);
    }
    const uint32_t limit = device->limits().maxVertexAttributes;
    BINDERY_INVALID_IF_FIX(
        totalAttributes + extra > limit, RenderPipelineVertexBufferLayout,
        "Use fewer attributes (compute the value from another), or drop the builtin.",
        "descriptor.vertex.buffers have {} attributes and {} uses {}, which in compatibility mode "
        "count as attributes too: {} in all, more than the device's maxVertexAttributes limit "
        "({}).",
        totalAttributes, entryName(stage), which, totalAttributes + extra, limit);
  }
  return {};
}

// --- fragment ------------------------------------------------------------------

// Components of a color format: r = 1, rg = 2, rgb = 3, rgba / bgra = 4.
uint32_t colorComponents(TextureFormat f) {
  std::string_view n = toString(f);
  if (n.starts_with("rgba") || n.starts_with("bgra") || n.starts_with("rgb10a2")) return 4;
  if (n.starts_with("rg11b10") || n.starts_with("rgb9e5")) return 3;
  if (n.starts_with("rg")) return 2;
  return 1;
}

// A format like `f` with `components` components, for a fix ('rgba8unorm',
// 2 -> 'rg8unorm'); "" when there is none.
std::string smallerFormatExample(TextureFormat f, uint32_t components) {
  std::string_view n = toString(f);
  size_t letters = 0;
  while (letters < n.size() && letters < 4 && n[letters] == "rgba"[letters]) ++letters;
  if (components == 0 || components >= letters || letters == n.size()) return "";
  std::string candidate =
      std::string(std::string_view("rgba").substr(0, components)) + std::string(n.substr(letters));
  return parseTextureFormat(candidate) ? candidate : "";
}

std::string_view sampleScalarWords(TextureSampleType t) {
  switch (t) {
    case TextureSampleType::Sint: return "a signed integer type (i32 / vecN<i32>)";
    case TextureSampleType::Uint: return "an unsigned integer type (u32 / vecN<u32>)";
    default: return "a floating-point type (f32 / vecN<f32>, or f16)";
  }
}

bool outputFits(wgsl::IoScalar s, TextureSampleType t) {
  switch (t) {
    case TextureSampleType::Sint: return s == wgsl::IoScalar::I32;
    case TextureSampleType::Uint: return s == wgsl::IoScalar::U32;
    default: return isFloat(s);
  }
}

std::string_view exampleFormatFor(wgsl::IoScalar s, uint32_t components) {
  static constexpr std::string_view kF[] = {"r8unorm", "rg8unorm", "rgba8unorm", "rgba8unorm"};
  static constexpr std::string_view kU[] = {"r32uint", "rg32uint", "rgba32uint", "rgba32uint"};
  static constexpr std::string_view kI[] = {"r32sint", "rg32sint", "rgba32sint", "rgba32sint"};
  size_t i = std::clamp<uint32_t>(components, 1, 4) - 1;
  return s == wgsl::IoScalar::U32 ? kU[i] : s == wgsl::IoScalar::I32 ? kI[i] : kF[i];
}

std::string_view scalarName(TextureSampleType t) {
  return t == TextureSampleType::Sint ? "i32" : t == TextureSampleType::Uint ? "u32" : "f32";
}

bool readsSourceAlpha(BlendFactor f) {
  return f == BlendFactor::SrcAlpha || f == BlendFactor::OneMinusSrcAlpha ||
         f == BlendFactor::SrcAlphaSaturated || f == BlendFactor::Src1Alpha ||
         f == BlendFactor::OneMinusSrc1Alpha;
}

// One output at the location of target `index` (#abstract-opdef-validating-gpufragmentstate).
MaybeError validateOutputForTarget(const ColorTargetState& t, size_t index,
                                   const wgsl::IoLocation& out, const PipelineStage& stage) {
  std::string field = fmt::format("descriptor.fragment.targets[{}]", index);
  const uint32_t need = colorComponents(t.format);
  const TextureSampleType sampleType = formatInfo(t.format).sampleType;
  BINDERY_INVALID_IF_FIX(
      !outputFits(out.scalar, sampleType), RenderPipelineFragmentOutputType,
      fmt::format("Declare the output as {}, or use a format such as '{}'.",
                  typeWith(std::max(out.components, need), scalarName(sampleType)),
                  exampleFormatFor(out.scalar, out.components)),
      "{}.format is '{}' (sample type '{}'), so the fragment output at @location({}) needs {}; "
      "{} of {} is {}.",
      field, toString(t.format), toString(sampleType), index, sampleScalarWords(sampleType),
      describeIo("output", out), entryName(stage), out.wgslType);
  if (out.components < need) {
    std::string smaller = smallerFormatExample(t.format, out.components);
    BINDERY_INVALID_IF_FIX(
        true, RenderPipelineFragmentOutputType,
        smaller.empty()
            ? fmt::format("Declare the output as {}.", typeWith(need, toString(out.scalar)))
            : fmt::format("Declare the output as {}, or use a format with {} component{} "
                          "such as '{}'.",
                          typeWith(need, toString(out.scalar)), out.components,
                          out.components == 1 ? "" : "s", smaller),
        "{}.format '{}' has {} components, but {} of {} has {}; every component of the format "
        "needs one in the output.",
        field, toString(t.format), need, describeIo("output", out), entryName(stage),
        out.components == 1 ? std::string("1 component")
                            : fmt::format("{} components", out.components));
  }
  if (t.blend) {
    for (auto [name, factor] :
         {std::pair<const char*, BlendFactor>{"srcFactor", t.blend->color.srcFactor},
          std::pair<const char*, BlendFactor>{"dstFactor", t.blend->color.dstFactor}}) {
      BINDERY_INVALID_IF_FIX(
          readsSourceAlpha(factor) && out.components < 4, RenderPipelineFragmentOutputType,
          fmt::format("Declare the output as {}, or use a color blend factor that does not "
                      "read the source alpha.",
                      typeWith(4, toString(out.scalar))),
          "{}.blend.color.{} is '{}', which reads the source alpha, but {} of {} has no alpha "
          "(it is {}, not a vec4).",
          field, name, toString(factor), describeIo("output", out), entryName(stage), out.wgslType);
    }
  }
  return {};
}

MaybeError validateFragmentOutputs(const DeviceBase* device, const FragmentState& f,
                                   const PipelineStage& stage) {
  const wgsl::EntryPoint& ep = *stage.reflection;
  const uint32_t maxColor = device->limits().maxColorAttachments;
  for (const wgsl::IoLocation& out : ep.outputs) {
    BINDERY_INVALID_IF_FIX(
        out.location >= maxColor, RenderPipelineFragmentOutputLocation,
        "Use a @location below maxColorAttachments (or request a higher limit).",
        "{} of {} is at @location({}), but fragment output locations must be less than the "
        "device's maxColorAttachments limit ({}).",
        describeIo("fragment output", out), entryName(stage), out.location, maxColor);
  }
  bool usesDualSource = false;
  std::string dualField;
  for (size_t i = 0; i < f.targets.size(); ++i) {
    if (!f.targets[i]) continue;
    const ColorTargetState& t = *f.targets[i];
    if (t.blend) {
      for (const char* comp : {"color", "alpha"}) {
        const BlendComponent& c = comp[0] == 'c' ? t.blend->color : t.blend->alpha;
        for (auto [name, factor] :
             {std::pair<const char*, BlendFactor>{"srcFactor", c.srcFactor},
              std::pair<const char*, BlendFactor>{"dstFactor", c.dstFactor}}) {
          if (!isDualSourceFactor(factor) || usesDualSource) continue;
          usesDualSource = true;
          dualField = fmt::format("descriptor.fragment.targets[{}].blend.{}.{} ('{}')", i, comp,
                                  name, toString(factor));
        }
      }
    }
    bool hasOutput = false;
    for (const wgsl::IoLocation& out : ep.outputs) {
      if (out.location != i) continue;
      BINDERY_TRY(validateOutputForTarget(t, i, out, stage));
      if (!out.hasBlendSrc || out.blendSrc == 0) hasOutput = true;
    }
    BINDERY_INVALID_IF_FIX(
        t.writeMask.bits() != 0 && !hasOutput, RenderPipelineFragmentOutputMissing,
        fmt::format("Add an output with @location({}) to the fragment shader, or set "
                    "descriptor.fragment.targets[{}].writeMask to 0 (or make the target null).",
                    i, i),
        "descriptor.fragment.targets[{}] ('{}') has writeMask {}, but {} has no output at "
        "@location({}).",
        i, toString(t.format),
        t.writeMask.bits() == 0xF ? std::string("GPUColorWrite.ALL") : toString(t.writeMask),
        entryName(stage), i);
  }
  if (usesDualSource) {
    BINDERY_INVALID_IF_FIX(
        f.targets.size() != 1, RenderPipelineDualSourceBlending,
        "Use a single color target with dual-source blending.",
        "{} uses dual-source blending, so descriptor.fragment.targets must have exactly 1 "
        "element (it has {}).",
        dualField, f.targets.size());
    const wgsl::IoLocation* plain = nullptr;
    for (const wgsl::IoLocation& out : ep.outputs) {
      if (!out.hasBlendSrc) plain = &out;
    }
    bool pair = ep.outputs.size() == 2 && !plain;
    BINDERY_INVALID_IF_FIX(
        !pair, RenderPipelineDualSourceBlending,
        "Return a struct with exactly two @location members: `@location(0) @blend_src(0) color: "
        "vec4<f32>` and `@location(0) @blend_src(1) blend: vec4<f32>` (and `enable "
        "dual_source_blending;`).",
        "{} uses dual-source blending, so every @location output of {} must be in one struct "
        "and use @blend_src(0) / @blend_src(1); {}.",
        dualField, entryName(stage),
        plain ? fmt::format("the {} has no @blend_src", describeIo("output", *plain))
              : fmt::format("it has {} @location output{}", ep.outputs.size(),
                            ep.outputs.size() == 1 ? "" : "s"));
  }
  return {};
}

// The builtins of the fragment stage against depthStencil and multisample
// (#abstract-opdef-validating-gpurenderpipelinedescriptor).
MaybeError validateFragmentBuiltins(const DeviceBase* device, const RenderPipelineDescriptor& d,
                                    const PipelineStage& stage) {
  const wgsl::EntryPoint& ep = *stage.reflection;
  if (const wgsl::IoBuiltin* b = findBuiltin(ep.builtinOutputDecls, "sample_mask")) {
    BINDERY_INVALID_IF_FIX(
        d.multisample.alphaToCoverageEnabled, RenderPipelineSampleMaskWithAlphaToCoverage,
        "Set multisample.alphaToCoverageEnabled to false, or remove the sample_mask output.",
        "{} outputs {}, so descriptor.multisample.alphaToCoverageEnabled must be false (it is "
        "true).",
        entryName(stage), describeBuiltin(*b));
  }
  if (const wgsl::IoBuiltin* b = findBuiltin(ep.builtinOutputDecls, "frag_depth")) {
    bool hasDepth = d.depthStencil && formatInfo(d.depthStencil->format).hasDepth();
    BINDERY_INVALID_IF_FIX(
        !hasDepth, RenderPipelineFragDepthWithoutDepth,
        "Add a depthStencil state with a depth format (e.g. 'depth24plus'), or remove the "
        "frag_depth output.",
        "{} outputs {}, which needs descriptor.depthStencil with a format that has a depth "
        "aspect; {}.",
        entryName(stage), describeBuiltin(*b),
        d.depthStencil ? fmt::format("descriptor.depthStencil.format is '{}'",
                                     toString(d.depthStencil->format))
                       : std::string("descriptor.depthStencil is not given"));
  }
  if (isCompatibilityMode(device)) {
    const wgsl::IoBuiltin* b = findBuiltin(ep.builtinInputDecls, "sample_mask");
    if (!b) b = findBuiltin(ep.builtinOutputDecls, "sample_mask");
    if (!b) b = findBuiltin(ep.builtinInputDecls, "sample_index");
    BINDERY_INVALID_IF_FIX(b, RenderPipelineCompatibilityShaderIo,
                           "Remove the builtin, or create the device with the "
                           "\"core-features-and-limits\" feature.",
                           "{} uses {}, which compatibility mode does not allow in a fragment "
                           "shader.",
                           entryName(stage), describeBuiltin(*b));
  }
  return {};
}

// --- inter-stage ----------------------------------------------------------------

// #abstract-opdef-validating-compatibility-mode-shader-binding
MaybeError validateCompatInterpolation(const wgsl::IoLocation& io, std::string_view kind,
                                       const PipelineStage& stage) {
  const char* why = io.interpolation == "linear" ? "'linear' interpolation"
                    : io.interpolation == "flat" && io.sampling != "either"
                        ? "'flat' interpolation "
                          "with 'first' sampling"
                    : io.sampling == "sample" ? "'sample' sampling"
                                              : nullptr;
  BINDERY_INVALID_IF_FIX(
      why, RenderPipelineCompatibilityShaderIo,
      io.interpolation == "flat" ? "Use @interpolate(flat, either)."
                                 : "Use @interpolate(perspective) with 'center' or 'centroid' "
                                   "sampling.",
      "The {} of {} uses {} (@interpolate({}, {})), which compatibility mode "
      "does not support.",
      describeIo(kind, io), entryName(stage), why ? why : "", io.interpolation, io.sampling);
  return {};
}

bool isInterStageBuiltin(std::string_view b) {
  return b == "front_facing" || b == "sample_index" || b == "sample_mask" ||
         b == "primitive_index" || b == "subgroup_invocation_id" || b == "subgroup_size";
}

// #abstract-opdef-validating-inter-stage-interfaces
MaybeError validateInterStage(const DeviceBase* device, const RenderPipelineDescriptor& d,
                              const PipelineStage& vertex, const PipelineStage* fragment) {
  const wgsl::EntryPoint& vs = *vertex.reflection;
  const uint32_t limit = device->limits().maxInterStageShaderVariables;
  int64_t maxOutputs = limit;
  int64_t maxLocation = int64_t(limit) - 1;
  std::string reductions, locationReductions;
  if (d.primitive.topology == PrimitiveTopology::PointList) {
    maxOutputs -= 1;
    reductions += ", minus 1 for 'point-list' topology";
  }
  if (const wgsl::IoBuiltin* clip = findBuiltin(vs.builtinOutputDecls, "clip_distances")) {
    int64_t slots = (clip->arraySize + 3) / 4;
    maxOutputs -= slots;
    maxLocation -= slots;
    locationReductions = fmt::format(", minus {} for @builtin(clip_distances) with {} elements",
                                     slots, clip->arraySize);
    reductions += locationReductions;
  }
  BINDERY_INVALID_IF_FIX(
      int64_t(vs.outputs.size()) > maxOutputs, RenderPipelineInterStageLimit,
      "Pack values into fewer vec4 outputs, or request a higher maxInterStageShaderVariables.",
      "{} has {} user-defined outputs, more than the {} allowed (maxInterStageShaderVariables "
      "{}{}).",
      entryName(vertex), vs.outputs.size(), std::max<int64_t>(maxOutputs, 0), limit, reductions);
  for (const wgsl::IoLocation& out : vs.outputs) {
    BINDERY_INVALID_IF_FIX(
        int64_t(out.location) > maxLocation, RenderPipelineInterStageLimit,
        "Use a lower @location, or request a higher maxInterStageShaderVariables.",
        "The vertex {} of {} is at @location({}), above the highest allowed, {} "
        "(maxInterStageShaderVariables {} minus 1{}).",
        describeIo("output", out), entryName(vertex), out.location, maxLocation, limit,
        locationReductions);
  }
  const bool compat = isCompatibilityMode(device);
  if (compat) {
    for (const wgsl::IoLocation& out : vs.outputs) {
      BINDERY_TRY(validateCompatInterpolation(out, "output", vertex));
    }
  }
  if (!fragment) return {};
  const wgsl::EntryPoint& fs = *fragment->reflection;
  int64_t maxInputs = limit;
  std::string builtins;
  for (const std::string& b : fs.builtinInputs) {
    if (!isInterStageBuiltin(b)) continue;
    --maxInputs;
    builtins += fmt::format("{}@builtin({})", builtins.empty() ? "" : ", ", b);
  }
  for (const wgsl::IoLocation& in : fs.inputs) {
    const wgsl::IoLocation* out = nullptr;
    for (const wgsl::IoLocation& o : vs.outputs) {
      if (o.location == in.location) out = &o;
    }
    BINDERY_INVALID_IF_FIX(
        !out, RenderPipelineInterStageMismatch,
        fmt::format("Add `@location({}) {}` to the vertex shader's outputs, or remove the "
                    "fragment input.",
                    in.location, in.wgslType),
        "The fragment {} of {} has no vertex output at @location({}) in {}.",
        describeIo("input", in), entryName(*fragment), in.location, entryName(vertex));
    BINDERY_INVALID_IF_FIX(
        out->wgslType != in.wgslType, RenderPipelineInterStageMismatch,
        "Declare both with the same type.",
        "The fragment {} of {} has type {}, but the vertex {} of {} has type {}; the types of "
        "an inter-stage variable must be equal.",
        describeIo("input", in), entryName(*fragment), in.wgslType, describeIo("output", *out),
        entryName(vertex), out->wgslType);
    BINDERY_INVALID_IF_FIX(
        out->interpolation != in.interpolation || out->sampling != in.sampling,
        RenderPipelineInterStageMismatch, "Give both the same @interpolate attribute.",
        "The fragment {} of {} has @interpolate({}, {}), but the vertex {} of {} has "
        "@interpolate({}, {}); the interpolation type and sampling must match.",
        describeIo("input", in), entryName(*fragment), in.interpolation, in.sampling,
        describeIo("output", *out), entryName(vertex), out->interpolation, out->sampling);
  }
  BINDERY_INVALID_IF_FIX(
      int64_t(fs.inputs.size()) > maxInputs, RenderPipelineInterStageLimit,
      "Pack values into fewer vec4 inputs, use fewer inter-stage builtins, or request a higher "
      "maxInterStageShaderVariables.",
      "{} has {} user-defined inputs, more than the {} allowed (maxInterStageShaderVariables "
      "{}{}).",
      entryName(*fragment), fs.inputs.size(), std::max<int64_t>(maxInputs, 0), limit,
      builtins.empty() ? std::string()
                       : fmt::format(", minus 1 for each inter-stage builtin input: {}", builtins));
  if (compat) {
    for (const wgsl::IoLocation& in : fs.inputs) {
      BINDERY_TRY(validateCompatInterpolation(in, "input", *fragment));
    }
  }
  return {};
}

}  // namespace

MaybeError validateRenderPipelineShaderIo(const DeviceBase* device,
                                          const RenderPipelineDescriptor& d,
                                          const PipelineStage& vertex,
                                          const PipelineStage* fragment) {
  BINDERY_TRY(validateVertexInputs(device, d.vertex, vertex));
  if (fragment && d.fragment) {
    BINDERY_TRY(validateFragmentOutputs(device, *d.fragment, *fragment));
    BINDERY_TRY(validateFragmentBuiltins(device, d, *fragment));
  }
  BINDERY_TRY(validateInterStage(device, d, vertex, fragment));
  return {};
}

}  // namespace bindery::core
