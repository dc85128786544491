// Internal: the WGSL language extensions (#language-extensions-sec), one
// table for `requires` (resolver_decl.cpp) and for the public
// supportedLanguageExtensions() that GPU.wgslLanguageFeatures reports.
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "bindery/wgsl/module.h"

namespace bindery::wgsl {

struct LanguageExtension {
  std::string_view name;
  // Whether this front end implements what the extension adds (so `requires`
  // accepts it and wgslLanguageFeatures lists it). Known but not implemented:
  // `requires` is a shader-creation error that says so.
  bool implemented;
  // The Options switch that can turn an implemented extension off (a
  // "device" without it); null when it is always on.
  bool Options::*allowed;
};

// Every language extension of wgsl.bs, in the spec's order.
std::span<const LanguageExtension> languageExtensions();
// The entry named `name`, or null when wgsl.bs has no such language extension.
const LanguageExtension* findLanguageExtension(std::string_view name);
// Whether `e` is usable under `options` (implemented and not switched off).
bool supported(const LanguageExtension& e, const Options& options);
// "readonly_and_readwrite_storage_textures, packed_4x8_integer_dot_product, ..."
// (those usable under `options`), for messages.
std::string supportedLanguageExtensionList(const Options& options);

}  // namespace bindery::wgsl
