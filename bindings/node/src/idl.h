// The WebIDL conversion layer: JavaScript values to the C++ descriptors of
// the public API, with WebIDL's semantics (webgpu.bs's IDL is the authority).
//
//   - dictionaries: members read by name; absent members keep the C++
//     struct's default (which is the IDL default); a missing required member
//     is a TypeError that names the dictionary and the member;
//   - integers are [EnforceRange] (TypeError for NaN, Infinity, out of range),
//     [Clamp] where a member says so; float/double are restricted (finite);
//   - enums are parsed with the parse functions of enums.h (TypeError listing
//     the valid values);
//   - sequences come from any iterable (arrays take a fast path);
//   - a key that no member of the dictionary has warns once per call site,
//     naming the closest valid key; in strict mode it is a TypeError.
//
// Adding a dictionary is a specialisation of Dictionary<S> that lists its
// members (see descriptors.h):
//
//   template <> struct Dictionary<BufferDescriptor> {
//     using Self = BufferDescriptor;
//     static constexpr const char* name = "GPUBufferDescriptor";
//     static constexpr auto members = std::tuple{
//         BINDERY_MEMBER(label), BINDERY_MEMBER(size, kRequired),
//         BINDERY_MEMBER(usage, kRequired), BINDERY_MEMBER(mappedAtCreation)};
//   };
//
// The member's C++ type picks its conversion (Convert<T>); a type with its own
// IDL shape (a union such as GPUExtent3D) specialises Convert<T>.
#pragma once

#include <napi.h>

#include <array>
#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <vector>

#include "bindery/command_encoder.h"
#include "bindery/enums.h"
#include "bindery/flags.h"

namespace bindery::node::idl {

// The property attributes WebIDL gives an interface's members on its
// prototype (#es-attributes, #es-operations in WebIDL): a regular attribute
// is an enumerable, configurable accessor; an operation an enumerable,
// writable, configurable method. Shims and debugging libraries (and the
// CTS's idl,javascript tests) replace both there.
inline constexpr napi_property_attributes kAttribute =
    static_cast<napi_property_attributes>(napi_enumerable | napi_configurable);
inline constexpr napi_property_attributes kOperation = napi_default_jsproperty;

// Where a value sits in the arguments, for messages: "descriptor.entries[2].buffer".
struct Where {
  const Where* parent = nullptr;
  const char* member = nullptr;  // null: an element of a sequence (index)
  uint32_t index = 0;
  std::string path() const;
};

// One call's conversions: its name (for messages) and whether it is strict.
struct Context {
  Napi::Env env;
  const char* call;  // "GPUDevice.createBuffer"
  bool strict = false;

  [[noreturn]] void typeError(const Where& where, std::string_view message) const;
  [[noreturn]] void typeError(std::string_view message) const;
  // A key no member of `dictionary` has: a warning once per call site, or a
  // TypeError in strict mode.
  void unknownKey(const Where& where, std::string_view dictionary, std::string_view key,
                  std::span<const std::string_view> validKeys) const;
};

// How a JS value reads in a message: 'rgba8unrom', 3.5, undefined, an object.
std::string describe(Napi::Value value);
// The entry of `candidates` closest to `word` by edit distance (case-insensitive).
std::string_view closest(std::string_view word, std::span<const std::string_view> candidates);
// Throws the WebIDL arity TypeError when fewer than `required` arguments came.
void requireArguments(const Context& ctx, const Napi::CallbackInfo& info, size_t required);

// --- primitive conversions ---------------------------------------------------
bool toBoolean(Napi::Value v);
std::string toDOMString(const Context& ctx, Napi::Value v, const Where& where);
// ToNumber, then the [EnforceRange] rule for an integer type in [lo, hi].
double toEnforcedInteger(const Context& ctx, Napi::Value v, const Where& where, double lo,
                         double hi, const char* idlType);
// ToNumber, then the [Clamp] rule.
double toClampedInteger(const Context& ctx, Napi::Value v, const Where& where, double lo,
                        double hi);
// A restricted float/double: ToNumber, finite (and in float range when isFloat).
double toRestrictedNumber(const Context& ctx, Napi::Value v, const Where& where, bool isFloat);

// --- Convert<T>: one specialisation per C++ type ------------------------------
template <class T, class = void>
struct Convert;

template <>
struct Convert<bool> {
  static void from(const Context&, Napi::Value v, bool& out, const Where&) { out = toBoolean(v); }
};
template <>
struct Convert<std::string> {
  static void from(const Context& ctx, Napi::Value v, std::string& out, const Where& where) {
    out = toDOMString(ctx, v, where);
  }
};

template <class T>
struct IntegerIdl;
template <>
struct IntegerIdl<uint16_t> {
  static constexpr const char* name = "unsigned short";
  static constexpr double hi = 65535;
};
template <>
struct IntegerIdl<uint32_t> {
  static constexpr const char* name = "unsigned long";
  static constexpr double hi = 4294967295.0;
};
template <>
struct IntegerIdl<uint64_t> {
  static constexpr const char* name = "unsigned long long";
  static constexpr double hi = 9007199254740991.0;  // 2^53 - 1
};
template <>
struct IntegerIdl<int32_t> {
  static constexpr const char* name = "long";
  static constexpr double lo = -2147483648.0;
  static constexpr double hi = 2147483647.0;
};

template <class T>
constexpr double integerLow() {
  if constexpr (std::is_signed_v<T>) {
    return IntegerIdl<T>::lo;
  } else {
    return 0;
  }
}

// [EnforceRange] integers (every integer typedef of webgpu.bs is one).
template <class T>
struct Convert<T, std::enable_if_t<std::is_integral_v<T> && !std::is_same_v<T, bool>>> {
  static void from(const Context& ctx, Napi::Value v, T& out, const Where& where) {
    out = static_cast<T>(
        toEnforcedInteger(ctx, v, where, integerLow<T>(), IntegerIdl<T>::hi, IntegerIdl<T>::name));
  }
  static void clamp(const Context& ctx, Napi::Value v, T& out, const Where& where) {
    out = static_cast<T>(toClampedInteger(ctx, v, where, integerLow<T>(), IntegerIdl<T>::hi));
  }
};

template <>
struct Convert<float> {
  static void from(const Context& ctx, Napi::Value v, float& out, const Where& where) {
    out = static_cast<float>(toRestrictedNumber(ctx, v, where, true));
  }
};
template <>
struct Convert<double> {
  static void from(const Context& ctx, Napi::Value v, double& out, const Where& where) {
    out = toRestrictedNumber(ctx, v, where, false);
  }
};

// GPU*Flags: [EnforceRange] unsigned long, bit for bit.
template <class Bit>
struct Convert<Flags<Bit>> {
  static void from(const Context& ctx, Napi::Value v, Flags<Bit>& out, const Where& where) {
    uint32_t bits = 0;
    Convert<uint32_t>::from(ctx, v, bits, where);
    out = Flags<Bit>::fromBits(bits);
  }
};

// --- enums -----------------------------------------------------------------
template <class E>
struct EnumIdl;  // name, count, parse (declared by BINDERY_IDL_ENUM below)

#define BINDERY_IDL_ENUM(E, idlName)                                          \
  template <>                                                                 \
  struct EnumIdl<E> {                                                         \
    static constexpr const char* name = idlName;                              \
    static constexpr uint32_t count = k##E##Count;                            \
    static std::optional<E> parse(std::string_view s) { return parse##E(s); } \
  }
BINDERY_IDL_ENUM(TextureFormat, "GPUTextureFormat");
BINDERY_IDL_ENUM(TextureDimension, "GPUTextureDimension");
BINDERY_IDL_ENUM(TextureViewDimension, "GPUTextureViewDimension");
BINDERY_IDL_ENUM(TextureAspect, "GPUTextureAspect");
BINDERY_IDL_ENUM(AddressMode, "GPUAddressMode");
BINDERY_IDL_ENUM(FilterMode, "GPUFilterMode");
BINDERY_IDL_ENUM(MipmapFilterMode, "GPUMipmapFilterMode");
BINDERY_IDL_ENUM(CompareFunction, "GPUCompareFunction");
BINDERY_IDL_ENUM(BufferBindingType, "GPUBufferBindingType");
BINDERY_IDL_ENUM(SamplerBindingType, "GPUSamplerBindingType");
BINDERY_IDL_ENUM(TextureSampleType, "GPUTextureSampleType");
BINDERY_IDL_ENUM(StorageTextureAccess, "GPUStorageTextureAccess");
BINDERY_IDL_ENUM(ErrorFilter, "GPUErrorFilter");
BINDERY_IDL_ENUM(PowerPreference, "GPUPowerPreference");
BINDERY_IDL_ENUM(FeatureName, "GPUFeatureName");
#undef BINDERY_IDL_ENUM

// An enum of the C++ API with toString() but no parse function: parsed by
// comparing with each value's spelling (the enum's values are 0..count-1;
// initPipelines() checks each count against toString()).
template <class E, uint32_t N>
std::optional<E> parseBySpelling(std::string_view s) {
  for (uint32_t i = 0; i < N; ++i) {
    if (toString(static_cast<E>(i)) == s) return static_cast<E>(i);
  }
  return std::nullopt;
}
#define BINDERY_IDL_ENUM_BY_SPELLING(E, idlName, valueCount) \
  template <>                                                \
  struct EnumIdl<E> {                                        \
    static constexpr const char* name = idlName;             \
    static constexpr uint32_t count = valueCount;            \
    static std::optional<E> parse(std::string_view s) {      \
      return parseBySpelling<E, valueCount>(s);              \
    }                                                        \
  }
BINDERY_IDL_ENUM_BY_SPELLING(IndexFormat, "GPUIndexFormat", 2);

// The TypeError of a string that is no value of the enum: names the closest
// value and lists them all.
[[noreturn]] void badEnumValue(const Context& ctx, const Where& where, const char* enumName,
                               std::string_view value, std::span<const std::string_view> valid);

template <class E>
std::span<const std::string_view> enumValues() {
  static const auto values = [] {
    std::array<std::string_view, EnumIdl<E>::count> v{};
    for (uint32_t i = 0; i < EnumIdl<E>::count; ++i) v[i] = toString(static_cast<E>(i));
    return v;
  }();
  return values;
}

template <class E>
struct Convert<E, std::enable_if_t<std::is_enum_v<E>>> {
  static void from(const Context& ctx, Napi::Value v, E& out, const Where& where) {
    std::string text = toDOMString(ctx, v, where);
    std::optional<E> parsed = EnumIdl<E>::parse(text);
    if (!parsed) badEnumValue(ctx, where, EnumIdl<E>::name, text, enumValues<E>());
    out = *parsed;
  }
};

template <class T>
struct Convert<std::optional<T>> {
  static void from(const Context& ctx, Napi::Value v, std::optional<T>& out, const Where& where) {
    Convert<T>::from(ctx, v, out.emplace(), where);
  }
};

// --- sequences -----------------------------------------------------------------
// Calls `element(value, where)` for each element of a sequence<T> (any iterable).
void forEachElement(const Context& ctx, Napi::Value v, const Where& where,
                    const std::function<void(Napi::Value, const Where&)>& element);

template <class T>
struct Convert<std::vector<T>> {
  static void from(const Context& ctx, Napi::Value v, std::vector<T>& out, const Where& where) {
    out.clear();
    forEachElement(ctx, v, where, [&](Napi::Value element, const Where& at) {
      Convert<T>::from(ctx, element, out.emplace_back(), at);
    });
  }
};

// sequence<T?> (colorAttachments, targets, buffers, colorFormats): null or
// undefined is an empty slot (std::nullopt); anything else converts as T.
template <class T>
struct Convert<std::vector<std::optional<T>>> {
  static void from(const Context& ctx, Napi::Value v, std::vector<std::optional<T>>& out,
                   const Where& where) {
    out.clear();
    forEachElement(ctx, v, where, [&](Napi::Value element, const Where& at) {
      std::optional<T>& slot = out.emplace_back();
      if (element.IsNull() || element.IsUndefined()) return;
      Convert<T>::from(ctx, element, slot.emplace(), at);
    });
  }
};

// The own enumerable string-keyed property names of `object`, in order
// (numbers as strings): the keys a record<K, V> reads.
Napi::Array ownEnumerableKeys(const Context& ctx, Napi::Object object);

// record<DOMString, T>: own enumerable string keys, in order; undefined
// values are skipped (the record of webgpu.bs is of (T or undefined)).
template <class T, class Compare>
struct Convert<std::map<std::string, T, Compare>> {
  static void from(const Context& ctx, Napi::Value v, std::map<std::string, T, Compare>& out,
                   const Where& where) {
    out.clear();
    if (v.IsUndefined() || v.IsNull()) return;
    if (!v.IsObject()) ctx.typeError(where, "must be an object (a record), not " + describe(v));
    Napi::Object object = v.As<Napi::Object>();
    Napi::Array keys = ownEnumerableKeys(ctx, object);
    for (uint32_t i = 0; i < keys.Length(); ++i) {
      Napi::Value jsKey = keys.Get(i);
      std::string key = jsKey.As<Napi::String>().Utf8Value();
      // by the key value itself: Get(std::string) would pass key.c_str(),
      // cut at a NUL, so "c0\0" would read the property "c0"
      Napi::Value value = object.Get(jsKey);
      if (value.IsUndefined()) continue;
      Where at{&where, nullptr, 0};
      std::string name = key;
      at.member = name.c_str();
      Convert<T>::from(ctx, value, out[key], at);
    }
  }
};

// --- dictionaries ------------------------------------------------------------
inline constexpr uint8_t kRequired = 1;  // `required` in the IDL
inline constexpr uint8_t kClamp = 2;     // [Clamp] instead of [EnforceRange]

template <class S, class T>
struct Member {
  const char* name;
  T S::*field;  // null for a member known to the IDL that C++ does not take (yet)
  uint8_t flags = 0;
};
template <class S, class T>
constexpr Member<S, T> member(const char* name, T S::*field, uint8_t flags = 0) {
  return {name, field, flags};
}
// A member the IDL has and the C++ descriptor does not (yet): accepted, not converted.
template <class S>
constexpr Member<S, bool> known(const char* name) {
  return {name, nullptr, 0};
}
#define BINDERY_MEMBER(name, ...) \
  ::bindery::node::idl::member(#name, &Self::name __VA_OPT__(, ) __VA_ARGS__)

template <class S>
struct Dictionary;  // specialised per descriptor: name, members

template <class S>
std::span<const std::string_view> memberNames() {
  static const auto names = std::apply(
      [](const auto&... m) { return std::array<std::string_view, sizeof...(m)>{m.name...}; },
      Dictionary<S>::members);
  return names;
}

[[noreturn]] void missingRequired(const Context& ctx, const Where& where, const char* dictionary,
                                  const char* member);
// The unknown-key check of one dictionary value; `present` is how many of its
// members had a value.
void checkUnknownKeys(const Context& ctx, Napi::Object object, uint32_t present, const Where& where,
                      const char* dictionary, std::span<const std::string_view> names);

template <class S, class T>
void convertMember(const Context& ctx, Napi::Object object, S& out, const Member<S, T>& m,
                   const Where& where, const char* dictionary, uint32_t& present) {
  Napi::Value v = object.Get(m.name);
  if (v.IsUndefined()) {
    if (m.flags & kRequired) missingRequired(ctx, where, dictionary, m.name);
    return;
  }
  ++present;
  if (m.field == nullptr) return;
  Where at{&where, m.name, 0};
  if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) {
    if (m.flags & kClamp) return Convert<T>::clamp(ctx, v, out.*(m.field), at);
  }
  Convert<T>::from(ctx, v, out.*(m.field), at);
}

template <class S>
void convertDictionary(const Context& ctx, Napi::Value v, S& out, const Where& where) {
  using D = Dictionary<S>;
  if (v.IsUndefined() || v.IsNull()) {
    std::apply(
        [&](const auto&... m) {
          ((m.flags & kRequired ? missingRequired(ctx, where, D::name, m.name) : void()), ...);
        },
        D::members);
    return;
  }
  if (!v.IsObject()) {
    ctx.typeError(where, std::string("must be an object (a ") + D::name + "), not " + describe(v));
  }
  Napi::Object object = v.As<Napi::Object>();
  uint32_t present = 0;
  std::apply(
      [&](const auto&... m) { (convertMember(ctx, object, out, m, where, D::name, present), ...); },
      D::members);
  checkUnknownKeys(ctx, object, present, where, D::name, memberNames<S>());
}

template <class S>
struct Convert<S, std::void_t<decltype(Dictionary<S>::members)>> {
  static void from(const Context& ctx, Napi::Value v, S& out, const Where& where) {
    convertDictionary(ctx, v, out, where);
  }
};

// Converts argument `index` of a call into T (Where names it `argName`).
template <class T>
T argument(const Context& ctx, const Napi::CallbackInfo& info, size_t index, const char* argName) {
  T out{};
  Where where{nullptr, argName, 0};
  Convert<T>::from(ctx, info[index], out, where);
  return out;
}

}  // namespace bindery::node::idl
