// The addon's entry point. index.js loads it, hands over its JS helpers with
// setup(), and builds the public module (create, globals) around it.
#include "addon.h"

#include "encoding.h"
#include "objects.h"

namespace bindery::node {

AddonData& addonData(Napi::Env env) {
  return *env.GetInstanceData<AddonData>();
}

namespace {

// setup({ makeError, warn, callSite, scheduleTick, GPUPipelineError })
void setup(const Napi::CallbackInfo& info) {
  Napi::Object helpers = info[0].As<Napi::Object>();
  AddonData& data = addonData(info.Env());
  data.makeError = Napi::Persistent(helpers.Get("makeError").As<Napi::Function>());
  data.warn = Napi::Persistent(helpers.Get("warn").As<Napi::Function>());
  data.callSite = Napi::Persistent(helpers.Get("callSite").As<Napi::Function>());
  data.scheduleTick = Napi::Persistent(helpers.Get("scheduleTick").As<Napi::Function>());
  data.pipelineError = Napi::Persistent(helpers.Get("GPUPipelineError").As<Napi::Function>());
}

}  // namespace

Napi::Object init(Napi::Env env, Napi::Object exports) {
  env.SetInstanceData(new AddonData());
  exports.Set("setup", Napi::Function::New(env, setup, "setup"));
  initDevice(env, exports);
  initObjects(env, exports);
  initReflect(env, exports);
  initShaderModules(env, exports);
  initPipelines(env, exports);
  initEncoding(env, exports);
  initCreation(env, exports);
  return exports;
}

}  // namespace bindery::node

namespace {
Napi::Object InitBindery(Napi::Env env, Napi::Object exports) {
  return bindery::node::init(env, exports);
}
}  // namespace

NODE_API_MODULE(bindery, InitBindery)
