// Choosing a backend (InstanceDescriptor / RequestAdapterOptions backend,
// #dom-gpu-requestadapter), completion by the backend's serial, and backend
// failures surfacing as the spec's outcomes: out-of-memory ->
// GPUOutOfMemoryError, internal -> GPUInternalError, device lost ->
// device.lost (failures injected into the null device).
#include <chrono>
#include <string>

#include "core/base/handles.h"
#include "core/resources/texture_view.h"
#include "test_device.h"

namespace bindery::testing {
namespace {

using ::testing::HasSubstr;

Adapter adapterOf(BackendType backend, const RequestAdapterOptions& options = {}) {
  return Instance::create({.backend = backend}).requestAdapter(options);
}

TEST(BackendChoiceTest, NullIsTheCppDefault) {
  Adapter adapter = Instance::create().requestAdapter();
  ASSERT_TRUE(adapter);
  EXPECT_EQ(adapter.info().backendType, BackendType::Null);
  EXPECT_EQ(adapter.info().description, "bindery validating null device");
}

TEST(BackendChoiceTest, RequestAdapterOptionsOverrideTheInstance) {
  Instance instance = Instance::create({.backend = BackendType::Vulkan});
  Adapter adapter = instance.requestAdapter({.backend = BackendType::Null});
  ASSERT_TRUE(adapter);
  EXPECT_EQ(adapter.info().backendType, BackendType::Null);
}

TEST(BackendChoiceTest, VulkanGivesAVulkanAdapterOrNone) {
  // Null when bindery is built without Vulkan or no physical device is usable.
  Adapter adapter = adapterOf(BackendType::Vulkan);
  if (adapter) {
    EXPECT_EQ(adapter.info().backendType, BackendType::Vulkan);
  }
}

TEST(BackendChoiceTest, AutoIsVulkanWhenItHasADeviceElseNull) {
  bool hasVulkan = static_cast<bool>(adapterOf(BackendType::Vulkan));
  Adapter adapter = adapterOf(BackendType::Auto);
  ASSERT_TRUE(adapter);
  EXPECT_EQ(adapter.info().backendType, hasVulkan ? BackendType::Vulkan : BackendType::Null);
}

TEST(BackendChoiceTest, ForceFallbackAdapterGivesOnlyFallbackAdapters) {
  for (BackendType backend : {BackendType::Null, BackendType::Vulkan, BackendType::Auto}) {
    Adapter adapter = adapterOf(backend, {.forceFallbackAdapter = true});
    // The null adapter is not a fallback adapter unless configured; a Vulkan
    // fallback adapter is a CPU device (lavapipe).
    if (backend == BackendType::Null) {
      EXPECT_FALSE(adapter);
    }
    if (adapter) {
      EXPECT_TRUE(adapter.info().isFallbackAdapter) << toString(backend);
    }
  }
  Adapter fallback = Instance::create({.nullAdapter = {.isFallbackAdapter = true}})
                         .requestAdapter({.forceFallbackAdapter = true});
  ASSERT_TRUE(fallback);
  EXPECT_TRUE(fallback.info().isFallbackAdapter);
}

TEST(BackendChoiceTest, PowerPreferenceStillGivesAnAdapter) {
  for (PowerPreference preference : {PowerPreference::LowPower, PowerPreference::HighPerformance}) {
    EXPECT_TRUE(adapterOf(BackendType::Auto, {.powerPreference = preference}));
    EXPECT_TRUE(adapterOf(BackendType::Null, {.powerPreference = preference}));
  }
}

TEST(BackendChoiceTest, BackendNamesAsNodeSpellsThem) {
  EXPECT_EQ(toString(BackendType::Vulkan), "vulkan");
  EXPECT_EQ(toString(BackendType::Null), "null");
  EXPECT_EQ(toString(BackendType::Auto), "auto");
  EXPECT_EQ(parseBackendType("vulkan"), BackendType::Vulkan);
  EXPECT_EQ(parseBackendType("null"), BackendType::Null);
  EXPECT_EQ(parseBackendType("auto"), BackendType::Auto);
  EXPECT_EQ(parseBackendType("Vulkan"), std::nullopt);
  EXPECT_EQ(parseBackendType("metal"), std::nullopt);
}

// --- completion by serial --------------------------------------------------------

class BackendCompletionTest : public DeviceTest {};

TEST_F(BackendCompletionTest, PendingSerialSaysWhatTheEventLoopMustWaitFor) {
  EXPECT_EQ(device.pendingSerial(), std::nullopt);  // nothing pending: the loop may end
  device.queue().submit({device.createCommandEncoder().finish()});
  bool done = false;
  device.queue().onSubmittedWorkDone([&] { done = true; });
  // The null device finishes work inside submit(): ready for the next tick.
  EXPECT_EQ(device.pendingSerial(), 0u);
  EXPECT_TRUE(device.waitSerial(1, std::chrono::milliseconds(0)));
  EXPECT_FALSE(done);
  device.tick();
  EXPECT_TRUE(done);
  EXPECT_EQ(device.pendingSerial(), std::nullopt);
}

// --- backend failures ---------------------------------------------------------------

class BackendFailureTest : public DeviceTest {
 protected:
  void inject(std::string_view operation, BackendFailure failure) {
    ASSERT_TRUE(device.injectBackendFailureForTesting(operation, failure)) << operation;
  }
  // The error `call` leaves in a scope of `filter`.
  std::optional<Error> errorIn(ErrorFilter filter, const std::function<void()>& call) {
    device.pushErrorScope(filter);
    call();
    return device.popErrorScope().error;
  }
};

TEST_F(BackendFailureTest, UnknownOperationsCannotBeInjected) {
  EXPECT_FALSE(device.injectBackendFailureForTesting("createWidget", BackendFailure::Internal));
}

TEST_F(BackendFailureTest, OutOfMemoryAtCreationIsAGPUOutOfMemoryErrorAndAnInvalidObject) {
  inject("createBuffer", BackendFailure::OutOfMemory);
  Buffer buffer;
  std::optional<Error> error = errorIn(ErrorFilter::OutOfMemory, [&] {
    buffer = device.createBuffer({.label = "big", .size = 256, .usage = BufferUsage::CopyDst});
  });
  ASSERT_TRUE(error);
  EXPECT_EQ(error->type, ErrorType::OutOfMemory);
  EXPECT_EQ(error->code, ErrorCode::OutOfMemory);
  EXPECT_THAT(error->message, HasSubstr("createBuffer([Buffer \"big\"])"));
  EXPECT_THAT(error->message, HasSubstr("ran out of memory"));
  // The buffer is invalid: using it is a validation error that says why.
  uint32_t word = 0;
  expectError(ErrorCode::InvalidObject,
              [&] { device.queue().writeBuffer(buffer, 0, &word, sizeof(word)); },
              {"[Invalid Buffer \"big\"]", "injected"});
  // Only the armed call fails.
  expectValid([&] { device.createBuffer({.size = 256, .usage = BufferUsage::CopyDst}); });
}

TEST_F(BackendFailureTest, OutOfMemoryIsNotAValidationError) {
  inject("createTexture", BackendFailure::OutOfMemory);
  std::optional<Error> validation = errorIn(ErrorFilter::Validation, [&] {
    device.pushErrorScope(ErrorFilter::OutOfMemory);
    device.createTexture(
        {.size = {4, 4}, .format = TextureFormat::Rgba8unorm, .usage = TextureUsage::CopyDst});
    EXPECT_TRUE(device.popErrorScope().error);
  });
  EXPECT_FALSE(validation);
}

TEST_F(BackendFailureTest, InternalFailureIsAGPUInternalError) {
  inject("createSampler", BackendFailure::Internal);
  std::optional<Error> error =
      errorIn(ErrorFilter::Internal, [&] { device.createSampler({.label = "s"}); });
  ASSERT_TRUE(error);
  EXPECT_EQ(error->type, ErrorType::Internal);
  EXPECT_EQ(error->code, ErrorCode::Internal);
  EXPECT_THAT(error->message, HasSubstr("createSampler"));
  EXPECT_THAT(error->message, HasSubstr("internal error injected"));
}

TEST_F(BackendFailureTest, QueueWriteFailuresReachTheScopes) {
  Buffer buffer = device.createBuffer({.size = 16, .usage = BufferUsage::CopyDst});
  inject("writeBuffer", BackendFailure::OutOfMemory);
  uint32_t word = 7;
  std::optional<Error> error = errorIn(ErrorFilter::OutOfMemory, [&] {
    device.queue().writeBuffer(buffer, 0, &word, sizeof(word));
  });
  ASSERT_TRUE(error);
  EXPECT_THAT(error->message, HasSubstr("writeBuffer"));
  inject("submit", BackendFailure::Internal);
  error = errorIn(ErrorFilter::Internal,
                  [&] { device.queue().submit({device.createCommandEncoder().finish()}); });
  ASSERT_TRUE(error);
  EXPECT_THAT(error->message, HasSubstr("submit([1 command buffer])"));
}

TEST_F(BackendFailureTest, AFailedMapRejectsTheMapAndReportsTheError) {
  Buffer buffer = device.createBuffer({.size = 16, .usage = BufferUsage::MapRead});
  inject("map", BackendFailure::OutOfMemory);
  std::optional<MapAsyncStatus> status;
  std::optional<Error> error = errorIn(ErrorFilter::OutOfMemory, [&] {
    buffer.mapAsync(MapMode::Read, 0, 16, [&](MapAsyncStatus s, std::string_view) { status = s; });
    device.tick();
  });
  ASSERT_TRUE(error);
  EXPECT_EQ(status, MapAsyncStatus::OperationError);
  EXPECT_EQ(buffer.mapState(), BufferMapState::Unmapped);
}

// The null device keeps no backend object for a view (nor a sampler, layout,
// bind group, shader module or pipeline: backend.h): the view is still valid
// and usable, and an injected failure still makes its creation fail.
TEST_F(BackendFailureTest, AViewTheNullDeviceKeepsNothingForIsValidAndCanStillFail) {
  Texture texture = device.createTexture(
      {.size = {4, 4}, .format = TextureFormat::Rgba8unorm, .usage = TextureUsage::TextureBinding});
  BindGroupLayout layout = device.createBindGroupLayout(
      {.entries = {
           {.binding = 0, .visibility = ShaderStage::Compute, .texture = TextureBindingLayout{}}}});
  TextureView view;
  expectValid([&] {
    view = texture.createView({.label = "kept"});
    device.createBindGroup({.layout = layout, .entries = {{.binding = 0, .resource = view}}});
  });
  EXPECT_TRUE(core::fromHandle<core::TextureViewBase>(view)->isValid());
  EXPECT_EQ(core::fromHandle<core::TextureViewBase>(view)->backendObject(), nullptr);

  inject("createTextureView", BackendFailure::OutOfMemory);
  TextureView failed;
  std::optional<Error> error =
      errorIn(ErrorFilter::OutOfMemory, [&] { failed = texture.createView({.label = "v"}); });
  ASSERT_TRUE(error);
  EXPECT_EQ(error->type, ErrorType::OutOfMemory);
  EXPECT_THAT(error->message, HasSubstr("createView"));
  EXPECT_FALSE(core::fromHandle<core::TextureViewBase>(failed)->isValid());
  expectError(
      ErrorCode::InvalidObject,
      [&] {
        device.createBindGroup({.layout = layout, .entries = {{.binding = 0, .resource = failed}}});
      },
      {"[Invalid TextureView \"v\"]"});
}

// Texture::tryCreateDefaultView (a bindery extension): the default view when
// createView() would make a valid one, else a null handle, and never a
// reported error: createView() reports why.
TEST_F(BackendFailureTest, TryCreateDefaultViewMakesAValidViewOrNothingAndReportsNothing) {
  Texture texture = device.createTexture({.label = "t",
                                          .size = {4, 4, 2},
                                          .format = TextureFormat::Rgba8unorm,
                                          .usage = TextureUsage::TextureBinding});
  TextureView view;
  expectValid([&] { view = texture.tryCreateDefaultView(); });
  ASSERT_TRUE(view);
  auto* v = core::fromHandle<core::TextureViewBase>(view);
  EXPECT_TRUE(v->isValid());
  EXPECT_EQ(v->dimension(), TextureViewDimension::e2DArray);
  EXPECT_EQ(v->arrayLayerCount(), 2u);
  EXPECT_EQ(view.label(), "");

  // A failed allocation: nothing made, nothing reported (the armed failure is
  // spent: the next createView() succeeds).
  inject("createTextureView", BackendFailure::OutOfMemory);
  expectValid([&] { EXPECT_FALSE(texture.tryCreateDefaultView()); });

  // An invalid texture: nothing, and createView() reports why.
  Texture broken;
  expectError(ErrorCode::TextureUsageEmpty, [&] {
    broken = device.createTexture({.label = "b", .size = {4, 4}, .format = TextureFormat::R8unorm});
  });
  expectValid([&] { EXPECT_FALSE(broken.tryCreateDefaultView()); });
  expectError(ErrorCode::InvalidObject, [&] { broken.createView(); }, {"[Invalid Texture \"b\"]"});

  // A lost device: nothing (createView() makes an invalid view, silently).
  device.destroy();
  expectValid([&] { EXPECT_FALSE(texture.tryCreateDefaultView()); });
}

TEST_F(BackendFailureTest, PipelineCreationFailureIsAnInternalPipelineError) {
  ShaderModule module =
      device.createShaderModule({.code = "@compute @workgroup_size(1) fn main() {}"});
  inject("createComputePipeline", BackendFailure::Internal);
  std::optional<PipelineError> rejected;
  device.createComputePipelineAsync(
      {.layout = kAutoLayout, .compute = {.module = module}},
      [&](CreatePipelineAsyncResult<ComputePipeline> result) { rejected = result.error; });
  EXPECT_TRUE(uncaptured.empty());
  device.tick();
  ASSERT_TRUE(rejected);
  EXPECT_EQ(rejected->reason, PipelineErrorReason::Internal);
}

TEST_F(BackendFailureTest, DeviceLossLosesTheDeviceAndSettlesPendingWork) {
  std::optional<DeviceLostInfo> lost;
  device.setDeviceLostCallback([&](const DeviceLostInfo& info) { lost = info; });
  bool workDone = false;
  device.queue().onSubmittedWorkDone([&] { workDone = true; });
  inject("submit", BackendFailure::DeviceLost);
  device.queue().submit({device.createCommandEncoder().finish()});
  ASSERT_TRUE(lost);
  EXPECT_EQ(lost->reason, DeviceLostReason::Unknown);
  EXPECT_THAT(lost->message, HasSubstr("device lost injected"));
  EXPECT_TRUE(device.isLost());
  device.tick();
  EXPECT_TRUE(workDone);
  EXPECT_EQ(device.pendingSerial(), std::nullopt);
  // Errors on a lost device go nowhere; creation still returns objects.
  EXPECT_TRUE(device.createBuffer({.size = 4, .usage = BufferUsage::CopyDst}));
}

TEST_F(BackendFailureTest, LossFoundWhilePollingCompletionSettlesTheMap) {
  Buffer buffer = device.createBuffer({.size = 16, .usage = BufferUsage::MapWrite});
  std::optional<MapAsyncStatus> status;
  buffer.mapAsync(MapMode::Write, 0, 16, [&](MapAsyncStatus s, std::string_view) { status = s; });
  inject("completedSerial", BackendFailure::DeviceLost);
  device.tick();
  EXPECT_TRUE(device.isLost());
  EXPECT_EQ(status, MapAsyncStatus::AbortError);
}

}  // namespace
}  // namespace bindery::testing
