// generate(): the public entry (include/bindery/spirv/generate.h). Finds the
// entry point, re-resolves the module for the pipeline's override values,
// reports the pipeline-creation errors that concern the entry point, runs the
// Generator and turns a construct it does not implement into an Error.
#include <algorithm>
#include <optional>

#include "diagnostics.h"
#include "generator.h"

namespace bindery::spirv {

Generator::Generator(const wgsl::ModuleImpl& module, const Options& o)
    : m(module), options(o), T(module.types) {}

Words Generator::run(uint32_t entryFn) {
  entryFn_ = entryFn;
  b.capability(spv::Capability::Shader);
  pushConstantBlock(entryFn);  // effective_size.cpp
  entryPoint(entryFn);
  return b.assemble(options.version);
}

std::string Error::formatted() const {
  wgsl::Diagnostic d;
  d.line = line;
  d.column = column;
  d.codePointColumn = column;
  d.length = 1;
  d.message = message;
  d.sourceLine = sourceLine;
  if (line == 0) return "error: " + message;
  return d.formatted();
}

std::string_view targetEnvironment(const Options& options) {
  if (options.version >= 0x00010600) return "vulkan1.3";
  if (options.version >= 0x00010500) return "vulkan1.2";
  if (options.version >= 0x00010400) return "vulkan1.1spv1.4";
  return "vulkan1.1";
}

std::vector<std::string> entryPointNames(const wgsl::Module& module) {
  std::vector<std::string> out;
  const wgsl::ModuleImpl* m = module.impl();
  if (!m || !module.ok()) return out;
  for (const wgsl::GlobalDecl& g : m->ast.globals)
    if (g.kind == wgsl::DeclKind::Fn && m->fns[g.index].isEntry)
      out.emplace_back(m->ast.fns[g.index].name);
  return out;
}

namespace {

Result fail(ErrorKind kind, std::string message, std::string construct = {}) {
  Result r;
  r.error = Error{kind, std::move(message), std::move(construct)};
  return r;
}

Error at(const wgsl::ModuleImpl& m, ErrorKind kind, std::string message, std::string construct,
         wgsl::Span span) {
  Error e{kind, std::move(message), std::move(construct)};
  if (span.length == 0 && span.offset == 0) return e;
  wgsl::LineMap lines(m.source);
  span = lines.clamp(span);
  e.line = lines.line(span.offset);
  e.column = lines.codePointColumn(span.offset);
  e.sourceLine = std::string(lines.lineText(e.line));
  return e;
}

// Functions reachable from `fn` (itself included).
std::vector<uint32_t> reachable(const wgsl::ModuleImpl& m, uint32_t fn) {
  std::vector<uint32_t> out{fn};
  for (size_t i = 0; i < out.size(); ++i)
    for (uint32_t c : m.fns[out[i]].callees)
      if (std::find(out.begin(), out.end(), c) == out.end()) out.push_back(c);
  return out;
}

}  // namespace

Result generate(const wgsl::Module& module, std::string_view entryPoint, const Options& options) {
  const wgsl::ModuleImpl* m = module.impl();
  if (!m || !module.ok())
    return fail(ErrorKind::InvalidModule, "the WGSL module has errors; no SPIR-V is generated");
  std::optional<wgsl::Module> reparsed;
  if (!options.overrideValues.empty() && options.overrideValues != m->options.overrideValues) {
    wgsl::Options o = m->options;
    o.overrideValues = options.overrideValues;
    reparsed = wgsl::parse(m->source, o);
    if (!reparsed->ok() || !reparsed->impl())
      return fail(ErrorKind::InvalidModule,
                  "the WGSL module has errors with these override values");
    m = reparsed->impl();
  }
  uint32_t fn = kNone;
  for (uint32_t i = 0; i < m->fns.size(); ++i)
    if (m->fns[i].isEntry && m->ast.fns[i].name == entryPoint) fn = i;
  if (fn == kNone) {
    std::string names;
    for (const std::string& n : entryPointNames(module))
      names += (names.empty() ? "'" : ", '") + n + "'";
    return fail(ErrorKind::NoSuchEntryPoint,
                "the module has no entry point named '" + std::string(entryPoint) +
                    "' (entry points: " + (names.empty() ? "none" : names) + ")");
  }
  std::vector<uint32_t> fns = reachable(*m, fn);
  const std::vector<uint32_t>& uses = m->fns[fn].uses;
  for (const wgsl::PipelineErrorRecord& r : m->pipelineErrors) {
    bool mine = (r.fn != kNone && std::find(fns.begin(), fns.end(), r.fn) != fns.end()) ||
                (r.var != kNone && std::find(uses.begin(), uses.end(), r.var) != uses.end());
    if (!mine) continue;
    Result out;
    out.error = Error{ErrorKind::PipelineCreation,  r.diagnostic.message,   {}, r.diagnostic.line,
                      r.diagnostic.codePointColumn, r.diagnostic.sourceLine};
    return out;
  }
  for (uint32_t v : uses)
    if (m->ast.vars[v].kind == wgsl::DeclKind::Override && !m->vars[v].value) {
      Result out;
      out.error = at(*m, ErrorKind::PipelineCreation,
                     "override '" + std::string(m->ast.vars[v].name) +
                         "' has no initializer and no value was given for it",
                     {}, m->ast.vars[v].nameSpan);
      return out;
    }
  Result out;
  try {
    Generator g(*m, options);
    out.words = g.run(fn);
  } catch (const Unsupported& u) {
    out.words.clear();
    out.error =
        at(*m, ErrorKind::NotSupportedYet,
           u.construct + " is not supported yet by the SPIR-V generator", u.construct, u.span);
  }
  return out;
}

}  // namespace bindery::spirv
