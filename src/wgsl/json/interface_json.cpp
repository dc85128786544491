// The stage-interface part of the reflection JSON (see reflection_json.h):
// stage inputs/outputs, builtins, immediate data, texture/sampler pairs,
// workgroup size expressions, unused resources and enable directives.
#include <algorithm>
#include <cctype>
#include <string>

#include "reflection_json.h"

namespace bindery::wgsl {
namespace {

using nlohmann::json;

// #inter-stage-interface: interpolation applies to vertex outputs and
// fragment inputs only; vertex inputs and fragment outputs have none.
json locationToJson(const IoLocation& l, bool interStage) {
  json j = json::object();
  j["location"] = l.location;
  j["name"] = l.name;
  j["type"] = l.wgslType;
  if (interStage) j["interpolation"] = {{"type", l.interpolation}, {"sampling", l.sampling}};
  if (l.hasBlendSrc) j["blendSrc"] = l.blendSrc;
  if (!l.structName.empty()) j["struct"] = l.structName;
  j["line"] = l.declLine;
  j["column"] = l.declColumn;
  return j;
}

json builtinToJson(const IoBuiltin& b) {
  json j = json::object();
  j["builtin"] = b.builtin;
  j["name"] = b.name;
  j["type"] = b.wgslType;
  if (b.arraySize != 0) j["arraySize"] = b.arraySize;
  if (!b.structName.empty()) j["struct"] = b.structName;
  j["line"] = b.declLine;
  j["column"] = b.declColumn;
  return j;
}

json locationsToJson(const std::vector<IoLocation>& list, bool interStage) {
  json a = json::array();
  for (const IoLocation& l : list) a.push_back(locationToJson(l, interStage));
  return a;
}

json builtinsToJson(const std::vector<IoBuiltin>& list) {
  json a = json::array();
  for (const IoBuiltin& b : list) a.push_back(builtinToJson(b));
  return a;
}

// True when `word` occurs in `text` as a whole identifier.
bool mentions(std::string_view text, std::string_view word) {
  auto isIdent = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  for (size_t at = text.find(word); at != std::string_view::npos; at = text.find(word, at + 1)) {
    const bool before = at == 0 || !isIdent(text[at - 1]);
    const bool after = at + word.size() == text.size() || !isIdent(text[at + word.size()]);
    if (before && after) return true;
  }
  return false;
}

}  // namespace

void addStageInterface(nlohmann::json& j, const EntryPoint& ep) {
  const bool vertex = ep.stage == Stage::Vertex, fragment = ep.stage == Stage::Fragment;
  if (ep.stage == Stage::Compute) {
    // @workgroup_size as written; an absent y/z is null.
    json exprs = json::array();
    json named = json::array();
    for (const std::string& text : ep.workgroupSizeText) {
      exprs.push_back(text.empty() ? json(nullptr) : json(text));
      for (const std::string& o : ep.overrides) {
        if (mentions(text, o) && std::find(named.begin(), named.end(), json(o)) == named.end()) {
          named.push_back(o);
        }
      }
    }
    j["workgroupSizeExpressions"] = std::move(exprs);
    j["workgroupSizeOverrides"] = std::move(named);
    j["workgroupStorageSize"] = ep.workgroupStorageSize;
  }
  j["stageInputs"] = locationsToJson(ep.inputs, fragment);
  j["stageOutputs"] = locationsToJson(ep.outputs, vertex);
  j["builtins"] = {{"inputs", builtinsToJson(ep.builtinInputDecls)},
                   {"outputs", builtinsToJson(ep.builtinOutputDecls)}};
  // GPUPipelineLayoutDescriptor.immediateSize this entry point needs.
  j["immediateSize"] = ep.immediateSize;
  if (ep.immediateSize != 0) {
    j["immediate"] = {{"name", ep.immediateName},
                      {"size", ep.immediateSize},
                      {"slots", ep.immediateSlots},
                      {"line", ep.immediateLine}};
  }
  json pairs = json::array();
  for (const TextureUse& u : ep.textureUses) {
    if (!u.hasSampler) continue;
    json p = {{"texture", {{"group", u.textureGroup}, {"binding", u.textureBinding}}},
              {"sampler",
               {{"group", u.samplerGroup},
                {"binding", u.samplerBinding},
                {"type", u.comparisonSampler ? "comparison" : "filtering"}}}};
    if (std::find(pairs.begin(), pairs.end(), p) == pairs.end()) pairs.push_back(std::move(p));
  }
  j["textureSamplerPairs"] = std::move(pairs);
}

nlohmann::json unusedResourcesToJson(const Reflection& reflection) {
  json a = json::array();
  for (const ResourceBinding& d : reflection.declaredResources) {
    bool used = false;
    for (const EntryPoint& ep : reflection.entryPoints) {
      for (const ResourceBinding& r : ep.resources) {
        used = used || (r.group == d.group && r.binding == d.binding && r.name == d.name);
      }
    }
    if (used) continue;
    a.push_back({{"group", d.group},
                 {"binding", d.binding},
                 {"name", d.name},
                 {"type", d.wgslType},
                 {"line", d.declLine},
                 {"column", d.declColumn}});
  }
  return a;
}

nlohmann::json enablesToJson(const std::vector<EnableDirective>& enables) {
  json a = json::array();
  for (const EnableDirective& e : enables) {
    a.push_back({{"name", e.name}, {"line", e.line}, {"column", e.column}});
  }
  return a;
}

const std::vector<std::string_view>& stageInterfaceEntryPointKeys() {
  static const std::vector<std::string_view> keys = {"workgroupSizeExpressions",
                                                     "workgroupSizeOverrides",
                                                     "workgroupStorageSize",
                                                     "stageInputs",
                                                     "stageOutputs",
                                                     "builtins",
                                                     "immediateSize",
                                                     "immediate",
                                                     "textureSamplerPairs"};
  return keys;
}

const std::vector<std::string_view>& stageInterfaceDocumentKeys() {
  static const std::vector<std::string_view> keys = {"unusedResources", "enables"};
  return keys;
}

nlohmann::json withoutStageInterface(nlohmann::json doc) {
  for (std::string_view k : stageInterfaceDocumentKeys()) doc.erase(std::string(k));
  if (doc.contains("entryPoints")) {
    for (json& ep : doc["entryPoints"]) {
      for (std::string_view k : stageInterfaceEntryPointKeys()) ep.erase(std::string(k));
    }
  }
  return doc;
}

}  // namespace bindery::wgsl
