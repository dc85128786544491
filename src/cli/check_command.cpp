// `bindery check FILE.wgsl --layout LAYOUT.json [--entry NAME]`: checks the
// WGSL against hand-written bind group layouts, without a GPU, with the
// messages pipeline creation gives (bindery::checkShaderBindings).
//
// LAYOUT.json is an array of groups (index = @group), each an array of
// GPUBindGroupLayoutEntry in the WebGPU JSON shape (null or [] for an empty
// group). visibility is a number (GPUShaderStage bits), a name ("FRAGMENT"),
// a list of names, or names joined by "|".
//
// Exit status: 0 when every checked entry point matches, 1 on a mismatch (or
// WGSL / layout errors), 2 when a file cannot be read or --entry names no
// entry point (tests/cli).
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "bindery/enums.h"
#include "bindery/shader_check.h"
#include "commands.h"
#include "common.h"

namespace bindery::cli {
namespace {

using nlohmann::json;

struct CheckOptions {
  std::string file;
  std::string layout;
  std::optional<std::string> entry;
};

// A layout error: what is wrong and where ("[0][1].buffer.type").
struct LayoutError {
  std::string message;
};

template <class T>
T parseEnum(const json& v, std::optional<T> (*parse)(std::string_view), const std::string& where) {
  if (!v.is_string()) throw LayoutError{where + " must be a string"};
  std::optional<T> value = parse(v.get<std::string>());
  if (!value) throw LayoutError{where + ": unknown value '" + v.get<std::string>() + "'"};
  return *value;
}

void checkKeys(const json& object, std::initializer_list<const char*> known,
               const std::string& where) {
  if (!object.is_object()) throw LayoutError{where + " must be an object"};
  for (auto it = object.begin(); it != object.end(); ++it) {
    bool ok = false;
    for (const char* k : known) ok |= it.key() == k;
    // WebIDL would ignore an unknown key silently; here it is an error, so a
    // misspelt 'sampletype' does not become a default.
    if (!ok) throw LayoutError{where + ": unknown key '" + it.key() + "'"};
  }
}

ShaderStageFlags parseVisibility(const json& v, const std::string& where) {
  if (v.is_number_unsigned()) return ShaderStageFlags::fromBits(v.get<uint32_t>());
  auto name = [&](std::string n) -> ShaderStageFlags {
    if (n.starts_with("GPUShaderStage.")) n = n.substr(15);
    for (char& c : n) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    if (n == "VERTEX") return ShaderStage::Vertex;
    if (n == "FRAGMENT") return ShaderStage::Fragment;
    if (n == "COMPUTE") return ShaderStage::Compute;
    throw LayoutError{where + ": unknown stage '" + n + "' (VERTEX, FRAGMENT, COMPUTE)"};
  };
  ShaderStageFlags flags;
  if (v.is_string()) {
    std::stringstream parts(v.get<std::string>());
    std::string part;
    while (std::getline(parts, part, '|')) {
      part.erase(0, part.find_first_not_of(' '));
      part.erase(part.find_last_not_of(' ') + 1);
      flags = flags | name(part);
    }
    return flags;
  }
  if (v.is_array()) {
    for (const json& n : v) {
      if (!n.is_string()) throw LayoutError{where + " must list stage names"};
      flags = flags | name(n.get<std::string>());
    }
    return flags;
  }
  throw LayoutError{where + " must be a number, a stage name or a list of stage names"};
}

BindGroupLayoutEntry parseEntry(const json& e, const std::string& where) {
  checkKeys(e,
            {"binding", "visibility", "buffer", "sampler", "texture", "storageTexture",
             "externalTexture"},
            where);
  BindGroupLayoutEntry entry;
  if (!e.contains("binding") || !e["binding"].is_number_unsigned()) {
    throw LayoutError{where + ".binding is required (a non-negative integer)"};
  }
  entry.binding = e["binding"].get<uint32_t>();
  if (!e.contains("visibility")) throw LayoutError{where + ".visibility is required"};
  entry.visibility = parseVisibility(e["visibility"], where + ".visibility");
  int members = 0;
  if (e.contains("buffer")) {
    const json& b = e["buffer"];
    checkKeys(b, {"type", "hasDynamicOffset", "minBindingSize"}, where + ".buffer");
    BufferBindingLayout layout;
    if (b.contains("type")) {
      layout.type = parseEnum(b["type"], &parseBufferBindingType, where + ".buffer.type");
    }
    if (b.contains("hasDynamicOffset")) layout.hasDynamicOffset = b["hasDynamicOffset"].get<bool>();
    if (b.contains("minBindingSize")) layout.minBindingSize = b["minBindingSize"].get<uint64_t>();
    entry.buffer = layout;
    ++members;
  }
  if (e.contains("sampler")) {
    const json& s = e["sampler"];
    checkKeys(s, {"type"}, where + ".sampler");
    SamplerBindingLayout layout;
    if (s.contains("type")) {
      layout.type = parseEnum(s["type"], &parseSamplerBindingType, where + ".sampler.type");
    }
    entry.sampler = layout;
    ++members;
  }
  if (e.contains("texture")) {
    const json& t = e["texture"];
    checkKeys(t, {"sampleType", "viewDimension", "multisampled"}, where + ".texture");
    TextureBindingLayout layout;
    if (t.contains("sampleType")) {
      layout.sampleType =
          parseEnum(t["sampleType"], &parseTextureSampleType, where + ".texture.sampleType");
    }
    if (t.contains("viewDimension")) {
      layout.viewDimension = parseEnum(t["viewDimension"], &parseTextureViewDimension,
                                       where + ".texture.viewDimension");
    }
    if (t.contains("multisampled")) layout.multisampled = t["multisampled"].get<bool>();
    entry.texture = layout;
    ++members;
  }
  if (e.contains("storageTexture")) {
    const json& t = e["storageTexture"];
    checkKeys(t, {"access", "format", "viewDimension"}, where + ".storageTexture");
    StorageTextureBindingLayout layout;
    if (t.contains("access")) {
      layout.access =
          parseEnum(t["access"], &parseStorageTextureAccess, where + ".storageTexture.access");
    }
    if (!t.contains("format")) throw LayoutError{where + ".storageTexture.format is required"};
    layout.format = parseEnum(t["format"], &parseTextureFormat, where + ".storageTexture.format");
    if (t.contains("viewDimension")) {
      layout.viewDimension = parseEnum(t["viewDimension"], &parseTextureViewDimension,
                                       where + ".storageTexture.viewDimension");
    }
    entry.storageTexture = layout;
    ++members;
  }
  if (e.contains("externalTexture")) {
    checkKeys(e["externalTexture"], {}, where + ".externalTexture");
    entry.externalTexture = ExternalTextureBindingLayout{};
    ++members;
  }
  if (members != 1) {
    throw LayoutError{where +
                      " must have exactly one of buffer, sampler, texture, "
                      "storageTexture, externalTexture (it has " +
                      std::to_string(members) + ")"};
  }
  return entry;
}

std::vector<std::vector<BindGroupLayoutEntry>> parseLayout(const std::string& text,
                                                           const std::string& path) {
  json doc;
  try {
    doc = json::parse(text);
  } catch (const json::parse_error& e) {
    throw LayoutError{std::string("not valid JSON: ") + e.what()};
  }
  if (!doc.is_array()) throw LayoutError{"the top level must be an array of groups"};
  std::vector<std::vector<BindGroupLayoutEntry>> groups;
  for (size_t g = 0; g < doc.size(); ++g) {
    groups.emplace_back();
    if (doc[g].is_null()) continue;
    std::string where = path + "[" + std::to_string(g) + "]";
    if (!doc[g].is_array()) throw LayoutError{where + " must be an array of entries (or null)"};
    for (size_t i = 0; i < doc[g].size(); ++i) {
      try {
        groups.back().push_back(parseEntry(doc[g][i], where + "[" + std::to_string(i) + "]"));
      } catch (const json::exception& e) {
        throw LayoutError{where + "[" + std::to_string(i) + "]: " + e.what()};
      }
    }
  }
  return groups;
}

int runCheck(const CheckOptions& o) {
  std::optional<std::string> source = readFile(o.file, std::cerr);
  if (!source) return kIoError;
  std::optional<std::string> layoutText = readFile(o.layout, std::cerr);
  if (!layoutText) return kIoError;
  std::vector<std::vector<BindGroupLayoutEntry>> groups;
  try {
    groups = parseLayout(*layoutText, o.layout);
  } catch (const LayoutError& e) {
    std::cerr << o.layout << ": error: " << e.message << "\n";
    return kShaderErrors;
  }
  ShaderCheckResult r = checkShaderBindings(
      *source, groups, {.entryPoint = o.entry, .moduleName = o.file, .layoutName = o.layout});
  if (!r.compiled) {
    for (const CompilationMessage& m : r.compilation.messages) {
      std::cerr << o.file << ":" << m.lineNum << ":" << m.linePos << ": " << toString(m.type)
                << ": " << m.message << "\n";
    }
    return kShaderErrors;
  }
  for (const Error& e : r.errors) {
    if (o.entry && e.code == ErrorCode::PipelineEntryPointNotFound) {
      // As `reflect --entry`: a name that is not there is a usage error.
      std::cerr << "bindery: " << e.message << "\n";
      return kIoError;
    }
  }
  for (const Error& e : r.errors) {
    std::cout << "error [" << toString(e.code) << "]: " << e.message << "\n\n";
  }
  if (!r.errors.empty()) {
    std::cout << r.errors.size() << " mismatch" << (r.errors.size() == 1 ? "" : "es") << " in "
              << o.file << " against " << o.layout << "\n";
    return kShaderErrors;
  }
  for (const std::string& name : r.entryPoints) {
    std::cout << "ok: entry point '" << name << "' of " << o.file << " matches " << o.layout
              << "\n";
  }
  return kOk;
}

}  // namespace

Command addCheckCommand(CLI::App& root) {
  auto options = std::make_shared<CheckOptions>();
  CLI::App* app = root.add_subcommand(
      "check", "Check WGSL against hand-written bind group layouts (no GPU needed)");
  app->add_option("file", options->file, "WGSL source file")->required();
  app->add_option("--layout", options->layout,
                  "JSON: an array of groups, each an array of GPUBindGroupLayoutEntry")
      ->required();
  app->add_option("--entry", options->entry, "check only this entry point");
  return {app, [options] { return runCheck(*options); }};
}

}  // namespace bindery::cli
