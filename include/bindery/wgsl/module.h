// bindery::wgsl entry point: parse + resolve + validate a WGSL module.
//
// STABLE API: change only additively (and say so in the commit message).
//
//   bindery::wgsl::Module m = bindery::wgsl::parse(source);
//   if (!m.ok()) { for (auto& d : m.diagnostics()) puts(d.formatted().c_str()); }
//   bindery::wgsl::Reflection r = m.reflect();
#pragma once

#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "bindery/wgsl/reflection.h"

namespace bindery::wgsl {

struct Options {
  // Extensions usable with `enable` (#enable-extensions). f16 must still be
  // enabled in the source; this says whether the "device" supports it.
  bool allowF16 = true;
  bool allowClipDistances = true;
  bool allowDualSourceBlending = true;
  bool allowSubgroups = true;
  // `enable primitive_index;` / `enable subgroup_size_control;` (features
  // 'primitive-index', 'subgroup-size-control'). Until this field existed
  // primitive_index followed allowSubgroups; added additively.
  bool allowPrimitiveIndex = true;
  bool allowSubgroupSizeControl = true;
  // Language extensions usable with `requires` (#language-extensions-sec).
  // When false, `requires X` for that extension is an error (the list of the
  // usable ones: supportedLanguageExtensions()).
  bool allowReadonlyAndReadwriteStorageTextures = true;
  bool allowPacked4x8IntegerDotProduct = true;
  bool allowUnrestrictedPointerParameters = true;
  bool allowPointerCompositeAccess = true;
  bool allowUniformBufferStandardLayout = true;
  // subgroup_uniformity: the uniformity analysis also runs at subgroup
  // uniformity scope (#uniformity-concepts), so subgroup and quad builtins
  // need only control flow uniform across the subgroup, and the subgroup
  // reductions' results are uniform there. Added additively.
  bool allowSubgroupUniformity = true;
  // With allowUniformBufferStandardLayout the uniform address space uses the
  // standard layout rules whether or not the module says `requires
  // uniform_buffer_standard_layout;` (a supported language extension is in
  // force without it). This switch does the same when
  // allowUniformBufferStandardLayout is false (so `requires` is refused but
  // the layout relaxed); kept for compatibility.
  bool uniformBufferStandardLayoutByDefault = false;
  // Stop after this many errors (0 = unlimited).
  uint32_t maxErrors = 64;
  // Budget of constant evaluation (bindery's own limit, not WGSL's): the
  // scalar components all const- and override-expression values of a module
  // may hold together (about 16 bytes each). A module that needs more is
  // refused with an error naming the declaration; a zero-value constructor
  // larger than what is left is not evaluated (its value is only needed
  // where a constant is, which then reports the budget). Added additively.
  uint64_t maxConstEvalScalars = uint64_t(1) << 21;
  // Pipeline-overridable constant values (#override-decls), as a pipeline's
  // GPUProgrammableStage.constants gives them: by pipeline-overridable
  // constant identifier string (the @id in decimal when the override has
  // one, else its name). A value given here replaces the override's
  // initializer, so override-expressions, @workgroup_size and override-sized
  // arrays are evaluated with it (EntryPoint::workgroupSize,
  // workgroupStorageSize, pipelineErrors). Converted to the override's type
  // as WGSL converts an AbstractFloat (bool: != 0, i32/u32: truncated). Added
  // additively.
  std::map<std::string, double> overrideValues;
};

// An `enable` directive's extension (#enable-extensions). Added additively.
struct EnableDirective {
  std::string name;     // "f16", "clip_distances", ...
  uint32_t line = 0;    // 1-based
  uint32_t column = 0;  // 1-based, bytes (as Diagnostic::column)
};

namespace detail {
struct ModuleImpl;  // the resolved IR (arena-based, see src/wgsl/ir.h)
}

class Module {
 public:
  Module();
  ~Module();
  Module(Module&&) noexcept;
  Module& operator=(Module&&) noexcept;
  Module(const Module&) = delete;
  Module& operator=(const Module&) = delete;

  // True when there are no Error diagnostics.
  bool ok() const;
  // Errors, warnings and infos, in source order of discovery.
  const std::vector<Diagnostic>& diagnostics() const;
  // All diagnostics formatted (each with source line and caret), joined by newlines.
  std::string diagnosticsText() const;

  // Reflection of a valid module (empty Reflection when !ok()).
  Reflection reflect() const;

  // The extensions of the `enable` directives, in source order; known as
  // soon as the directives parsed, so also for a module with errors.
  std::vector<EnableDirective> enables() const;

  // Internal IR for later passes (code generation). Null if parsing failed early.
  const detail::ModuleImpl* impl() const { return impl_.get(); }

 private:
  friend Module parse(std::string_view, const Options&);
  std::unique_ptr<detail::ModuleImpl> impl_;
  std::vector<Diagnostic> diagnostics_;
};

// Parse, resolve and validate `source`. Never throws for bad input.
Module parse(std::string_view source, const Options& options = {});

// The WGSL language extensions (#language-extensions-sec) this front end
// implements and `options` leaves on, in wgsl.bs's order: `requires` accepts
// exactly these (any other name is a shader-creation error that lists them),
// and GPU.wgslLanguageFeatures (bindings/node) reports them for the default
// options. Added additively.
std::vector<std::string_view> supportedLanguageExtensions(const Options& options = {});

// Convenience: parse + reflect. Diagnostics go to *diagnostics if non-null.
Reflection reflect(std::string_view source, std::vector<Diagnostic>* diagnostics = nullptr,
                   const Options& options = {});

}  // namespace bindery::wgsl
