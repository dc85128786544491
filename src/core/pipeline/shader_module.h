// ShaderModuleBase: a GPUShaderModule inside the core (#shader-module-creation):
// the WGSL source, its reflection, and what pipeline creation needs of each
// entry point in the form shader_binding_validation takes (which textures
// are sampled with which samplers, workgroup storage), derived once here
// from the public reflection.
//
// The compiled part is a CompiledShader, shared by every module created from
// the same code, compilation hints and WGSL options (a content-addressed
// cache, held weakly: an entry lives as long as some module uses it). A
// module's own parts are its label and its validity; its compilation
// messages are the compiled code's, the same for each.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "bindery/shader_module.h"
#include "bindery/wgsl/module.h"
#include "core/base/error_data.h"
#include "core/base/object_base.h"
#include "core/device/backend_owner.h"
#include "core/pipeline/shader_binding_validation.h"

namespace bindery::core {

// What one entry point needs beyond wgsl::EntryPoint.
struct EntryPointExtras {
  std::vector<SamplerTexturePair> samplerPairs;
  // The sum of roundUp(16, SizeOf(T)) over the workgroup variables it uses.
  uint64_t workgroupStorageSize = 0;
};

// A module-scope resource declaration, used or not (for "not statically used" messages).
struct ResourceDeclaration {
  uint32_t group = 0;
  uint32_t binding = 0;
  std::string name;
  std::string wgslType;
  uint32_t line = 0;
};

// The device features that change how WGSL compiles (the `enable`
// extensions wgsl::Options allows); every other option is the default.
struct WgslFeatures {
  bool f16 = false;
  bool clipDistances = false;
  bool dualSourceBlending = false;
  bool subgroups = false;
  bool primitiveIndex = false;
  bool subgroupSizeControl = false;
  wgsl::Options options() const;
};

// One WGSL source compiled with one set of options: immutable once made.
struct CompiledShader {
  std::string source;
  WgslFeatures features;
  wgsl::Options options;  // features.options()
  // The compilation hints' entry points (part of the cache key only: hints
  // have no observable effect on the null device).
  std::vector<std::string> hintEntryPoints;
  CompilationInfo info;
  // The `enable` directives (checked against each device's features).
  std::vector<wgsl::EnableDirective> enables;
  // With WGSL errors: the ShaderModuleCompilationFailed message (the first
  // error's position and every diagnostic); empty when the WGSL compiled.
  std::string compileError;
  // A valid module's reflection and the data derived from it.
  wgsl::Reflection reflection;
  std::vector<EntryPointExtras> extras;  // parallel to reflection.entryPoints
  std::vector<ResourceDeclaration> declarations;
};

// The compiled form of `descriptor`'s code with `features`: one already in
// use by a live module when the code, the hints' entry points and the
// features are the same, else a new compilation. Thread-safe.
std::shared_ptr<const CompiledShader> compileShader(const ShaderModuleDescriptor& descriptor,
                                                    const WgslFeatures& features);

// The cache's state, for tests: entries whose compilation is still used by
// some module, and every entry held (expired ones are dropped on lookups
// of the same hash and by periodic sweeps).
struct ShaderCacheStats {
  size_t live = 0;
  size_t held = 0;
};
ShaderCacheStats shaderCacheStats();

class ShaderModuleBase final : public ObjectBase,
                               public BackendOwner<backend::ShaderModuleBackend> {
 public:
  ShaderModuleBase(DeviceBase* device, const ShaderModuleDescriptor& descriptor,
                   std::shared_ptr<const CompiledShader> compiled);
  ShaderModuleBase(DeviceBase* device, const ShaderModuleDescriptor& descriptor,
                   std::shared_ptr<const CompiledShader> compiled, InvalidTag);
  ~ShaderModuleBase() override;

  // Shared with every module of the same code, hints and options.
  const CompiledShader& compiled() const { return *compiled_; }
  const CompilationInfo& compilationInfo() const { return compiled_->info; }
  const wgsl::Reflection& reflection() const { return compiled_->reflection; }
  // Parallel to reflection().entryPoints.
  const std::vector<EntryPointExtras>& extras() const { return compiled_->extras; }
  const std::vector<ResourceDeclaration>& declarations() const { return compiled_->declarations; }

  // The reflection with pipeline-overridable constant values applied
  // (wgsl::Options::overrideValues): workgroup sizes, workgroup arrays and
  // pipeline-creation errors at those values.
  wgsl::Reflection reflectWithOverrides(const std::map<std::string, double>& values,
                                        std::vector<wgsl::Diagnostic>* diagnostics) const;

  // #abstract-opdef-get-the-entry-point: the index into
  // reflection().entryPoints, or -1. On failure *why says what is wrong.
  int findEntryPoint(wgsl::Stage stage, const std::optional<std::string>& name,
                     std::string* why) const;

  // Starts loading into the cache what pipeline creation reads of the
  // compiled module and its first entry points (their reflection, resources
  // and extras), each level's lines at once. A module made well before its
  // pipeline is cold, and those reads, one after the other, were most of
  // the time of a small pipeline. A hint: no effect on behaviour.
  void prefetchForPipeline() const;

 private:
  std::shared_ptr<const CompiledShader> compiled_;
};

// GPUCompilationInfo from WGSL diagnostics: positions converted from bytes
// to UTF-16 code units of `source`.
CompilationInfo makeCompilationInfo(std::string_view source,
                                    const std::vector<wgsl::Diagnostic>& diagnostics);

// The data of a valid module's reflection that pipeline creation and
// `bindery check` need (no device): per entry point the sampler/texture
// pairs and workgroup storage, and every resource declaration.
void deriveModuleExtras(const wgsl::Reflection& reflection, std::vector<EntryPointExtras>* extras,
                        std::vector<ResourceDeclaration>* declarations);

}  // namespace bindery::core
