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

namespace bindery::core {

class BindGroupLayoutBase;
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

}  // namespace bindery::core
