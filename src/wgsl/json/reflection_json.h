// bindery::wgsl reflection as JSON: the output of `bindery reflect --json`.
//
//   { "entryPoints": [ { "name", "stage", "workgroupSize" (compute only),
//                        "groups": [ { "group", "entries": [ GPUBindGroupLayoutEntry ] } ] } ],
//     "structs": [ { "name", "size", "align", "members": [ { "name", "type", "offset",
//                                                            "size", "align" } ] } ],
//     "diagnostics": [ { "severity", "line", "column", "message" (, "notes") } ],
//     "unusedResources": [ ... ], "enables": [ ... ] }
//
// Each entry point also carries its stage interface (see "Stage interface"
// below and docs/reflect-json.md).
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
//
// Stage interface (added additively; every key below is always present unless
// marked optional):
//   entry point:
//     "stageInputs" / "stageOutputs": [ { "location", "name", "type",
//         "interpolation": { "type", "sampling" }  (vertex outputs and
//                                                   fragment inputs only),
//         "blendSrc" (optional), "struct" (optional, the IO struct),
//         "line", "column" } ]                       sorted by location
//     "builtins": { "inputs": [B], "outputs": [B] }  in declaration order, B =
//         { "builtin": "position"|"frag_depth"|..., "name", "type",
//           "arraySize" (clip_distances only), "struct" (optional),
//           "line", "column" }
//     "immediateSize": N   (bytes of var<immediate>; 0 when none)
//     "immediate": { "name", "size", "slots": [4-byte slot indices], "line" }
//                          (optional: only when the entry point uses one)
//     "textureSamplerPairs": [ { "texture": { "group", "binding" },
//         "sampler": { "group", "binding", "type": "filtering"|"comparison" } } ]
//     compute only: "workgroupSizeExpressions": [ "tile * 2", "1", null ]
//         (@workgroup_size as written, null when absent),
//         "workgroupSizeOverrides": [ override names they mention ],
//         "workgroupStorageSize": N
//   document:
//     "unusedResources": [ { "group", "binding", "name", "type", "line",
//                            "column" } ]  declared, used by no entry point
//     "enables": [ { "name", "line", "column" } ]   `enable` directives
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

// Adds the stage-interface keys of `ep` (above) to its entry point object `j`.
void addStageInterface(nlohmann::json& j, const EntryPoint& ep);
nlohmann::json unusedResourcesToJson(const Reflection& reflection);
nlohmann::json enablesToJson(const std::vector<EnableDirective>& enables);

// The keys the stage interface adds, per entry point and to the document.
const std::vector<std::string_view>& stageInterfaceEntryPointKeys();
const std::vector<std::string_view>& stageInterfaceDocumentKeys();
// `doc` without them: the bind-group-layout part that the WGSL corpus
// expectations (tests/wgsl/corpus) describe.
nlohmann::json withoutStageInterface(nlohmann::json doc);

nlohmann::json structToJson(const StructLayout& s);
nlohmann::json diagnosticToJson(const Diagnostic& d);

// The whole document. With `entry`, only the entry point of that name is
// listed (none if there is no such entry point); structs and diagnostics are
// always complete.
nlohmann::json reflectionToJson(const Reflection& reflection,
                                const std::vector<Diagnostic>& diagnostics,
                                std::optional<std::string_view> entry = std::nullopt);
// Same, with the module's `enable` directives ("enables" is [] above).
nlohmann::json reflectionToJson(const Reflection& reflection,
                                const std::vector<Diagnostic>& diagnostics,
                                const std::vector<EnableDirective>& enables,
                                std::optional<std::string_view> entry = std::nullopt);

// Same, from a parsed module (its reflect(), diagnostics() and enables()).
nlohmann::json reflectionToJson(const Module& module,
                                std::optional<std::string_view> entry = std::nullopt);

}  // namespace bindery::wgsl
