// #language-extensions-sec / `requires`: the front end accepts exactly the
// language extensions it implements (supportedLanguageExtensions(), also what
// GPU.wgslLanguageFeatures reports), and refuses any other name with a
// message that names it and lists the supported ones.
#include <iterator>
#include <map>
#include <string>

#include "test_util.h"

namespace bindery::wgsl {
namespace {

using test::failsAt;
using test::parseOk;

// What each implemented extension adds, used once. A supported extension is
// available without `requires`, which only documents its use
// (#language-extensions-sec).
const std::map<std::string, std::string> kUses = {
    {"readonly_and_readwrite_storage_textures",
     "@group(0) @binding(0) var t : texture_storage_2d<r32float, read_write>;\n"
     "@compute @workgroup_size(1) fn main() {\n"
     "  textureStore(t, vec2u(0), textureLoad(t, vec2u(0)));\n"
     "  textureBarrier();\n"
     "}\n"},
    {"packed_4x8_integer_dot_product",
     "@compute @workgroup_size(1) fn main() {\n"
     "  _ = dot4U8Packed(1u, 2u);\n"
     "  _ = dot4I8Packed(1u, 2u);\n"
     "  _ = unpack4xU8(pack4xI8(vec4i(1)) + pack4xU8Clamp(vec4u(300)));\n"
     "}\n"},
    {"unrestricted_pointer_parameters",
     "@group(0) @binding(0) var<storage, read_write> b : array<u32, 4>;\n"
     "fn f(p : ptr<storage, u32, read_write>) { *p = 1u; }\n"
     "@compute @workgroup_size(1) fn main() { f(&b[1]); }\n"},
    {"pointer_composite_access",
     "struct S { m : u32 }\n"
     "@compute @workgroup_size(1) fn main() {\n"
     "  var s : S;\n"
     "  let p = &s;\n"
     "  _ = p.m;\n"
     "  var a : array<u32, 2>;\n"
     "  let pa = &a;\n"
     "  pa[1] = 2u;\n"
     "}\n"},
    {"uniform_buffer_standard_layout",
     "@group(0) @binding(0) var<uniform> u : array<f32, 4>;\n"
     "@compute @workgroup_size(1) fn main() { _ = u[0]; }\n"},
    {"texture_formats_tier1",
     "@group(0) @binding(0) var a : texture_storage_2d<r8unorm, write>;\n"
     "@group(0) @binding(1) var b : texture_storage_2d<rg11b10ufloat, write>;\n"
     "@group(0) @binding(2) var c : texture_storage_2d<rgba16snorm, read_write>;\n"
     "@compute @workgroup_size(1) fn main() {\n"
     "  textureStore(a, vec2u(0), vec4f(1.0));\n"
     "  textureStore(b, vec2u(0), vec4f(1.0));\n"
     "  textureStore(c, vec2u(0), textureLoad(c, vec2u(0)));\n"
     "}\n"},
    {"immediate_address_space",
     "var<immediate> k : vec4f;\n"
     "@compute @workgroup_size(1) fn main() { _ = k; }\n"},
    {"subgroup_id",
     "enable subgroups;\n"
     "@compute @workgroup_size(64) fn main(@builtin(subgroup_id) s : u32,\n"
     "                                    @builtin(num_subgroups) n : u32) { _ = s + n; }\n"},
    // At subgroup scope subgroup_id is uniform, so subgroupAdd under it is in
    // control flow uniform across the subgroup (refused at the workgroup
    // scope alone: tests/wgsl/uniformity_subgroup_test.cpp).
    {"subgroup_uniformity",
     "enable subgroups;\n"
     "@compute @workgroup_size(64) fn main(@builtin(subgroup_id) s : u32) {\n"
     "  if s == 0u { _ = subgroupAdd(1u); }\n"
     "}\n"},
    {"texture_and_sampler_let",
     "@group(0) @binding(0) var t : texture_2d<f32>;\n"
     "@group(0) @binding(1) var s : sampler;\n"
     "@fragment fn main() -> @location(0) vec4f {\n"
     "  let tt = t;\n"
     "  let ss = s;\n"
     "  return textureSample(tt, ss, vec2f());\n"
     "}\n"},
    {"linear_indexing",
     "@compute @workgroup_size(1) fn main(@builtin(global_invocation_index) g : u32,\n"
     "                                   @builtin(workgroup_index) w : u32) { _ = g + w; }\n"},
    {"fragment_depth", "@fragment fn main() -> @builtin(frag_depth, less) f32 { return 0.5; }\n"},
    // More in tests/wgsl/buffer_view_test.cpp.
    {"buffer_view",
     "@group(0) @binding(0) var<storage, read_write> b : buffer<64>;\n"
     "@compute @workgroup_size(1) fn main() {\n"
     "  *bufferView<vec4u>(&b, 16) = vec4u(bufferLength(&b));\n"
     "  (*bufferArrayView<array<u32>>(&b, 32, 32))[1] = 2u;\n"
     "}\n"},
};

constexpr const char* kSupportedList =
    "(supported: readonly_and_readwrite_storage_textures, packed_4x8_integer_dot_product, "
    "unrestricted_pointer_parameters, pointer_composite_access, uniform_buffer_standard_layout, "
    "subgroup_id, subgroup_uniformity, texture_and_sampler_let, texture_formats_tier1, "
    "linear_indexing, immediate_address_space, fragment_depth, buffer_view)";

TEST(LanguageExtensions, EverySupportedOneIsAcceptedAndWorks) {
  const std::vector<std::string_view> names = supportedLanguageExtensions();
  ASSERT_EQ(names.size(), kUses.size());
  for (std::string_view name : names) {
    auto use = kUses.find(std::string(name));
    ASSERT_NE(use, kUses.end()) << name << " is supported but has no use here";
    parseOk("requires " + std::string(name) + ";\n" + use->second);
    parseOk(use->second);
  }
  // One directive can name several.
  parseOk("requires pointer_composite_access, texture_formats_tier1,;\n");
}

// #language-extensions-sec: the thirteen language extensions of the 2026
// specification, all implemented (so all reported by wgslLanguageFeatures).
TEST(LanguageExtensions, AllThirteenOfTheSpecAreImplemented) {
  const char* spec[] = {"readonly_and_readwrite_storage_textures",
                        "packed_4x8_integer_dot_product",
                        "unrestricted_pointer_parameters",
                        "pointer_composite_access",
                        "uniform_buffer_standard_layout",
                        "subgroup_id",
                        "subgroup_uniformity",
                        "texture_and_sampler_let",
                        "texture_formats_tier1",
                        "linear_indexing",
                        "immediate_address_space",
                        "fragment_depth",
                        "buffer_view"};
  const std::vector<std::string_view> names = supportedLanguageExtensions();
  ASSERT_EQ(names.size(), std::size(spec));
  for (size_t i = 0; i < names.size(); ++i) EXPECT_EQ(names[i], spec[i]);
  parseOk(
      "requires readonly_and_readwrite_storage_textures, packed_4x8_integer_dot_product,\n"
      "  unrestricted_pointer_parameters, pointer_composite_access, "
      "uniform_buffer_standard_layout,\n"
      "  subgroup_id, subgroup_uniformity, texture_and_sampler_let, texture_formats_tier1,\n"
      "  linear_indexing, immediate_address_space, fragment_depth, buffer_view;\n");
}

// What the four added language extensions refuse.
TEST(LanguageExtensions, AddedExtensionsRules) {
  EXPECT_TRUE(
      test::fails("@compute @workgroup_size(1) fn main(@builtin(subgroup_id) s : u32) { _ = s; }",
                  "@builtin(subgroup_id) requires 'enable subgroups;'"));
  EXPECT_TRUE(
      test::fails("@fragment fn main(@builtin(workgroup_index) w : u32) {}", "workgroup_index"));
  EXPECT_TRUE(test::fails("@fragment fn main() -> @builtin(frag_depth, equal) f32 { return 0.5; }",
                          "depth mode of @builtin(frag_depth, ...) must be 'less' or 'greater'"));
  test::parseOk("@fragment fn main() -> @builtin(frag_depth, greater) f32 { return 0.5; }");
  EXPECT_TRUE(
      test::fails("fn f() { let a = array<u32, 2>(); let p = &a; }", "cannot take the address"));
}

// Not a language extension but an enable-extension rule (#enable-extensions):
// "subgroups will be automatically enabled when subgroup_size_control is
// enabled", with its uniformity rules.
TEST(EnableExtensions, SubgroupSizeControlEnablesSubgroups) {
  test::parseOk(
      "enable subgroup_size_control;\n"
      "@compute @workgroup_size(64) @subgroup_size(32)\n"
      "fn main(@builtin(subgroup_invocation_id) i : u32) { _ = subgroupAdd(i); }\n");
  EXPECT_TRUE(test::fails(
      "enable subgroup_size_control;\n"
      "@compute @workgroup_size(64) fn main(@builtin(subgroup_invocation_id) i : u32) {\n"
      "  if i == 0u { _ = subgroupAdd(1u); }\n"
      "}\n",
      "'subgroupAdd' (at 3:20) must only be called from uniform control flow"));
  EXPECT_TRUE(test::fails("@compute @workgroup_size(1) fn main() { _ = subgroupAdd(1u); }",
                          "'subgroupAdd' requires 'enable subgroups;'"));
}

TEST(LanguageExtensions, UnknownNamesAreShaderCreationErrors) {
  for (const char* name : {"texel_buffers", "nothing_like_this", "f16"}) {
    EXPECT_TRUE(failsAt("requires " + std::string(name) + ";", 1, 10,
                        "requires " + std::string(name) + ": '" + name +
                            "' is not a WGSL language extension " + kSupportedList))
        << name;
  }
}

TEST(LanguageExtensions, OptionsTurnOneOff) {
  Options o;
  o.allowPointerCompositeAccess = false;
  const std::vector<std::string_view> names = supportedLanguageExtensions(o);
  EXPECT_EQ(std::find(names.begin(), names.end(), "pointer_composite_access"), names.end());
  EXPECT_EQ(names.size(), kUses.size() - 1);
  EXPECT_TRUE(failsAt("requires pointer_composite_access;", 1, 10,
                      "language extension 'pointer_composite_access' is turned off in the options "
                      "(supported: readonly_and_readwrite_storage_textures, "
                      "packed_4x8_integer_dot_product, unrestricted_pointer_parameters, "
                      "uniform_buffer_standard_layout, subgroup_id, subgroup_uniformity, "
                      "texture_and_sampler_let, texture_formats_tier1, linear_indexing, "
                      "immediate_address_space, fragment_depth, buffer_view)",
                      o));
}

}  // namespace
}  // namespace bindery::wgsl
