// Flag sets spelled as JavaScript writes them ("GPUBufferUsage.UNIFORM | ...").
#include <array>
#include <string>
#include <string_view>
#include <utility>

#include "bindery/flags.h"

namespace bindery {

namespace {

template <size_t N>
std::string spell(uint32_t bits, std::string_view ns,
                  const std::array<std::pair<uint32_t, std::string_view>, N>& names) {
  if (bits == 0) return "0";
  std::string out;
  for (const auto& [bit, name] : names) {
    if ((bits & bit) == 0) continue;
    if (!out.empty()) out += " | ";
    out += ns;
    out += '.';
    out += name;
    bits &= ~bit;
  }
  if (bits != 0) {
    if (!out.empty()) out += " | ";
    out += "0x";
    constexpr char kHex[] = "0123456789ABCDEF";
    std::string hex;
    for (; bits; bits >>= 4) hex.insert(hex.begin(), kHex[bits & 0xF]);
    out += hex;
  }
  return out;
}

constexpr std::array<std::pair<uint32_t, std::string_view>, 10> kBufferUsageNames{{
    {0x0001, "MAP_READ"},
    {0x0002, "MAP_WRITE"},
    {0x0004, "COPY_SRC"},
    {0x0008, "COPY_DST"},
    {0x0010, "INDEX"},
    {0x0020, "VERTEX"},
    {0x0040, "UNIFORM"},
    {0x0080, "STORAGE"},
    {0x0100, "INDIRECT"},
    {0x0200, "QUERY_RESOLVE"},
}};
constexpr std::array<std::pair<uint32_t, std::string_view>, 6> kTextureUsageNames{{
    {0x01, "COPY_SRC"},
    {0x02, "COPY_DST"},
    {0x04, "TEXTURE_BINDING"},
    {0x08, "STORAGE_BINDING"},
    {0x10, "RENDER_ATTACHMENT"},
    {0x20, "TRANSIENT_ATTACHMENT"},
}};
constexpr std::array<std::pair<uint32_t, std::string_view>, 3> kShaderStageNames{{
    {0x1, "VERTEX"},
    {0x2, "FRAGMENT"},
    {0x4, "COMPUTE"},
}};
constexpr std::array<std::pair<uint32_t, std::string_view>, 2> kMapModeNames{{
    {0x1, "READ"},
    {0x2, "WRITE"},
}};
constexpr std::array<std::pair<uint32_t, std::string_view>, 4> kColorWriteNames{{
    {0x1, "RED"},
    {0x2, "GREEN"},
    {0x4, "BLUE"},
    {0x8, "ALPHA"},
}};

}  // namespace

std::string toString(BufferUsageFlags f) {
  return spell(f.bits(), "GPUBufferUsage", kBufferUsageNames);
}
std::string toString(TextureUsageFlags f) {
  return spell(f.bits(), "GPUTextureUsage", kTextureUsageNames);
}
std::string toString(ShaderStageFlags f) {
  return spell(f.bits(), "GPUShaderStage", kShaderStageNames);
}
std::string toString(MapModeFlags f) {
  return spell(f.bits(), "GPUMapMode", kMapModeNames);
}
std::string toString(ColorWriteFlags f) {
  return spell(f.bits(), "GPUColorWrite", kColorWriteNames);
}

}  // namespace bindery
