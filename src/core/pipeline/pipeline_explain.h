// Explaining layout: 'auto' (#default-pipeline-layout) when a bind group or a
// layout disagrees with it: which entry point did not statically use which
// binding, that 'auto' drops what is not statically used, and the fixes (an
// explicit layout, or `_ = x;` in the entry point).
//
// These return text to append to an error message (starting with "\n"), or
// an empty string when `layout` is not a layout: 'auto' layout. Callers: bind
// group creation (a binding not in the layout / missing from the group) and
// the encoders' bind group checks.
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "bindery/enums.h"
#include "bindery/wgsl/reflection.h"
#include "core/device/features.h"

namespace bindery::core {

class BindGroupLayoutBase;
class ObjectBase;
class PipelineBase;

// `binding` is not in `layout` (a bind group entry has it): why 'auto' left it out.
std::string explainAutoLayoutExtraBinding(const BindGroupLayoutBase& layout, uint32_t binding);
// The same for several bindings, with the general part (what 'auto' keeps, the
// explicit-layout fix) said once.
std::string explainAutoLayoutExtraBindings(const BindGroupLayoutBase& layout,
                                           std::span<const uint32_t> bindings);
// `layout` has `binding` but the bind group does not: which entry point uses it.
std::string explainAutoLayoutMissingBinding(const BindGroupLayoutBase& layout, uint32_t binding);
// A bind group of layout `actual` is used at @group(`group`) of `pipeline`
// whose layout is 'auto': why the two are not group-equivalent.
std::string explainAutoLayoutMismatch(const PipelineBase& pipeline, uint32_t group,
                                      const BindGroupLayoutBase& actual);

// The pipeline whose layout: 'auto' made `layout`, or null.
const PipelineBase* autoLayoutOwner(const BindGroupLayoutBase& layout);

// Why the WGSL store type of the buffer binding `resource` of `module` is as
// large as its minimum binding size (#minimum-buffer-binding-size): the
// type, its size, and where the padding comes from (a vec3 aligned to 16, a
// struct's size rounded up to its alignment, an array's stride). Text to
// append (starting with " "), or "" when the type has no padding.
std::string explainBufferTypeSize(const wgsl::Reflection& module,
                                  const wgsl::ResourceBinding& resource);
// A bind group's buffer binding is smaller than the minBindingSize of
// `layout` at `binding`: when `layout` is a layout: 'auto' one, that the
// size comes from the shader, with explainBufferTypeSize's text.
std::string explainAutoLayoutMinBindingSize(const BindGroupLayoutBase& layout, uint32_t binding);
// A bind group binds a view of `format` (not filterable as 'float' here) at
// `binding` of `layout`, whose texture entry asks 'float'. When `layout` is
// a layout: 'auto' one, `text` says the requirement comes from the shader
// sampling the texture with a filtering sampler (naming the sampling
// builtin and its line) and `fix` gives the fixes; both "" otherwise.
struct AutoLayoutExplanation {
  std::string text;
  std::string fix;
};
AutoLayoutExplanation explainAutoLayoutFilterable(const BindGroupLayoutBase& layout,
                                                  uint32_t binding, TextureFormat format,
                                                  const FeatureSet& features);
// The same for the variable at @group(group) @binding(binding) of `pipeline`
// (a compute or render pipeline; "" for anything else or an unused binding).
std::string explainMinimumBindingSize(const ObjectBase* pipeline, uint32_t group, uint32_t binding);

}  // namespace bindery::core
