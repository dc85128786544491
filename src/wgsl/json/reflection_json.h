// bindery::wgsl reflection as JSON: the output of `bindery reflect --json`.
//
//   { "entryPoints": [ { "name", "stage", "workgroupSize" (compute only),
//                        "groups": [ { "group", "entries": [ GPUBindGroupLayoutEntry ] } ] } ],
//     "structs": [ { "name", "size", "align", "members": [ { "name", "type", "offset",
//                                                            "size", "align" } ] } ],
//     "diagnostics": [ { "severity", "line", "column", "message" (, "notes") } ] }
//
// Each entry is the GPUBindGroupLayoutEntry that WebGPU's default pipeline
// layout (#default-pipeline-layout) derives for that one entry point, with the
// dictionary keys and enum spellings of the WebGPU IDL, so it can be pasted
// into createBindGroupLayout:
//   { "binding", "visibility": ["COMPUTE"], one of
//     "buffer": { "type": "uniform"|"storage"|"read-only-storage",
//                 "hasDynamicOffset": false, "minBindingSize": N },
//     "sampler": { "type": "filtering"|"comparison" },
//     "texture": { "sampleType", "viewDimension", "multisampled" },
//     "storageTexture": { "access": "write-only"|"read-only"|"read-write",
//                         "format", "viewDimension" },
//     "externalTexture": {} }
// plus two informative keys that a layout ignores: "name" (the WGSL variable)
// and "type" (its canonical WGSL store type, e.g. "array<vec4<f32>>").
// Groups are sorted by group, entries by binding.
#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "bindery/wgsl/module.h"
#include "bindery/wgsl/reflection.h"

namespace bindery::wgsl {

// GPUShaderStage flag name of a stage: "VERTEX", "FRAGMENT", "COMPUTE".
std::string_view visibilityName(Stage stage);

// The GPUTextureSampleType an auto layout gives `r` ("float",
// "unfilterable-float", "depth", "sint", "uint"); "" for non-textures. An f32
// texture is "float" only when usedWithSampler says the entry point passes it
// to a texture builtin together with a sampler (never when multisampled).
std::string_view autoLayoutSampleType(const ResourceBinding& r);

// One GPUBindGroupLayoutEntry (see above) for resource `r` used by `stage`.
nlohmann::json layoutEntryToJson(const ResourceBinding& r, Stage stage);

// One entry point with its groups.
nlohmann::json entryPointToJson(const EntryPoint& ep);

nlohmann::json structToJson(const StructLayout& s);
nlohmann::json diagnosticToJson(const Diagnostic& d);

// The whole document. With `entry`, only the entry point of that name is
// listed (none if there is no such entry point); structs and diagnostics are
// always complete.
nlohmann::json reflectionToJson(const Reflection& reflection,
                                const std::vector<Diagnostic>& diagnostics,
                                std::optional<std::string_view> entry = std::nullopt);

// Same, from a parsed module (its reflect() and diagnostics()).
nlohmann::json reflectionToJson(const Module& module,
                                std::optional<std::string_view> entry = std::nullopt);

}  // namespace bindery::wgsl
