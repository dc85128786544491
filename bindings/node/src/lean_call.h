// What the lean JavaScript paths (lib/encoding.js for setBindGroup/dispatch/
// draw, lib/creation.js for the createX calls) share with their native entries:
// the Uint32Array a call's arguments are written into (an ArrayBuffer of its
// own, so its bytes never move and the addon reads them in place: a lean call
// crosses into C++ with no argument conversion at all), and the raw Node-API
// functions that read it.
#pragma once

#include <napi.h>

#include <cstdint>
#include <string>

namespace bindery::node {

struct ScratchArray {
  Napi::Reference<Napi::Uint32Array> array;
  const uint32_t* words = nullptr;
  uint32_t length = 0;

  // Keeps `value`, which must be a Uint32Array of at least `minWords` words
  // (a TypeError / RangeError naming `call` otherwise).
  void set(Napi::Env env, Napi::Value value, uint32_t minWords, const char* call) {
    if (!value.IsTypedArray() ||
        value.As<Napi::TypedArray>().TypedArrayType() != napi_uint32_array) {
      throw Napi::TypeError::New(env, std::string(call) + ": expects a Uint32Array");
    }
    Napi::Uint32Array u32 = value.As<Napi::Uint32Array>();
    if (u32.ElementLength() < minWords) {
      throw Napi::RangeError::New(env, std::string(call) + ": the array is too short");
    }
    array = Napi::Persistent(u32);
    words = u32.Data();
    length = static_cast<uint32_t>(u32.ElementLength());
  }
  // At the environment's teardown (while it can still take the reference back).
  void reset() {
    if (!array.IsEmpty()) array.Reset();
    words = nullptr;
    length = 0;
  }
};

// Defines `name` on `target` as a raw Node-API function (no node-addon-api
// CallbackInfo) whose callback data is `state`.
inline void defineRawFunction(Napi::Env env, Napi::Object target, const char* name,
                              napi_callback cb, void* state) {
  napi_value fn = nullptr;
  NAPI_THROW_IF_FAILED_VOID(env, napi_create_function(env, name, NAPI_AUTO_LENGTH, cb, state, &fn));
  target.Set(name, Napi::Value(env, fn));
}

}  // namespace bindery::node
