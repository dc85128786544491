// The non-template half of the WebIDL conversion layer (see idl.h).
#include "idl.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>

#include "addon.h"

namespace bindery::node::idl {

std::string Where::path() const {
  std::string head = parent ? parent->path() : std::string();
  if (member) return head.empty() ? std::string(member) : head + "." + member;
  return fmt::format("{}[{}]", head, index);
}

void Context::typeError(const Where& where, std::string_view message) const {
  throw Napi::TypeError::New(env, fmt::format("{}: {} {}", call, where.path(), message));
}

void Context::typeError(std::string_view message) const {
  throw Napi::TypeError::New(env, fmt::format("{}: {}", call, message));
}

void Context::unknownKey(const Where& where, std::string_view dictionary, std::string_view key,
                         std::span<const std::string_view> validKeys) const {
  std::string_view best = closest(key, validKeys);
  std::string message = fmt::format(
      "{}: {} has the key '{}', which is not a member of {}{}; it is ignored.", call, where.path(),
      key, dictionary, best.empty() ? std::string() : fmt::format(" (did you mean '{}'?)", best));
  if (strict) throw Napi::TypeError::New(env, message);
  AddonData& data = addonData(env);
  // One warning per call site (the first frame outside the addon's own files).
  std::string site =
      data.callSite.IsEmpty() ? std::string() : data.callSite.Call({}).ToString().Utf8Value();
  std::string seenKey = fmt::format("{}|{}|{}|{}", site, call, where.path(), key);
  if (!data.warned.insert(seenKey).second) return;
  if (!site.empty()) message += fmt::format(" At {}.", site);
  if (!data.warn.IsEmpty()) data.warn.Call({Napi::String::New(env, message)});
}

std::string describe(Napi::Value v) {
  switch (v.Type()) {
    case napi_undefined: return "undefined";
    case napi_null: return "null";
    case napi_boolean: return v.As<Napi::Boolean>().Value() ? "true" : "false";
    case napi_number: {
      double x = v.As<Napi::Number>().DoubleValue();
      if (std::isnan(x)) return "NaN";
      if (std::isinf(x)) return x > 0 ? "Infinity" : "-Infinity";
      return fmt::format("{}", x);
    }
    case napi_string: return fmt::format("'{}'", v.As<Napi::String>().Utf8Value());
    case napi_symbol: return "a symbol";
    case napi_bigint: return "a bigint";
    case napi_function: return "a function";
    default: return v.IsArray() ? "an array" : "an object";
  }
}

namespace {

size_t editDistance(std::string_view a, std::string_view b) {
  std::vector<size_t> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diagonal = row[0];
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      size_t above = row[j];
      bool same = std::tolower(static_cast<unsigned char>(a[i - 1])) ==
                  std::tolower(static_cast<unsigned char>(b[j - 1]));
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (same ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

}  // namespace

std::string_view closest(std::string_view word, std::span<const std::string_view> candidates) {
  std::string_view best;
  size_t bestDistance = std::numeric_limits<size_t>::max();
  for (std::string_view c : candidates) {
    size_t d = editDistance(word, c);
    if (d < bestDistance) bestDistance = d, best = c;
  }
  // Suggest only what is plausibly a typo of the word.
  return bestDistance <= std::max<size_t>(2, word.size() / 2) ? best : std::string_view();
}

void requireArguments(const Context& ctx, const Napi::CallbackInfo& info, size_t required) {
  if (info.Length() >= required) return;
  ctx.typeError(fmt::format("{} argument{} required, but only {} present.", required,
                            required == 1 ? "" : "s", info.Length()));
}

bool toBoolean(Napi::Value v) {
  return v.IsBoolean() ? v.As<Napi::Boolean>().Value() : v.ToBoolean().Value();
}

std::string toDOMString(const Context& ctx, Napi::Value v, const Where& where) {
  if (v.IsString()) return v.As<Napi::String>().Utf8Value();
  if (v.IsSymbol()) ctx.typeError(where, "is a symbol, which cannot be converted to a string");
  return v.ToString().Utf8Value();
}

namespace {

double toNumber(const Context& ctx, Napi::Value v, const Where& where) {
  if (v.IsNumber()) return v.As<Napi::Number>().DoubleValue();
  if (v.IsBigInt() || v.IsSymbol()) {
    ctx.typeError(where, fmt::format("is {}, which cannot be converted to a number", describe(v)));
  }
  return v.ToNumber().DoubleValue();
}

}  // namespace

double toEnforcedInteger(const Context& ctx, Napi::Value v, const Where& where, double lo,
                         double hi, const char* idlType) {
  double x = toNumber(ctx, v, where);
  if (!std::isfinite(x)) {
    ctx.typeError(where, fmt::format("is {}, which is not a finite number ([EnforceRange] {})",
                                     describe(v), idlType));
  }
  x = std::trunc(x);
  if (x < lo || x > hi) {
    ctx.typeError(where, fmt::format("is {}, which is outside the range of [EnforceRange] {} "
                                     "({} to {})",
                                     describe(v), idlType, lo, hi));
  }
  return x == 0 ? 0 : x;  // -0 is 0
}

double toClampedInteger(const Context& ctx, Napi::Value v, const Where& where, double lo,
                        double hi) {
  double x = toNumber(ctx, v, where);
  if (std::isnan(x)) return 0;
  x = std::clamp(x, lo, hi);
  // Round half to even, as [Clamp] does.
  double r = std::nearbyint(x);
  return r == 0 ? 0 : r;
}

double toRestrictedNumber(const Context& ctx, Napi::Value v, const Where& where, bool isFloat) {
  double x = toNumber(ctx, v, where);
  if (!std::isfinite(x)) {
    ctx.typeError(where, fmt::format("is {}, which is not a finite number ({})", describe(v),
                                     isFloat ? "float" : "double"));
  }
  if (isFloat && std::fabs(x) > static_cast<double>(std::numeric_limits<float>::max())) {
    ctx.typeError(where, fmt::format("is {}, which is outside the range of float", describe(v)));
  }
  return x;
}

void badEnumValue(const Context& ctx, const Where& where, const char* enumName,
                  std::string_view value, std::span<const std::string_view> valid) {
  std::string_view best = closest(value, valid);
  std::string list;
  for (std::string_view s : valid) list += fmt::format("{}'{}'", list.empty() ? "" : ", ", s);
  ctx.typeError(
      where,
      fmt::format("is '{}', which is not a valid value of enum {}.{} Valid "
                  "values: {}.",
                  value, enumName,
                  best.empty() ? std::string() : fmt::format(" Did you mean '{}'?", best), list));
}

void forEachElement(const Context& ctx, Napi::Value v, const Where& where,
                    const std::function<void(Napi::Value, const Where&)>& element) {
  if (!v.IsObject()) {
    ctx.typeError(where, fmt::format("must be a sequence (an array or another iterable), not {}",
                                     describe(v)));
  }
  if (v.IsArray()) {
    Napi::Array array = v.As<Napi::Array>();
    uint32_t length = array.Length();
    for (uint32_t i = 0; i < length; ++i) element(array.Get(i), Where{&where, nullptr, i});
    return;
  }
  Napi::Object object = v.As<Napi::Object>();
  Napi::Value iteratorMethod = object.Get(Napi::Symbol::WellKnown(ctx.env, "iterator"));
  if (!iteratorMethod.IsFunction()) {
    ctx.typeError(where,
                  "must be a sequence (an array or another iterable), but the object has "
                  "no [Symbol.iterator] method");
  }
  Napi::Object iterator = iteratorMethod.As<Napi::Function>().Call(object, {}).As<Napi::Object>();
  Napi::Function next = iterator.Get("next").As<Napi::Function>();
  for (uint32_t i = 0;; ++i) {
    Napi::Value result = next.Call(iterator, {});
    if (!result.IsObject()) ctx.typeError(where, "has an iterator whose next() is not an object");
    Napi::Object r = result.As<Napi::Object>();
    if (toBoolean(r.Get("done"))) return;
    element(r.Get("value"), Where{&where, nullptr, i});
  }
}

void missingRequired(const Context& ctx, const Where& where, const char* dictionary,
                     const char* member) {
  Where at{&where, member, 0};
  ctx.typeError(
      at, fmt::format("is required (member '{}' of {}), but it is missing", member, dictionary));
}

Napi::Array ownEnumerableKeys(const Context& ctx, Napi::Object object) {
  napi_value keys = nullptr;
  napi_status status = napi_get_all_property_names(
      ctx.env, object, napi_key_own_only,
      static_cast<napi_key_filter>(napi_key_enumerable | napi_key_skip_symbols),
      napi_key_numbers_to_strings, &keys);
  NAPI_THROW_IF_FAILED(ctx.env, status, Napi::Array());
  return Napi::Array(ctx.env, keys);
}

void checkUnknownKeys(const Context& ctx, Napi::Object object, uint32_t present, const Where& where,
                      const char* dictionary, std::span<const std::string_view> names) {
  Napi::Array array = ownEnumerableKeys(ctx, object);
  uint32_t length = array.Length();
  if (length <= present) return;  // every own key is a member (the common case)
  for (uint32_t i = 0; i < length; ++i) {
    std::string key = array.Get(i).As<Napi::String>().Utf8Value();
    if (std::find(names.begin(), names.end(), key) != names.end()) continue;
    ctx.unknownKey(where, dictionary, key, names);
  }
}

}  // namespace bindery::node::idl
