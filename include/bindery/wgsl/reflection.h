// bindery::wgsl reflection: the plain-data description of a WGSL module's
// resource interface and host-shareable struct layouts.
//
// STABLE API: other components (JSON writer, CLI, corpus tests) build against
// this header. Change it only additively and say so in the commit message.
//
// This header knows nothing of the WebGPU API objects; enum spellings follow
// WGSL / WebGPU ('2d-array', 'read-only-storage', 'rgba8unorm', ...).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace bindery::wgsl {

// A message about the source, with a 1-based line/column and byte range.
struct Diagnostic {
  enum class Severity : uint8_t { Error, Warning, Info };
  Severity severity = Severity::Error;
  uint32_t line = 0;    // 1-based
  uint32_t column = 0;  // 1-based, in bytes (UTF-8) from the start of the line
  uint32_t offset = 0;  // byte offset into the source
  uint32_t length = 0;  // byte length of the range the message is about (>= 1 when known)
  // 1-based, in code points from the start of the line: the column an editor
  // shows, and the one the "line:column:" of formatted() prints. 0 when not
  // filled in (a Diagnostic made by hand): formatted() then counts the code
  // points of sourceLine before `column`. GPUCompilationMessage's linePos,
  // offset and length are UTF-16 code units (the API core converts them).
  // Added additively.
  uint32_t codePointColumn = 0;
  std::string message;
  // Extra notes (e.g. "first declared here" for duplicate bindings), each
  // with its own position, in the same units as the diagnostic's (a note's
  // codePointColumn 0: formatted() prints its byte column).
  struct Note {
    uint32_t line = 0, column = 0, offset = 0, length = 0;
    uint32_t codePointColumn = 0;  // added additively
    std::string message;
  };
  std::vector<Note> notes;

  // "line:column: error: message\n<source line>\n    ^~~~" (+ notes). The
  // source line text is captured at creation so formatted() needs no source.
  std::string sourceLine;
  std::string formatted() const;
};

enum class Stage : uint8_t { Vertex, Fragment, Compute };

enum class ResourceKind : uint8_t {
  UniformBuffer,
  StorageBuffer,          // var<storage, read_write>
  ReadOnlyStorageBuffer,  // var<storage> / var<storage, read>
  Sampler,
  ComparisonSampler,
  SampledTexture,
  MultisampledTexture,
  DepthTexture,
  DepthMultisampledTexture,
  StorageTexture,
  ExternalTexture,
};

// GPUTextureSampleType spelling; None for non-textures.
enum class SampleKind : uint8_t { None, Float, UnfilterableFloat, Depth, Sint, Uint };

// GPUTextureViewDimension spelling; None for non-textures.
enum class ViewDimension : uint8_t { None, e1D, e2D, e2DArray, Cube, CubeArray, e3D };

// Texel formats allowed for storage textures (#storage-texel-formats).
enum class TexelFormat : uint8_t {
  None,
  Rgba8unorm,
  Rgba8snorm,
  Rgba8uint,
  Rgba8sint,
  Rgba16uint,
  Rgba16sint,
  Rgba16float,
  R32uint,
  R32sint,
  R32float,
  Rg32uint,
  Rg32sint,
  Rg32float,
  Rgba32uint,
  Rgba32sint,
  Rgba32float,
  Bgra8unorm,
  // Additional formats (texture-formats-tier1 etc.); additive.
  R8unorm,
  R8snorm,
  R8uint,
  R8sint,
  Rg8unorm,
  Rg8snorm,
  Rg8uint,
  Rg8sint,
  R16unorm,
  R16snorm,
  R16uint,
  R16sint,
  R16float,
  Rg16unorm,
  Rg16snorm,
  Rg16uint,
  Rg16sint,
  Rg16float,
  Rgba16unorm,
  Rgba16snorm,
  Rgb10a2uint,
  Rgb10a2unorm,
  Rg11b10ufloat,
};

// WGSL access mode. For storage buffers and storage textures; None otherwise.
enum class StorageAccess : uint8_t { None, Read, Write, ReadWrite };

struct ResourceBinding {
  uint32_t group = 0;
  uint32_t binding = 0;
  std::string name;  // the variable's identifier
  std::string
      wgslType;  // canonical store type, e.g. "texture_2d<f32>", "array<vec4<f32>>", "Camera"
  ResourceKind kind = ResourceKind::UniformBuffer;
  // #minimum-buffer-binding-size: SizeOf(store type) for buffers; a
  // runtime-sized array counts one element. 0 for non-buffers.
  uint64_t minBindingSize = 0;
  SampleKind sampleType = SampleKind::None;           // textures only
  ViewDimension viewDimension = ViewDimension::None;  // textures only
  bool multisampled = false;
  TexelFormat storageFormat = TexelFormat::None;  // storage textures only
  StorageAccess access = StorageAccess::None;     // storage buffers/textures
  // An f32 sampled texture passed with a non-comparison sampler to a texture
  // builtin (textureSample, textureSampleBias, textureSampleGrad,
  // textureSampleLevel, textureGather, ...) by this entry point: it needs a
  // 'float' (filterable) sample type in an auto layout. Otherwise an f32
  // texture can be 'unfilterable-float'. For samplers: true when this sampler
  // was used with such a texture (needs 'filtering').
  bool usedWithSampler = false;
  uint32_t declLine = 0;    // 1-based position of the variable's name
  uint32_t declColumn = 0;  // 1-based, bytes (as Diagnostic::column)
};

// Component type of a user-defined stage input/output (@location).
enum class IoScalar : uint8_t { F32, F16, I32, U32 };

// A user-defined entry point input or output (#input-output-locations), e.g.
// a vertex attribute or a fragment color output. Added additively.
struct IoLocation {
  uint32_t location = 0;
  std::string name;      // parameter or struct member name ("" for a bare return value)
  std::string wgslType;  // canonical, e.g. "vec4<f32>"
  IoScalar scalar = IoScalar::F32;
  uint32_t components = 1;    // 1..4
  std::string interpolation;  // "perspective" (default for floats), "linear", "flat"
  std::string
      sampling;  // "center" (default for floats), "centroid", "sample", "first", "either", ""
  bool hasBlendSrc = false;  // @blend_src (dual_source_blending)
  uint32_t blendSrc = 0;
  // --- added additively ---
  std::string structName;   // the IO struct's name when a member of one, else ""
  uint32_t declLine = 0;    // 1-based position of the name (of the return type when bare)
  uint32_t declColumn = 0;  // 1-based, bytes (as Diagnostic::column)
};

// A @builtin entry point input or output with its declaration. Added additively.
struct IoBuiltin {
  std::string builtin;      // WGSL spelling: "position", "frag_depth", "sample_mask", ...
  std::string name;         // parameter or struct member name ("" for a bare return value)
  std::string structName;   // the IO struct's name when a member of one, else ""
  std::string wgslType;     // canonical, e.g. "f32", "array<f32, 4>"
  uint32_t arraySize = 0;   // element count for clip_distances, else 0
  uint32_t declLine = 0;    // 1-based position of the name (of the return type when bare)
  uint32_t declColumn = 0;  // 1-based, bytes (as Diagnostic::column)
};

// A texture builtin call (textureSample*, textureGather*, textureLoad,
// textureDimensions, ...) made by an entry point, directly or through the
// functions it calls: the texture binding, and the sampler binding passed
// with it when the builtin takes one. Only module-scope bindings (a texture
// or sampler that cannot be traced to one is left out). Added additively.
struct TextureUse {
  uint32_t textureGroup = 0, textureBinding = 0;
  bool hasSampler = false;
  uint32_t samplerGroup = 0, samplerBinding = 0;
  bool comparisonSampler = false;  // the sampler is a sampler_comparison
  bool load = false;               // the builtin is textureLoad
  bool operator==(const TextureUse&) const = default;
};

// A builtin function an entry point calls, directly or through the
// functions it calls, with its first call. Added additively.
struct BuiltinFunctionUse {
  std::string name;              // "dpdxFine", "textureSample", ...
  uint32_t line = 0;             // 1-based
  uint32_t column = 0;           // 1-based, bytes (as Diagnostic::column)
  uint32_t codePointColumn = 0;  // 1-based, code points (as Diagnostic's); added additively
};

// A var<workgroup> an entry point statically uses. Added additively.
struct WorkgroupVariable {
  std::string name;
  std::string wgslType;  // canonical; an override-sized array is "array<f32, <override>>"
  uint64_t size = 0;     // SizeOf(store type) at the override values in use
  // Override-sized arrays: the element count expression as written ("tile * 2")
  // and its value; else "" and 0.
  std::string countText;
  uint64_t elementCount = 0;
  uint32_t declLine = 0;
};

struct EntryPoint {
  std::string name;
  Stage stage = Stage::Compute;
  // Evaluated @workgroup_size (compute only; {0,0,0} otherwise). Overrides
  // take their default values; a dimension that depends on an override
  // without a default is 0. Unspecified y/z are 1.
  std::array<uint32_t, 3> workgroupSize = {0, 0, 0};
  // Statically used resources (#shader-interface), sorted by (group, binding).
  std::vector<ResourceBinding> resources;
  // Names of pipeline-overridable constants this entry point statically uses.
  std::vector<std::string> overrides;
  // --- added additively ---
  // User-defined inputs and outputs by @location, sorted by location.
  std::vector<IoLocation> inputs;
  std::vector<IoLocation> outputs;
  // Builtin values used as inputs / outputs, e.g. "position", "vertex_index",
  // "frag_depth", "sample_mask" (WGSL spelling), in declaration order.
  std::vector<std::string> builtinInputs;
  std::vector<std::string> builtinOutputs;
  // The same builtins with their declarations (parallel to builtinInputs /
  // builtinOutputs). Added additively.
  std::vector<IoBuiltin> builtinInputDecls;
  std::vector<IoBuiltin> builtinOutputDecls;
  // Compute: bytes of workgroup memory statically used (#limits
  // maxComputeWorkgroupStorageSize): sum over workgroup variables of
  // roundUp(16, SizeOf(store type)); override-sized arrays at their defaults.
  uint64_t workgroupStorageSize = 0;
  // --- added additively (what pipeline creation validates) ---
  // The source text of each @workgroup_size argument ("tile * 2"; "" when absent).
  std::array<std::string, 3> workgroupSizeText;
  // The var<workgroup> variables behind workgroupStorageSize, in declaration order.
  std::vector<WorkgroupVariable> workgroupVariables;
  // Every texture builtin call's texture (and sampler), each once.
  std::vector<TextureUse> textureUses;
  // Every builtin function called, each name once, in order of first call.
  std::vector<BuiltinFunctionUse> builtinFunctions;
  // The immediate data variable it statically uses (var<immediate>, at most
  // one): SizeOf(store type), its name and line; 0 / "" when none.
  uint32_t immediateSize = 0;
  std::string immediateName;
  uint32_t immediateLine = 0;
  // Its AccessibleSlots (WGSL #accessible-slots): the indices of the 4-byte
  // slots that hold data (padding left out), ascending.
  std::vector<uint32_t> immediateSlots;
  // Pipeline-creation errors (#pipeline-creation-error) of this entry point at
  // the override values in use (Options::overrideValues, else the defaults):
  // an override-expression that fails to evaluate, a @workgroup_size or
  // override-sized array count below 1, a value that does not fit its override.
  std::vector<Diagnostic> pipelineErrors;
};

struct MemberLayout {
  std::string name;
  uint32_t offset = 0;
  uint32_t size = 0;
  uint32_t align = 0;
  std::string wgslType;  // canonical, e.g. "vec3<f32>"
};

struct StructLayout {
  std::string name;
  uint32_t size = 0;   // SizeOf; for a struct ending in a runtime array, as if it had one element
  uint32_t align = 0;  // AlignOf
  std::vector<MemberLayout> members;
  bool hostShareable = true;  // false if it contains bool / atomic-less non-host-shareable types
};

// An override declaration (pipeline-overridable constant).
struct OverrideInfo {
  std::string name;
  bool hasId = false;
  uint32_t id = 0;
  std::string wgslType;  // "f32", "u32", "i32", "bool", "f16"
  bool hasDefault = false;
  double defaultValue = 0;  // numeric value of the default (bool: 0/1), when hasDefault and const
  uint32_t declLine = 0;    // 1-based line of the name. Added additively.
};

struct Reflection {
  std::vector<EntryPoint> entryPoints;  // in declaration order
  std::vector<StructLayout> structs;    // every struct, in declaration order
  std::vector<OverrideInfo> overrides;  // in declaration order
  // Every module-scope resource declaration (@group/@binding), used or not,
  // in declaration order; fields as in EntryPoint::resources, usedWithSampler
  // false. Added additively.
  std::vector<ResourceBinding> declaredResources;
};

// WGSL / WebGPU spellings.
std::string_view toString(Diagnostic::Severity);
std::string_view toString(Stage);         // "vertex", "fragment", "compute"
std::string_view toString(ResourceKind);  // "uniform", "storage", "read-only-storage",
                                          // "sampler", "comparison-sampler", "sampled-texture",
                                          // "multisampled-texture", "depth-texture",
                                          // "depth-multisampled-texture", "storage-texture",
                                          // "external-texture"
std::string_view toString(
    SampleKind);  // "float", "unfilterable-float", "depth", "sint", "uint", ""
std::string_view toString(ViewDimension);  // "1d", "2d", "2d-array", "cube", "cube-array", "3d", ""
std::string_view toString(TexelFormat);    // "rgba8unorm", ... , ""
std::string_view toString(StorageAccess);  // "read", "write", "read_write", ""
std::string_view toString(IoScalar);       // "f32", "f16", "i32", "u32"

}  // namespace bindery::wgsl
