// ShaderModuleBase: a GPUShaderModule inside the core (#shader-module-creation):
// the WGSL source, its reflection, and what pipeline creation needs of each
// entry point in the form shader_binding_validation takes (which textures
// are sampled with which samplers, workgroup storage), derived once here
// from the public reflection.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "bindery/shader_module.h"
#include "bindery/wgsl/module.h"
#include "core/base/error_data.h"
#include "core/base/object_base.h"
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

class ShaderModuleBase final : public ObjectBase {
 public:
  ShaderModuleBase(DeviceBase* device, const ShaderModuleDescriptor& descriptor,
                   wgsl::Module module, CompilationInfo info, wgsl::Options options);
  ShaderModuleBase(DeviceBase* device, const ShaderModuleDescriptor& descriptor,
                   CompilationInfo info, InvalidTag);
  ~ShaderModuleBase() override;

  const CompilationInfo& compilationInfo() const { return info_; }
  const wgsl::Reflection& reflection() const { return reflection_; }
  // Parallel to reflection().entryPoints.
  const std::vector<EntryPointExtras>& extras() const { return extras_; }
  const std::vector<ResourceDeclaration>& declarations() const { return declarations_; }

  // The reflection with pipeline-overridable constant values applied
  // (wgsl::Options::overrideValues): workgroup sizes, workgroup arrays and
  // pipeline-creation errors at those values.
  wgsl::Reflection reflectWithOverrides(const std::map<std::string, double>& values,
                                        std::vector<wgsl::Diagnostic>* diagnostics) const;

  // #abstract-opdef-get-the-entry-point: the index into
  // reflection().entryPoints, or -1. On failure *why says what is wrong.
  int findEntryPoint(wgsl::Stage stage, const std::optional<std::string>& name,
                     std::string* why) const;

 private:
  CompilationInfo info_;
  std::string source_;
  wgsl::Options options_;
  wgsl::Reflection reflection_;
  std::vector<EntryPointExtras> extras_;
  std::vector<ResourceDeclaration> declarations_;
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
