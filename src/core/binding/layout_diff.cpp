// #bind-group-compatibility as a diagnostic: when a bind group is used where
// a layout that is not group-equivalent to its own is expected, list every
// binding that differs (a diff of the two entry maps), never just
// "incompatible".
#include <fmt/format.h>

#include <string>
#include <vector>

#include "core/binding/bind_group.h"

namespace bindery::core {

namespace {

// The fields of two entries with the same binding number that differ.
std::string entryDifferences(const LayoutEntry& expected, const LayoutEntry& actual) {
  std::vector<std::string> parts;
  if (expected.visibility != actual.visibility) {
    parts.push_back(
        fmt::format("visibility {} vs {}", toString(expected.stages()), toString(actual.stages())));
  }
  if (expected.kind != actual.kind) {
    parts.push_back(fmt::format("{} vs {}", expected.describeMember(), actual.describeMember()));
  } else if (expected.describeMember() != actual.describeMember()) {
    auto field = [&](bool differs, const char* name, auto a, auto b) {
      if (differs)
        parts.push_back(fmt::format("{}.{} {} vs {}", toString(expected.kind), name, a, b));
    };
    auto q = [](auto v) { return fmt::format("'{}'", toString(v)); };
    switch (expected.kind) {
      case BindingKind::Buffer:
        field(expected.bufferType != actual.bufferType, "type", q(expected.bufferType),
              q(actual.bufferType));
        field(expected.hasDynamicOffset != actual.hasDynamicOffset, "hasDynamicOffset",
              expected.hasDynamicOffset, actual.hasDynamicOffset);
        field(expected.minBindingSize != actual.minBindingSize, "minBindingSize",
              expected.minBindingSize, actual.minBindingSize);
        break;
      case BindingKind::Sampler:
        field(true, "type", q(expected.samplerType), q(actual.samplerType));
        break;
      case BindingKind::Texture:
        field(expected.sampleType != actual.sampleType, "sampleType", q(expected.sampleType),
              q(actual.sampleType));
        field(expected.viewDimension != actual.viewDimension, "viewDimension",
              q(expected.viewDimension), q(actual.viewDimension));
        field(expected.multisampled != actual.multisampled, "multisampled", expected.multisampled,
              actual.multisampled);
        break;
      case BindingKind::StorageTexture:
        field(expected.access != actual.access, "access", q(expected.access), q(actual.access));
        field(expected.storageFormat != actual.storageFormat, "format", q(expected.storageFormat),
              q(actual.storageFormat));
        field(expected.viewDimension != actual.viewDimension, "viewDimension",
              q(expected.viewDimension), q(actual.viewDimension));
        break;
      case BindingKind::ExternalTexture: break;
    }
  }
  std::string text;
  for (const std::string& p : parts) {
    if (!text.empty()) text += "; ";
    text += p;
  }
  return text;
}

}  // namespace

std::string describeLayoutDiff(const BindGroupLayoutBase& expected,
                               const BindGroupLayoutBase& actual) {
  std::string diff;
  const BindGroupLayoutInternal* e = expected.internal();
  const BindGroupLayoutInternal* a = actual.internal();
  if (e && a) {
    std::vector<const LayoutEntry*> es = e->sortedByBinding();
    std::vector<const LayoutEntry*> as = a->sortedByBinding();
    size_t i = 0, j = 0;
    while (i < es.size() || j < as.size()) {
      if (j == as.size() || (i < es.size() && es[i]->binding < as[j]->binding)) {
        diff +=
            fmt::format("\n  - binding {}: expected {}, but the group's layout has no binding {}",
                        es[i]->binding, es[i]->describeMember(), es[i]->binding);
        ++i;
      } else if (i == es.size() || as[j]->binding < es[i]->binding) {
        diff +=
            fmt::format("\n  + binding {}: the group's layout has {}, not in the expected layout",
                        as[j]->binding, as[j]->describeMember());
        ++j;
      } else {
        if (!(*es[i] == *as[j])) {
          diff += fmt::format("\n  ~ binding {}: expected vs the group's: {}", es[i]->binding,
                              entryDifferences(*es[i], *as[j]));
        }
        ++i;
        ++j;
      }
    }
  }
  if (expected.exclusivePipeline() != actual.exclusivePipeline()) {
    auto owner = [](const BindGroupLayoutBase& l) {
      return l.exclusivePipeline()
                 ? fmt::format("made by the layout: 'auto' of {}", l.exclusivePipelineDescription())
                 : std::string("an explicit layout (createBindGroupLayout)");
    };
    diff += fmt::format(
        "\n  ~ [[exclusivePipeline]]: the expected layout is {}, the group's is {}; "
        "a layout: 'auto' layout is group-equivalent only to layouts of its own "
        "pipeline, even with equal entries",
        owner(expected), owner(actual));
  }
  return diff;
}

MaybeError validateBindGroupLayoutEquivalent(const BindGroupBase& group,
                                             const BindGroupLayoutBase& expected,
                                             std::string_view where) {
  const BindGroupLayoutBase* actual = group.layout();
  if (actual && actual->isGroupEquivalent(expected)) [[likely]] {
    return {};
  }
  auto error = makeValidationError(
      ErrorCode::BindGroupLayoutNotEquivalent,
      fmt::format("{} was created with {}, which is not group-equivalent to {}, expected by {}. "
                  "Differences (- expected only, + group only, ~ both but different):{}",
                  group.describe(), actual ? actual->describeWithOwner() : std::string("null"),
                  expected.describeWithOwner(), where,
                  actual ? describeLayoutDiff(expected, *actual) : std::string()));
  error->fix =
      "Create the group with the expected layout, or make both layouts explicit "
      "(createBindGroupLayout) with equal entries: such layouts are interchangeable.";
  return error;
}

}  // namespace bindery::core
