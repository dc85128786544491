// GPUShaderModule: #shader-module-creation, GPUCompilationInfo, and the
// per-entry-point data pipeline creation derives from the WGSL reflection.
#include "core/pipeline/shader_module.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>
#include <functional>
#include <mutex>
#include <unordered_map>

#include "core/base/handles.h"
#include "core/device/device.h"

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

// The enable-extensions of wgsl.bs (#enable-extensions) and the GPUFeatureName
// each needs (#feature-index, #dom-gpudevice-createshadermodule: "For each
// `enable` extension ..., the corresponding GPUFeatureName must be enabled").
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
    {"subgroup_size_control", FeatureName::SubgroupSizeControl},
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

// --- the compiled-shader cache -------------------------------------------------
// Content-addressed: the key is the code, the hints' entry points and the
// device features that change the WGSL options; the value, the
// CompiledShader every module of that key shares. Held weakly (a module
// holds its compilation): an entry whose modules are all gone is dropped
// when a lookup of the same hash meets it, and by a sweep whenever the
// entries held reach twice the live ones at the last sweep, so the cache
// never holds more than about twice what is used.

namespace {

uint32_t featureBits(const WgslFeatures& f) {
  return uint32_t{f.f16} | uint32_t{f.clipDistances} << 1 | uint32_t{f.dualSourceBlending} << 2 |
         uint32_t{f.subgroups} << 3 | uint32_t{f.primitiveIndex} << 4 |
         uint32_t{f.subgroupSizeControl} << 5;
}

bool sameKey(const CompiledShader& c, const ShaderModuleDescriptor& d, uint32_t features) {
  if (featureBits(c.features) != features || c.source != d.code ||
      c.hintEntryPoints.size() != d.compilationHints.size()) {
    return false;
  }
  for (size_t i = 0; i < d.compilationHints.size(); ++i) {
    if (c.hintEntryPoints[i] != d.compilationHints[i].entryPoint) return false;
  }
  return true;
}

// A hash of the code for the cache's buckets (a hit is then compared in
// full, sameKey): four independent lanes over 32 bytes a step, so their
// multiplies overlap (std::hash's one chain was 18% of creating a module of
// a 4 KB source the cache already held).
uint64_t hashCode(std::string_view code) {
  constexpr uint64_t kMul = 0x9E3779B97F4A7C15ull;
  auto mix = [](uint64_t h, uint64_t word) {
    h = (h ^ word) * kMul;
    return h ^ (h >> 32);
  };
  auto load = [](const char* p) {
    uint64_t word;
    std::memcpy(&word, p, sizeof(word));
    return word;
  };
  uint64_t a = 0x243F6A8885A308D3ull ^ code.size(), b = 0x13198A2E03707344ull,
           c = 0xA4093822299F31D0ull, d = 0x082EFA98EC4E6C89ull;
  const char* p = code.data();
  size_t n = code.size();
  for (; n >= 32; p += 32, n -= 32) {
    a = mix(a, load(p));
    b = mix(b, load(p + 8));
    c = mix(c, load(p + 16));
    d = mix(d, load(p + 24));
  }
  for (; n >= 8; p += 8, n -= 8) a = mix(a, load(p));
  if (n != 0) {
    uint64_t word = 0;
    std::memcpy(&word, p, n);
    b = mix(b, word);
  }
  return mix(mix(mix(a, b), c), d);
}

uint64_t hashKey(const ShaderModuleDescriptor& d, uint32_t features) {
  uint64_t h = hashCode(d.code) ^ (features * 0x9E3779B97F4A7C15ull);
  for (const ShaderModuleCompilationHint& hint : d.compilationHints) {
    h = (h ^ std::hash<std::string_view>()(hint.entryPoint)) * 0x100000001B3ull;
  }
  return h;
}

// #shader-module-creation's compilation: parse, resolve and validate the
// WGSL, the compilation messages, and a valid module's reflection.
std::shared_ptr<const CompiledShader> compile(const ShaderModuleDescriptor& d,
                                              const WgslFeatures& features) {
  auto c = std::make_shared<CompiledShader>();
  c->source = d.code;
  c->features = features;
  c->options = features.options();
  c->hintEntryPoints.reserve(d.compilationHints.size());
  for (const ShaderModuleCompilationHint& hint : d.compilationHints) {
    c->hintEntryPoints.push_back(hint.entryPoint);
  }
  wgsl::Module module = wgsl::parse(d.code, c->options);
  c->info = makeCompilationInfo(d.code, module.diagnostics());
  c->enables = module.enables();
  if (!module.ok()) {
    size_t errors = 0;
    const wgsl::Diagnostic* first = nullptr;
    for (const wgsl::Diagnostic& diagnostic : module.diagnostics()) {
      if (diagnostic.severity != wgsl::Diagnostic::Severity::Error) continue;
      if (!first) first = &diagnostic;
      ++errors;
    }
    // The message's "line:column" counts code points, as the formatted
    // diagnostics after it do (an editor's column); getCompilationInfo()
    // gives UTF-16 code units, as WebGPU says.
    c->compileError = fmt::format("The WGSL has {} error{}; the first, at line {}:{}: {}\n{}",
                                  errors, errors == 1 ? "" : "s", first ? first->line : 0,
                                  first ? first->codePointColumn : 0,
                                  first ? first->message : std::string(), module.diagnosticsText());
    return c;
  }
  c->reflection = module.reflect();
  deriveModuleExtras(c->reflection, &c->extras, &c->declarations);
  return c;
}

class ShaderCache {
 public:
  std::shared_ptr<const CompiledShader> find(const ShaderModuleDescriptor& d, uint32_t features,
                                             uint64_t hash) {
    std::lock_guard lock(mutex_);
    auto it = entries_.find(hash);
    if (it == entries_.end()) return nullptr;
    std::vector<std::weak_ptr<const CompiledShader>>& bucket = it->second;
    for (size_t i = 0; i < bucket.size();) {
      std::shared_ptr<const CompiledShader> c = bucket[i].lock();
      if (!c) {
        bucket[i] = std::move(bucket.back());
        bucket.pop_back();
        --held_;
        continue;
      }
      if (sameKey(*c, d, features)) return c;
      ++i;
    }
    if (bucket.empty()) entries_.erase(it);
    return nullptr;
  }

  // Adds `c` unless another thread added the same key meanwhile; the one kept.
  std::shared_ptr<const CompiledShader> add(std::shared_ptr<const CompiledShader> c,
                                            const ShaderModuleDescriptor& d, uint32_t features,
                                            uint64_t hash) {
    if (std::shared_ptr<const CompiledShader> other = find(d, features, hash)) return other;
    std::lock_guard lock(mutex_);
    entries_[hash].push_back(c);
    if (++held_ >= sweepAt_) sweep();
    return c;
  }

  ShaderCacheStats stats() {
    std::lock_guard lock(mutex_);
    ShaderCacheStats s;
    for (const auto& [hash, bucket] : entries_) {
      for (const auto& weak : bucket) s.live += weak.expired() ? 0 : 1;
    }
    s.held = held_;
    return s;
  }

 private:
  void sweep() {
    for (auto it = entries_.begin(); it != entries_.end();) {
      std::erase_if(it->second, [](const auto& weak) { return weak.expired(); });
      it = it->second.empty() ? entries_.erase(it) : std::next(it);
    }
    held_ = 0;
    for (const auto& [hash, bucket] : entries_) held_ += bucket.size();
    sweepAt_ = std::max<size_t>(64, 2 * held_);
  }

  std::mutex mutex_;
  std::unordered_map<uint64_t, std::vector<std::weak_ptr<const CompiledShader>>> entries_;
  size_t held_ = 0;
  size_t sweepAt_ = 64;
};

ShaderCache& shaderCache() {
  static ShaderCache* cache = new ShaderCache();  // never destroyed: used until exit
  return *cache;
}

}  // namespace

wgsl::Options WgslFeatures::options() const {
  wgsl::Options options;
  options.allowF16 = f16;
  options.allowClipDistances = clipDistances;
  options.allowDualSourceBlending = dualSourceBlending;
  options.allowSubgroups = subgroups;
  options.allowPrimitiveIndex = primitiveIndex;
  options.allowSubgroupSizeControl = subgroupSizeControl;
  return options;
}

std::shared_ptr<const CompiledShader> compileShader(const ShaderModuleDescriptor& descriptor,
                                                    const WgslFeatures& features) {
  uint32_t key = featureBits(features);
  uint64_t hash = hashKey(descriptor, key);
  ShaderCache& cache = shaderCache();
  if (std::shared_ptr<const CompiledShader> c = cache.find(descriptor, key, hash)) return c;
  return cache.add(compile(descriptor, features), descriptor, key, hash);
}

ShaderCacheStats shaderCacheStats() {
  return shaderCache().stats();
}

ShaderModuleBase::ShaderModuleBase(DeviceBase* device, const ShaderModuleDescriptor& d,
                                   std::shared_ptr<const CompiledShader> compiled)
    : ObjectBase(device, ObjectType::ShaderModule, d.label), compiled_(std::move(compiled)) {}

ShaderModuleBase::ShaderModuleBase(DeviceBase* device, const ShaderModuleDescriptor& d,
                                   std::shared_ptr<const CompiledShader> compiled, InvalidTag tag)
    : ObjectBase(device, ObjectType::ShaderModule, d.label, tag), compiled_(std::move(compiled)) {}

wgsl::Reflection ShaderModuleBase::reflectWithOverrides(
    const std::map<std::string, double>& values, std::vector<wgsl::Diagnostic>* diagnostics) const {
  wgsl::Options options = compiled_->options;
  options.overrideValues = values;
  return wgsl::reflect(compiled_->source, diagnostics, options);
}

ShaderModuleBase::~ShaderModuleBase() = default;

namespace {

// Prefetches the cache lines of [p, p + size) (at most kMaxLines of them).
void prefetchBytes(const void* p, size_t size) {
  constexpr size_t kLine = 64;
  constexpr size_t kMaxLines = 16;
  const char* c = static_cast<const char*>(p);
  size_t lines = std::min((size + kLine - 1) / kLine, kMaxLines);
  for (size_t i = 0; i < lines; ++i) __builtin_prefetch(c + i * kLine);
}

template <class T>
void prefetchElements(const std::vector<T>& v) {
  if (!v.empty()) prefetchBytes(v.data(), v.size() * sizeof(T));
}

}  // namespace

void ShaderModuleBase::prefetchForPipeline() const {
  const CompiledShader* c = compiled_.get();
  if (!c) return;
  const wgsl::Reflection& r = c->reflection;
  __builtin_prefetch(&r.entryPoints);
  __builtin_prefetch(&r.overrides);
  __builtin_prefetch(&c->extras);
  // Past the first few entry points, a module's pipelines pay as before.
  constexpr size_t kEntryPoints = 4;
  const size_t n = std::min(r.entryPoints.size(), kEntryPoints);
  for (size_t i = 0; i < n; ++i) prefetchBytes(&r.entryPoints[i], sizeof(wgsl::EntryPoint));
  prefetchBytes(c->extras.data(), std::min(c->extras.size(), n) * sizeof(EntryPointExtras));
  for (size_t i = 0; i < n; ++i) {
    const wgsl::EntryPoint& ep = r.entryPoints[i];
    prefetchElements(ep.resources);
    prefetchElements(ep.immediateSlots);
    prefetchElements(ep.workgroupVariables);
  }
}

int ShaderModuleBase::findEntryPoint(wgsl::Stage stage, const std::optional<std::string>& name,
                                     std::string* why) const {
  const auto& eps = compiled_->reflection.entryPoints;
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
  WgslFeatures features;
  features.f16 = hasFeature(FeatureName::ShaderF16);
  features.clipDistances = hasFeature(FeatureName::ClipDistances);
  features.dualSourceBlending = hasFeature(FeatureName::DualSourceBlending);
  features.subgroups = hasFeature(FeatureName::Subgroups);
  features.primitiveIndex = hasFeature(FeatureName::PrimitiveIndex);
  features.subgroupSizeControl = hasFeature(FeatureName::SubgroupSizeControl);
  std::shared_ptr<const CompiledShader> compiled = compileShader(descriptor, features);
  if (isLost()) {
    return Ref<ShaderModuleBase>::adopt(
        new ShaderModuleBase(this, descriptor, std::move(compiled), InvalidTag{}));
  }
  MaybeError error;
  // `enable X;` needs X's feature (#feature-index).
  for (const wgsl::EnableDirective& d : compiled->enables) {
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
  if (error.isSuccess() && !compiled->compileError.empty()) {
    error = makeValidationError(ErrorCode::ShaderModuleCompilationFailed, compiled->compileError);
    error.setFix(
        "Fix the WGSL; shaderModule.getCompilationInfo() lists every message with its "
        "line, column, offset and length.");
  }
  if (error.isError()) {
    auto invalid = Ref<ShaderModuleBase>::adopt(
        new ShaderModuleBase(this, descriptor, std::move(compiled), InvalidTag{}));
    invalid->setInvalidReason(error->message.substr(0, error->message.find('\n')));
    dispatchError(std::move(error),
                  fmt::format("{}.createShaderModule({})", describe(),
                              core::describe(ObjectType::ShaderModule, descriptor.label)));
    return invalid;
  }
  auto module =
      Ref<ShaderModuleBase>::adopt(new ShaderModuleBase(this, descriptor, std::move(compiled)));
  if (MaybeError backendError =
          realiseNoReport(this, *module, backend().createShaderModule(*module));
      backendError.isError()) {
    dispatchError(std::move(backendError),
                  fmt::format("{}.createShaderModule({})", describe(),
                              core::describe(ObjectType::ShaderModule, descriptor.label)));
  }
  return module;
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
