// `bindery reflect FILE.wgsl [--entry NAME] [--json]`: per entry point, the
// resources it statically uses and the bind group layouts they imply.
#include <algorithm>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "bindery/wgsl/module.h"
#include "commands.h"
#include "common.h"
#include "reflection_json.h"

namespace bindery::cli {
namespace {

using nlohmann::json;

struct ReflectOptions {
  std::string file;
  std::optional<std::string> entry;
  bool json = false;
};

// A JSON value as a JavaScript literal ({ type: 'storage' }), ready to paste
// into a createBindGroupLayout call.
std::string toJs(const json& v) {
  if (v.is_string()) return "'" + v.get<std::string>() + "'";
  if (v.is_object()) {
    if (v.empty()) return "{}";
    // IDL member order first, then anything else (alphabetical).
    static const char* const kOrder[] = {
        "type",          "sampleType",   "access",           "format",
        "viewDimension", "multisampled", "hasDynamicOffset", "minBindingSize"};
    std::vector<std::string> keys;
    for (const char* k : kOrder) {
      if (v.contains(k)) keys.emplace_back(k);
    }
    for (auto it = v.begin(); it != v.end(); ++it) {
      if (std::find(keys.begin(), keys.end(), it.key()) == keys.end()) keys.push_back(it.key());
    }
    std::string s = "{ ";
    for (size_t i = 0; i < keys.size(); ++i) {
      s += (i ? ", " : "") + keys[i] + ": " + toJs(v[keys[i]]);
    }
    return s + " }";
  }
  if (v.is_array()) {
    std::string s = "[";
    for (size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + toJs(v[i]);
    return s + "]";
  }
  return v.dump();
}

// The layout entry without the informative keys, in IDL member order.
std::string layoutEntryJs(const json& e) {
  std::string s = "{ binding: " + e["binding"].dump() + ", visibility: ";
  const json& vis = e["visibility"];
  for (size_t i = 0; i < vis.size(); ++i) {
    s += (i ? " | " : "") + std::string("GPUShaderStage.") + vis[i].get<std::string>();
  }
  for (const char* key : {"buffer", "sampler", "texture", "storageTexture", "externalTexture"}) {
    if (e.contains(key)) s += std::string(", ") + key + ": " + toJs(e[key]);
  }
  return s + " }";
}

// Short human description of a layout entry's resource.
std::string describe(const json& e) {
  std::ostringstream s;
  if (e.contains("buffer")) {
    const json& b = e["buffer"];
    s << b["type"].get<std::string>() << " buffer, minBindingSize "
      << b["minBindingSize"].get<uint64_t>();
  } else if (e.contains("sampler")) {
    s << e["sampler"]["type"].get<std::string>() << " sampler";
  } else if (e.contains("texture")) {
    const json& t = e["texture"];
    s << "texture " << t["sampleType"].get<std::string>() << " "
      << t["viewDimension"].get<std::string>();
    if (t["multisampled"].get<bool>()) s << " multisampled";
  } else if (e.contains("storageTexture")) {
    const json& t = e["storageTexture"];
    s << "storage texture " << t["format"].get<std::string>() << " "
      << t["access"].get<std::string>() << " " << t["viewDimension"].get<std::string>();
  } else if (e.contains("externalTexture")) {
    s << "external texture";
  }
  return s.str();
}

// Cells a terminal gives `s`: one per code point (UTF-8 continuation bytes,
// 0b10xxxxxx, take none), so names like 'ñandú' line up.
size_t cells(const std::string& s) {
  return static_cast<size_t>(
      std::count_if(s.begin(), s.end(), [](char c) { return (c & 0xC0) != 0x80; }));
}

void printTable(std::ostream& out, const std::vector<std::vector<std::string>>& rows,
                const std::string& indent) {
  std::vector<size_t> width;
  for (const auto& row : rows) {
    width.resize(std::max(width.size(), row.size()), 0);
    for (size_t i = 0; i < row.size(); ++i) width[i] = std::max(width[i], cells(row[i]));
  }
  for (const auto& row : rows) {
    std::string line = indent;
    for (size_t i = 0; i < row.size(); ++i) {
      line += row[i];
      if (i + 1 < row.size()) line += std::string(width[i] - cells(row[i]) + 2, ' ');
    }
    line.erase(line.find_last_not_of(' ') + 1);  // empty trailing cells
    out << line << "\n";
  }
}

// "@group(0) @binding(2)"
std::string slotOf(const json& j) {
  return "@group(" + j["group"].dump() + ") @binding(" + j["binding"].dump() + ")";
}

std::string lineOf(const json& j) {
  return j.contains("line") ? "line " + j["line"].dump() : std::string();
}

// The name of the resource at `slot` ({group, binding}) in the entry point's
// groups, "" when it is not there.
std::string resourceName(const json& ep, const json& slot) {
  for (const json& g : ep["groups"]) {
    if (g["group"] != slot["group"]) continue;
    for (const json& e : g["entries"]) {
      if (e["binding"] == slot["binding"]) return e["name"].get<std::string>();
    }
  }
  return "";
}

// [0, 1, 4, 5, 6, 7] -> "0-1, 4-7"
std::string ranges(const json& values) {
  std::string s;
  for (size_t i = 0; i < values.size();) {
    size_t j = i;
    while (j + 1 < values.size() &&
           values[j + 1].get<uint64_t>() == values[j].get<uint64_t>() + 1) {
      ++j;
    }
    s += (s.empty() ? "" : ", ") + values[i].dump();
    if (j > i) s += "-" + values[j].dump();
    i = j + 1;
  }
  return s;
}

// The header: "compute cs  @workgroup_size(tile * 2, 4) = (16, 4, 1) at the default of
// override tile"; without overrides the evaluated size only. A dimension that
// needs an override without a default (evaluated as 0) is '?'.
void printHeader(std::ostream& out, const json& ep) {
  out << ep["stage"].get<std::string>() << " " << ep["name"].get<std::string>();
  if (ep.contains("workgroupSize")) {
    std::string evaluated;
    bool unknown = false;
    for (const json& n : ep["workgroupSize"]) {
      unknown = unknown || n == 0;
      evaluated += (evaluated.empty() ? "" : ", ") + (n == 0 ? std::string("?") : n.dump());
    }
    const json overrides = ep.value("workgroupSizeOverrides", json::array());
    if (overrides.empty() || !ep.contains("workgroupSizeExpressions")) {
      out << "  @workgroup_size(" << evaluated << ")";
    } else {
      std::string written, names;
      for (const json& x : ep["workgroupSizeExpressions"]) {
        if (!x.is_null()) written += (written.empty() ? "" : ", ") + x.get<std::string>();
      }
      for (const json& o : overrides) names += (names.empty() ? "" : ", ") + o.get<std::string>();
      out << "  @workgroup_size(" << written << ") = (" << evaluated << ") at the "
          << (overrides.size() == 1 ? "default of override " : "defaults of overrides ") << names;
      if (unknown) out << " (?: no default; the pipeline's constants set it)";
    }
  }
  out << "\n";
}

// @location and @builtin inputs and outputs, one row each:
//   in   @location(0)        position  vec3<f32>  line 20
//   out  @location(1)        VOut.id   u32        line 7  @interpolate(flat, first)
void printStageInterface(std::ostream& out, const json& ep) {
  std::vector<std::vector<std::string>> rows;
  auto name = [](const json& v) {
    std::string n = v["name"].get<std::string>();
    if (n.empty()) n = "(return value)";
    return v.contains("struct") ? v["struct"].get<std::string>() + "." + n : n;
  };
  auto add = [&](const char* dir, const json& locations, const json& builtins) {
    for (const json& l : locations) {
      std::string attr = "@location(" + l["location"].dump() + ")";
      if (l.contains("blendSrc")) attr += " @blend_src(" + l["blendSrc"].dump() + ")";
      std::string interpolation;
      if (l.contains("interpolation")) {
        interpolation = "@interpolate(" + l["interpolation"]["type"].get<std::string>() + ", " +
                        l["interpolation"]["sampling"].get<std::string>() + ")";
      }
      rows.push_back({dir, attr, name(l), l["type"].get<std::string>(), lineOf(l), interpolation});
    }
    for (const json& b : builtins) {
      rows.push_back({dir, "@builtin(" + b["builtin"].get<std::string>() + ")", name(b),
                      b["type"].get<std::string>(), lineOf(b)});
    }
  };
  const json none = json::array();
  const json& builtins = ep.contains("builtins") ? ep["builtins"] : json::object();
  add("in", ep.value("stageInputs", none), builtins.value("inputs", none));
  add("out", ep.value("stageOutputs", none), builtins.value("outputs", none));
  if (rows.empty()) return;
  out << "  stage interface:\n";
  printTable(out, rows, "    ");
}

void printResources(std::ostream& out, const json& ep) {
  if (ep["groups"].empty()) {
    out << "  (no resources)\n";
    return;
  }
  std::vector<std::vector<std::string>> rows = {{"group", "binding", "name", "type", "resource"}};
  for (const json& g : ep["groups"]) {
    for (const json& e : g["entries"]) {
      rows.push_back({g["group"].dump(), e["binding"].dump(), e["name"].get<std::string>(),
                      e["type"].get<std::string>(), describe(e)});
    }
  }
  printTable(out, rows, "  ");
  out << "  bind group layouts:\n";
  for (const json& g : ep["groups"]) {
    out << "    @group(" << g["group"] << "): device.createBindGroupLayout({ entries: [\n";
    for (const json& e : g["entries"]) out << "      " << layoutEntryJs(e) << ",\n";
    out << "    ] })\n";
  }
}

// Texture/sampler pairs, the immediate data, the workgroup storage.
void printUses(std::ostream& out, const json& ep) {
  const json pairs = ep.value("textureSamplerPairs", json::array());
  if (!pairs.empty()) {
    out << "  texture/sampler pairs:\n";
    std::vector<std::vector<std::string>> rows;
    for (const json& p : pairs) {
      rows.push_back({resourceName(ep, p["texture"]), slotOf(p["texture"]), "with",
                      resourceName(ep, p["sampler"]), slotOf(p["sampler"]),
                      p["sampler"]["type"].get<std::string>()});
    }
    printTable(out, rows, "    ");
  }
  if (ep.contains("immediate")) {
    const json& im = ep["immediate"];
    out << "  immediate data: var<immediate> " << im["name"].get<std::string>() << " ("
        << lineOf(im) << "), " << im["size"]
        << " bytes: the layout's immediateSize >= " << ep["immediateSize"] << "; 4-byte slots "
        << ranges(im["slots"]) << "\n";
  }
  if (ep.value("workgroupStorageSize", 0) > 0) {
    out << "  workgroup storage: " << ep["workgroupStorageSize"] << " bytes\n";
  }
}

void printText(std::ostream& out, const json& doc) {
  const json enables = doc.value("enables", json::array());
  if (!enables.empty()) {
    out << "enable";
    for (size_t i = 0; i < enables.size(); ++i) {
      out << (i ? ", " : " ") << enables[i]["name"].get<std::string>() << " (" << lineOf(enables[i])
          << ")";
    }
    out << "\n\n";
  }
  bool firstEntry = true;
  for (const json& ep : doc["entryPoints"]) {
    if (!firstEntry) out << "\n";
    firstEntry = false;
    printHeader(out, ep);
    printResources(out, ep);
    printUses(out, ep);
    printStageInterface(out, ep);
  }
  const json unused = doc.value("unusedResources", json::array());
  if (!unused.empty()) {
    out << "\nunused resources (declared, used by no entry point)\n";
    std::vector<std::vector<std::string>> rows;
    for (const json& u : unused) {
      rows.push_back(
          {slotOf(u), u["name"].get<std::string>(), u["type"].get<std::string>(), lineOf(u)});
    }
    printTable(out, rows, "  ");
  }
  if (!doc["structs"].empty()) {
    out << "\nstructs\n";
    for (const json& s : doc["structs"]) {
      out << "  " << s["name"].get<std::string>() << "  size " << s["size"] << "  align "
          << s["align"] << "\n";
      std::vector<std::vector<std::string>> rows = {{"offset", "size", "align", "member"}};
      for (const json& m : s["members"]) {
        rows.push_back({m["offset"].dump(), m["size"].dump(), m["align"].dump(),
                        m["name"].get<std::string>() + " : " + m["type"].get<std::string>()});
      }
      printTable(out, rows, "    ");
    }
  }
}

int runReflect(const ReflectOptions& opt) {
  std::optional<std::string> source = readFile(opt.file, std::cerr);
  if (!source) return kIoError;
  const bindery::wgsl::Module module = bindery::wgsl::parse(*source);
  printDiagnostics(opt.file, module, std::cerr);
  const bool errors = hasErrors(module);
  const json doc = bindery::wgsl::reflectionToJson(
      module, opt.entry ? std::optional<std::string_view>(*opt.entry) : std::nullopt);
  if (!errors && opt.entry && doc["entryPoints"].empty()) {
    std::cerr << "bindery: " << opt.file << " has no entry point named '" << *opt.entry << "'\n";
    return kIoError;
  }
  if (opt.json) {
    // Invalid UTF-8 in the source (echoed by a diagnostic) must not abort the dump.
    std::cout << doc.dump(2, ' ', false, json::error_handler_t::replace) << "\n";
  } else if (!errors) {
    printText(std::cout, doc);
  }
  return errors ? kShaderErrors : kOk;
}

}  // namespace

Command addReflectCommand(CLI::App& root) {
  auto opt = std::make_shared<ReflectOptions>();
  CLI::App* sub = root.add_subcommand(
      "reflect", "Print the resources each entry point uses and the bind group layouts they imply");
  sub->add_option("file", opt->file, "WGSL source file")->required();
  sub->add_option("--entry", opt->entry, "Only this entry point");
  sub->add_flag("--json", opt->json,
                "Print JSON (GPUBindGroupLayoutEntry shapes) instead of a table");
  return Command{sub, [opt] { return runReflect(*opt); }};
}

}  // namespace bindery::cli
