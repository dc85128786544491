// The buffer_view language extension: buffer types (#buffer-types), the
// variables that hold them (#var-decls), buffer pointer conversions of call
// arguments (#conversion-rank), bufferView / bufferArrayView / bufferLength
// (#buffer-view-builtin-functions) and the minimum binding size of a
// runtime-sized buffer (WebGPU #minimum-buffer-binding-size).
#include <string>

#include "test_util.h"

namespace bindery::wgsl::test {
namespace {

// The examples of #buffer-view-builtin-functions.
TEST(BufferView, SpecExamples) {
  parseOk(R"(requires buffer_view;

@group(0) @binding(0) var<storage> in : buffer;
@group(0) @binding(1) var<storage, read_write> out : buffer;

struct S {
  a : mat3x3f,
  b : vec2f,
}

fn foo(offsets : array<u32, 4>) {
  let p1 = bufferView<vec4u>(&in, offsets[0]);
  *bufferView<vec4u>(&out, offsets[1]) = *p1;
  let p2 = bufferView<array<S, 2>>(&in, offsets[2]);
  let v = (*p2)[1].a;
  *bufferView<mat3x3f>(&out, offsets[3]) = v;
}
@compute @workgroup_size(1) fn main() { foo(array(0u, 16u, 32u, 48u)); }
)");
  // (The spec's example reads `offset` where its parameter is `offsets`.)
  parseOk(R"(requires buffer_view;
const stride = 32;
const N = 4;
const size = 2048;
const_assert stride * N < size;
struct strided_u32 {
  @size(stride) a : u32,
}
@group(0) @binding(0) var<uniform> in : buffer<size>;
@group(0) @binding(1) var<storage, read_write> out: array<u32, N>;
fn foo(offset : u32) {
  var tmp : array<u32, N>;
  let view = bufferArrayView<array<strided_u32>>(&in, offset, stride * N);
  for (var i = 0; i < N; i++) {
    tmp[i] = (*view)[i].a;
  }
  out = tmp;
}
@compute @workgroup_size(1) fn main() { foo(0u); }
)");
  // bufferLength through parameters of smaller fixed sizes and the
  // runtime-sized buffer (#conversion-rank).
  parseOk(R"(requires buffer_view;
requires unrestricted_pointer_parameters;
@group(0) @binding(0) var<storage> b1 : buffer<2048>;
@group(0) @binding(1) var<storage> b2 : buffer<4096>;
fn foobar(p : ptr<storage, buffer>) -> u32 { return bufferLength(p); }
fn bar(p : ptr<storage, buffer<1024>>) -> u32 { return foobar(p); }
fn foo(p : ptr<storage, buffer<256>>) -> u32 { return bufferLength(p); }
@compute @workgroup_size(1)
fn main() {
  let len1 = bufferLength(&b1);
  let len3 = foo(&b1);
  let len4 = foo(&b2);
  let len5 = bar(&b1);
  let len7 = foobar(&b1);
  let len8 = foobar(&b2);
  _ = len1 + len3 + len4 + len5 + len7 + len8;
}
)");
}

TEST(BufferView, BufferPointerConversionsOnlyShrinkOrForgetTheSize) {
  const std::string decls =
      "@group(0) @binding(0) var<storage> b : buffer<256>;\n"
      "@group(0) @binding(1) var<storage> r : buffer;\n"
      "@group(0) @binding(2) var<storage, read_write> w : buffer<256>;\n";
  auto call = [&](const std::string& param, const std::string& arg) {
    return decls + "fn f(p : " + param + ") -> u32 { return bufferLength(p); }\n" +
           "@compute @workgroup_size(1) fn main() { _ = f(" + arg + "); }\n";
  };
  parseOk(call("ptr<storage, buffer<128>>", "&b"));
  parseOk(call("ptr<storage, buffer>", "&b"));
  parseOk(call("ptr<storage, buffer<256>>", "&b"));
  EXPECT_TRUE(fails(call("ptr<storage, buffer<512>>", "&b"),
                    "cannot use a value of type 'ptr<storage, buffer<256>, read>' as "
                    "'ptr<storage, buffer<512>, read>' in argument 1 of 'f'"));
  EXPECT_TRUE(fails(call("ptr<storage, buffer<128>>", "&r"),
                    "cannot use a value of type 'ptr<storage, buffer, read>'"));
  // The access mode must match.
  EXPECT_TRUE(fails(call("ptr<storage, buffer<128>>", "&w"), "cannot use a value of type"));
}

TEST(BufferView, BufferTypesAndTheVariablesThatHoldThem) {
  parseOk(
      "@group(0) @binding(0) var<uniform> u : buffer<64>;\n"
      "var<workgroup> g : buffer<256>;\n"
      "@compute @workgroup_size(1) fn main() { _ = bufferLength(&u) + bufferLength(&g); }\n");
  EXPECT_TRUE(failsAt("@group(0) @binding(0) var<storage> b : buffer<0>;", 1, 47,
                      "the size of a buffer must be greater than 0, got 0"));
  EXPECT_TRUE(
      failsAt("@group(0) @binding(0) var<storage> b : buffer<6>;", 1, 47,
              "the size of a buffer must be a multiple of 4 (2 with 'enable f16;'), got 6"));
  parseOk("enable f16;\n@group(0) @binding(0) var<storage> b : buffer<6>;");
  EXPECT_TRUE(fails("@group(0) @binding(0) var<storage> b : buffer<1.5>;",
                    "the size of a buffer must be an i32 or u32"));
  EXPECT_TRUE(fails("@group(0) @binding(0) var<uniform> b : buffer;",
                    "a runtime-sized buffer can only be the store type of a 'storage' variable"));
  EXPECT_TRUE(fails("var<workgroup> b : buffer;", "a runtime-sized buffer can only be"));
  EXPECT_TRUE(fails("var<private> b : buffer<16>;",
                    "buffer types can only be the store type of 'storage', 'uniform' and "
                    "'workgroup' variables, not of 'var b : buffer<16>' in the 'private'"));
  EXPECT_TRUE(fails("fn f() { var b : buffer<16>; }", "buffer types can only be the store type"));
  EXPECT_TRUE(fails("override n = 16;\n@group(0) @binding(0) var<storage> b : buffer<n>;",
                    "in the 'storage' address space the size of a buffer must be a "
                    "const-expression"));
  EXPECT_TRUE(
      fails("struct S { b : buffer<16> }", "struct member 'b' cannot have type 'buffer<16>'"));
  EXPECT_TRUE(fails("@group(0) @binding(0) var<storage> a : array<buffer<16>, 2>;",
                    "array element type must be a plain type"));
  EXPECT_TRUE(fails("fn f(b : buffer<16>) {}", "parameter 'b' cannot have type 'buffer<16>'"));
  // Not constructible: no expression evaluates to a buffer.
  EXPECT_TRUE(
      failsAt("@group(0) @binding(0) var<storage> b : buffer<16>;\n"
              "@compute @workgroup_size(1) fn main() { let x = b; }\n",
              2, 49, "an expression cannot be of a buffer type ('buffer<16>')"));
  EXPECT_TRUE(
      fails("@group(0) @binding(0) var<storage> b : buffer<16>;\n"
            "@compute @workgroup_size(1) fn main() { let p = &b; _ = *p; }\n",
            "an expression cannot be of a buffer type"));
  // A user declaration named 'buffer' shadows the predeclared type.
  parseOk(
      "struct buffer { x : u32 }\n@group(0) @binding(0) var<storage> b : buffer;\n"
      "@compute @workgroup_size(1) fn main() { _ = b.x; }\n");
}

// A workgroup buffer may have an override-expression size: checked at
// pipeline creation.
TEST(BufferView, OverrideSizedWorkgroupBuffer) {
  const char* src =
      "override n = 256;\n"
      "var<workgroup> g : buffer<n>;\n"
      "@compute @workgroup_size(1) fn main() { _ = bufferLength(&g); }\n";
  Reflection r = parseOk(src).reflect();
  EXPECT_EQ(entry(r, "main")->workgroupStorageSize, 256u);
  EXPECT_TRUE(entry(r, "main")->pipelineErrors.empty());
  Options o;
  o.overrideValues["n"] = 6;
  Reflection bad = parseOk(src, o).reflect();
  ASSERT_EQ(entry(bad, "main")->pipelineErrors.size(), 1u);
  EXPECT_NE(entry(bad, "main")
                ->pipelineErrors[0]
                .message.find("the size of a buffer must be a multiple of 4"),
            std::string::npos);
}

// Lines of `body` start at line 6.
std::string buf(const std::string& body) {
  return "@group(0) @binding(0) var<storage, read_write> b : buffer<64>;\n"
         "@group(0) @binding(1) var<storage> r : buffer;\n"
         "@group(0) @binding(2) var<uniform> u : buffer<64>;\n"
         "struct A { n : u32, data : array<vec2u> }\n"
         "@compute @workgroup_size(1) fn main(@builtin(local_invocation_index) li : u32) {\n" +
         body + "}\n";
}

TEST(BufferView, BufferViewRules) {
  parseOk(
      buf("  *bufferView<vec4u>(&b, 16) = vec4u(1);\n"
          "  _ = *bufferView<vec4u>(&b, li * 16u);\n"
          "  _ = (*bufferView<A>(&r, 0u)).data[li];\n"
          "  _ = *bufferView<vec4f>(&u, 48i);\n"));
  EXPECT_TRUE(failsAt(buf("  _ = *bufferView<u32>(&b, -4);\n"), 6, 28,
                      "bufferView<u32>: 'offset' must not be negative, got -4"));
  EXPECT_TRUE(failsAt(buf("  _ = *bufferView<vec4u>(&b, 4);\n"), 6, 30,
                      "bufferView<vec4<u32>>: 'offset' (4) must be a multiple of 16, the alignment "
                      "'vec4<u32>' requires in the 'storage' address space"));
  EXPECT_TRUE(failsAt(buf("  _ = *bufferView<array<u32, 32>>(&b, 0);\n"), 6, 19,
                      "'array<u32, 32>' needs at least 128 bytes but the buffer has 64 bytes"));
  EXPECT_TRUE(failsAt(buf("  _ = *bufferView<vec4u>(&b, 64);\n"), 6, 30,
                      "'offset' + 16 bytes of 'vec4<u32>' (80) is past the end of the buffer "
                      "(64 bytes)"));
  EXPECT_TRUE(fails(buf("  _ = *bufferView<bool>(&b, 0);\n"),
                    "the view type must be host-shareable and contain no atomic or buffer"));
  EXPECT_TRUE(fails(buf("  _ = atomicLoad(bufferView<atomic<u32>>(&b, 0));\n"),
                    "contain no atomic or buffer, got 'atomic<u32>'"));
  EXPECT_TRUE(fails(buf("  _ = bufferView<buffer<16>>(&b, 0);\n"), "contain no atomic or buffer"));
  EXPECT_TRUE(fails(buf("  _ = *bufferView<u32>(&b, 0.0);\n"),
                    "bufferView: 'offset' must be an i32 or u32"));
  EXPECT_TRUE(fails(buf("  _ = *bufferView<u32>(b, 0);\n"), "an expression cannot be of a buffer"));
  EXPECT_TRUE(fails(buf("  var x : u32;\n  _ = *bufferView<u32>(&x, 0);\n"),
                    "the first argument of bufferView must be a pointer to a buffer"));
  EXPECT_TRUE(fails(buf("  _ = *bufferView(&b, 0);\n"), "bufferView takes one template argument"));
  EXPECT_TRUE(fails(buf("  _ = *bufferView<u32>(&b);\n"), "bufferView takes 2 arguments"));
  // @must_use
  EXPECT_TRUE(fails(buf("  bufferLength(&b);\n"), "must be used"));
  // A read-only buffer's view is read-only.
  EXPECT_TRUE(fails(buf("  *bufferView<u32>(&r, 0) = 1u;\n"), "read"));
}

TEST(BufferView, UniformLayoutConstraintsApplyToTheView) {
  Options o;
  o.allowUniformBufferStandardLayout = false;
  EXPECT_TRUE(fails(buf("  _ = (*bufferView<array<u32, 4>>(&u, 0))[0];\n"),
                    "bufferView<array<u32, 4>>: in the 'uniform' address space, the stride of "
                    "array",
                    o));
  parseOk(buf("  _ = (*bufferView<array<vec4u, 4>>(&u, 0))[0];\n"), o);
  // The uniform's RequiredAlignOf rounds a structure or array up to 16.
  EXPECT_TRUE(fails(buf("  _ = (*bufferView<array<vec4u, 2>>(&u, 8))[0];\n"),
                    "must be a multiple of 16", o));
}

// #arraylength-builtin: a view's runtime-sized array may be in the 'uniform'
// or 'workgroup' address space; a plain pointer there is still refused.
TEST(BufferView, ArrayLengthOfViewsInEveryBufferAddressSpace) {
  parseOk(R"(requires buffer_view;
@group(0) @binding(0) var<uniform> u : buffer<64>;
@group(0) @binding(1) var<storage, read_write> out : array<u32, 2>;
var<workgroup> w : buffer<64>;
@compute @workgroup_size(1) fn main() {
  out[0] = arrayLength(bufferArrayView<array<vec4u>>(&u, 16, 48));
  out[1] = arrayLength(bufferArrayView<array<u32>>(&w, 0, 32));
})");
  EXPECT_TRUE(fails(R"(var<workgroup> a : array<u32, 4>;
@compute @workgroup_size(1) fn main() { _ = arrayLength(&a); })",
                    "expected a pointer to a runtime-sized array in the 'storage' address space "
                    "(or a view's in 'uniform' or 'workgroup')"));
}

TEST(BufferView, BufferArrayViewRules) {
  parseOk(
      buf("  _ = (*bufferArrayView<array<u32>>(&b, 8, 32))[li];\n"
          "  _ = (*bufferArrayView<A>(&r, li * 8u, 24)).data[li];\n"
          "  _ = arrayLength(&(*bufferArrayView<A>(&r, 0, 24)).data);\n"));
  EXPECT_TRUE(fails(buf("  _ = *bufferArrayView<vec4u>(&b, 0, 16);\n"),
                    "bufferArrayView: the view type must not have a fixed footprint"));
  EXPECT_TRUE(failsAt(buf("  _ = (*bufferArrayView<array<u32>>(&b, 0, -4))[0];\n"), 6, 44,
                      "'size' must not be negative, got -4"));
  EXPECT_TRUE(failsAt(buf("  _ = (*bufferArrayView<A>(&r, 0, 8)).n;\n"), 6, 35,
                      "bufferArrayView<A>: 'size' (8) is smaller than the 16 bytes 'A' needs"));
  EXPECT_TRUE(failsAt(buf("  _ = (*bufferArrayView<A>(&r, 0, 20)).n;\n"), 6, 35,
                      "'size' (20) minus the array's offset 8 must be a multiple of the array "
                      "stride 8"));
  EXPECT_TRUE(failsAt(buf("  _ = (*bufferArrayView<array<u32>>(&b, 40, 32))[0];\n"), 6, 41,
                      "'offset' + 'size' (72) is past the end of the buffer (64 bytes)"));
  // A runtime offset counts as 0.
  EXPECT_TRUE(fails(buf("  _ = (*bufferArrayView<array<u32>>(&b, li, 68))[0];\n"),
                    "'offset' + 'size' (68) is past the end of the buffer"));
  EXPECT_TRUE(fails(buf("  _ = (*bufferArrayView<array<u32>>(&b, 2, 32))[0];\n"),
                    "'offset' (2) must be a multiple of 4"));
}

// WebGPU #minimum-buffer-binding-size: a runtime-sized buffer needs the
// largest MinTypeSize of its views; a fixed-size one its size.
TEST(BufferView, MinimumBindingSize) {
  Reflection r = parseOk(buf("  _ = *bufferView<vec4u>(&r, 0);\n"
                             "  _ = (*bufferView<array<u32, 8>>(&r, 0))[0];\n"
                             "  _ = (*bufferArrayView<A>(&r, 0, 24)).n;\n"
                             "  _ = bufferLength(&b) + bufferLength(&u);\n"))
                     .reflect();
  const EntryPoint* e = entry(r, "main");
  ASSERT_NE(e, nullptr);
  ASSERT_EQ(e->resources.size(), 3u);
  EXPECT_EQ(e->resources[0].name, "b");
  EXPECT_EQ(e->resources[0].kind, ResourceKind::StorageBuffer);
  EXPECT_EQ(e->resources[0].minBindingSize, 64u);
  EXPECT_EQ(e->resources[0].wgslType, "buffer<64>");
  EXPECT_EQ(e->resources[1].name, "r");
  EXPECT_EQ(e->resources[1].kind, ResourceKind::ReadOnlyStorageBuffer);
  EXPECT_EQ(e->resources[1].minBindingSize, 32u);
  EXPECT_EQ(e->resources[2].kind, ResourceKind::UniformBuffer);
  EXPECT_EQ(e->resources[2].minBindingSize, 64u);
}

// "Find all bufferView and bufferArrayView built-in function calls where the
// buffer variable is the originating variable": through pointer parameters too.
TEST(BufferView, MinimumBindingSizeThroughPointerParameters) {
  Reflection r = parseOk(R"(
@group(0) @binding(0) var<storage> r : buffer;
@group(0) @binding(1) var<storage> s : buffer;
fn leaf(p : ptr<storage, buffer>) -> vec4u { return (*bufferView<array<vec4u, 4>>(p, 0))[0]; }
fn mid(q : ptr<storage, buffer>) -> vec4u { return leaf(q) + *bufferView<vec4u>(q, 0); }
@compute @workgroup_size(1) fn main() {
  _ = mid(&r);
  let ps = &s;
  _ = *bufferView<vec2u>(ps, 8);
}
)")
                     .reflect();
  const EntryPoint* e = entry(r, "main");
  ASSERT_NE(e, nullptr);
  ASSERT_EQ(e->resources.size(), 2u);
  EXPECT_EQ(e->resources[0].minBindingSize, 64u);  // array<vec4u, 4>, two calls down
  EXPECT_EQ(e->resources[1].minBindingSize, 8u);   // through a let pointer
}

}  // namespace
}  // namespace bindery::wgsl::test
