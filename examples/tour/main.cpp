// examples/tour: the seeds' scenarios, step by step (scripts/demo runs it).
#include <cstdio>

#include "tour.h"

int main() {
  using namespace bindery;
  Instance instance = Instance::create();
  RequestDeviceResult result = instance.requestAdapter().requestDevice(
      {.label = "tour",
       .requiredFeatures = {FeatureName::TextureComponentSwizzle, FeatureName::Float32Filterable}});
  if (result.status != RequestDeviceResult::Status::Success) {
    std::fprintf(stderr, "tour: no device: %s\n", result.message.c_str());
    return 1;
  }
  tour::Tour tour(result.device);

  tour::textureViews(tour);
  tour::bindingModel(tour);
  tour::pipelines(tour);
  tour::gpuCompute(tour);

  std::printf("\n%d step(s) failed.\n", tour.failures());
  return tour.failures() == 0 ? 0 : 1;
}
