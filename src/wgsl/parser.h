// Internal: recursive-descent parser for the whole WGSL grammar (#grammar-recursive-descent).
#pragma once

#include <span>
#include <string_view>
#include <vector>

#include "ast.h"
#include "lexer.h"

namespace bindery::wgsl {

struct ParseAbort {};  // thrown on the first syntax error; caught in parseTokens

// Parse `tokens` into `ast`; syntax errors go to `diags`.
void parseTokens(const std::vector<Token>& tokens, Ast& ast, Diagnostics& diags);

class Parser {
 public:
  Parser(const std::vector<Token>& t, Ast& a, Diagnostics& d) : toks_(t), ast_(a), diags_(d) {}
  void parseModule();

  // parser_expr.cpp
  NodeId parseExpression();
  NodeId parseUnary();
  NodeId parseTypeSpecifier();  // an identifier with optional template list
  Range parseTemplateArgs();    // after '<' template start; consumes through '>'

  // parser_stmt.cpp
  NodeId parseCompound(Range attrs);
  NodeId parseStatement();

  // parser_decl.cpp
  Range parseAttributes();
  // #diagnostic-filtering: severities, rule names and conflicting filters
  // of one attribute list (`@diagnostic` may repeat with different rules).
  void checkDiagnosticAttrs(std::span<const Attribute> list);
  // #statements: only @diagnostic is allowed at the start of a statement,
  // a switch body, a loop body or a continuing block (`where` says which).
  void checkStatementAttrs(Range attrs, const char* where);
  uint32_t parseVarDecl(bool global, Range attrs);  // 'var', 'let', 'const', 'override'

 private:
  friend struct ParserAccess;
  const Token& peek(size_t k = 0) const {
    size_t i = pos_ + k;
    return i < toks_.size() ? toks_[i] : toks_.back();
  }
  bool is(Tok k) const { return peek().kind == k; }
  const Token& advance() {
    const Token& t = peek();
    if (pos_ < toks_.size() - 1) ++pos_;
    lastEnd_ = t.span.offset + t.span.length;
    return t;
  }
  bool accept(Tok k) {
    if (!is(k)) return false;
    advance();
    return true;
  }
  bool expect(Tok k, const char* context);
  std::string_view expectIdent(const char* context, Span* span = nullptr);
  void errorAtPeek(const std::string& msg);
  Span spanFrom(uint32_t startOffset) const;
  NodeId addExpr(const Expr& e);
  NodeId addStmt(const Stmt& s);

  // A list of node ids being parsed: its items wait on scratch_, which nested
  // lists share as a stack, and move to Ast::lists at finish() (no vector per
  // list). A list left unfinished gives its items back when it goes.
  class ListBuilder {
   public:
    explicit ListBuilder(Parser& p) : p_(p), base_(p.scratch_.size()) {}
    ListBuilder(const ListBuilder&) = delete;
    ListBuilder& operator=(const ListBuilder&) = delete;
    ~ListBuilder() {
      if (!done_) p_.scratch_.resize(base_);
    }
    void push(uint32_t id) { p_.scratch_.push_back(id); }
    Range finish() {
      Range r = p_.ast_.pushList(p_.scratch_.data() + base_, p_.scratch_.size() - base_);
      p_.scratch_.resize(base_);
      done_ = true;
      return r;
    }

   private:
    Parser& p_;
    size_t base_;
    bool done_ = false;
  };

  NodeId parseShiftTail(NodeId lhs);
  NodeId parseRelationalTail(NodeId lhs);
  NodeId parsePrimaryPostfix();
  NodeId parsePostfix(NodeId base);
  Range parseCallArgs();

  NodeId parseIf(Range attrs);
  NodeId parseSwitch(Range attrs);
  NodeId parseLoop(Range attrs);
  NodeId parseFor(Range attrs);
  NodeId parseWhile(Range attrs);
  NodeId parseSimpleStatement();  // call / decl / assignment / increment (no ';')

  void parseDirective();
  void recoverToNextDeclaration();
  void parseGlobalDecl();
  void parseStruct();
  void parseFunction(Range attrs);
  void parseAlias();

  const std::vector<Token>& toks_;
  Ast& ast_;
  std::vector<uint32_t> scratch_;  // ListBuilder's items
  Diagnostics& diags_;
  size_t pos_ = 0;
  uint32_t lastEnd_ = 0;  // end offset of the last consumed token (for spans)
  bool panic_ = false;    // suppress cascaded errors until resync
  int depth_ = 0;         // recursion guard
};

}  // namespace bindery::wgsl
