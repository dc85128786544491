// The render pipeline rules about the shader's stage inputs and outputs
// against the render state (#render-pipeline-creation): vertex attributes
// against the vertex entry point's @location inputs, fragment @location
// outputs against the color targets (including dual-source blending),
// vertex outputs against fragment inputs (#abstract-opdef-validating-inter-stage-interfaces),
// and the frag_depth / sample_mask builtins against depthStencil and
// multisample. The render state itself (strides, formats, blend factors) is
// checked first, in render_pipeline.cpp.
#pragma once

#include "bindery/pipeline.h"
#include "core/base/error_data.h"
#include "core/pipeline/pipeline.h"

namespace bindery::core {

class DeviceBase;

// `vertex` and `fragment` (null when the descriptor has no fragment state)
// are the resolved stages of `descriptor`.
MaybeError validateRenderPipelineShaderIo(const DeviceBase* device,
                                          const RenderPipelineDescriptor& descriptor,
                                          const PipelineStage& vertex,
                                          const PipelineStage* fragment);

// Whether a GPUBlendFactor reads the second source of the blending unit
// ('src1', 'one-minus-src1', 'src1-alpha', 'one-minus-src1-alpha').
bool isDualSourceFactor(BlendFactor factor);

}  // namespace bindery::core
