// Override-expressions evaluated at pipeline creation with the constants a
// GPUProgrammableStage gives (#override-expr, #pipeline-creation-error,
// #abstract-opdef-validating-gpuprogrammablestage): the errors of
// const-expression evaluation, raised as pipeline-creation errors that name
// the expression and the overrides' values. Each rule with a passing and a
// failing case.
#include "core/pipeline/pipeline.h"

#include "core/base/handles.h"
#include "test_device.h"

namespace bindery::testing {
namespace {

class OverrideEvaluationTest : public DeviceTest {
 protected:
  ShaderModule module(const std::string& code) {
    ShaderModule m = device.createShaderModule({.label = "m", .code = code});
    EXPECT_TRUE(core::fromHandle<core::ShaderModuleBase>(m)->isValid())
        << m.getCompilationInfo().messages.front().message;
    return m;
  }
  ComputePipeline create(const ShaderModule& m, std::map<std::string, double> constants) {
    return device.createComputePipeline(
        {.label = "p",
         .layout = kAutoLayout,
         .compute = {.module = m, .constants = std::move(constants)}});
  }
};

TEST_F(OverrideEvaluationTest, DivisionByZeroInAFunctionBody) {
  ShaderModule m = module(R"(
override d : i32 = 1;
@compute @workgroup_size(1) fn main() { var x = 8; x = x / d; }
)");
  expectValid([&] { create(m, {{"d", 2}}); });
  expectError(ErrorCode::PipelineCreationProgramError,
              [&] {
                create(m, {{"d", 0}});
              },
              {"entry point 'main' of [ShaderModule \"m\"] has 1 WGSL pipeline-creation error "
               "with descriptor.compute.constants {'d': 0}",
               "integer division by zero (the right-hand side is 0) (in the override-expression "
               "'x / d', with d = 0)"});
}

TEST_F(OverrideEvaluationTest, IndexOutOfBoundsOfAnOverrideSizedArray) {
  ShaderModule m = module(R"(
override n : u32 = 8;
override i : u32 = 0;
var<workgroup> tile : array<f32, n>;
@compute @workgroup_size(1) fn main() { tile[i] = 1.0; tile[3] = 2.0; }
)");
  expectValid([&] { create(m, {{"n", 4}, {"i", 3}}); });
  expectError(ErrorCode::PipelineCreationProgramError,
              [&] {
                create(m, {{"n", 4}, {"i", 4}});
              },
              {"index 4 is out of bounds for 'array<f32, <override>>' (4 elements at the "
               "override values in use) (in the override-expression 'tile[i]', with i = 4)"});
  expectError(ErrorCode::PipelineCreationProgramError,
              [&] {
                create(m, {{"n", 3}});
              },
              {"index 3 is out of bounds for 'array<f32, <override>>' (3 elements"});
  expectError(ErrorCode::PipelineCreationProgramError,
              [&] {
                create(m, {{"n", 0}});
              },
              {"array element count must be greater than 0, got 0"});
}

TEST_F(OverrideEvaluationTest, BuiltinDomainsAndFloatOverflow) {
  ShaderModule m = module(R"(
override x : f32 = 0.5;
override lo : f32 = 0.0;
@compute @workgroup_size(1) fn main() { var v = 0.25; v = clamp(v, lo, 1.0) + log2(x) + x * 1e38; }
)");
  expectValid([&] { create(m, {{"x", 2}, {"lo", 1}}); });
  expectError(ErrorCode::PipelineCreationProgramError,
              [&] {
                create(m, {{"x", -1}});
              },
              {"log2(-1.0): -1.0 is outside the domain of 'log2', [0, +infinity] (in the "
               "override-expression 'log2(x)', with x = -1.0)"});
  expectError(ErrorCode::PipelineCreationProgramError,
              [&] {
                create(m, {{"x", 4}});
              },
              {"cannot be represented as 'f32' (in the override-expression 'x * 1e38', "
               "with x = 4.0)"});
  expectError(ErrorCode::PipelineCreationProgramError,
              [&] {
                create(m, {{"lo", 2}});
              },
              {"clamp: low (2.0) is greater than high (1.0)"});
}

TEST_F(OverrideEvaluationTest, ShiftAmountAndWorkgroupSize) {
  ShaderModule m = module(R"(
override s : u32 = 1;
override w : u32 = 4;
@compute @workgroup_size(w) fn main() { var b = 1u; b = b << s; }
)");
  expectValid([&] { create(m, {{"s", 31}, {"w", 256}}); });
  expectError(ErrorCode::PipelineCreationProgramError,
              [&] {
                create(m, {{"s", 32}});
              },
              {"shift amount 32 must be less than the bit width 32 (in the override-expression "
               "'b << s', with s = 32)"});
  expectError(ErrorCode::PipelineCreationProgramError,
              [&] {
                create(m, {{"w", 0}});
              },
              {"@workgroup_size arguments must be at least 1, got 0"});
  expectError(ErrorCode::PipelineWorkgroupSizeExceedsLimit,
              [&] {
                create(m, {{"w", 257}});
              },
              {"maxComputeWorkgroupSizeX limit (256)"});
}

}  // namespace
}  // namespace bindery::testing
