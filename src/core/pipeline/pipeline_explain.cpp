// Explanations of layout: 'auto' mismatches (see pipeline_explain.h).
#include "core/pipeline/pipeline_explain.h"

#include <fmt/format.h>

#include "core/pipeline/pipeline.h"

namespace bindery::core {

const PipelineBase* autoLayoutOwner(const BindGroupLayoutBase& layout) {
  const ObjectBase* owner = layout.liveExclusivePipeline();
  if (!owner) return nullptr;
  if (owner->objectType() != ObjectType::ComputePipeline &&
      owner->objectType() != ObjectType::RenderPipeline) {
    return nullptr;
  }
  return static_cast<const PipelineBase*>(owner);
}

namespace {

// The @group `layout` is at in its pipeline's layout, or -1 (an empty layout
// from getBindGroupLayout of an unused group).
int groupOf(const PipelineBase& pipeline, const BindGroupLayoutBase& layout) {
  if (!pipeline.layout()) return -1;
  const auto& groups = pipeline.layout()->bindGroupLayouts();
  for (size_t g = 0; g < groups.size(); ++g) {
    if (groups[g].get() == &layout ||
        (groups[g] && groups[g]->internal() == layout.internal() && layout.internal())) {
      return static_cast<int>(g);
    }
  }
  return -1;
}

std::string entryName(const PipelineStage& s) {
  return fmt::format("'{}' ({})", s.entryPoint, wgsl::toString(s.reflection->stage));
}

const wgsl::ResourceBinding* usedBy(const PipelineStage& s, int group, uint32_t binding) {
  for (const wgsl::ResourceBinding& r : s.reflection->resources) {
    if ((group < 0 || r.group == static_cast<uint32_t>(group)) && r.binding == binding) return &r;
  }
  return nullptr;
}

}  // namespace

std::string explainAutoLayoutExtraBindings(const BindGroupLayoutBase& layout,
                                           std::span<const uint32_t> bindings) {
  const PipelineBase* pipeline = autoLayoutOwner(layout);
  if (!pipeline || bindings.empty()) return {};
  int group = groupOf(*pipeline, layout);
  // The general part is said once, however many bindings the group has too many.
  std::string text = fmt::format(
      "\n{} made this layout with layout: 'auto', which keeps only the bindings its entry points "
      "statically use (#default-pipeline-layout); a binding that is declared but not used is "
      "dropped.",
      pipeline->describe());
  for (uint32_t binding : bindings) {
    std::string where = group >= 0 ? fmt::format("@group({}) @binding({})", group, binding)
                                   : fmt::format("@binding({}) of this group", binding);
    bool declared = false;
    for (const PipelineStage& s : pipeline->stages()) {
      for (const ResourceDeclaration& d : s.module->declarations()) {
        if ((group >= 0 && d.group != static_cast<uint32_t>(group)) || d.binding != binding) {
          continue;
        }
        declared = true;
        text += fmt::format(
            "\nEntry point {} does not use {} '{}' (declared on line {} as {}), so the layout has "
            "no binding {}. Keep it with `_ = {};` in {}, or remove the entry from the bind group.",
            entryName(s), where, d.name, d.line, d.wgslType, binding, d.name, s.entryPoint);
      }
    }
    if (!declared) {
      text += fmt::format("\nNo module of the pipeline declares {}; remove the entry.", where);
    }
  }
  text +=
      "\nOr create the layout yourself (createBindGroupLayout + createPipelineLayout) with every "
      "binding you want to keep: an explicit layout does not change when the shader does.";
  return text;
}

std::string explainAutoLayoutExtraBinding(const BindGroupLayoutBase& layout, uint32_t binding) {
  return explainAutoLayoutExtraBindings(layout, std::span<const uint32_t>(&binding, 1));
}

std::string explainAutoLayoutMissingBinding(const BindGroupLayoutBase& layout, uint32_t binding) {
  const PipelineBase* pipeline = autoLayoutOwner(layout);
  if (!pipeline) return {};
  int group = groupOf(*pipeline, layout);
  std::string text;
  for (const PipelineStage& s : pipeline->stages()) {
    if (const wgsl::ResourceBinding* r = usedBy(s, group, binding)) {
      text += fmt::format(
          "\nEntry point {} of {} statically uses {}, so its layout: 'auto' has binding {}: the "
          "bind group must provide it.",
          entryName(s), pipeline->describe(), describeDeclaration(*r), binding);
    }
  }
  return text;
}

std::string explainAutoLayoutMismatch(const PipelineBase& pipeline, uint32_t group,
                                      const BindGroupLayoutBase& actual) {
  if (!pipeline.hasAutoLayout()) return {};
  std::string text = fmt::format(
      "\n{} has layout: 'auto': its bind group layouts are group-equivalent only to layouts of "
      "the same pipeline (their [[exclusivePipeline]]).",
      pipeline.describe());
  if (const PipelineBase* other = autoLayoutOwner(actual); other && other != &pipeline) {
    text += fmt::format(
        " The bind group's layout was made by the layout: 'auto' of {}, another "
        "pipeline, even if its entries are equal.",
        other->describe());
  }
  text += fmt::format(
      " Create the group with {}.getBindGroupLayout({}), or give both pipelines one explicit "
      "layout (createPipelineLayout) so their groups are interchangeable.",
      pipeline.describe(), group);
  return text;
}

}  // namespace bindery::core
