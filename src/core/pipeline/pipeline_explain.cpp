// Explanations of layout: 'auto' mismatches, and of the sizes of buffer
// bindings' WGSL types (see pipeline_explain.h).
#include "core/pipeline/pipeline_explain.h"

#include <fmt/format.h>

#include <optional>
#include <string_view>

#include "core/pipeline/pipeline.h"
#include "core/pipeline/shader_binding_validation.h"
#include "core/resources/format.h"

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

// --- Sizes of WGSL types (#alignment-and-size, #memory-layouts) --------------

namespace {

struct TypeLayout {
  uint64_t size = 0;
  uint64_t align = 0;
  // Why the size has padding (a vec3's alignment, an array's stride), or "".
  std::string padding;
};

uint64_t roundUp(uint64_t k, uint64_t n) {
  return k == 0 ? n : (n + k - 1) / k * k;
}

// "array<vec3<f32>, 4>" -> {"vec3<f32>", "4"}: the template arguments at depth 1.
std::vector<std::string_view> templateArgs(std::string_view type) {
  std::vector<std::string_view> args;
  size_t open = type.find('<');
  if (open == std::string_view::npos || type.back() != '>') return args;
  int depth = 0;
  size_t start = open + 1;
  for (size_t i = open + 1; i + 1 < type.size(); ++i) {
    if (type[i] == '<') ++depth;
    if (type[i] == '>') --depth;
    if (type[i] == ',' && depth == 0) {
      args.push_back(type.substr(start, i - start));
      start = i + 1;
    }
  }
  args.push_back(type.substr(start, type.size() - 1 - start));
  for (std::string_view& a : args) {
    while (!a.empty() && a.front() == ' ') a.remove_prefix(1);
    while (!a.empty() && a.back() == ' ') a.remove_suffix(1);
  }
  return args;
}

const wgsl::StructLayout* findStruct(const wgsl::Reflection& module, std::string_view name) {
  for (const wgsl::StructLayout& s : module.structs) {
    if (s.name == name) return &s;
  }
  return nullptr;
}

std::optional<TypeLayout> layoutOf(const wgsl::Reflection& module, std::string_view type) {
  if (type == "f32" || type == "i32" || type == "u32") return TypeLayout{4, 4, {}};
  if (type == "f16") return TypeLayout{2, 2, {}};
  std::string_view base = type.substr(0, type.find('<'));
  std::vector<std::string_view> args = templateArgs(type);
  if (base == "atomic") return TypeLayout{4, 4, {}};
  if (base.size() == 4 && base.substr(0, 3) == "vec" && args.size() == 1) {
    uint64_t n = static_cast<uint64_t>(base[3] - '0');
    std::optional<TypeLayout> scalar = layoutOf(module, args[0]);
    if (!scalar || n < 2 || n > 4) return std::nullopt;
    return TypeLayout{n * scalar->size, (n == 3 ? 4 : n) * scalar->size, {}};
  }
  if (base.size() == 6 && base.substr(0, 3) == "mat" && args.size() == 1) {
    uint64_t columns = static_cast<uint64_t>(base[3] - '0');
    std::string column = fmt::format("vec{}<{}>", base[5], args[0]);
    std::optional<TypeLayout> c = layoutOf(module, column);
    if (!c) return std::nullopt;
    uint64_t stride = roundUp(c->align, c->size);
    TypeLayout t{columns * stride, c->align, {}};
    if (stride != c->size) {
      t.padding = fmt::format("each {} column of {} takes {} bytes ({} is {} bytes, aligned to {})",
                              column, type, stride, column, c->size, c->align);
    }
    return t;
  }
  if (base == "array" && !args.empty()) {
    std::optional<TypeLayout> e = layoutOf(module, args[0]);
    if (!e) return std::nullopt;
    uint64_t stride = roundUp(e->align, e->size);
    uint64_t count = 1;  // a runtime-sized array counts one element
    if (args.size() > 1) {
      count = 0;
      for (char ch : args[1]) {
        if (ch < '0' || ch > '9') break;
        count = count * 10 + static_cast<uint64_t>(ch - '0');
      }
    }
    TypeLayout t{count * stride, e->align, e->padding};
    if (stride != e->size) {
      t.padding = fmt::format("the element stride of {} is {} ({} is {} bytes, aligned to {})",
                              type, stride, args[0], e->size, e->align);
    }
    if (args.size() == 1)
      t.padding +=
          (t.padding.empty() ? "" : "; ") + std::string("a runtime-sized array counts one element");
    return t;
  }
  if (const wgsl::StructLayout* s = findStruct(module, type)) {
    return TypeLayout{s->size, s->align, {}};
  }
  return std::nullopt;
}

// The padding of struct `s`: the gaps between members and at the end.
std::string structPadding(const wgsl::Reflection& module, const wgsl::StructLayout& s) {
  std::vector<std::string> parts;
  uint64_t end = 0;
  const wgsl::MemberLayout* previous = nullptr;
  uint64_t data = 0;
  for (const wgsl::MemberLayout& m : s.members) {
    if (m.offset > end) {
      std::string why = fmt::format("{} is aligned to {}", m.wgslType, m.align);
      parts.push_back(fmt::format(
          "{} bytes before '{}' at offset {} ({}){}", m.offset - end, m.name, m.offset, why,
          previous ? fmt::format(", after '{}' ends at {}", previous->name, end) : std::string()));
    }
    std::optional<TypeLayout> t = layoutOf(module, m.wgslType);
    if (t && !t->padding.empty()) parts.push_back(fmt::format("in '{}': {}", m.name, t->padding));
    data += m.size;
    end = uint64_t{m.offset} + m.size;
    previous = &m;
  }
  if (s.size > end) {
    const wgsl::MemberLayout* aligner = nullptr;
    for (const wgsl::MemberLayout& m : s.members) {
      if (m.align == s.align) {
        aligner = &m;
        break;
      }
    }
    parts.push_back(fmt::format(
        "{} bytes at the end, to round the size up to a multiple of the struct's alignment ({}{})",
        s.size - end, s.align,
        aligner ? fmt::format(", from '{}': {}", aligner->name, aligner->wgslType)
                : std::string()));
  }
  if (parts.empty()) return {};
  std::string text = fmt::format("its members hold {} bytes; the padding: ", data);
  for (size_t i = 0; i < parts.size(); ++i) text += (i ? "; " : "") + parts[i];
  return text;
}

}  // namespace

std::string explainBufferTypeSize(const wgsl::Reflection& module, const wgsl::ResourceBinding& r) {
  std::string decl =
      r.declLine ? fmt::format("'{}' (line {})", r.name, r.declLine) : fmt::format("'{}'", r.name);
  std::string type = r.wgslType;
  std::string padding;
  if (const wgsl::StructLayout* s = findStruct(module, type)) {
    padding = structPadding(module, *s);
    // A struct ending in a runtime-sized array counts one element of it.
    if (!s->members.empty() && s->members.back().wgslType.find(',') == std::string::npos &&
        s->members.back().wgslType.rfind("array<", 0) == 0) {
      padding +=
          (padding.empty() ? "" : "; ") +
          fmt::format("its runtime-sized array '{}' counts one element", s->members.back().name);
    }
  } else if (std::optional<TypeLayout> t = layoutOf(module, type)) {
    padding = t->padding;
  }
  if (padding.empty()) return {};
  return fmt::format(" The WGSL type of {} is {}, {} bytes: {}.", decl, type, r.minBindingSize,
                     padding);
}

std::string explainAutoLayoutMinBindingSize(const BindGroupLayoutBase& layout, uint32_t binding) {
  const PipelineBase* pipeline = autoLayoutOwner(layout);
  if (!pipeline) return {};
  int group = groupOf(*pipeline, layout);
  for (const PipelineStage& s : pipeline->stages()) {
    if (!s.reflection || !s.module) continue;
    if (const wgsl::ResourceBinding* r = usedBy(s, group, binding)) {
      return fmt::format(
          " The layout is the layout: 'auto' of {}, whose minBindingSize is the shader's minimum "
          "binding size of {}.{}",
          pipeline->describe(), describeDeclaration(*r),
          explainBufferTypeSize(s.module->reflection(), *r));
    }
  }
  return {};
}

namespace {

bool isFilteringBuiltin(std::string_view name) {
  return name.rfind("textureSample", 0) == 0 && name.find("Compare") == std::string_view::npos
             ? true
             : name == "textureGather";
}

const wgsl::ResourceBinding* resourceAt(const wgsl::EntryPoint& ep, uint32_t group,
                                        uint32_t binding) {
  for (const wgsl::ResourceBinding& r : ep.resources) {
    if (r.group == group && r.binding == binding) return &r;
  }
  return nullptr;
}

}  // namespace

AutoLayoutExplanation explainAutoLayoutFilterable(const BindGroupLayoutBase& layout,
                                                  uint32_t binding, TextureFormat format,
                                                  const FeatureSet& features) {
  const PipelineBase* pipeline = autoLayoutOwner(layout);
  if (!pipeline) return {};
  int group = groupOf(*pipeline, layout);
  if (group < 0) return {};
  const auto g = static_cast<uint32_t>(group);
  AutoLayoutExplanation out;
  std::string samplerName;
  for (const PipelineStage& s : pipeline->stages()) {
    if (!s.reflection) continue;
    const wgsl::EntryPoint& ep = *s.reflection;
    const wgsl::ResourceBinding* texture = resourceAt(ep, g, binding);
    if (!texture) continue;
    for (const wgsl::TextureUse& use : ep.textureUses) {
      if (use.textureGroup != g || use.textureBinding != binding || !use.hasSampler ||
          use.comparisonSampler) {
        continue;
      }
      const wgsl::ResourceBinding* sampler = resourceAt(ep, use.samplerGroup, use.samplerBinding);
      samplerName = sampler ? sampler->name : std::string("its sampler");
      std::string calls;
      for (const wgsl::BuiltinFunctionUse& f : ep.builtinFunctions) {
        if (!isFilteringBuiltin(f.name)) continue;
        calls +=
            fmt::format("{}{} (first call on line {})", calls.empty() ? "" : ", ", f.name, f.line);
      }
      out.text = fmt::format(
          "\nThe 'float' requirement comes from the layout: 'auto' of {}: entry point '{}' "
          "samples {} with the sampler '{}' (@group({}) @binding({})){}, so 'auto' makes the "
          "texture 'float' (filterable) and the sampler 'filtering' (#default-pipeline-layout). "
          "'{}' is not filterable on this device.",
          pipeline->describe(), s.entryPoint, describeDeclaration(*texture), samplerName,
          use.samplerGroup, use.samplerBinding, calls.empty() ? "" : " in " + calls,
          toString(format));
      break;
    }
    if (!out.text.empty()) break;
  }
  if (out.text.empty()) return {};
  const FormatInfo& info = formatInfo(format);
  out.fix = fmt::format(
      "Either give the pipeline an explicit layout (createBindGroupLayout + "
      "createPipelineLayout) with texture: {{sampleType: 'unfilterable-float'}} at binding {} "
      "and sampler: {{type: 'non-filtering'}} for '{}' (and a sampler created with "
      "'nearest' filters)",
      binding, samplerName);
  if (info.filterable.possible() && !info.filterable.supported(features)) {
    out.fix += fmt::format(
        ", or request the '{}' feature (requiredFeatures: ['{}']) so that '{}' "
        "can be filtered",
        toString(info.filterable.feature), toString(info.filterable.feature), toString(format));
  } else {
    out.fix += fmt::format(
        "; no feature makes '{}' filterable, so with layout: 'auto' read it with textureLoad "
        "instead",
        toString(format));
  }
  out.fix += ".";
  return out;
}

std::string explainMinimumBindingSize(const ObjectBase* object, uint32_t group, uint32_t binding) {
  if (!object || (object->objectType() != ObjectType::ComputePipeline &&
                  object->objectType() != ObjectType::RenderPipeline)) {
    return {};
  }
  const auto* pipeline = static_cast<const PipelineBase*>(object);
  for (const PipelineStage& s : pipeline->stages()) {
    if (!s.reflection || !s.module) continue;
    if (const wgsl::ResourceBinding* r = usedBy(s, static_cast<int>(group), binding)) {
      return explainBufferTypeSize(s.module->reflection(), *r);
    }
  }
  return {};
}

}  // namespace bindery::core
