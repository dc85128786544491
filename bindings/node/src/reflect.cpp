// reflect(code[, entryPoint]): the JSON of `bindery reflect --json`, as a string
// (index.js parses it).
#include "addon.h"

#include "reflection_json.h"

namespace bindery::node {

namespace {

Napi::Value reflect(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  if (info.Length() < 1 || !info[0].IsString()) {
    throw Napi::TypeError::New(env, "bindery.reflect: code must be a string of WGSL");
  }
  std::string source = info[0].As<Napi::String>().Utf8Value();
  std::optional<std::string> entry;
  if (info.Length() > 1 && info[1].IsString()) entry = info[1].As<Napi::String>().Utf8Value();
  const wgsl::Module module = wgsl::parse(source);
  nlohmann::json doc = wgsl::reflectionToJson(
      module, entry ? std::optional<std::string_view>(*entry) : std::nullopt);
  return Napi::String::New(env, doc.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
}

}  // namespace

void initReflect(Napi::Env env, Napi::Object exports) {
  exports.Set("reflect", Napi::Function::New(env, reflect, "reflect"));
}

}  // namespace bindery::node
