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

void printTable(std::ostream& out, const std::vector<std::vector<std::string>>& rows,
                const std::string& indent) {
  std::vector<size_t> width;
  for (const auto& row : rows) {
    width.resize(std::max(width.size(), row.size()), 0);
    for (size_t i = 0; i < row.size(); ++i) width[i] = std::max(width[i], row[i].size());
  }
  for (const auto& row : rows) {
    std::string line = indent;
    for (size_t i = 0; i < row.size(); ++i) {
      line += row[i];
      if (i + 1 < row.size()) line += std::string(width[i] - row[i].size() + 2, ' ');
    }
    out << line << "\n";
  }
}

void printText(std::ostream& out, const json& doc) {
  bool firstEntry = true;
  for (const json& ep : doc["entryPoints"]) {
    if (!firstEntry) out << "\n";
    firstEntry = false;
    out << ep["stage"].get<std::string>() << " " << ep["name"].get<std::string>();
    if (ep.contains("workgroupSize")) {
      const json& w = ep["workgroupSize"];
      out << "  @workgroup_size(" << w[0] << ", " << w[1] << ", " << w[2] << ")";
    }
    out << "\n";
    if (ep["groups"].empty()) {
      out << "  (no resources)\n";
      continue;
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
