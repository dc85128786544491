// Storage texture formats that features enable, on the Vulkan backend
// (#bgra8unorm-storage, #texture-formats-tier1, #texture-formats-tier2):
// offered where the device has them (formats.h: formatFeatureSupport), and
// then executed: textureStore to each format, read back by copy against the
// format's encoding computed here; textureLoad through a read-only storage
// binding; load-modify-store through a read-write one. Without a feature the
// core refuses the format and names the feature to request.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <cstdlib>
#include <cstring>

#include "texture_test.h"

namespace bindery::vulkan::testing {
namespace {

enum class Kind { Unorm, Snorm, Uint, Sint, Float };

// A plain (one value per component) color format.
struct PlainFormat {
  TextureFormat format;
  const char* wgsl;
  Kind kind;
  uint32_t components;
  uint32_t bits;  // per component: 8, 16 or 32
};

// #texture-formats-tier1: read-only and write-only storage.
constexpr PlainFormat kTier1[] = {
    {TextureFormat::R8unorm, "r8unorm", Kind::Unorm, 1, 8},
    {TextureFormat::R8snorm, "r8snorm", Kind::Snorm, 1, 8},
    {TextureFormat::R8uint, "r8uint", Kind::Uint, 1, 8},
    {TextureFormat::R8sint, "r8sint", Kind::Sint, 1, 8},
    {TextureFormat::Rg8unorm, "rg8unorm", Kind::Unorm, 2, 8},
    {TextureFormat::Rg8snorm, "rg8snorm", Kind::Snorm, 2, 8},
    {TextureFormat::Rg8uint, "rg8uint", Kind::Uint, 2, 8},
    {TextureFormat::Rg8sint, "rg8sint", Kind::Sint, 2, 8},
    {TextureFormat::R16unorm, "r16unorm", Kind::Unorm, 1, 16},
    {TextureFormat::R16snorm, "r16snorm", Kind::Snorm, 1, 16},
    {TextureFormat::R16uint, "r16uint", Kind::Uint, 1, 16},
    {TextureFormat::R16sint, "r16sint", Kind::Sint, 1, 16},
    {TextureFormat::R16float, "r16float", Kind::Float, 1, 16},
    {TextureFormat::Rg16unorm, "rg16unorm", Kind::Unorm, 2, 16},
    {TextureFormat::Rg16snorm, "rg16snorm", Kind::Snorm, 2, 16},
    {TextureFormat::Rg16uint, "rg16uint", Kind::Uint, 2, 16},
    {TextureFormat::Rg16sint, "rg16sint", Kind::Sint, 2, 16},
    {TextureFormat::Rg16float, "rg16float", Kind::Float, 2, 16},
    {TextureFormat::Rgba16unorm, "rgba16unorm", Kind::Unorm, 4, 16},
    {TextureFormat::Rgba16snorm, "rgba16snorm", Kind::Snorm, 4, 16},
};

// #texture-formats-tier2: read-write storage.
constexpr PlainFormat kTier2[] = {
    {TextureFormat::R8unorm, "r8unorm", Kind::Unorm, 1, 8},
    {TextureFormat::R8uint, "r8uint", Kind::Uint, 1, 8},
    {TextureFormat::R8sint, "r8sint", Kind::Sint, 1, 8},
    {TextureFormat::Rgba8unorm, "rgba8unorm", Kind::Unorm, 4, 8},
    {TextureFormat::Rgba8uint, "rgba8uint", Kind::Uint, 4, 8},
    {TextureFormat::Rgba8sint, "rgba8sint", Kind::Sint, 4, 8},
    {TextureFormat::R16uint, "r16uint", Kind::Uint, 1, 16},
    {TextureFormat::R16sint, "r16sint", Kind::Sint, 1, 16},
    {TextureFormat::R16float, "r16float", Kind::Float, 1, 16},
    {TextureFormat::Rgba16uint, "rgba16uint", Kind::Uint, 4, 16},
    {TextureFormat::Rgba16sint, "rgba16sint", Kind::Sint, 4, 16},
    {TextureFormat::Rgba16float, "rgba16float", Kind::Float, 4, 16},
    {TextureFormat::Rgba32uint, "rgba32uint", Kind::Uint, 4, 32},
    {TextureFormat::Rgba32sint, "rgba32sint", Kind::Sint, 4, 32},
    {TextureFormat::Rgba32float, "rgba32float", Kind::Float, 4, 32},
};

// The integer code stored for k = texel * 4 + component + 1 (1..16), and the
// value the shader writes for it.
int64_t codeOf(const PlainFormat& f, uint32_t k) {
  switch (f.kind) {
    case Kind::Unorm: return f.bits == 8 ? k * 7 : k * 4000;
    case Kind::Snorm: return f.bits == 8 ? int64_t(k) * 7 - 60 : int64_t(k) * 3000 - 24000;
    case Kind::Uint: return k * 13 + 1;
    case Kind::Sint: return int64_t(k) * 13 - 100;
    case Kind::Float: return k;  // value k * 0.25 - 1.5
  }
  return 0;
}

double maxOf(const PlainFormat& f) {
  return f.kind == Kind::Unorm ? (f.bits == 8 ? 255.0 : 65535.0) : (f.bits == 8 ? 127.0 : 32767.0);
}

double valueOf(const PlainFormat& f, uint32_t k) {
  switch (f.kind) {
    case Kind::Unorm:
    case Kind::Snorm: return codeOf(f, k) / maxOf(f);
    case Kind::Uint:
    case Kind::Sint: return static_cast<double>(codeOf(f, k));
    case Kind::Float: return k * 0.25 - 1.5;
  }
  return 0;
}

// f16 bits of a value f16 holds exactly (normal or zero).
uint16_t halfBits(float v) {
  if (v == 0) return 0;
  uint32_t x = std::bit_cast<uint32_t>(v);
  uint32_t sign = (x >> 16) & 0x8000;
  int32_t exponent = static_cast<int32_t>((x >> 23) & 0xff) - 127 + 15;
  return static_cast<uint16_t>(sign | (static_cast<uint32_t>(exponent) << 10) |
                               ((x >> 13) & 0x3ff));
}

// The bytes of 4 texels, component c of texel i holding k = i * 4 + c + 1.
std::vector<uint8_t> encoded(const PlainFormat& f) {
  const uint32_t bytes = f.bits / 8;
  std::vector<uint8_t> out(4 * f.components * bytes);
  for (uint32_t i = 0; i < 4; ++i) {
    for (uint32_t c = 0; c < f.components; ++c) {
      uint8_t* at = &out[(i * f.components + c) * bytes];
      uint32_t k = i * 4 + c + 1;
      if (f.kind == Kind::Float) {
        float v = static_cast<float>(valueOf(f, k));
        uint16_t h = halfBits(v);
        if (bytes == 2) std::memcpy(at, &h, 2);
        if (bytes == 4) std::memcpy(at, &v, 4);
      } else {
        int64_t code = codeOf(f, k);
        std::memcpy(at, &code, bytes);  // little-endian truncation
      }
    }
  }
  return out;
}

// The WGSL value of texel `i` (a u32 expression) as the format's vec4 type.
std::string valueWgsl(const PlainFormat& f) {
  const std::string k = "(vec4u(i * 4u + 1u) + vec4u(0, 1, 2, 3))";
  switch (f.kind) {
    case Kind::Unorm:
      return fmt::format("vec4f({} * {}u) / {:.1f}", k, f.bits == 8 ? 7 : 4000, maxOf(f));
    case Kind::Snorm:
      return f.bits == 8 ? fmt::format("vec4f(vec4i({} * 7u) - 60) / 127.0", k)
                         : fmt::format("vec4f(vec4i({} * 3000u) - 24000) / 32767.0", k);
    case Kind::Uint: return fmt::format("{} * 13u + 1u", k);
    case Kind::Sint: return fmt::format("vec4i({} * 13u) - 100", k);
    case Kind::Float: return fmt::format("vec4f({}) * 0.25 - 1.5", k);
  }
  return "";
}

const char* vecType(const PlainFormat& f) {
  return f.kind == Kind::Uint ? "vec4u" : f.kind == Kind::Sint ? "vec4i" : "vec4f";
}

// What textureLoad returns for component c of texel i (#texel-formats:
// missing components read 0, alpha 1).
double loaded(const PlainFormat& f, uint32_t i, uint32_t c) {
  if (c < f.components) return valueOf(f, i * 4 + c + 1);
  return c == 3 ? 1.0 : 0.0;
}

class StorageFormatFeaturesTest : public TextureShaderTest {
 protected:
  void SetUp() override {
    TextureShaderTest::SetUp();
    if (IsSkipped() || HasFatalFailure()) return;
    // The fixture's first device has no features: keep it for the failing cases.
    plain_ = device_;
    for (FeatureName f : {FeatureName::Bgra8unormStorage, FeatureName::TextureFormatsTier1,
                          FeatureName::TextureFormatsTier2}) {
      if (adapter_.features().has(f)) offered_.push_back(f);
    }
    // lavapipe has every storage cell of the tiers but cannot blend snorm
    // formats: the testing switch offers the storage half (capabilities.cpp).
    setenv("BINDERY_VULKAN_STORAGE_TIERS_FOR_TESTING", "1", 1);
    InstanceDescriptor id;
    id.backend = BackendType::Vulkan;
    Adapter adapter = bindery::Instance::create(id).requestAdapter();
    unsetenv("BINDERY_VULKAN_STORAGE_TIERS_FOR_TESTING");
    for (FeatureName f : {FeatureName::TextureFormatsTier1, FeatureName::TextureFormatsTier2}) {
      if (adapter.features().has(f) && !offered(f)) offered_.push_back(f);
    }
    DeviceDescriptor dd;
    dd.requiredFeatures = offered_;
    RequestDeviceResult result = adapter.requestDevice(dd);
    ASSERT_EQ(result.status, RequestDeviceResult::Status::Success) << result.message;
    device_ = result.device;
    device_.setUncapturedErrorCallback([this](const Error& e) { errors_.push_back(e); });
  }
  void TearDown() override {
    plain_ = {};
    TextureShaderTest::TearDown();
  }
  bool offered(FeatureName f) const {
    return std::find(offered_.begin(), offered_.end(), f) != offered_.end();
  }
  Texture storageTexture(TextureFormat format) {
    return makeTexture(format, {4, 1, 1}, TextureDimension::e2D, 1, TextureUsage::StorageBinding);
  }
  // Dispatch 1 stores each texel's value to `t` (write-only).
  void store(const PlainFormat& f, const Texture& t) {
    runRaw(fmt::format(R"(
@group(0) @binding(0) var<storage, read_write> out : array<u32>;
@group(0) @binding(1) var t : texture_storage_2d<{}, write>;
@compute @workgroup_size(4) fn main(@builtin(local_invocation_index) i : u32) {{
  textureStore(t, vec2u(i, 0), {});
  out[i] = 1u;
}})",
                       f.wgsl, valueWgsl(f)),
           {{1, t.createView()}}, 16, 1, 1, 1);
  }

  Device plain_;
  std::vector<FeatureName> offered_;
};

TEST_F(StorageFormatFeaturesTest, Bgra8unormStorageWritesInBgraOrder) {
  if (!offered(FeatureName::Bgra8unormStorage)) GTEST_SKIP() << "no 'bgra8unorm-storage'";
  Texture t = storageTexture(TextureFormat::Bgra8unorm);
  runRaw(R"(
@group(0) @binding(0) var<storage, read_write> out : array<u32>;
@group(0) @binding(1) var t : texture_storage_2d<bgra8unorm, write>;
@compute @workgroup_size(4) fn main(@builtin(local_invocation_index) i : u32) {
  // r, g, b, a = 10i + 1, 10i + 2, 10i + 3, 10i + 4 (/ 255)
  textureStore(t, vec2u(i, 0), vec4f(vec4u(i * 10u) + vec4u(1, 2, 3, 4)) / 255.0);
  out[i] = 1u;
})",
         {{1, t.createView()}}, 16, 1, 1, 1);
  std::vector<uint8_t> got = readTexture(t, 0, 4, {4, 1, 1});
  std::vector<uint8_t> want;
  for (uint8_t i = 0; i < 4; ++i) {
    uint8_t r = i * 10 + 1, g = i * 10 + 2, b = i * 10 + 3, a = i * 10 + 4;
    want.insert(want.end(), {b, g, r, a});  // memory order of 'bgra8unorm'
  }
  EXPECT_EQ(got, want);
}

TEST_F(StorageFormatFeaturesTest, WithoutTheFeatureTheFormatIsRefusedAndTheFeatureNamed) {
  TextureDescriptor d;
  d.size = {4, 1, 1};
  d.format = TextureFormat::Bgra8unorm;
  d.usage = TextureUsage::StorageBinding;
  plain_.pushErrorScope(ErrorFilter::Validation);
  plain_.createTexture(d);
  std::optional<Error> error = plain_.popErrorScope().error;
  ASSERT_TRUE(error.has_value());
  EXPECT_EQ(error->code, ErrorCode::TextureStorageFormatInvalid);
  EXPECT_NE(error->message.find("Request the 'bgra8unorm-storage' feature"), std::string::npos)
      << error->message;

  BindGroupLayoutDescriptor layout;
  layout.entries = {
      {.binding = 0,
       .visibility = ShaderStage::Compute,
       .storageTexture = StorageTextureBindingLayout{.access = StorageTextureAccess::WriteOnly,
                                                     .format = TextureFormat::R8unorm}}};
  plain_.pushErrorScope(ErrorFilter::Validation);
  plain_.createBindGroupLayout(layout);
  error = plain_.popErrorScope().error;
  ASSERT_TRUE(error.has_value());
  EXPECT_EQ(error->code, ErrorCode::BindGroupLayoutStorageTextureFormat);
  EXPECT_NE(error->message.find("Request the 'texture-formats-tier1' feature"), std::string::npos)
      << error->message;

  // With the feature the same calls are valid.
  if (!offered(FeatureName::TextureFormatsTier1)) return;
  device_.pushErrorScope(ErrorFilter::Validation);
  device_.createBindGroupLayout(layout);
  error = device_.popErrorScope().error;
  EXPECT_FALSE(error.has_value()) << error->message;
}

TEST_F(StorageFormatFeaturesTest, Tier1FormatsStoreAndLoad) {
  if (!offered(FeatureName::TextureFormatsTier1)) GTEST_SKIP() << "no 'texture-formats-tier1'";
  for (const PlainFormat& f : kTier1) {
    SCOPED_TRACE(f.wgsl);
    Texture t = storageTexture(f.format);
    store(f, t);
    EXPECT_EQ(readTexture(t, 0, f.components * f.bits / 8, {4, 1, 1}), encoded(f));
    // Read back through a read-only storage binding.
    std::string wgsl = fmt::format(R"(
@group(0) @binding(0) var<storage, read_write> out : array<{}>;
@group(0) @binding(1) var t : texture_storage_2d<{}, read>;
@compute @workgroup_size(4) fn main(@builtin(local_invocation_index) i : u32) {{
  out[i] = textureLoad(t, vec2u(i, 0));
}})",
                                   vecType(f), f.wgsl);
    if (f.kind == Kind::Uint) {
      std::vector<uint32_t> got = run<uint32_t>(wgsl, {{1, t.createView()}}, 16);
      for (uint32_t n = 0; n < 16; ++n) EXPECT_EQ(got[n], loaded(f, n / 4, n % 4)) << n;
    } else if (f.kind == Kind::Sint) {
      std::vector<int32_t> got = run<int32_t>(wgsl, {{1, t.createView()}}, 16);
      for (uint32_t n = 0; n < 16; ++n) EXPECT_EQ(got[n], loaded(f, n / 4, n % 4)) << n;
    } else {
      std::vector<float> got = run<float>(wgsl, {{1, t.createView()}}, 16);
      for (uint32_t n = 0; n < 16; ++n) EXPECT_NEAR(got[n], loaded(f, n / 4, n % 4), 1e-6) << n;
    }
  }
}

TEST_F(StorageFormatFeaturesTest, Tier1PackedFormatsStore) {
  if (!offered(FeatureName::TextureFormatsTier1)) GTEST_SKIP() << "no 'texture-formats-tier1'";
  auto packed = [&](TextureFormat format, const char* wgslFormat, const char* value) {
    Texture t = storageTexture(format);
    runRaw(fmt::format(R"(
@group(0) @binding(0) var<storage, read_write> out : array<u32>;
@group(0) @binding(1) var t : texture_storage_2d<{}, write>;
@compute @workgroup_size(4) fn main(@builtin(local_invocation_index) i : u32) {{
  textureStore(t, vec2u(i, 0), {});
  out[i] = 1u;
}})",
                       wgslFormat, value),
           {{1, t.createView()}}, 16, 1, 1, 1);
    std::vector<uint8_t> bytes = readTexture(t, 0, 4, {4, 1, 1});
    std::vector<uint32_t> words(4);
    std::memcpy(words.data(), bytes.data(), 16);
    return words;
  };
  // rgb10a2uint: r | g << 10 | b << 20 | a << 30.
  std::vector<uint32_t> want;
  for (uint32_t i = 0; i < 4; ++i) {
    want.push_back((100 * i + 1) | (200 * i + 2) << 10 | (250 * i + 3) << 20 | i << 30);
  }
  EXPECT_EQ(packed(TextureFormat::Rgb10a2uint, "rgb10a2uint",
                   "vec4u(100u * i + 1u, 200u * i + 2u, 250u * i + 3u, i)"),
            want);
  // rgb10a2unorm: the same codes as unorm values (/ 1023, alpha / 3).
  EXPECT_EQ(packed(TextureFormat::Rgb10a2unorm, "rgb10a2unorm",
                   "vec4f(f32(100u * i + 1u) / 1023.0, f32(200u * i + 2u) / 1023.0, "
                   "f32(250u * i + 3u) / 1023.0, f32(i) / 3.0)"),
            want);
  // rg11b10ufloat: 2^(i-1), 1.5 * 2^i, 2^i as 11/11/10-bit floats (bias 15).
  want.clear();
  for (uint32_t i = 0; i < 4; ++i) {
    uint32_t r = (14 + i) << 6, g = ((15 + i) << 6) | 32, b = (15 + i) << 5;
    want.push_back(r | g << 11 | b << 22);
  }
  EXPECT_EQ(packed(TextureFormat::Rg11b10ufloat, "rg11b10ufloat",
                   "vec4f(exp2(f32(i) - 1.0), 1.5 * exp2(f32(i)), exp2(f32(i)), 1.0)"),
            want);
}

TEST_F(StorageFormatFeaturesTest, Tier2FormatsReadWrite) {
  if (!offered(FeatureName::TextureFormatsTier2)) GTEST_SKIP() << "no 'texture-formats-tier2'";
  for (const PlainFormat& f : kTier2) {
    SCOPED_TRACE(f.wgsl);
    Texture t = storageTexture(f.format);
    store(f, t);
    // Load, modify, store through one read-write binding: unorm 1 - v,
    // uint v + 5, sint -v, float v * 2.
    const char* change = f.kind == Kind::Unorm  ? "vec4f(1) - v"
                         : f.kind == Kind::Uint ? "v + 5u"
                         : f.kind == Kind::Sint ? "-v"
                                                : "v * 2.0";
    runRaw(fmt::format(R"(
@group(0) @binding(0) var<storage, read_write> out : array<u32>;
@group(0) @binding(1) var t : texture_storage_2d<{}, read_write>;
@compute @workgroup_size(4) fn main(@builtin(local_invocation_index) i : u32) {{
  let v = textureLoad(t, vec2u(i, 0));
  textureStore(t, vec2u(i, 0), {});
  out[i] = 1u;
}})",
                       f.wgsl, change),
           {{1, t.createView()}}, 16, 1, 1, 1);
    const uint32_t bytes = f.bits / 8;
    std::vector<uint8_t> got = readTexture(t, 0, f.components * bytes, {4, 1, 1});
    std::vector<uint8_t> want(got.size());
    for (uint32_t n = 0; n < 4 * f.components; ++n) {
      uint32_t k = (n / f.components) * 4 + n % f.components + 1;
      uint8_t* at = &want[n * bytes];
      int64_t code = codeOf(f, k);
      if (f.kind == Kind::Float) {
        float v = static_cast<float>(valueOf(f, k) * 2);
        uint16_t h = halfBits(v);
        if (bytes == 2) std::memcpy(at, &h, 2);
        if (bytes == 4) std::memcpy(at, &v, 4);
        continue;
      }
      code = f.kind == Kind::Unorm  ? static_cast<int64_t>(maxOf(f)) - code
             : f.kind == Kind::Uint ? code + 5
                                    : -code;
      std::memcpy(at, &code, bytes);
    }
    EXPECT_EQ(got, want);
  }
}

}  // namespace
}  // namespace bindery::vulkan::testing
