// Checking WGSL against hand-written bind group layouts without a device:
// the same rules and messages as pipeline creation ("validating shader
// binding", the filtering-sampler rule, the compute limits). `bindery check`
// is a thin layer over this.
//
//   ShaderCheckResult r = checkShaderBindings(wgsl, {{entry0, entry1}, {entry2}},
//                                             {.moduleName = "blur.wgsl"});
//   for (const Error& e : r.errors) puts(e.message.c_str());
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "bindery/bind_group_layout.h"
#include "bindery/error.h"
#include "bindery/limits.h"
#include "bindery/shader_module.h"

namespace bindery {

struct ShaderCheckOptions {
  // Check only this entry point (any stage); all of them when absent.
  std::optional<std::string> entryPoint;
  // Names for messages: the module ("blur.wgsl") and the layout ("layout.json").
  std::string moduleName = "shader";
  std::string layoutName = "layout";
  // The limits of the compute checks (default: the spec's defaults).
  Limits limits;
};

struct ShaderCheckResult {
  // False when the WGSL does not compile; `compilation` says why.
  bool compiled = false;
  CompilationInfo compilation;
  // The entry points checked, in declaration order.
  std::vector<std::string> entryPoints;
  // Every mismatch, each with the code and message pipeline creation gives.
  std::vector<Error> errors;
};

// `groups[i]` is the entries of @group(i) (an empty vector: no layout there).
ShaderCheckResult checkShaderBindings(std::string_view wgsl,
                                      const std::vector<std::vector<BindGroupLayoutEntry>>& groups,
                                      const ShaderCheckOptions& options = {});

}  // namespace bindery
