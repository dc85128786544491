// Module structure (#wgsl-module): directives, attributes, declarations.
#include <string>

#include "parser.h"

namespace bindery::wgsl {

void parseTokens(const std::vector<Token>& tokens, Ast& ast, Diagnostics& diags) {
  // The arenas reserved from the token count (the test corpus has at most
  // 0.46 expressions, 0.12 statements and 0.23 list items per token): no
  // regrowth copying them for most modules.
  const size_t n = tokens.size();
  ast.exprs.reserve(n / 2 + 8);
  ast.stmts.reserve(n / 8 + 8);
  ast.lists.reserve(n / 4 + 8);
  ast.attrs.reserve(n / 16 + 4);
  ast.vars.reserve(n / 16 + 4);
  Parser p(tokens, ast, diags);
  try {
    p.parseModule();
  } catch (const ParseAbort&) {
    // the error is already reported
  }
}

Range Parser::parseAttributes() {
  // An attribute list is parsed into Ast::attrs directly: its arguments are
  // expressions, which hold no attributes, so the list stays contiguous.
  const size_t begin = ast_.attrs.size();
  while (is(Tok::At)) {
    uint32_t start = peek().span.offset;
    advance();
    Attribute a;
    // 'diagnostic' and 'const' are keywords but also attribute names.
    if (is(Tok::KwDiagnostic) || is(Tok::KwConst)) {
      a.name = advance().text;
    } else {
      a.name = expectIdent("for attribute name after '@'");
    }
    if (is(Tok::LParen)) {
      advance();
      ListBuilder args(*this);
      while (!is(Tok::RParen)) {
        args.push(parseExpression());
        if (!accept(Tok::Comma)) break;
      }
      expect(Tok::RParen, "to close the attribute's arguments");
      a.args = args.finish();
    }
    a.span = spanFrom(start);
    // #attributes: an attribute must not be specified more than once per object
    // (@diagnostic may repeat with different rules; checked by the resolver).
    for (size_t i = begin; i < ast_.attrs.size(); ++i)
      if (ast_.attrs[i].name == a.name && a.name != "diagnostic")
        diags_.error(a.span, "duplicate attribute @" + std::string(a.name));
    ast_.attrs.push_back(a);
  }
  const size_t count = ast_.attrs.size() - begin;
  checkDiagnosticAttrs(std::span<const Attribute>(ast_.attrs.data() + begin, count));
  return Range{static_cast<uint32_t>(begin), static_cast<uint32_t>(count)};
}

namespace {
// The rule name of `@diagnostic(severity, rule)`: an identifier or a
// dotted pair `a.b` (#diagnostic-rule-name); empty when it is neither.
std::string diagnosticRuleName(const Ast& ast, NodeId e) {
  const Expr& x = ast.exprs[e];
  if (x.kind == ExprKind::Ident && x.templateArgs.count == 0) return std::string(x.name);
  if (x.kind == ExprKind::Member && ast.exprs[x.lhs].kind == ExprKind::Ident)
    return std::string(ast.exprs[x.lhs].name) + "." + std::string(x.name);
  return {};
}
}  // namespace

void Parser::checkDiagnosticAttrs(std::span<const Attribute> list) {
  std::vector<std::pair<std::string, std::string_view>> seen;  // rule, severity
  for (const Attribute& a : list) {
    if (a.name != "diagnostic") continue;
    if (a.args.count != 2) {
      diags_.error(a.span,
                   "@diagnostic takes a severity and a rule name, e.g. "
                   "@diagnostic(off, derivative_uniformity)");
      continue;
    }
    const Expr& sev = ast_.exprs[ast_.at(a.args, 0)];
    std::string rule = diagnosticRuleName(ast_, ast_.at(a.args, 1));
    Span ruleSpan = ast_.exprs[ast_.at(a.args, 1)].span;
    if (sev.kind != ExprKind::Ident ||
        (sev.name != "error" && sev.name != "warning" && sev.name != "info" && sev.name != "off")) {
      diags_.error(sev.span, "invalid diagnostic severity" +
                                 (sev.kind == ExprKind::Ident ? " '" + std::string(sev.name) + "'"
                                                              : std::string()) +
                                 " (expected error, warning, info or off)");
      continue;
    }
    if (rule.empty()) {
      diags_.error(ruleSpan, "invalid diagnostic rule name: expected a name or 'name.name'");
      continue;
    }
    if (rule.find('.') == std::string::npos && rule != "derivative_uniformity" &&
        rule != "subgroup_uniformity")
      diags_.warning(ruleSpan, "unknown diagnostic rule '" + rule + "'");
    // #diagnostic-filtering: filters on one range with one rule and
    // different severities conflict
    for (const auto& [r, s] : seen)
      if (r == rule && s != sev.name)
        diags_.error(a.span, "conflicting diagnostic filters for '" + rule + "': '" +
                                 std::string(s) + "' and '" + std::string(sev.name) +
                                 "' on the same range");
    seen.emplace_back(rule, sev.name);
  }
}

void Parser::checkStatementAttrs(Range attrs, const char* where) {
  for (uint32_t i = 0; i < attrs.count; ++i) {
    const Attribute& a = ast_.attrs[attrs.begin + i];
    if (a.name != "diagnostic")
      diags_.error(a.span, "attribute @" + std::string(a.name) + " is not valid on " + where +
                               "; only @diagnostic is");
  }
}

uint32_t Parser::parseVarDecl(bool global, Range attrs) {
  uint32_t start = attrs.count ? ast_.attrs[attrs.begin].span.offset : peek().span.offset;
  VarDecl v;
  v.attrs = attrs;
  v.global = global;
  Tok k = advance().kind;
  switch (k) {
    case Tok::KwVar: v.kind = DeclKind::Var; break;
    case Tok::KwLet: v.kind = DeclKind::Let; break;
    case Tok::KwConst: v.kind = DeclKind::Const; break;
    case Tok::KwOverride: v.kind = DeclKind::Override; break;
    default: break;
  }
  if (v.kind == DeclKind::Var && is(Tok::TemplateArgsStart)) v.templateArgs = parseTemplateArgs();
  v.name = expectIdent(v.kind == DeclKind::Var ? "for variable name" : "for declaration name",
                       &v.nameSpan);
  if (accept(Tok::Colon)) v.type = parseTypeSpecifier();
  if (accept(Tok::Equal)) v.init = parseExpression();
  v.span = spanFrom(start);
  if ((v.kind == DeclKind::Let || v.kind == DeclKind::Const) && v.init == kNone) {
    diags_.error(v.nameSpan, std::string("'") + (v.kind == DeclKind::Let ? "let" : "const") +
                                 "' declaration '" + std::string(v.name) +
                                 "' requires an initializer");
  }
  ast_.vars.push_back(v);
  return static_cast<uint32_t>(ast_.vars.size() - 1);
}

void Parser::parseDirective() {
  Directive d;
  uint32_t start = peek().span.offset;
  Tok k = advance().kind;
  if (k == Tok::KwDiagnostic) {
    d.kind = Directive::Kind::Diagnostic;
    expect(Tok::LParen, "after 'diagnostic'");
    Span s;
    d.names.push_back(expectIdent("for diagnostic severity", &s));
    d.nameSpans.push_back(s);
    expect(Tok::Comma, "after diagnostic severity");
    std::string_view rule = expectIdent("for diagnostic rule name", &s);
    if (accept(Tok::Period)) {
      Span s2;
      expectIdent("for diagnostic rule name", &s2);
      rule = std::string_view(rule.data(), s2.offset + s2.length - s.offset);
      s.length = s2.offset + s2.length - s.offset;
    }
    d.names.push_back(rule);
    d.nameSpans.push_back(s);
    accept(Tok::Comma);
    expect(Tok::RParen, "to close the diagnostic directive");
  } else {
    d.kind = k == Tok::KwEnable ? Directive::Kind::Enable : Directive::Kind::Requires;
    while (true) {
      Span s;
      d.names.push_back(
          expectIdent(k == Tok::KwEnable ? "for extension name" : "for language feature name", &s));
      d.nameSpans.push_back(s);
      if (!accept(Tok::Comma)) break;
      if (is(Tok::Semicolon)) break;
    }
  }
  expect(Tok::Semicolon, "after directive");
  d.span = spanFrom(start);
  ast_.directives.push_back(d);
}

void Parser::parseStruct() {
  uint32_t start = peek().span.offset;
  advance();
  StructDecl s;
  s.name = expectIdent("for struct name", &s.nameSpan);
  expect(Tok::LBrace, "to start the struct body");
  std::vector<StructMember> members;
  while (!is(Tok::RBrace)) {
    StructMember m;
    m.attrs = parseAttributes();
    m.name = expectIdent("for struct member name", &m.nameSpan);
    expect(Tok::Colon, "after struct member name");
    m.type = parseTypeSpecifier();
    members.push_back(m);
    if (!accept(Tok::Comma)) break;
  }
  expect(Tok::RBrace, "to end the struct body (struct members are separated by ',')");
  accept(Tok::Semicolon);
  s.members = {static_cast<uint32_t>(ast_.members.size()), static_cast<uint32_t>(members.size())};
  ast_.members.insert(ast_.members.end(), members.begin(), members.end());
  s.span = spanFrom(start);
  ast_.structs.push_back(s);
  ast_.globals.push_back(
      {DeclKind::Struct, static_cast<uint32_t>(ast_.structs.size() - 1), s.span});
}

void Parser::parseFunction(Range attrs) {
  uint32_t start = attrs.count ? ast_.attrs[attrs.begin].span.offset : peek().span.offset;
  advance();  // 'fn'
  FnDecl f;
  f.attrs = attrs;
  f.name = expectIdent("for function name", &f.nameSpan);
  expect(Tok::LParen, "to start the parameter list");
  ListBuilder params(*this);
  while (!is(Tok::RParen)) {
    VarDecl p;
    p.kind = DeclKind::Param;
    p.attrs = parseAttributes();
    uint32_t pstart = peek().span.offset;
    p.name = expectIdent("for parameter name", &p.nameSpan);
    expect(Tok::Colon, "after parameter name");
    p.type = parseTypeSpecifier();
    p.span = spanFrom(pstart);
    ast_.vars.push_back(p);
    params.push(static_cast<uint32_t>(ast_.vars.size() - 1));
    if (!accept(Tok::Comma)) break;
  }
  expect(Tok::RParen, "to end the parameter list");
  f.params = params.finish();
  if (accept(Tok::Arrow)) {
    f.returnAttrs = parseAttributes();
    f.returnType = parseTypeSpecifier();
  }
  Range bodyAttrs = parseAttributes();
  f.span = spanFrom(start);
  f.body = parseCompound(bodyAttrs);
  ast_.fns.push_back(f);
  ast_.globals.push_back({DeclKind::Fn, static_cast<uint32_t>(ast_.fns.size() - 1), f.span});
}

void Parser::parseAlias() {
  uint32_t start = peek().span.offset;
  advance();
  AliasDecl a;
  a.name = expectIdent("for alias name", &a.nameSpan);
  expect(Tok::Equal, "after alias name");
  a.type = parseTypeSpecifier();
  expect(Tok::Semicolon, "after alias declaration");
  a.span = spanFrom(start);
  ast_.aliases.push_back(a);
  ast_.globals.push_back({DeclKind::Alias, static_cast<uint32_t>(ast_.aliases.size() - 1), a.span});
}

void Parser::parseGlobalDecl() {
  if (accept(Tok::Semicolon)) return;
  uint32_t start = peek().span.offset;
  Range attrs = parseAttributes();
  switch (peek().kind) {
    case Tok::KwVar:
    case Tok::KwOverride:
    case Tok::KwConst:
    case Tok::KwLet: {
      Tok k = peek().kind;
      if (k == Tok::KwLet)
        errorAtPeek("'let' declarations are not allowed at module scope; use 'const'");
      if (k == Tok::KwConst && attrs.count)
        diags_.error(ast_.attrs[attrs.begin].span,
                     "attributes are not allowed on 'const' declarations");
      uint32_t v = parseVarDecl(true, attrs);
      expect(Tok::Semicolon, "after declaration");
      ast_.globals.push_back({ast_.vars[v].kind, v, spanFrom(start)});
      return;
    }
    case Tok::KwFn: parseFunction(attrs); return;
    case Tok::KwStruct:
      if (attrs.count)
        diags_.error(ast_.attrs[attrs.begin].span, "attributes are not allowed on structs");
      parseStruct();
      return;
    case Tok::KwAlias:
      if (attrs.count)
        diags_.error(ast_.attrs[attrs.begin].span, "attributes are not allowed on aliases");
      parseAlias();
      return;
    case Tok::KwConstAssert: {
      advance();
      NodeId e = parseExpression();
      expect(Tok::Semicolon, "after const_assert");
      ast_.globals.push_back({DeclKind::ConstAssert, e, spanFrom(start)});
      return;
    }
    case Tok::KwEnable:
    case Tok::KwRequires: errorAtPeek("directives must appear before any declaration"); return;
    case Tok::KwDiagnostic:
      if (!attrs.count) errorAtPeek("directives must appear before any declaration");
      [[fallthrough]];
    default:
      errorAtPeek(std::string("expected a declaration ('fn', 'var', 'const', 'override', "
                              "'struct', 'alias' or 'const_assert'), found ") +
                  tokName(peek().kind));
  }
}

void Parser::parseModule() {
  while (is(Tok::KwEnable) || is(Tok::KwRequires) || is(Tok::KwDiagnostic)) parseDirective();
  while (!is(Tok::End)) {
    const size_t g0 = ast_.globals.size();
    const auto e0 = static_cast<uint32_t>(ast_.exprs.size());
    try {
      parseGlobalDecl();
      if (ast_.globals.size() > g0)
        ast_.globals.back().exprs = {e0, static_cast<uint32_t>(ast_.exprs.size()) - e0};
    } catch (const ParseAbort&) {
      if (diags_.tooMany()) throw;
      recoverToNextDeclaration();
    }
  }
}

// After a syntax error: skip to the next token that starts a module-scope
// declaration at brace depth 0 right after a '}' or ';', so later
// declarations still get their syntax errors reported.
void Parser::recoverToNextDeclaration() {
  int depth = 0;
  size_t start = pos_;
  while (!is(Tok::End)) {
    Tok k = peek().kind;
    bool boundary = pos_ > start && depth == 0 &&
                    (toks_[pos_ - 1].kind == Tok::RBrace || toks_[pos_ - 1].kind == Tok::Semicolon);
    if (boundary &&
        (k == Tok::KwFn || k == Tok::KwStruct || k == Tok::KwVar || k == Tok::KwConst ||
         k == Tok::KwOverride || k == Tok::KwAlias || k == Tok::KwConstAssert || k == Tok::At))
      return;
    if (k == Tok::LBrace) ++depth;
    if (k == Tok::RBrace && depth > 0) --depth;
    advance();
  }
}

}  // namespace bindery::wgsl
