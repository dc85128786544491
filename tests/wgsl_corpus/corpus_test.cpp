// For every tests/wgsl/corpus/NAME.wgsl: parse + resolve + reflect, then
// reflectionToJson, without its stage-interface keys (withoutStageInterface),
// must equal NAME.expected.json exactly. Shaders listed in
// KNOWN_DIFFS.md are skipped, by name, with GTEST_SKIP.
#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "bindery/wgsl/module.h"
#include "reflection_json.h"

namespace {

namespace fs = std::filesystem;
using nlohmann::json;

std::string readText(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::vector<std::string> corpusNames() {
  std::vector<std::string> names;
  for (const auto& e : fs::directory_iterator(BINDERY_CORPUS_DIR)) {
    if (e.path().extension() == ".wgsl") names.push_back(e.path().stem().string());
  }
  std::sort(names.begin(), names.end());
  return names;
}

// name -> reason, from lines "- `NAME`: reason" of KNOWN_DIFFS.md.
std::map<std::string, std::string> knownDiffs() {
  std::map<std::string, std::string> out;
  std::istringstream in(readText(BINDERY_KNOWN_DIFFS));
  const std::regex line(R"(^- `([^`]+)`[: ]*(.*)$)");
  std::string l;
  while (std::getline(in, l)) {
    std::smatch m;
    if (std::regex_match(l, m, line)) out[m[1]] = m[2];
  }
  return out;
}

std::string shortValue(const json& v) {
  std::string s = v.dump();
  return s.size() > 160 ? s.substr(0, 157) + "..." : s;
}

// The key that identifies an element of an array of objects, so that a
// missing entry reads as one missing entry and not as a shift of all others.
std::string elementKey(const json& v) {
  if (!v.is_object()) return "";
  for (const char* k : {"binding", "group", "name"}) {
    if (v.contains(k))
      return std::string(k) + "=" + (v[k].is_string() ? v[k].get<std::string>() : v[k].dump());
  }
  return "";
}

// One line per difference: path, expected value, actual value.
void diffInto(const json& want, const json& got, const std::string& path, std::ostringstream& out) {
  if (want.is_object() && got.is_object()) {
    for (auto it = want.begin(); it != want.end(); ++it) {
      if (!got.contains(it.key())) {
        out << "  " << path << "/" << it.key() << ": missing, expected " << shortValue(it.value())
            << "\n";
      } else {
        diffInto(it.value(), got[it.key()], path + "/" + it.key(), out);
      }
    }
    for (auto it = got.begin(); it != got.end(); ++it) {
      if (!want.contains(it.key())) {
        out << "  " << path << "/" << it.key() << ": unexpected " << shortValue(it.value()) << "\n";
      }
    }
    return;
  }
  if (want.is_array() && got.is_array()) {
    bool keyed = !want.empty() || !got.empty();
    for (const json* arr : {&want, &got}) {
      for (const json& v : *arr) keyed = keyed && !elementKey(v).empty();
    }
    if (!keyed) {
      for (size_t i = 0; i < std::max(want.size(), got.size()); ++i) {
        const std::string p = path + "/" + std::to_string(i);
        if (i >= got.size())
          out << "  " << p << ": missing, expected " << shortValue(want[i]) << "\n";
        else if (i >= want.size())
          out << "  " << p << ": unexpected " << shortValue(got[i]) << "\n";
        else
          diffInto(want[i], got[i], p, out);
      }
      return;
    }
    std::vector<std::string> order;
    std::map<std::string, const json*> w, g;
    for (const json& v : want) {
      order.push_back(elementKey(v));
      w[elementKey(v)] = &v;
    }
    for (const json& v : got) {
      if (!w.count(elementKey(v))) order.push_back(elementKey(v));
      g[elementKey(v)] = &v;
    }
    for (const std::string& k : order) {
      const std::string p = path + "[" + k + "]";
      if (!g.count(k))
        out << "  " << p << ": missing, expected " << shortValue(*w[k]) << "\n";
      else if (!w.count(k))
        out << "  " << p << ": unexpected " << shortValue(*g[k]) << "\n";
      else
        diffInto(*w[k], *g[k], p, out);
    }
    if (!(want == got) && out.tellp() == 0)
      out << "  " << path << ": same elements, different order\n";
    return;
  }
  if (want != got)
    out << "  " << path << ": expected " << shortValue(want) << ", got " << shortValue(got) << "\n";
}

std::string readableDiff(const json& expected, const json& actual) {
  std::ostringstream out;
  diffInto(expected, actual, "", out);
  return out.str();
}

class Corpus : public testing::TestWithParam<std::string> {};

TEST_P(Corpus, ReflectionMatchesExpectedJson) {
  const std::string name = GetParam();
  const fs::path dir(BINDERY_CORPUS_DIR);
  const auto known = knownDiffs();
  if (auto it = known.find(name); it != known.end()) {
    GTEST_SKIP() << "known diff (tests/wgsl_corpus/KNOWN_DIFFS.md): " << name << ": " << it->second;
  }
  const std::string source = readText(dir / (name + ".wgsl"));
  ASSERT_FALSE(source.empty()) << name;
  const json expected = json::parse(readText(dir / (name + ".expected.json")));

  const bindery::wgsl::Module module = bindery::wgsl::parse(source);
  EXPECT_TRUE(module.ok()) << name << ".wgsl has errors:\n" << module.diagnosticsText();
  // The expectations describe the bind-group-layout part of the document;
  // the stage-interface keys are checked by reflection_json_test.cpp.
  const json full = bindery::wgsl::reflectionToJson(module);
  for (std::string_view k : bindery::wgsl::stageInterfaceDocumentKeys()) {
    EXPECT_TRUE(full.contains(k)) << name << ": no \"" << k << "\"";
  }
  for (const json& ep : full["entryPoints"]) {
    for (const char* k :
         {"stageInputs", "stageOutputs", "builtins", "immediateSize", "textureSamplerPairs"}) {
      EXPECT_TRUE(ep.contains(k)) << name << " " << ep["name"] << ": no \"" << k << "\"";
    }
  }
  const json actual = bindery::wgsl::withoutStageInterface(full);
  EXPECT_EQ(expected, actual) << name << ": reflection differs from " << name << ".expected.json\n"
                              << readableDiff(expected, actual);
}

INSTANTIATE_TEST_SUITE_P(Wgsl, Corpus, testing::ValuesIn(corpusNames()),
                         [](const testing::TestParamInfo<std::string>& p) {
                           std::string n = p.param;
                           for (char& c : n) {
                             if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                           }
                           return "c" + n;
                         });

TEST(CorpusInventory, HasAtLeastSixtyShadersEachWithExpectedJson) {
  const auto names = corpusNames();
  EXPECT_GE(names.size(), 60u);
  for (const std::string& n : names) {
    EXPECT_TRUE(fs::exists(fs::path(BINDERY_CORPUS_DIR) / (n + ".expected.json"))) << n;
  }
}

TEST(CorpusInventory, KnownDiffsNameExistingShaders) {
  const auto names = corpusNames();
  for (const auto& [name, why] : knownDiffs()) {
    EXPECT_TRUE(std::find(names.begin(), names.end(), name) != names.end())
        << "KNOWN_DIFFS.md lists " << name << ", which is not in the corpus";
    EXPECT_FALSE(why.empty()) << "KNOWN_DIFFS.md: give the reason for " << name;
  }
}

TEST(CorpusEntryFilter, OnlyTheNamedEntryPointIsListed) {
  const std::string source =
      readText(fs::path(BINDERY_CORPUS_DIR) / "003_vistas_alternativas.wgsl");
  const bindery::wgsl::Module module = bindery::wgsl::parse(source);
  ASSERT_TRUE(module.ok()) << module.diagnosticsText();
  const json doc = bindery::wgsl::reflectionToJson(module, "limpiar");
  ASSERT_EQ(doc["entryPoints"].size(), 1u);
  EXPECT_EQ(doc["entryPoints"][0]["name"], "limpiar");
  const json& entries = doc["entryPoints"][0]["groups"][0]["entries"];
  ASSERT_EQ(entries.size(), 1u);
  EXPECT_EQ(entries[0]["name"], "crudo");
  EXPECT_EQ(entries[0]["buffer"]["minBindingSize"], 16);
  EXPECT_EQ(bindery::wgsl::reflectionToJson(module, "noExiste")["entryPoints"].size(), 0u);
}

}  // namespace
