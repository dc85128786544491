// Typed bit sets for the WebGPU flag namespaces (GPUBufferUsage, GPUTextureUsage,
// GPUShaderStage, GPUMapMode, GPUColorWrite). Bit values are the spec's, so a
// flag set converts losslessly to and from the JavaScript number.
#pragma once

#include <cstdint>
#include <string>

namespace bindery {

template <class Bit>
class Flags {
 public:
  constexpr Flags() = default;
  constexpr Flags(Bit bit) : bits_(static_cast<uint32_t>(bit)) {}  // NOLINT: implicit by design
  static constexpr Flags fromBits(uint32_t bits) {
    Flags f;
    f.bits_ = bits;
    return f;
  }
  constexpr uint32_t bits() const { return bits_; }
  constexpr bool has(Flags other) const { return (bits_ & other.bits_) == other.bits_; }
  constexpr bool any(Flags other) const { return (bits_ & other.bits_) != 0; }
  constexpr bool empty() const { return bits_ == 0; }
  constexpr explicit operator bool() const { return bits_ != 0; }
  constexpr Flags operator|(Flags o) const { return fromBits(bits_ | o.bits_); }
  constexpr Flags operator&(Flags o) const { return fromBits(bits_ & o.bits_); }
  constexpr Flags operator^(Flags o) const { return fromBits(bits_ ^ o.bits_); }
  constexpr Flags& operator|=(Flags o) { return bits_ |= o.bits_, *this; }
  constexpr Flags& operator&=(Flags o) { return bits_ &= o.bits_, *this; }
  constexpr Flags without(Flags o) const { return fromBits(bits_ & ~o.bits_); }
  constexpr bool operator==(const Flags&) const = default;

 private:
  uint32_t bits_ = 0;
};

// The flag namespaces. Each bit's value is the one in webgpu.bs.
enum class BufferUsage : uint32_t {
  MapRead = 0x0001,
  MapWrite = 0x0002,
  CopySrc = 0x0004,
  CopyDst = 0x0008,
  Index = 0x0010,
  Vertex = 0x0020,
  Uniform = 0x0040,
  Storage = 0x0080,
  Indirect = 0x0100,
  QueryResolve = 0x0200,
};
inline constexpr uint32_t kBufferUsageAll = 0x03FF;

enum class TextureUsage : uint32_t {
  CopySrc = 0x01,
  CopyDst = 0x02,
  TextureBinding = 0x04,
  StorageBinding = 0x08,
  RenderAttachment = 0x10,
  TransientAttachment = 0x20,
};
inline constexpr uint32_t kTextureUsageAll = 0x3F;

enum class ShaderStage : uint32_t {
  Vertex = 0x1,
  Fragment = 0x2,
  Compute = 0x4,
};
inline constexpr uint32_t kShaderStageAll = 0x7;

enum class MapMode : uint32_t {
  Read = 0x0001,
  Write = 0x0002,
};

enum class ColorWrite : uint32_t {
  Red = 0x1,
  Green = 0x2,
  Blue = 0x4,
  Alpha = 0x8,
  All = 0xF,
};

using BufferUsageFlags = Flags<BufferUsage>;
using TextureUsageFlags = Flags<TextureUsage>;
using ShaderStageFlags = Flags<ShaderStage>;
using MapModeFlags = Flags<MapMode>;
using ColorWriteFlags = Flags<ColorWrite>;

#define BINDERY_FLAG_OPERATORS(Bit)              \
  constexpr Flags<Bit> operator|(Bit a, Bit b) { \
    return Flags<Bit>(a) | Flags<Bit>(b);        \
  }                                              \
  constexpr Flags<Bit> operator&(Bit a, Bit b) { \
    return Flags<Bit>(a) & Flags<Bit>(b);        \
  }
BINDERY_FLAG_OPERATORS(BufferUsage)
BINDERY_FLAG_OPERATORS(TextureUsage)
BINDERY_FLAG_OPERATORS(ShaderStage)
BINDERY_FLAG_OPERATORS(MapMode)
BINDERY_FLAG_OPERATORS(ColorWrite)
#undef BINDERY_FLAG_OPERATORS

// Spell a flag set as the user writes it in JavaScript:
// "GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST", or "0" when empty.
std::string toString(BufferUsageFlags flags);
std::string toString(TextureUsageFlags flags);
std::string toString(ShaderStageFlags flags);
std::string toString(MapModeFlags flags);
std::string toString(ColorWriteFlags flags);

}  // namespace bindery
