// GPUShaderModule: #shader-module-creation, GPUCompilationInfo, and the
// per-entry-point data pipeline creation derives from the WGSL reflection.
#include "core/pipeline/shader_module.h"

#include <fmt/format.h>

#include <algorithm>

#include "core/device/device.h"
#include "core/base/handles.h"

namespace bindery::core {

namespace {

// UTF-16 code units of the UTF-8 bytes [begin, end) of `s`.
uint64_t utf16Length(std::string_view s, size_t begin, size_t end) {
  end = std::min(end, s.size());
  uint64_t n = 0;
  for (size_t i = begin; i < end; ++i) {
    auto c = static_cast<unsigned char>(s[i]);
    if ((c & 0xC0) == 0x80) continue;  // continuation byte
    n += (c >= 0xF0) ? 2 : 1;          // 4-byte sequences are surrogate pairs
  }
  return n;
}

struct ExtensionFeature {
  std::string_view extension;
  FeatureName feature;
};
constexpr ExtensionFeature kExtensionFeatures[] = {
    {"f16", FeatureName::ShaderF16},
    {"clip_distances", FeatureName::ClipDistances},
    {"dual_source_blending", FeatureName::DualSourceBlending},
    {"subgroups", FeatureName::Subgroups},
    {"primitive_index", FeatureName::PrimitiveIndex},
};

}  // namespace

CompilationInfo makeCompilationInfo(std::string_view source,
                                    const std::vector<wgsl::Diagnostic>& diagnostics) {
  CompilationInfo info;
  info.messages.reserve(diagnostics.size());
  for (const wgsl::Diagnostic& d : diagnostics) {
    CompilationMessage m;
    m.message = d.message;
    m.type = d.severity == wgsl::Diagnostic::Severity::Error     ? CompilationMessageType::Error
             : d.severity == wgsl::Diagnostic::Severity::Warning ? CompilationMessageType::Warning
                                                                 : CompilationMessageType::Info;
    if (d.line != 0) {
      size_t lineStart = d.offset >= d.column - 1 ? d.offset - (d.column - 1) : 0;
      m.lineNum = d.line;
      m.linePos = utf16Length(source, lineStart, d.offset) + 1;
      m.offset = utf16Length(source, 0, d.offset);
      m.length = utf16Length(source, d.offset, size_t{d.offset} + d.length);
    }
    info.messages.push_back(std::move(m));
  }
  return info;
}

void deriveModuleExtras(const wgsl::Reflection& reflection, std::vector<EntryPointExtras>* extras,
                        std::vector<ResourceDeclaration>* declarations) {
  extras->assign(reflection.entryPoints.size(), {});
  declarations->clear();
  for (const wgsl::ResourceBinding& r : reflection.declaredResources) {
    declarations->push_back({r.group, r.binding, r.name, r.wgslType, r.declLine});
  }
  for (size_t i = 0; i < reflection.entryPoints.size(); ++i) {
    const wgsl::EntryPoint& ep = reflection.entryPoints[i];
    EntryPointExtras& x = (*extras)[i];
    // The filtering-sampler rule looks at textures used with a 'sampler'.
    for (const wgsl::TextureUse& u : ep.textureUses) {
      if (!u.hasSampler || u.comparisonSampler) continue;
      SamplerTexturePair pair{u.textureGroup, u.textureBinding, u.samplerGroup, u.samplerBinding};
      if (std::find(x.samplerPairs.begin(), x.samplerPairs.end(), pair) == x.samplerPairs.end()) {
        x.samplerPairs.push_back(pair);
      }
    }
    x.workgroupStorageSize = ep.workgroupStorageSize;
  }
}

ShaderModuleBase::ShaderModuleBase(DeviceBase* device, const ShaderModuleDescriptor& d,
                                   wgsl::Module module, CompilationInfo info, wgsl::Options options)
    : ObjectBase(device, ObjectType::ShaderModule, d.label),
      info_(std::move(info)),
      source_(d.code),
      options_(std::move(options)) {
  reflection_ = module.reflect();
  deriveModuleExtras(reflection_, &extras_, &declarations_);
}

wgsl::Reflection ShaderModuleBase::reflectWithOverrides(
    const std::map<std::string, double>& values, std::vector<wgsl::Diagnostic>* diagnostics) const {
  wgsl::Options options = options_;
  options.overrideValues = values;
  return wgsl::reflect(source_, diagnostics, options);
}

ShaderModuleBase::ShaderModuleBase(DeviceBase* device, const ShaderModuleDescriptor& d,
                                   CompilationInfo info, InvalidTag tag)
    : ObjectBase(device, ObjectType::ShaderModule, d.label, tag), info_(std::move(info)) {}

ShaderModuleBase::~ShaderModuleBase() = default;

int ShaderModuleBase::findEntryPoint(wgsl::Stage stage, const std::optional<std::string>& name,
                                     std::string* why) const {
  const auto& eps = reflection_.entryPoints;
  auto list = [&](bool ofStage) {
    std::string names;
    for (const wgsl::EntryPoint& ep : eps) {
      if (ofStage && ep.stage != stage) continue;
      if (!names.empty()) names += ", ";
      names += fmt::format("'{}' ({})", ep.name, wgsl::toString(ep.stage));
    }
    return names.empty() ? std::string("none") : names;
  };
  if (name) {
    for (size_t i = 0; i < eps.size(); ++i) {
      if (eps[i].name != *name) continue;
      if (eps[i].stage == stage) return static_cast<int>(i);
      *why = fmt::format("'{}' in {} is a @{} entry point, not @{}", *name, describe(),
                         wgsl::toString(eps[i].stage), wgsl::toString(stage));
      return -1;
    }
    *why = fmt::format("{} has no entry point named '{}' (its entry points: {})", describe(), *name,
                       list(false));
    return -1;
  }
  int found = -1;
  int count = 0;
  for (size_t i = 0; i < eps.size(); ++i) {
    if (eps[i].stage != stage) continue;
    found = static_cast<int>(i);
    ++count;
  }
  if (count == 1) return found;
  *why = count == 0 ? fmt::format("no entryPoint is given and {} has no @{} entry point",
                                  describe(), wgsl::toString(stage))
                    : fmt::format(
                          "no entryPoint is given and {} has {} @{} entry points ({}); "
                          "name one",
                          describe(), count, wgsl::toString(stage), list(true));
  return -1;
}

// #shader-module-creation
Ref<ShaderModuleBase> DeviceBase::createShaderModule(const ShaderModuleDescriptor& descriptor) {
  beginCall();
  wgsl::Options options;
  options.allowF16 = hasFeature(FeatureName::ShaderF16);
  options.allowClipDistances = hasFeature(FeatureName::ClipDistances);
  options.allowDualSourceBlending = hasFeature(FeatureName::DualSourceBlending);
  options.allowSubgroups = hasFeature(FeatureName::Subgroups);
  wgsl::Module module = wgsl::parse(descriptor.code, options);
  CompilationInfo info = makeCompilationInfo(descriptor.code, module.diagnostics());
  if (isLost()) {
    return Ref<ShaderModuleBase>::adopt(
        new ShaderModuleBase(this, descriptor, std::move(info), InvalidTag{}));
  }
  MaybeError error;
  // `enable X;` needs X's feature (#feature-index).
  for (const wgsl::EnableDirective& d : module.enables()) {
    if (error.isError()) break;
    for (const ExtensionFeature& ef : kExtensionFeatures) {
      if (ef.extension != d.name || hasFeature(ef.feature)) continue;
      error = makeValidationError(
          ErrorCode::ShaderModuleExtensionNotEnabled,
          fmt::format("The WGSL says `enable {};` (line {}), which needs the \"{}\" feature, "
                      "but the device was not created with it.",
                      d.name, d.line, toString(ef.feature)));
      error.setFix(fmt::format(
          "Request \"{}\" in requiredFeatures of requestDevice() (check "
          "adapter.features.has('{}') first), or remove the `enable` and what needs it.",
          toString(ef.feature), toString(ef.feature)));
      break;
    }
  }
  if (error.isSuccess() && !module.ok()) {
    size_t errors = 0;
    const wgsl::Diagnostic* first = nullptr;
    for (const wgsl::Diagnostic& d : module.diagnostics()) {
      if (d.severity != wgsl::Diagnostic::Severity::Error) continue;
      if (!first) first = &d;
      ++errors;
    }
    // The message's "line:column" counts code points, as the formatted
    // diagnostics after it do (an editor's column); getCompilationInfo()
    // gives UTF-16 code units, as WebGPU says.
    error = makeValidationError(
        ErrorCode::ShaderModuleCompilationFailed,
        fmt::format("The WGSL has {} error{}; the first, at line {}:{}: {}\n{}", errors,
                    errors == 1 ? "" : "s", first ? first->line : 0,
                    first ? first->codePointColumn : 0, first ? first->message : std::string(),
                    module.diagnosticsText()));
    error.setFix(
        "Fix the WGSL; shaderModule.getCompilationInfo() lists every message with its "
        "line, column, offset and length.");
  }
  if (error.isError()) {
    auto invalid = Ref<ShaderModuleBase>::adopt(
        new ShaderModuleBase(this, descriptor, std::move(info), InvalidTag{}));
    invalid->setInvalidReason(error->message.substr(0, error->message.find('\n')));
    dispatchError(std::move(error),
                  fmt::format("{}.createShaderModule({})", describe(),
                              core::describe(ObjectType::ShaderModule, descriptor.label)));
    return invalid;
  }
  return Ref<ShaderModuleBase>::adopt(
      new ShaderModuleBase(this, descriptor, std::move(module), std::move(info), options));
}

}  // namespace bindery::core

namespace bindery {

using core::fromHandle;
using core::ShaderModuleBase;

std::string_view toString(CompilationMessageType type) {
  switch (type) {
    case CompilationMessageType::Error: return "error";
    case CompilationMessageType::Warning: return "warning";
    case CompilationMessageType::Info: return "info";
  }
  return "error";
}

ShaderModule Device::createShaderModule(const ShaderModuleDescriptor& descriptor) const {
  return core::toHandle<ShaderModule>(
      fromHandle<core::DeviceBase>(*this)->createShaderModule(descriptor));
}

std::string_view ShaderModule::label() const {
  return fromHandle<ShaderModuleBase>(*this)->label();
}
void ShaderModule::setLabel(std::string_view l) {
  fromHandle<ShaderModuleBase>(*this)->setLabel(l);
}
CompilationInfo ShaderModule::getCompilationInfo() const {
  return fromHandle<ShaderModuleBase>(*this)->compilationInfo();
}

}  // namespace bindery
