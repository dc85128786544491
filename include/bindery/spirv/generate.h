// bindery::spirv: WGSL -> SPIR-V for one entry point of a resolved module.
//
//   bindery::wgsl::Module m = bindery::wgsl::parse(source);
//   bindery::spirv::Options o;                  // SPIR-V 1.3, Vulkan 1.1
//   o.overrideValues = {{"blockSize", 64}};     // a pipeline's `constants`
//   o.bindingRemap[{0, 1}] = {2, 5};            // @group(0) @binding(1) -> set 2, binding 5
//   bindery::spirv::Result r = bindery::spirv::generate(m, "main", o);
//   if (!r.ok()) puts(r.error->formatted().c_str());
//   else vkCreateShaderModule(..., r.words.data(), r.words.size() * 4, ...);
//
// The module must be ok(). Everything the generator does not implement yet is
// an Error of kind NotSupportedYet that names the construct and its WGSL line;
// the generator never produces SPIR-V it knows to be invalid.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "bindery/wgsl/module.h"

namespace bindery::spirv {

struct Binding {
  uint32_t group = 0;
  uint32_t binding = 0;
  auto operator<=>(const Binding&) const = default;
};

// Where a texture_external's second and third planes and parameters are
// bound (its first plane keeps the texture_external's own binding). The
// parameters are a uniform buffer of ExternalTextureParams' layout. No
// plane2: plane 0's binding + 3000 in plane 0's (remapped) group.
struct ExternalTextureBindings {
  Binding plane1;
  Binding params;
  std::optional<Binding> plane2;
};

// The uniform buffer a texture_external reads (std140-compatible, 192 bytes):
//   offset 0:   u32 numPlanes (1: plane 0 is RGBA; 2: plane 0 is Y, plane 1 is UV;
//               3: Y, U and V in the red of planes 0, 1 and 2)
//   offset 4:   u32 convertColor (0: the RGB is read as it is)
//   offset 8:   vec2<u32> visibleOrigin, in plane 0's texels
//   offset 16:  mat3x4<f32> yuvToRgb, 16-byte columns:
//               rgb = vec4(y, u, v, 1) * yuvToRgb (each column dotted with (y, u, v, 1))
//   offset 64:  vec2<u32> visibleSize (textureDimensions)
//   offset 80:  mat3x3<f32> gamut, 16-byte columns: linear' = linear * gamut
//   offset 128: vec4<f32> decode (g, a, b, c), offset 144: vec4<f32> (d, e, f, 0)
//   offset 160: vec4<f32> encode (g, a, b, c), offset 176: vec4<f32> (d, e, f, 0)
// where each transfer function is f(x) = sign(x) * (|x| < d ? c|x| + f
// : pow(a|x| + b, g) + e); with convertColor, rgb = encode(decode(rgb) * gamut).
inline constexpr uint32_t kExternalTextureParamsSize = 192;

struct Options {
  // Pipeline-overridable constants by identifier (the @id in decimal, else
  // the name), as GPUProgrammableStage.constants gives them. When non-empty
  // the module is re-resolved with these values (wgsl::Options::overrideValues).
  std::map<std::string, double> overrideValues;
  // (group, binding) of the WGSL resource -> (DescriptorSet, Binding); a
  // resource not in the map keeps its own numbers.
  std::map<Binding, Binding> bindingRemap;
  // texture_external (by its WGSL group/binding) -> its plane 1, parameters
  // and plane 2 (after the remap). Absent: plane 1 at binding + 1000, the
  // parameters at binding + 2000 and plane 2 at binding + 3000 of the same
  // (remapped) group.
  std::map<Binding, ExternalTextureBindings> externalTextures;
  // Storage buffers (by their WGSL group/binding) whose effective buffer
  // binding size (#abstract-opdef-effective-buffer-binding-size) the caller
  // pushes as a u32 push constant at this byte offset (a multiple of 4, past
  // the entry point's var<immediate>): arrayLength (#arraylength-builtin) and
  // bufferLength (#bufferlength-builtin) of such a binding are computed from
  // that size, while the bounds policy keeps clamping to OpArrayLength (the
  // range the descriptor binds). For bindings whose descriptor range differs
  // from that size: dynamic offsets (src/backends/vulkan/pipeline_layout.h).
  // The entry point's var<immediate> (offset 0) and the words share its one
  // PushConstant Block; the words are members only where it calls
  // arrayLength or bufferLength and uses the binding.
  std::map<Binding, uint32_t> effectiveSizeWords;
  // SPIR-V version as 0x00MMmm00 (0x00010300 = 1.3, for Vulkan 1.1).
  uint32_t version = 0x00010300;
  // Features of the device: required when the module uses them.
  bool f16 = true;
  bool subgroups = true;
  // The device has shaderDemoteToHelperInvocation
  // (VK_EXT_shader_demote_to_helper_invocation): `discard` becomes
  // OpDemoteToHelperInvocation under SPV_EXT_demote_to_helper_invocation
  // before SPIR-V 1.6 (always from 1.6, where it is core); else OpKill.
  bool demoteToHelperInvocation = false;
  // Robustness: clamp every array/vector/matrix index to its bounds
  // (#out-of-bounds-access-sec). Off only for measurements.
  bool clampIndices = true;
  // OpName / OpMemberName for entry points, variables, functions, struct members.
  bool emitNames = true;
  // A vertex entry point also writes BuiltIn PointSize = 1: for 'point-list'
  // pipelines (WebGPU points are one pixel; Vulkan reads PointSize).
  bool writePointSize = false;
};

enum class ErrorKind : uint8_t {
  NotSupportedYet,   // a construct this generator does not implement yet
  InvalidModule,     // the wgsl::Module has errors (or none was parsed)
  NoSuchEntryPoint,  // no entry point of that name
  PipelineCreation,  // an override value or override-expression fails (#pipeline-creation-error)
};

struct Error {
  ErrorKind kind = ErrorKind::NotSupportedYet;
  std::string message;    // e.g. "textureGather is not supported yet"
  std::string construct;  // the WGSL construct, e.g. "textureGather"
  uint32_t line = 0;      // 1-based WGSL line (0 when none)
  uint32_t column = 0;    // 1-based, code points
  std::string sourceLine;
  // "LINE:COLUMN: error: MESSAGE" plus the source line and a caret.
  std::string formatted() const;
};

struct Result {
  std::vector<uint32_t> words;  // the SPIR-V module
  std::optional<Error> error;
  bool ok() const { return !error.has_value(); }
};

// SPIR-V for entry point `entryPoint` of `module`.
Result generate(const wgsl::Module& module, std::string_view entryPoint,
                const Options& options = {});

// Names of the module's entry points, in source order.
std::vector<std::string> entryPointNames(const wgsl::Module& module);

// The target environment a module generated with `options` is meant for:
// "vulkan1.1" for SPIR-V 1.3, "vulkan1.1spv1.4" for 1.4, "vulkan1.2" for 1.5,
// "vulkan1.3" for 1.6.
std::string_view targetEnvironment(const Options& options);

}  // namespace bindery::spirv
