// Internal: the uniformity analysis (#uniformity), a pass over the resolved
// module run after resolution and before reflection.
//
// One graph per function, callees before callers (#uniformity-function):
// nodes RequiredToBeUniform.{error,warning,info}, MayBeNonUniform, CF_start,
// param_i, Value_return, and for function-address-space pointer parameters
// param_i_contents / Value_return_i_contents. Statements, expressions and
// calls add nodes and edges per #uniformity-statements,
// #uniformity-expressions and #uniformity-function-calls; function-scope
// variables are followed flow-sensitively (#func-var-value-analysis) with an
// undo log, joined at if/switch/loop exits, with loop-header nodes for the
// variables a loop assigns. Reachability is iterative (no recursion over the
// graph); the statement walk is recursive but bounded (see below).
//
// The result: function tags (call site, return value, parameter, parameter
// return, pointer parameter) used at the callers, and diagnostics: an error
// (or a warning / info, per the derivative_uniformity and subgroup_uniformity
// diagnostic filters: `diagnostic(...)` directives, `@diagnostic` on functions
// and statements, #diagnostic-filtering) naming the call, what made it
// non-uniform and a fix.
//
// Uniformity scopes (#uniformity-concepts): one analysis at workgroup / draw
// scope; with the subgroup_uniformity language extension
// (Options::allowSubgroupUniformity) a second one at subgroup scope, where only
// subgroup and quad builtins place requirements (skipped without `enable
// subgroups;`, which those builtins need). Each scope has its own tags.
//
// Deliberately not analysed (each choice can only accept more programs, never
// reject a program the specification accepts):
//  - a function whose statements nest deeper than kMaxNesting: it gets no
//    tags (its calls are treated as placing no requirement);
//  - a loop exit joins only the values at the break statements (the spec also
//    joins Vout(continuing) when the body may break), and a
//    ParameterContentsRequiredToBeUniform requirement applies to the
//    pointed-to value before the call.
#pragma once

#include "diagnostics.h"
#include "ir.h"

namespace bindery::wgsl {

void analyzeUniformity(const ModuleImpl& m, Diagnostics& diags);

}  // namespace bindery::wgsl
