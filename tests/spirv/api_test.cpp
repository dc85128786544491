// generate()'s contract: errors for a module with errors, an unknown entry
// point and constructs not supported yet (named, with the WGSL line); the
// binding remap; the SPIR-V version.
#include <gtest/gtest.h>

#include "spirv_testing.h"

namespace {

using bindery::spirv::ErrorKind;
using bindery::spirv::testing::compile;

TEST(SpirvApi, InvalidModule) {
  bindery::wgsl::Module m = bindery::wgsl::parse("fn f( {");
  auto r = bindery::spirv::generate(m, "f");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error->kind, ErrorKind::InvalidModule);
  EXPECT_TRUE(r.words.empty());
}

TEST(SpirvApi, NoSuchEntryPointListsTheEntryPoints) {
  auto c =
      compile("@compute @workgroup_size(1) fn a() {}\n@compute @workgroup_size(1) fn b() {}", "c");
  ASSERT_TRUE(c.result.error);
  EXPECT_EQ(c.result.error->kind, ErrorKind::NoSuchEntryPoint);
  EXPECT_NE(c.result.error->message.find("'c'"), std::string::npos);
  EXPECT_NE(c.result.error->message.find("'a', 'b'"), std::string::npos);
}

// What remains NotSupportedYet is a construct the device lacks a feature for.
TEST(SpirvApi, NotSupportedYetNamesTheConstructAndLine) {
  bindery::spirv::Options o;
  o.subgroups = false;
  auto c = compile(R"(
enable subgroups;
@group(0) @binding(0) var<storage, read_write> v: u32;
@compute @workgroup_size(1) fn main() {
  v = subgroupAdd(v);
})",
                   "main", o);
  ASSERT_TRUE(c.result.error);
  EXPECT_EQ(c.result.error->kind, ErrorKind::NotSupportedYet);
  EXPECT_EQ(c.result.error->construct,
            "subgroupAdd without the device's 'subgroups' feature (Options::subgroups)");
  EXPECT_EQ(c.result.error->line, 5u);
  EXPECT_NE(c.result.error->formatted().find(
                "5:7: error: subgroupAdd without the device's 'subgroups' feature "
                "(Options::subgroups) is not supported yet"),
            std::string::npos)
      << c.result.error->formatted();
  EXPECT_TRUE(c.result.words.empty());
}

TEST(SpirvApi, BindingRemap) {
  bindery::spirv::Options o;
  o.bindingRemap[{1, 2}] = {3, 7};
  auto c = compile(R"(
@group(1) @binding(2) var<storage, read_write> v: u32;
@compute @workgroup_size(1) fn main() { v = 1u; })",
                   "main", o);
  ASSERT_TRUE(c.valid()) << bindery::spirv::testing::describe(c);
  EXPECT_NE(c.disassembly.find("DescriptorSet 3"), std::string::npos) << c.disassembly;
  EXPECT_NE(c.disassembly.find("Binding 7"), std::string::npos) << c.disassembly;
}

TEST(SpirvApi, Spirv14InterfaceListsEveryGlobal) {
  bindery::spirv::Options o;
  o.version = 0x00010400;
  auto c = compile(R"(
@group(0) @binding(0) var<storage, read_write> v: u32;
var<private> p: u32 = 3u;
@compute @workgroup_size(1) fn main() { v = p; })",
                   "main", o);
  ASSERT_TRUE(c.valid()) << bindery::spirv::testing::describe(c);
  EXPECT_EQ(bindery::spirv::targetEnvironment(o), "vulkan1.1spv1.4");
}

TEST(SpirvApi, OnlyStaticallyUsedResourcesAreEmitted) {
  auto c = compile(R"(
@group(0) @binding(0) var<storage, read_write> used: u32;
@group(0) @binding(1) var<storage, read_write> unused: u32;
@compute @workgroup_size(1) fn main() { used = 1u; })",
                   "main");
  ASSERT_TRUE(c.valid()) << bindery::spirv::testing::describe(c);
  EXPECT_EQ(c.disassembly.find("unused"), std::string::npos);
}

}  // namespace
