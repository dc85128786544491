// Colour encodings at WebGPU's colour-managed interfaces (#color-spaces,
// #color-space-conversions): the sRGB transfer function (also display-p3's),
// the linear-light gamut conversion between sRGB and Display P3 (both D65),
// alpha premultiplication, and the texel encodings of the formats
// copyExternalImageToTexture may write. Pure math, no API objects: shared by
// copyExternalImageToTexture (copy_external_image.cpp) and the external
// texture parameters (external_texture.cpp).
#pragma once

#include <array>
#include <cstdint>
#include <span>

#include "bindery/enums.h"
#include "bindery/external_texture.h"

namespace bindery::core {

using Rgba = std::array<float, 4>;
using Mat3 = std::array<float, 9>;  // row major

// The sRGB transfer function over the extended range (CSS Color 4: odd
// symmetry about 0): encoded -> linear, and back.
float srgbToLinear(float encoded);
float linearToSrgb(float linear);

// A parametric transfer function (ICC parametric curve type 4, odd
// symmetry about 0): f(x) = sign(x) * (|x| < d ? c * |x| + f
//                                           : pow(a * |x| + b, g) + e).
// Both directions of the sRGB curve have this form; external textures'
// shaders evaluate it from these seven numbers.
struct TransferFunction {
  float g = 1, a = 1, b = 0, c = 1, d = 0, e = 0, f = 0;
  float operator()(float x) const;
};
// The sRGB (and Display P3) curve: encoded -> linear, and linear -> encoded.
TransferFunction srgbDecoding();
TransferFunction srgbEncoding();

// Linear-light RGB in `from` to linear-light RGB in `to` (identity when equal).
Mat3 gamutMatrix(PredefinedColorSpace from, PredefinedColorSpace to);

// An RGBA colour and the encoding it is in.
struct ColorEncoding {
  PredefinedColorSpace colorSpace = PredefinedColorSpace::Srgb;
  bool premultipliedAlpha = false;
};

// #color-space-conversions: `color` (encoded in `from`) re-encoded in `to`.
// Not clamped. Steps that are identities are elided, so equal encodings give
// back `color` bit for bit (#color-space-conversion-elision).
Rgba convertColor(const Rgba& color, const ColorEncoding& from, const ColorEncoding& to);

// IEEE binary16 from a float (round to nearest even; overflow to infinity).
uint16_t floatToHalf(float value);
float halfToFloat(uint16_t value);

// A texel of a frame plane's format ('rgba8unorm', 'bgra8unorm',
// 'rgba16float') as RGBA floats; `in` holds texelBytes(format) bytes.
Rgba readTexel(TextureFormat format, std::span<const uint8_t> in);

// Full-range BT.709 Y'CbCr to R'G'B' (Cb and Cr centred on 0.5): the
// conversion of two-plane frames (external textures and copies).
Rgba yuvToRgb(float y, float u, float v, float alpha = 1.0f);
// The same conversion as a 3x4 matrix, row major: rgb[i] = row i dotted
// with (y, u, v, 1).
std::array<float, 12> yuvToRgbMatrix();

// Whether copyExternalImageToTexture can write `format` (writeTexel knows it).
bool canWriteTexel(TextureFormat format);
// The texel block copy footprint of such a format, in bytes.
uint32_t texelBytes(TextureFormat format);
// Writes `color` as a texel of `format` ("an equivalent texel
// representation"): unorm clamped to [0, 1] and rounded, -srgb formats
// encoded with the sRGB transfer function, floats as they are (ufloat
// clamped at 0). `out` holds texelBytes(format) bytes.
void writeTexel(TextureFormat format, const Rgba& color, std::span<uint8_t> out);

}  // namespace bindery::core
