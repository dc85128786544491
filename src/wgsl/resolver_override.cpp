// Override values given at pipeline creation (#override-decls), the
// pipeline-creation errors found while evaluating override-expressions
// (#pipeline-creation-error), the one-immediate-variable rule
// (#address-space "immediate data"), and the builtin functions each
// function calls (for the API's rules about them).
#include <cmath>
#include <cstdio>
#include <limits>

#include "resolver.h"

namespace bindery::wgsl {

namespace {
std::string number(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.9g", v);
  return buf;
}
}  // namespace

void Resolver::pipelineError(Span span, std::string message, uint32_t fn) {
  PipelineErrorRecord r;
  r.fn = fn != kNone ? fn : fn_ ? fn_->fn : kNone;
  if (r.fn == kNone && !resolveStack_.empty()) {
    const GlobalDecl& g = m_.ast.globals[resolveStack_.back()];
    if (g.kind == DeclKind::Var || g.kind == DeclKind::Override) r.var = g.index;
  }
  const LineMap& lines = diags_.lines();
  span = lines.clamp(span);
  r.diagnostic.severity = Diagnostic::Severity::Error;
  r.diagnostic.offset = span.offset;
  r.diagnostic.length = span.length;
  r.diagnostic.line = lines.line(span.offset);
  r.diagnostic.column = lines.column(span.offset);
  r.diagnostic.codePointColumn = lines.codePointColumn(span.offset);
  r.diagnostic.sourceLine = std::string(lines.lineText(r.diagnostic.line));
  r.diagnostic.message = std::move(message);
  m_.pipelineErrors.push_back(std::move(r));
}

// The value Options::overrideValues gives override `vi` (by its identifier
// string: the @id in decimal, else the name) replaces its initializer's.
void Resolver::applyOverrideValue(uint32_t vi, TypeId type) {
  const auto& given = m_.options.overrideValues;
  if (given.empty() || type == kNoType || !T.isScalar(type) || T.isAbstract(type)) return;
  const VarDecl& d = m_.ast.vars[vi];
  VarInfo& info = m_.vars[vi];
  std::string key = info.hasId ? std::to_string(info.overrideId) : std::string(d.name);
  auto it = given.find(key);
  if (it == given.end()) return;
  // The initializer is not evaluated for this pipeline: its errors do not count.
  std::erase_if(m_.pipelineErrors, [&](const PipelineErrorRecord& r) { return r.var == vi; });
  info.value.reset();
  ConstValue v;
  v.type = T.abstractFloat();
  // f32 and f16 values arrive rounded to f32 (WebIDL float), then convert.
  double value = it->second;
  if (T.isFloatScalar(type) && std::isfinite(value)) {
    // Rounded to f32 first (WebIDL float; what lies between FLT_MAX and the
    // halfway point to 2^128 rounds to FLT_MAX, beyond it is an API error).
    const double max = std::numeric_limits<float>::max();
    if (std::fabs(value) <= max)
      value = double(float(value));
    else if (std::fabs(value) < std::ldexp(1.0, 128) - std::ldexp(1.0, 103))
      value = std::copysign(max, value);
  }
  v.elems.push_back(Scalar{value, 0});
  std::string err;
  if (!std::isfinite(it->second)) {
    err = "is not finite";
  } else if (!eval_.convert(v, type, err) && err.empty()) {
    err = "does not convert";
  }
  if (!err.empty()) {
    pipelineError(d.nameSpan, "the value given for override '" + std::string(d.name) + "' (" +
                                  number(it->second) + ") does not fit its type " + T.name(type) +
                                  ": " + err);
    return;
  }
  info.value = std::move(v);
}

void Resolver::noteBuiltinCall(FnInfo& f, std::string name, Span span) {
  for (const auto& [n, s] : f.builtinCalls)
    if (n == name) return;
  f.builtinCalls.emplace_back(std::move(name), span);
}

void Resolver::checkImmediateUse(uint32_t fi) {
  uint32_t first = kNone;
  for (uint32_t v : m_.fns[fi].uses) {
    if (m_.ast.vars[v].kind != DeclKind::Var || m_.vars[v].space != AddressSpace::Immediate)
      continue;
    if (first == kNone || v == first) {  // (uses are not deduplicated yet)
      first = v;
      continue;
    }
    const FnDecl& f = m_.ast.fns[fi];
    error(f.nameSpan,
          "entry point '" + std::string(f.name) + "' statically uses two immediate variables, '" +
              std::string(m_.ast.vars[first].name) + "' and '" + std::string(m_.ast.vars[v].name) +
              "'; an entry point may use at most one");
    diags_.note(m_.ast.vars[v].nameSpan,
                "'" + std::string(m_.ast.vars[v].name) + "' declared here");
    return;
  }
}

}  // namespace bindery::wgsl
