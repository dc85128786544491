#include "reflection_json.h"

#include <algorithm>
#include <map>
#include <string>

namespace bindery::wgsl {
namespace {

using nlohmann::json;

// GPUStorageTextureAccess spelling of a WGSL access mode.
std::string_view storageTextureAccess(StorageAccess a) {
  switch (a) {
    case StorageAccess::Read: return "read-only";
    case StorageAccess::ReadWrite: return "read-write";
    case StorageAccess::Write:
    case StorageAccess::None: break;
  }
  return "write-only";  // the only access WGSL has without the language feature
}

json viewDimensionJson(ViewDimension d) {
  return std::string(toString(d));
}

}  // namespace

std::string_view visibilityName(Stage stage) {
  switch (stage) {
    case Stage::Vertex: return "VERTEX";
    case Stage::Fragment: return "FRAGMENT";
    case Stage::Compute: break;
  }
  return "COMPUTE";
}

std::string_view autoLayoutSampleType(const ResourceBinding& r) {
  switch (r.kind) {
    case ResourceKind::DepthTexture:
    case ResourceKind::DepthMultisampledTexture: return "depth";
    case ResourceKind::SampledTexture:
    case ResourceKind::MultisampledTexture: break;
    default: return "";
  }
  switch (r.sampleType) {
    case SampleKind::Sint: return "sint";
    case SampleKind::Uint: return "uint";
    case SampleKind::Depth: return "depth";
    case SampleKind::Float:
    case SampleKind::UnfilterableFloat:
    case SampleKind::None: break;
  }
  // #default-pipeline-layout: 'float' only for a static use in a texture
  // builtin call that also uses a sampler.
  const bool multisampled = r.multisampled || r.kind == ResourceKind::MultisampledTexture;
  return r.usedWithSampler && !multisampled ? "float" : "unfilterable-float";
}

json layoutEntryToJson(const ResourceBinding& r, Stage stage) {
  json e = json::object();
  e["binding"] = r.binding;
  e["name"] = r.name;
  e["type"] = r.wgslType;
  e["visibility"] = json::array({std::string(visibilityName(stage))});
  switch (r.kind) {
    case ResourceKind::UniformBuffer:
    case ResourceKind::StorageBuffer:
    case ResourceKind::ReadOnlyStorageBuffer: {
      const char* type = r.kind == ResourceKind::UniformBuffer   ? "uniform"
                         : r.kind == ResourceKind::StorageBuffer ? "storage"
                                                                 : "read-only-storage";
      e["buffer"] = {
          {"type", type}, {"hasDynamicOffset", false}, {"minBindingSize", r.minBindingSize}};
      break;
    }
    case ResourceKind::Sampler:
      // A WGSL `sampler` leaves GPUSamplerBindingLayout.type at its default.
      e["sampler"] = {{"type", "filtering"}};
      break;
    case ResourceKind::ComparisonSampler: e["sampler"] = {{"type", "comparison"}}; break;
    case ResourceKind::SampledTexture:
    case ResourceKind::MultisampledTexture:
    case ResourceKind::DepthTexture:
    case ResourceKind::DepthMultisampledTexture: {
      const bool ms = r.multisampled || r.kind == ResourceKind::MultisampledTexture ||
                      r.kind == ResourceKind::DepthMultisampledTexture;
      e["texture"] = {{"sampleType", std::string(autoLayoutSampleType(r))},
                      {"viewDimension", ms ? json("2d") : viewDimensionJson(r.viewDimension)},
                      {"multisampled", ms}};
      break;
    }
    case ResourceKind::StorageTexture:
      e["storageTexture"] = {{"access", std::string(storageTextureAccess(r.access))},
                             {"format", std::string(toString(r.storageFormat))},
                             {"viewDimension", viewDimensionJson(r.viewDimension)}};
      break;
    case ResourceKind::ExternalTexture: e["externalTexture"] = json::object(); break;
  }
  return e;
}

json entryPointToJson(const EntryPoint& ep) {
  json j = json::object();
  j["name"] = ep.name;
  j["stage"] = std::string(toString(ep.stage));
  if (ep.stage == Stage::Compute) {
    j["workgroupSize"] = {ep.workgroupSize[0], ep.workgroupSize[1], ep.workgroupSize[2]};
  }
  std::map<uint32_t, std::vector<const ResourceBinding*>> groups;
  for (const ResourceBinding& r : ep.resources) groups[r.group].push_back(&r);
  json gs = json::array();
  for (auto& [group, list] : groups) {
    std::stable_sort(
        list.begin(), list.end(),
        [](const ResourceBinding* a, const ResourceBinding* b) { return a->binding < b->binding; });
    json entries = json::array();
    for (const ResourceBinding* r : list) entries.push_back(layoutEntryToJson(*r, ep.stage));
    gs.push_back({{"group", group}, {"entries", std::move(entries)}});
  }
  j["groups"] = std::move(gs);
  addStageInterface(j, ep);
  return j;
}

json structToJson(const StructLayout& s) {
  json members = json::array();
  for (const MemberLayout& m : s.members) {
    members.push_back({{"name", m.name},
                       {"type", m.wgslType},
                       {"offset", m.offset},
                       {"size", m.size},
                       {"align", m.align}});
  }
  return {{"name", s.name}, {"size", s.size}, {"align", s.align}, {"members", std::move(members)}};
}

json diagnosticToJson(const Diagnostic& d) {
  json j = {{"severity", std::string(toString(d.severity))},
            {"line", d.line},
            {"column", d.column},
            {"message", d.message}};
  if (!d.notes.empty()) {
    json notes = json::array();
    for (const Diagnostic::Note& n : d.notes) {
      notes.push_back({{"line", n.line}, {"column", n.column}, {"message", n.message}});
    }
    j["notes"] = std::move(notes);
  }
  return j;
}

json reflectionToJson(const Reflection& reflection, const std::vector<Diagnostic>& diagnostics,
                      std::optional<std::string_view> entry) {
  return reflectionToJson(reflection, diagnostics, {}, entry);
}

json reflectionToJson(const Reflection& reflection, const std::vector<Diagnostic>& diagnostics,
                      const std::vector<EnableDirective>& enables,
                      std::optional<std::string_view> entry) {
  json eps = json::array();
  for (const EntryPoint& ep : reflection.entryPoints) {
    if (entry && ep.name != *entry) continue;
    eps.push_back(entryPointToJson(ep));
  }
  json structs = json::array();
  for (const StructLayout& s : reflection.structs) structs.push_back(structToJson(s));
  json diags = json::array();
  for (const Diagnostic& d : diagnostics) diags.push_back(diagnosticToJson(d));
  return {{"entryPoints", std::move(eps)},
          {"structs", std::move(structs)},
          {"diagnostics", std::move(diags)},
          {"unusedResources", unusedResourcesToJson(reflection)},
          {"enables", enablesToJson(enables)}};
}

json reflectionToJson(const Module& module, std::optional<std::string_view> entry) {
  return reflectionToJson(module.reflect(), module.diagnostics(), module.enables(), entry);
}

}  // namespace bindery::wgsl
