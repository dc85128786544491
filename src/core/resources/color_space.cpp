// #color-spaces, #color-space-conversions: the colour math of the
// colour-managed interfaces (copyExternalImageToTexture, external textures).
#include "core/resources/color_space.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>

namespace bindery::core {

// CSS Color 4, "sRGB" / "display-p3": the same piecewise transfer function,
// extended to negative values by odd symmetry.
float srgbToLinear(float encoded) {
  float a = std::fabs(encoded);
  float linear = a <= 0.04045f ? a / 12.92f : std::pow((a + 0.055f) / 1.055f, 2.4f);
  return std::copysign(linear, encoded);
}

float linearToSrgb(float linear) {
  float a = std::fabs(linear);
  float encoded = a <= 0.0031308f ? a * 12.92f : 1.055f * std::pow(a, 1.0f / 2.4f) - 0.055f;
  return std::copysign(encoded, linear);
}

float TransferFunction::operator()(float x) const {
  float m = std::fabs(x);
  float y = m < d ? c * m + f : std::pow(a * m + b, g) + e;
  return std::copysign(y, x);
}

// srgbToLinear: (|x| + 0.055) / 1.055)^2.4 = (|x| / 1.055 + 0.055 / 1.055)^2.4.
TransferFunction srgbDecoding() {
  return {2.4f, 1.0f / 1.055f, 0.055f / 1.055f, 1.0f / 12.92f, 0.04045f, 0.0f, 0.0f};
}

// linearToSrgb: 1.055 * |x|^(1/2.4) - 0.055 = (1.055^2.4 * |x|)^(1/2.4) - 0.055.
TransferFunction srgbEncoding() {
  return {1.0f / 2.4f, std::pow(1.055f, 2.4f), 0.0f, 12.92f, 0.0031308f, -0.055f, 0.0f};
}

namespace {

using Mat3d = std::array<double, 9>;

Mat3d multiply(const Mat3d& a, const Mat3d& b) {
  Mat3d r{};
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 3; ++j) {
      for (int k = 0; k < 3; ++k) r[i * 3 + j] += a[i * 3 + k] * b[k * 3 + j];
    }
  }
  return r;
}

Mat3d inverse(const Mat3d& m) {
  double det = m[0] * (m[4] * m[8] - m[5] * m[7]) - m[1] * (m[3] * m[8] - m[5] * m[6]) +
               m[2] * (m[3] * m[7] - m[4] * m[6]);
  Mat3d r = {m[4] * m[8] - m[5] * m[7], m[2] * m[7] - m[1] * m[8], m[1] * m[5] - m[2] * m[4],
             m[5] * m[6] - m[3] * m[8], m[0] * m[8] - m[2] * m[6], m[2] * m[3] - m[0] * m[5],
             m[3] * m[7] - m[4] * m[6], m[1] * m[6] - m[0] * m[7], m[0] * m[4] - m[1] * m[3]};
  for (double& v : r) v /= det;
  return r;
}

// Linear RGB -> CIE XYZ from the primaries' and the white point's xy
// chromaticities (sRGB: ITU-R BT.709 primaries; Display P3: DCI-P3
// primaries; both with the D65 white point).
Mat3d rgbToXyz(PredefinedColorSpace space) {
  struct Xy {
    double x, y;
  };
  const Xy srgb[3] = {{0.640, 0.330}, {0.300, 0.600}, {0.150, 0.060}};
  const Xy p3[3] = {{0.680, 0.320}, {0.265, 0.690}, {0.150, 0.060}};
  const Xy* p = space == PredefinedColorSpace::DisplayP3 ? p3 : srgb;
  const Xy white = {0.3127, 0.3290};
  Mat3d primaries{};
  for (int c = 0; c < 3; ++c) {
    primaries[0 * 3 + c] = p[c].x / p[c].y;
    primaries[1 * 3 + c] = 1.0;
    primaries[2 * 3 + c] = (1.0 - p[c].x - p[c].y) / p[c].y;
  }
  Mat3d inv = inverse(primaries);
  double w[3] = {white.x / white.y, 1.0, (1.0 - white.x - white.y) / white.y};
  double s[3];
  for (int i = 0; i < 3; ++i)
    s[i] = inv[i * 3] * w[0] + inv[i * 3 + 1] * w[1] + inv[i * 3 + 2] * w[2];
  for (int r = 0; r < 3; ++r) {
    for (int c = 0; c < 3; ++c) primaries[r * 3 + c] *= s[c];
  }
  return primaries;
}

}  // namespace

Mat3 gamutMatrix(PredefinedColorSpace from, PredefinedColorSpace to) {
  Mat3 out{};
  if (from == to) {
    out[0] = out[4] = out[8] = 1.0f;
    return out;
  }
  Mat3d m = multiply(inverse(rgbToXyz(to)), rgbToXyz(from));
  for (int i = 0; i < 9; ++i) out[i] = static_cast<float>(m[i]);
  return out;
}

// #color-space-conversions. Premultiplied colours of a non-linear space are
// premultiplied in their encoded form (a 2d canvas's bitmap), so alpha is
// divided out before decoding and multiplied in after encoding.
Rgba convertColor(const Rgba& color, const ColorEncoding& from, const ColorEncoding& to) {
  Rgba c = color;
  bool convertSpace = from.colorSpace != to.colorSpace;
  bool unpremultiply = from.premultipliedAlpha && (convertSpace || !to.premultipliedAlpha);
  bool premultiply = to.premultipliedAlpha && (convertSpace || !from.premultipliedAlpha);
  if (unpremultiply && c[3] != 0.0f) {
    for (int i = 0; i < 3; ++i) c[i] /= c[3];
  }
  if (convertSpace) {
    Mat3 m = gamutMatrix(from.colorSpace, to.colorSpace);
    float lin[3] = {srgbToLinear(c[0]), srgbToLinear(c[1]), srgbToLinear(c[2])};
    for (int i = 0; i < 3; ++i) {
      c[i] = linearToSrgb(m[i * 3] * lin[0] + m[i * 3 + 1] * lin[1] + m[i * 3 + 2] * lin[2]);
    }
  }
  if (premultiply) {
    for (int i = 0; i < 3; ++i) c[i] *= c[3];
  }
  return c;
}

uint16_t floatToHalf(float value) {
  uint32_t f = std::bit_cast<uint32_t>(value);
  uint32_t sign = (f >> 16) & 0x8000u;
  uint32_t exponent = (f >> 23) & 0xffu;
  uint32_t mantissa = f & 0x7fffffu;
  if (exponent == 0xff) return static_cast<uint16_t>(sign | 0x7c00u | (mantissa ? 0x200u : 0u));
  int e = static_cast<int>(exponent) - 127 + 15;
  if (e >= 31) return static_cast<uint16_t>(sign | 0x7c00u);
  if (e <= 0) {
    if (e < -10) return static_cast<uint16_t>(sign);
    mantissa |= 0x800000u;
    uint32_t shift = static_cast<uint32_t>(14 - e);
    uint32_t half = mantissa >> shift;
    uint32_t rest = mantissa & ((1u << shift) - 1);
    uint32_t halfway = 1u << (shift - 1);
    if (rest > halfway || (rest == halfway && (half & 1u))) ++half;
    return static_cast<uint16_t>(sign | half);
  }
  uint32_t half = (static_cast<uint32_t>(e) << 10) | (mantissa >> 13);
  uint32_t rest = mantissa & 0x1fffu;
  if (rest > 0x1000u || (rest == 0x1000u && (half & 1u))) ++half;  // may carry into infinity
  return static_cast<uint16_t>(sign | half);
}

float halfToFloat(uint16_t value) {
  uint32_t sign = (value & 0x8000u) << 16;
  uint32_t exponent = (value >> 10) & 0x1fu;
  uint32_t mantissa = value & 0x3ffu;
  if (exponent == 0) {
    float m = std::ldexp(static_cast<float>(mantissa), -24);
    return sign ? -m : m;
  }
  uint32_t bits = exponent == 31 ? (sign | 0x7f800000u | (mantissa << 13))
                                 : (sign | ((exponent + 112) << 23) | (mantissa << 13));
  return std::bit_cast<float>(bits);
}

namespace {

enum class Encoding : uint8_t {
  None,
  Unorm8,
  Unorm8Srgb,
  Unorm16,
  Float16,
  Float32,
  Rgb10a2,
  Rg11b10
};

struct TexelLayout {
  Encoding encoding = Encoding::None;
  uint8_t components = 0;
  bool bgra = false;
};

TexelLayout layoutOf(TextureFormat format) {
  using F = TextureFormat;
  switch (format) {
    case F::R8unorm: return {Encoding::Unorm8, 1};
    case F::Rg8unorm: return {Encoding::Unorm8, 2};
    case F::Rgba8unorm: return {Encoding::Unorm8, 4};
    case F::Rgba8unormSrgb: return {Encoding::Unorm8Srgb, 4};
    case F::Bgra8unorm: return {Encoding::Unorm8, 4, true};
    case F::Bgra8unormSrgb: return {Encoding::Unorm8Srgb, 4, true};
    case F::R16unorm: return {Encoding::Unorm16, 1};
    case F::Rg16unorm: return {Encoding::Unorm16, 2};
    case F::Rgba16unorm: return {Encoding::Unorm16, 4};
    case F::R16float: return {Encoding::Float16, 1};
    case F::Rg16float: return {Encoding::Float16, 2};
    case F::Rgba16float: return {Encoding::Float16, 4};
    case F::R32float: return {Encoding::Float32, 1};
    case F::Rg32float: return {Encoding::Float32, 2};
    case F::Rgba32float: return {Encoding::Float32, 4};
    case F::Rgb10a2unorm: return {Encoding::Rgb10a2, 4};
    case F::Rg11b10ufloat: return {Encoding::Rg11b10, 3};
    default: return {};
  }
}

uint32_t unorm(float v, uint32_t max) {
  float c = std::clamp(std::isnan(v) ? 0.0f : v, 0.0f, 1.0f);
  return static_cast<uint32_t>(std::lround(c * static_cast<float>(max)));
}

// An unsigned float of `mantissaBits` (5 exponent bits, no sign), from the
// binary16 bits of a value clamped at 0: drop mantissa bits, rounding.
uint32_t ufloat(float v, uint32_t mantissaBits) {
  uint32_t h = floatToHalf(std::isnan(v) ? 0.0f : std::max(v, 0.0f));
  uint32_t shift = 10 - mantissaBits;
  uint32_t r = (h + (1u << (shift - 1))) >> shift;  // round half up; may reach infinity
  return std::min(r, 31u << mantissaBits);
}

template <class T>
void put(std::span<uint8_t> out, size_t index, T value) {
  std::memcpy(out.data() + index * sizeof(T), &value, sizeof(T));
}

}  // namespace

Rgba readTexel(TextureFormat format, std::span<const uint8_t> in) {
  Rgba c{0, 0, 0, 1};
  TexelLayout l = layoutOf(format);
  for (uint32_t i = 0; i < l.components && i < 4; ++i) {
    switch (l.encoding) {
      case Encoding::Unorm8:
      case Encoding::Unorm8Srgb: c[i] = static_cast<float>(in[i]) / 255.0f; break;
      case Encoding::Float16: {
        uint16_t h;
        std::memcpy(&h, in.data() + i * 2, 2);
        c[i] = halfToFloat(h);
        break;
      }
      case Encoding::Float32: std::memcpy(&c[i], in.data() + i * 4, 4); break;
      default: break;
    }
  }
  if (l.encoding == Encoding::Unorm8Srgb) {
    for (int i = 0; i < 3; ++i) c[i] = srgbToLinear(c[i]);
  }
  if (l.bgra) std::swap(c[0], c[2]);
  return c;
}

// ITU-R BT.709: Kr = 0.2126, Kb = 0.0722, full range.
Rgba yuvToRgb(float y, float u, float v, float alpha) {
  float cb = u - 0.5f, cr = v - 0.5f;
  return {y + 1.5748f * cr, y - 0.1873f * cb - 0.4681f * cr, y + 1.8556f * cb, alpha};
}

std::array<float, 12> yuvToRgbMatrix() {
  // yuvToRgb's coefficients with Cb and Cr's centring folded into the constant.
  return {1.0f, 0.0f,     1.5748f,  -0.5f * 1.5748f,
          1.0f, -0.1873f, -0.4681f, 0.5f * (0.1873f + 0.4681f),
          1.0f, 1.8556f,  0.0f,     -0.5f * 1.8556f};
}

bool canWriteTexel(TextureFormat format) {
  return layoutOf(format).encoding != Encoding::None;
}

uint32_t texelBytes(TextureFormat format) {
  TexelLayout l = layoutOf(format);
  switch (l.encoding) {
    case Encoding::Unorm8:
    case Encoding::Unorm8Srgb: return l.components;
    case Encoding::Unorm16:
    case Encoding::Float16: return 2u * l.components;
    case Encoding::Float32: return 4u * l.components;
    case Encoding::Rgb10a2:
    case Encoding::Rg11b10: return 4;
    case Encoding::None: return 0;
  }
  return 0;
}

void writeTexel(TextureFormat format, const Rgba& color, std::span<uint8_t> out) {
  TexelLayout l = layoutOf(format);
  Rgba c = color;
  if (l.bgra) std::swap(c[0], c[2]);
  for (uint32_t i = 0; i < l.components; ++i) {
    switch (l.encoding) {
      case Encoding::Unorm8: out[i] = static_cast<uint8_t>(unorm(c[i], 255)); break;
      case Encoding::Unorm8Srgb:
        // Alpha is linear; colour channels are sRGB-encoded by the format.
        out[i] = static_cast<uint8_t>(unorm(i == 3 ? c[i] : linearToSrgb(c[i]), 255));
        break;
      case Encoding::Unorm16: put(out, i, static_cast<uint16_t>(unorm(c[i], 65535))); break;
      case Encoding::Float16: put(out, i, floatToHalf(c[i])); break;
      case Encoding::Float32: put(out, i, c[i]); break;
      default: break;
    }
  }
  if (l.encoding == Encoding::Rgb10a2) {
    put(out, 0,
        unorm(c[0], 1023) | (unorm(c[1], 1023) << 10) | (unorm(c[2], 1023) << 20) |
            (unorm(c[3], 3) << 30));
  } else if (l.encoding == Encoding::Rg11b10) {
    put(out, 0, ufloat(c[0], 6) | (ufloat(c[1], 6) << 11) | (ufloat(c[2], 5) << 22));
  }
}

}  // namespace bindery::core
