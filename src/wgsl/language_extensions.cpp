#include "language_extensions.h"

#include <algorithm>

namespace bindery::wgsl {

namespace {
// #language-extensions-sec, in the order of its table. An extension is
// implemented when `requires` of it is accepted and what it adds works
// (tests/wgsl/language_extensions_test.cpp compiles a use of each).
constexpr LanguageExtension kLanguageExtensions[] = {
    {"readonly_and_readwrite_storage_textures", true,
     &Options::allowReadonlyAndReadwriteStorageTextures},
    {"packed_4x8_integer_dot_product", true, &Options::allowPacked4x8IntegerDotProduct},
    {"unrestricted_pointer_parameters", true, &Options::allowUnrestrictedPointerParameters},
    {"pointer_composite_access", true, &Options::allowPointerCompositeAccess},
    {"uniform_buffer_standard_layout", true, &Options::allowUniformBufferStandardLayout},
    {"subgroup_id", true, nullptr},
    {"subgroup_uniformity", true, &Options::allowSubgroupUniformity},
    {"texture_and_sampler_let", true, nullptr},
    {"texture_formats_tier1", true, nullptr},
    {"linear_indexing", true, nullptr},
    {"immediate_address_space", true, nullptr},
    {"fragment_depth", true, nullptr},
    {"buffer_view", true, nullptr},
};
}  // namespace

std::span<const LanguageExtension> languageExtensions() {
  return kLanguageExtensions;
}

const LanguageExtension* findLanguageExtension(std::string_view name) {
  auto it = std::find_if(std::begin(kLanguageExtensions), std::end(kLanguageExtensions),
                         [&](const LanguageExtension& e) { return e.name == name; });
  return it == std::end(kLanguageExtensions) ? nullptr : &*it;
}

bool supported(const LanguageExtension& e, const Options& options) {
  return e.implemented && (e.allowed == nullptr || options.*e.allowed);
}

std::string supportedLanguageExtensionList(const Options& options) {
  std::string list;
  for (const LanguageExtension& e : kLanguageExtensions) {
    if (!supported(e, options)) continue;
    if (!list.empty()) list += ", ";
    list += e.name;
  }
  return list.empty() ? "none" : list;
}

std::vector<std::string_view> supportedLanguageExtensions(const Options& options) {
  std::vector<std::string_view> names;
  for (const LanguageExtension& e : kLanguageExtensions) {
    if (supported(e, options)) names.push_back(e.name);
  }
  return names;
}

}  // namespace bindery::wgsl
