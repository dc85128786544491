// #shader-module-creation and GPUCompilationInfo.
#include "core/pipeline/shader_module.h"
#include "bindery/wgsl/module.h"
#include "core/base/handles.h"
#include "test_device.h"

namespace bindery::testing {
namespace {

using ShaderModuleTest = DeviceTest;

constexpr const char* kCompute = R"(
@group(0) @binding(0) var<storage, read_write> data : array<f32>;
@compute @workgroup_size(64) fn main(@builtin(global_invocation_id) id : vec3u) {
  data[id.x] = data[id.x] * 2.0;
}
)";

TEST_F(ShaderModuleTest, ValidModuleHasNoErrorMessages) {
  ShaderModule m;
  expectValid([&] { m = device.createShaderModule({.label = "double", .code = kCompute}); });
  ASSERT_TRUE(m);
  EXPECT_EQ(m.label(), "double");
  EXPECT_TRUE(core::fromHandle<core::ShaderModuleBase>(m)->isValid());
  for (const CompilationMessage& msg : m.getCompilationInfo().messages) {
    EXPECT_NE(msg.type, CompilationMessageType::Error) << msg.message;
  }
}

TEST_F(ShaderModuleTest, ErrorsMakeAnInvalidModuleWithPositions) {
  ShaderModule m;
  Error e = expectError(
      ErrorCode::ShaderModuleCompilationFailed,
      [&] {
        m = device.createShaderModule({.label = "bad", .code = "fn f() {\n  let x = ;\n}\n"});
      },
      {"createShaderModule([ShaderModule \"bad\"])", "line 2", "getCompilationInfo"});
  ASSERT_TRUE(m);
  EXPECT_FALSE(core::fromHandle<core::ShaderModuleBase>(m)->isValid());
  CompilationInfo info = m.getCompilationInfo();
  ASSERT_FALSE(info.messages.empty());
  const CompilationMessage& msg = info.messages.front();
  EXPECT_EQ(msg.type, CompilationMessageType::Error);
  EXPECT_EQ(msg.lineNum, 2u);
  EXPECT_GE(msg.linePos, 1u);
  EXPECT_GT(msg.offset, 0u);
}

// #uniformity: a derivative builtin under non-uniform control flow is a
// shader-creation error by default; with `diagnostic(warning|info, ...)` it
// is a compilation message of that type and the module is valid.
TEST_F(ShaderModuleTest, UniformityFailureIsACompilationError) {
  const std::string body =
      "@group(0) @binding(0) var t : texture_2d<f32>;\n"
      "@group(0) @binding(1) var s : sampler;\n"
      "@fragment fn fs(@location(0) uv : vec2f) -> @location(0) vec4f {\n"
      "  if (uv.x > 0.5) { return textureSample(t, s, uv); }\n"
      "  return vec4f();\n"
      "}\n";
  ShaderModule m;
  expectError(ErrorCode::ShaderModuleCompilationFailed,
              [&] { m = device.createShaderModule({.label = "nonuniform", .code = body}); },
              {"createShaderModule([ShaderModule \"nonuniform\"])", "line 4"});
  CompilationInfo info = m.getCompilationInfo();
  ASSERT_FALSE(info.messages.empty());
  EXPECT_EQ(info.messages[0].type, CompilationMessageType::Error);
  EXPECT_EQ(info.messages[0].lineNum, 4u);
  EXPECT_NE(info.messages[0].message.find("'textureSample' (at 4:28) must only be called from "
                                          "uniform control flow"),
            std::string::npos)
      << info.messages[0].message;

  for (auto [severity, type] : {std::pair{"warning", CompilationMessageType::Warning},
                                std::pair{"info", CompilationMessageType::Info}}) {
    ShaderModule ok;
    std::string code = "diagnostic(" + std::string(severity) + ", derivative_uniformity);\n" + body;
    expectValid([&] { ok = device.createShaderModule({.code = code}); });
    CompilationInfo okInfo = ok.getCompilationInfo();
    ASSERT_EQ(okInfo.messages.size(), 1u) << severity;
    EXPECT_EQ(okInfo.messages[0].type, type) << severity;
    EXPECT_EQ(okInfo.messages[0].lineNum, 5u);
  }
}

// #language-extensions-sec: `requires` of a language extension the front end
// implements (all 13) is fine; of a name that is none, a shader-creation
// error naming it and listing the supported ones
// (wgsl::supportedLanguageExtensions()).
TEST_F(ShaderModuleTest, RequiresNamesOnlySupportedLanguageExtensions) {
  EXPECT_EQ(wgsl::supportedLanguageExtensions().size(), 13u);
  for (std::string_view name : wgsl::supportedLanguageExtensions()) {
    expectValid(
        [&] { device.createShaderModule({.code = "requires " + std::string(name) + ";"}); });
  }
  ShaderModule m;
  expectError(ErrorCode::ShaderModuleCompilationFailed,
              [&] {
                m = device.createShaderModule(
                    {.label = "subgroups", .code = "// ids\nrequires texel_buffers;\n"});
              },
              {"createShaderModule([ShaderModule \"subgroups\"])", "line 2",
               "requires texel_buffers: 'texel_buffers' is not a WGSL language extension",
               "(supported: readonly_and_readwrite_storage_textures, "
               "packed_4x8_integer_dot_product,"});
  CompilationInfo info = m.getCompilationInfo();
  ASSERT_EQ(info.messages.size(), 1u);
  EXPECT_EQ(info.messages[0].type, CompilationMessageType::Error);
  EXPECT_EQ(info.messages[0].lineNum, 2u);
  EXPECT_EQ(info.messages[0].linePos, 10u);
}

TEST_F(ShaderModuleTest, PositionsAreUtf16CodeUnits) {
  // "é" is 2 bytes in UTF-8 but 1 UTF-16 code unit; "😀" is 4 bytes, 2 units.
  std::string code = "// é😀\nfn f() { let x = ; }\n";
  ShaderModule m;
  expectError(ErrorCode::ShaderModuleCompilationFailed,
              [&] { m = device.createShaderModule({.code = code}); });
  CompilationInfo info = m.getCompilationInfo();
  ASSERT_FALSE(info.messages.empty());
  const CompilationMessage& msg = info.messages.front();
  EXPECT_EQ(msg.lineNum, 2u);
  // Line 1 is "// é😀" + "\n": 3 + 1 + 2 + 1 = 7 UTF-16 units (bytes: 3 + 2 + 4 + 1 = 10).
  EXPECT_EQ(msg.offset, 7u + (msg.linePos - 1));
  EXPECT_GE(msg.length, 1u);
}

// The error message's "line:column" (and its formatted diagnostics) count
// code points; getCompilationInfo() counts UTF-16 code units. Before 'let':
// "/* 😀 */ " is 8 code points, 9 UTF-16 units, 11 bytes.
TEST_F(ShaderModuleTest, MessageColumnsAreCodePointsCompilationInfoUtf16) {
  ShaderModule m;
  expectError(ErrorCode::ShaderModuleCompilationFailed,
              [&] { m = device.createShaderModule({.code = "/* \xf0\x9f\x98\x80 */ let x = 1;"}); },
              {"the first, at line 1:9: 'let' declarations", "\n1:9: error: 'let'"});
  CompilationInfo info = m.getCompilationInfo();
  ASSERT_FALSE(info.messages.empty());
  EXPECT_EQ(info.messages[0].lineNum, 1u);
  EXPECT_EQ(info.messages[0].linePos, 10u);
  EXPECT_EQ(info.messages[0].offset, 9u);
}

TEST_F(ShaderModuleTest, MessageWithoutPositionIsZero) {
  std::vector<wgsl::Diagnostic> diags(1);
  diags[0].message = "whole-module note";
  diags[0].severity = wgsl::Diagnostic::Severity::Info;
  CompilationInfo info = core::makeCompilationInfo("fn f() {}", diags);
  ASSERT_EQ(info.messages.size(), 1u);
  EXPECT_EQ(info.messages[0].type, CompilationMessageType::Info);
  EXPECT_EQ(info.messages[0].lineNum, 0u);
  EXPECT_EQ(info.messages[0].linePos, 0u);
  EXPECT_EQ(info.messages[0].offset, 0u);
  EXPECT_EQ(info.messages[0].length, 0u);
}

TEST(ShaderModuleFeatureTest, EnableF16NeedsShaderF16) {
  DeviceOptions options;  // no requiredFeatures: shader-f16 is not enabled
  Device device = makeDevice(options);
  std::optional<Error> e = captureError(device, [&] {
    device.createShaderModule({.code = "enable f16;\n@compute @workgroup_size(1) fn main() {}\n"});
  });
  ASSERT_TRUE(e);
  EXPECT_EQ(e->code, ErrorCode::ShaderModuleExtensionNotEnabled) << e->message;
  EXPECT_THAT(e->message, ::testing::HasSubstr("shader-f16"));

  DeviceOptions withF16;
  withF16.descriptor.requiredFeatures = {FeatureName::ShaderF16};
  Device f16 = makeDevice(withF16);
  EXPECT_FALSE(captureError(f16, [&] {
    f16.createShaderModule({.code = "enable f16;\n@compute @workgroup_size(1) fn main() {}\n"});
  }));
}

// #dom-gpudevice-createshadermodule: each of the six enable-extensions of
// wgsl.bs (#enable-extensions) needs its GPUFeatureName; without it the module
// is a validation error naming the extension and the feature to request.
TEST(ShaderModuleFeatureTest, EveryEnableExtensionNeedsItsFeature) {
  struct Case {
    const char* extension;
    FeatureName feature;
    const char* featureName;
    const char* code;  // a use of what the extension allows
  };
  const Case cases[] = {
      {"f16", FeatureName::ShaderF16, "shader-f16",
       "@compute @workgroup_size(1) fn main() { _ = 1h; }\n"},
      {"clip_distances", FeatureName::ClipDistances, "clip-distances",
       "struct O { @builtin(position) p : vec4f, @builtin(clip_distances) c : array<f32, 1> }\n"
       "@vertex fn main() -> O { return O(); }\n"},
      {"dual_source_blending", FeatureName::DualSourceBlending, "dual-source-blending",
       "struct O { @location(0) @blend_src(0) a : vec4f, @location(0) @blend_src(1) b : vec4f }\n"
       "@fragment fn main() -> O { return O(); }\n"},
      {"subgroups", FeatureName::Subgroups, "subgroups",
       "@compute @workgroup_size(64) fn main() { _ = subgroupAdd(1u); }\n"},
      {"primitive_index", FeatureName::PrimitiveIndex, "primitive-index",
       "@fragment fn main(@builtin(primitive_index) i : u32) { _ = i; }\n"},
      {"subgroup_size_control", FeatureName::SubgroupSizeControl, "subgroup-size-control",
       "@compute @workgroup_size(64) @subgroup_size(32) fn main() { _ = subgroupAdd(1u); }\n"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.extension);
    const std::string code = "enable " + std::string(c.extension) + ";\n" + c.code;
    Device plain = makeDevice();
    std::optional<Error> e = captureError(plain, [&] { plain.createShaderModule({.code = code}); });
    ASSERT_TRUE(e);
    EXPECT_EQ(e->code, ErrorCode::ShaderModuleExtensionNotEnabled) << e->message;
    EXPECT_THAT(e->message, ::testing::HasSubstr("`enable " + std::string(c.extension) +
                                                 ";` (line 1), which needs the \"" + c.featureName +
                                                 "\" feature"));
    EXPECT_THAT(e->message, ::testing::HasSubstr("Request \"" + std::string(c.featureName) +
                                                 "\" in requiredFeatures"));
    // The module's compilation messages say it too (the front end's own check).
    ShaderModule module;
    captureError(plain, [&] { module = plain.createShaderModule({.code = code}); });
    std::string messages;
    for (const CompilationMessage& m : module.getCompilationInfo().messages)
      messages += m.message + "\n";
    EXPECT_THAT(messages, ::testing::HasSubstr("extension '" + std::string(c.extension) +
                                               "' is a known WGSL enable-extension"));
    EXPECT_THAT(messages, ::testing::HasSubstr("the feature '" + std::string(c.featureName) + "'"));

    DeviceOptions with;
    with.descriptor.requiredFeatures = {c.feature};
    Device device = makeDevice(with);
    EXPECT_FALSE(captureError(device, [&] { device.createShaderModule({.code = code}); }));
  }
}

// "subgroup-size-control" enables "subgroups" (#dom-gpufeaturename-subgroup-size-control),
// and `enable subgroup_size_control;` enables subgroups (#enable-extensions).
TEST(ShaderModuleFeatureTest, SubgroupSizeControlBringsSubgroups) {
  DeviceOptions with;
  with.descriptor.requiredFeatures = {FeatureName::SubgroupSizeControl};
  Device device = makeDevice(with);
  EXPECT_FALSE(captureError(device, [&] {
    device.createShaderModule({.code = "enable subgroups;\n"
                                       "@compute @workgroup_size(64) fn main() {\n"
                                       "  _ = subgroupAdd(1u);\n}\n"});
  }));
  // With "subgroups" only, `enable subgroup_size_control;` is refused.
  DeviceOptions subgroups;
  subgroups.descriptor.requiredFeatures = {FeatureName::Subgroups};
  Device only = makeDevice(subgroups);
  std::optional<Error> e = captureError(only, [&] {
    only.createShaderModule({.code = "enable subgroups;\nenable subgroup_size_control;\n"});
  });
  ASSERT_TRUE(e);
  EXPECT_EQ(e->code, ErrorCode::ShaderModuleExtensionNotEnabled) << e->message;
  EXPECT_THAT(e->message, ::testing::HasSubstr("`enable subgroup_size_control;` (line 2)"));
}

TEST(ShaderModuleStrictTest, StrictModeReportsAtTheCall) {
  DeviceOptions options;
  options.descriptor.strict = true;
  Device device = makeDevice(options);
  device.pushErrorScope(ErrorFilter::Validation);
  device.createShaderModule({.code = "fn ("});
  ASSERT_TRUE(device.lastError());
  EXPECT_EQ(device.lastError()->code, ErrorCode::ShaderModuleCompilationFailed);
  device.createShaderModule({.code = kCompute});
  EXPECT_FALSE(device.lastError());  // cleared by the next call
  PopErrorScopeResult popped = device.popErrorScope();
  ASSERT_TRUE(popped.error);  // the scope got it too
  EXPECT_EQ(popped.error->code, ErrorCode::ShaderModuleCompilationFailed);
}

// --- the compiled-shader cache (shader_module.h) ---------------------------------

const core::CompiledShader* compiledOf(const ShaderModule& m) {
  return &core::fromHandle<core::ShaderModuleBase>(m)->compiled();
}

// The same code and hints give the same compilation; each module keeps its
// own label and reports the messages (here a warning) itself.
TEST_F(ShaderModuleTest, SameCodeSharesOneCompilation) {
  std::string code = "diagnostic(warning, derivative_uniformity);\n" + std::string(kCompute);
  ShaderModule a, b;
  expectValid([&] {
    a = device.createShaderModule({.label = "first", .code = code});
    b = device.createShaderModule({.label = "second", .code = code});
  });
  EXPECT_EQ(compiledOf(a), compiledOf(b));
  EXPECT_EQ(a.label(), "first");
  EXPECT_EQ(b.label(), "second");
  b.setLabel("renamed");
  EXPECT_EQ(a.label(), "first");
  EXPECT_EQ(a.getCompilationInfo().messages.size(), b.getCompilationInfo().messages.size());
  EXPECT_TRUE(core::fromHandle<core::ShaderModuleBase>(b)->isValid());
}

// Another source (one byte), other hints or other WGSL options (a device
// with other features) compile apart.
TEST_F(ShaderModuleTest, OtherCodeHintsOrOptionsCompileApart) {
  ShaderModule a = device.createShaderModule({.code = kCompute});
  ShaderModule spaced = device.createShaderModule({.code = std::string(kCompute) + " "});
  ShaderModule hinted =
      device.createShaderModule({.code = kCompute, .compilationHints = {{.entryPoint = "main"}}});
  ShaderModule hintedAgain =
      device.createShaderModule({.code = kCompute, .compilationHints = {{.entryPoint = "main"}}});
  EXPECT_NE(compiledOf(a), compiledOf(spaced));
  EXPECT_NE(compiledOf(a), compiledOf(hinted));
  EXPECT_EQ(compiledOf(hinted), compiledOf(hintedAgain));

  Device all = makeDeviceWithAllFeatures();
  ShaderModule other = all.createShaderModule({.code = kCompute});
  ShaderModule otherAgain = all.createShaderModule({.code = kCompute});
  EXPECT_NE(compiledOf(a), compiledOf(other));  // allowF16 and the others differ
  EXPECT_EQ(compiledOf(other), compiledOf(otherAgain));
}

// WGSL with errors is compiled once too, and each creation still reports
// its error, naming its own module.
TEST_F(ShaderModuleTest, CachedInvalidCodeReportsEachTime) {
  ShaderModule first, second;
  expectError(ErrorCode::ShaderModuleCompilationFailed,
              [&] { first = device.createShaderModule({.label = "one", .code = "fn f() {"}); },
              {"createShaderModule([ShaderModule \"one\"])", "line 1"});
  expectError(ErrorCode::ShaderModuleCompilationFailed,
              [&] { second = device.createShaderModule({.label = "two", .code = "fn f() {"}); },
              {"createShaderModule([ShaderModule \"two\"])", "line 1"});
  EXPECT_EQ(compiledOf(first), compiledOf(second));
  EXPECT_FALSE(core::fromHandle<core::ShaderModuleBase>(second)->isValid());
  EXPECT_FALSE(second.getCompilationInfo().messages.empty());
}

// The feature check of `enable` is the device's, whatever compiled the code
// before: a device without shader-f16 refuses it after one with it accepted it.
TEST(ShaderModuleCacheTest, EnableIsCheckedPerDevice) {
  const std::string code = "enable f16;\n@compute @workgroup_size(1) fn main() { _ = 1h; }\n";
  DeviceOptions withF16;
  withF16.descriptor.requiredFeatures = {FeatureName::ShaderF16};
  Device f16 = makeDevice(withF16);
  ShaderModule ok;
  EXPECT_FALSE(captureError(f16, [&] { ok = f16.createShaderModule({.code = code}); }));
  Device plain = makeDevice();
  for (int i = 0; i < 2; ++i) {
    std::optional<Error> e = captureError(plain, [&] { plain.createShaderModule({.code = code}); });
    ASSERT_TRUE(e);
    EXPECT_EQ(e->code, ErrorCode::ShaderModuleExtensionNotEnabled) << e->message;
  }
}

// Held weakly: a compilation no module uses any more is let go, and unique
// sources made and dropped do not pile up.
TEST(ShaderModuleCacheTest, HoldsCompilationsWeakly) {
  Device device = makeDevice();
  const std::string unique =
      "// ShaderModuleCacheTest.HoldsCompilationsWeakly\n" + std::string(kCompute);
  {
    ShaderModule m = device.createShaderModule({.code = unique});
    ShaderModule again = device.createShaderModule({.code = unique});
    EXPECT_EQ(compiledOf(m), compiledOf(again));
  }
  size_t liveBefore = core::shaderCacheStats().live;
  for (int i = 0; i < 1000; ++i) {
    device.createShaderModule({.code = "// " + std::to_string(i) + "\n" + kCompute});
  }
  core::ShaderCacheStats after = core::shaderCacheStats();
  EXPECT_LE(after.live, liveBefore);
  EXPECT_LE(after.held, std::max<size_t>(64, 2 * after.live) + 1);
}

}  // namespace
}  // namespace bindery::testing
