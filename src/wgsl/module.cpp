// parse(): lexer -> parser -> resolver -> uniformity analysis -> reflection.
#include "bindery/wgsl/module.h"

#include "ir.h"
#include "lexer.h"
#include "parser.h"
#include "uniformity.h"

namespace bindery::wgsl {

Module::Module() = default;
Module::~Module() = default;
Module::Module(Module&&) noexcept = default;
Module& Module::operator=(Module&&) noexcept = default;

bool Module::ok() const {
  for (const Diagnostic& d : diagnostics_)
    if (d.severity == Diagnostic::Severity::Error) return false;
  return impl_ != nullptr;
}

const std::vector<Diagnostic>& Module::diagnostics() const {
  return diagnostics_;
}

std::string Module::diagnosticsText() const {
  std::string out;
  for (const Diagnostic& d : diagnostics_) out += d.formatted();
  return out;
}

std::vector<EnableDirective> Module::enables() const {
  std::vector<EnableDirective> out;
  if (!impl_) return out;
  LineMap lines(impl_->source);
  for (const Directive& d : impl_->ast.directives) {
    if (d.kind != Directive::Kind::Enable) continue;
    for (size_t i = 0; i < d.names.size(); ++i) {
      uint32_t at = i < d.nameSpans.size() ? d.nameSpans[i].offset : d.span.offset;
      out.push_back({std::string(d.names[i]), lines.line(at), lines.column(at)});
    }
  }
  return out;
}

Reflection Module::reflect() const {
  if (!ok()) return {};
  return buildReflection(*impl_);
}

Module parse(std::string_view source, const Options& options) {
  Module m;
  auto impl = std::make_unique<detail::ModuleImpl>();
  impl->source = std::string(source);
  impl->options = options;
  Diagnostics diags(impl->source, options.maxErrors);
  std::vector<Token> tokens = tokenize(impl->source, diags);
  if (!diags.hasErrors()) parseTokens(tokens, impl->ast, diags);
  if (!diags.hasErrors()) resolveModule(*impl, diags);
  if (!diags.hasErrors()) analyzeUniformity(*impl, diags);  // #uniformity
  m.diagnostics_ = std::move(diags.list());
  m.impl_ = std::move(impl);
  return m;
}

Reflection reflect(std::string_view source, std::vector<Diagnostic>* diagnostics,
                   const Options& options) {
  Module m = parse(source, options);
  if (diagnostics) *diagnostics = m.diagnostics();
  return m.reflect();
}

}  // namespace bindery::wgsl
