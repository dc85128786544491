// Expressions (#expression-grammar), template lists and type specifiers.
#include <string>

#include "parser.h"

namespace bindery::wgsl {

const char* opSpelling(BinaryOp op) {
  switch (op) {
    case BinaryOp::Add: return "+";
    case BinaryOp::Sub: return "-";
    case BinaryOp::Mul: return "*";
    case BinaryOp::Div: return "/";
    case BinaryOp::Mod: return "%";
    case BinaryOp::BitAnd: return "&";
    case BinaryOp::BitOr: return "|";
    case BinaryOp::BitXor: return "^";
    case BinaryOp::Shl: return "<<";
    case BinaryOp::Shr: return ">>";
    case BinaryOp::LogAnd: return "&&";
    case BinaryOp::LogOr: return "||";
    case BinaryOp::Eq: return "==";
    case BinaryOp::Ne: return "!=";
    case BinaryOp::Lt: return "<";
    case BinaryOp::Le: return "<=";
    case BinaryOp::Gt: return ">";
    case BinaryOp::Ge: return ">=";
  }
  return "?";
}

const char* opSpelling(UnaryOp op) {
  switch (op) {
    case UnaryOp::Neg: return "-";
    case UnaryOp::Not: return "!";
    case UnaryOp::BitNot: return "~";
    case UnaryOp::AddressOf: return "&";
    case UnaryOp::Deref: return "*";
  }
  return "?";
}

void Parser::errorAtPeek(const std::string& msg) {
  const Token& t = peek();
  Span s = t.span;
  if (s.length == 0) s.length = 1;
  diags_.error(s, msg);
  throw ParseAbort{};
}

bool Parser::expect(Tok k, const char* context) {
  if (accept(k)) return true;
  // A '>' that was not recognised as a template end, or vice versa, still
  // reads as the same character to the user.
  if ((k == Tok::TemplateArgsEnd && is(Tok::Greater)) ||
      (k == Tok::Greater && is(Tok::TemplateArgsEnd))) {
    advance();
    return true;
  }
  std::string msg =
      std::string("expected ") + tokName(k) + " " + context + ", found " + tokName(peek().kind);
  if (k == Tok::Semicolon && pos_ > 0) {
    // point just after the previous token: that is where the ';' is missing
    diags_.error(Span{lastEnd_, 1}, msg);
    throw ParseAbort{};
  }
  errorAtPeek(msg);
  return false;
}

std::string_view Parser::expectIdent(const char* context, Span* span) {
  if (is(Tok::Ident)) {
    const Token& t = advance();
    if (span) *span = t.span;
    return t.text;
  }
  const Token& t = peek();
  if (t.kind >= Tok::KwAlias && t.kind <= Tok::KwWhile)
    errorAtPeek(std::string("expected identifier ") + context + ", found keyword " +
                tokName(t.kind) + " (keywords cannot be used as names)");
  errorAtPeek(std::string("expected identifier ") + context + ", found " + tokName(t.kind));
  return {};
}

Span Parser::spanFrom(uint32_t startOffset) const {
  return {startOffset, lastEnd_ > startOffset ? lastEnd_ - startOffset : 0};
}

NodeId Parser::addExpr(const Expr& e) {
  ast_.exprs.push_back(e);
  return static_cast<NodeId>(ast_.exprs.size() - 1);
}

NodeId Parser::addStmt(const Stmt& s) {
  ast_.stmts.push_back(s);
  return static_cast<NodeId>(ast_.stmts.size() - 1);
}

namespace {
struct DepthGuard {
  int& d;
  explicit DepthGuard(int& x) : d(x) { ++d; }
  ~DepthGuard() { --d; }
};
}  // namespace

Range Parser::parseTemplateArgs() {
  // current token is TemplateArgsStart
  expect(Tok::TemplateArgsStart, "to start a template list");
  ListBuilder items(*this);
  while (!is(Tok::TemplateArgsEnd)) {
    items.push(parseExpression());
    if (!accept(Tok::Comma)) break;
  }
  expect(Tok::TemplateArgsEnd, "to end the template list");
  return items.finish();
}

NodeId Parser::parseTypeSpecifier() {
  Span nameSpan;
  std::string_view name = expectIdent("for a type", &nameSpan);
  Expr e;
  e.kind = ExprKind::Ident;
  e.name = name;
  e.nameSpan = nameSpan;
  if (is(Tok::TemplateArgsStart)) e.templateArgs = parseTemplateArgs();
  e.span = spanFrom(nameSpan.offset);
  return addExpr(e);
}

Range Parser::parseCallArgs() {
  expect(Tok::LParen, "to start the argument list");
  ListBuilder items(*this);
  while (!is(Tok::RParen)) {
    items.push(parseExpression());
    if (!accept(Tok::Comma)) break;
  }
  expect(Tok::RParen, "to end the argument list");
  return items.finish();
}

NodeId Parser::parsePrimaryPostfix() {
  const Token& t = peek();
  uint32_t start = t.span.offset;
  Expr e;
  switch (t.kind) {
    case Tok::IntLit:
      advance();
      e.kind = ExprKind::IntLit;
      e.intValue = t.intValue;
      e.suffix = t.suffix;
      e.span = t.span;
      return parsePostfix(addExpr(e));
    case Tok::FloatLit:
      advance();
      e.kind = ExprKind::FloatLit;
      e.floatValue = t.floatValue;
      e.suffix = t.suffix;
      e.span = t.span;
      return parsePostfix(addExpr(e));
    case Tok::KwTrue:
    case Tok::KwFalse:
      advance();
      e.kind = ExprKind::BoolLit;
      e.boolValue = t.kind == Tok::KwTrue;
      e.span = t.span;
      return parsePostfix(addExpr(e));
    case Tok::LParen: {
      advance();
      NodeId inner = parseExpression();
      expect(Tok::RParen, "to close the parenthesized expression");
      // keep the parenthesized span for diagnostics
      ast_.exprs[inner].span = spanFrom(start);
      return parsePostfix(inner);
    }
    case Tok::Ident: {
      advance();
      e.name = t.text;
      e.nameSpan = t.span;
      if (is(Tok::TemplateArgsStart)) e.templateArgs = parseTemplateArgs();
      if (is(Tok::LParen)) {
        e.kind = ExprKind::Call;
        e.args = parseCallArgs();
      } else {
        e.kind = ExprKind::Ident;
      }
      e.span = spanFrom(start);
      return parsePostfix(addExpr(e));
    }
    default:
      if (t.kind >= Tok::KwAlias && t.kind <= Tok::KwWhile)
        errorAtPeek(std::string("expected expression, found keyword ") + tokName(t.kind));
      errorAtPeek(std::string("expected expression, found ") + tokName(t.kind));
  }
  return kNone;
}

NodeId Parser::parsePostfix(NodeId base) {
  while (true) {
    uint32_t start = ast_.exprs[base].span.offset;
    if (accept(Tok::LBracket)) {
      Expr e;
      e.kind = ExprKind::Index;
      e.lhs = base;
      e.rhs = parseExpression();
      expect(Tok::RBracket, "to close the index expression");
      e.span = spanFrom(start);
      base = addExpr(e);
    } else if (accept(Tok::Period)) {
      Expr e;
      e.kind = ExprKind::Member;
      e.lhs = base;
      e.name = expectIdent("after '.'", &e.nameSpan);
      e.span = spanFrom(start);
      base = addExpr(e);
    } else {
      return base;
    }
  }
}

NodeId Parser::parseUnary() {
  DepthGuard g(depth_);
  if (depth_ > 200)
    errorAtPeek(
        "bindery limit: this expression is nested too deeply (more than 200 nested "
        "parentheses, operators and calls)");
  const Token& t = peek();
  UnaryOp op;
  int times = 1;
  switch (t.kind) {
    case Tok::Minus: op = UnaryOp::Neg; break;
    case Tok::MinusMinus: op = UnaryOp::Neg, times = 2; break;
    case Tok::Bang: op = UnaryOp::Not; break;
    case Tok::Tilde: op = UnaryOp::BitNot; break;
    case Tok::Star: op = UnaryOp::Deref; break;
    case Tok::And: op = UnaryOp::AddressOf; break;
    case Tok::AndAnd: op = UnaryOp::AddressOf, times = 2; break;
    default: return parsePrimaryPostfix();
  }
  advance();
  NodeId operand = parseUnary();
  for (int i = 0; i < times; ++i) {
    Expr e;
    e.kind = ExprKind::Unary;
    e.op = static_cast<uint8_t>(op);
    e.lhs = operand;
    e.span = spanFrom(i == times - 1 ? t.span.offset : t.span.offset + 1);
    operand = addExpr(e);
  }
  return operand;
}

namespace {
NodeId makeBinary(Ast& ast, BinaryOp op, NodeId l, NodeId r) {
  Expr e;
  e.kind = ExprKind::Binary;
  e.op = static_cast<uint8_t>(op);
  e.lhs = l;
  e.rhs = r;
  uint32_t b = ast.exprs[l].span.offset;
  uint32_t end = ast.exprs[r].span.offset + ast.exprs[r].span.length;
  e.span = {b, end - b};
  ast.exprs.push_back(e);
  return static_cast<NodeId>(ast.exprs.size() - 1);
}

bool multiplicativeOp(Tok k, BinaryOp& op) {
  switch (k) {
    case Tok::Star: op = BinaryOp::Mul; return true;
    case Tok::Slash: op = BinaryOp::Div; return true;
    case Tok::Percent: op = BinaryOp::Mod; return true;
    default: return false;
  }
}
bool additiveOp(Tok k, BinaryOp& op) {
  switch (k) {
    case Tok::Plus: op = BinaryOp::Add; return true;
    case Tok::Minus: op = BinaryOp::Sub; return true;
    default: return false;
  }
}
bool relationalOp(Tok k, BinaryOp& op) {
  switch (k) {
    case Tok::Less: op = BinaryOp::Lt; return true;
    case Tok::Greater: op = BinaryOp::Gt; return true;
    case Tok::LessEqual: op = BinaryOp::Le; return true;
    case Tok::GreaterEqual: op = BinaryOp::Ge; return true;
    case Tok::EqualEqual: op = BinaryOp::Eq; return true;
    case Tok::NotEqual: op = BinaryOp::Ne; return true;
    default: return false;
  }
}
}  // namespace

// shift_expression.post.unary_expression
NodeId Parser::parseShiftTail(NodeId lhs) {
  if (is(Tok::ShiftLeft) || is(Tok::ShiftRight)) {
    BinaryOp op = is(Tok::ShiftLeft) ? BinaryOp::Shl : BinaryOp::Shr;
    advance();
    return makeBinary(ast_, op, lhs, parseUnary());
  }
  BinaryOp op;
  // multiplicative tail
  while (multiplicativeOp(peek().kind, op)) {
    advance();
    lhs = makeBinary(ast_, op, lhs, parseUnary());
  }
  while (additiveOp(peek().kind, op) || is(Tok::MinusMinus)) {
    // #tokenization: the longest token candidate *valid for the parser
    // state*; after an operand `--` is not (a decrement is a statement), so
    // `a--b` is `a - -b`.
    const Token minus = advance();
    NodeId r;
    if (minus.kind == Tok::MinusMinus) {
      op = BinaryOp::Sub;
      Expr neg;
      neg.kind = ExprKind::Unary;
      neg.op = static_cast<uint8_t>(UnaryOp::Neg);
      neg.lhs = parseUnary();
      neg.span = spanFrom(minus.span.offset + 1);
      r = addExpr(neg);
    } else {
      r = parseUnary();
    }
    BinaryOp mop;
    while (multiplicativeOp(peek().kind, mop)) {
      advance();
      r = makeBinary(ast_, mop, r, parseUnary());
    }
    lhs = makeBinary(ast_, op, lhs, r);
  }
  return lhs;
}

// relational_expression.post.unary_expression
NodeId Parser::parseRelationalTail(NodeId lhs) {
  lhs = parseShiftTail(lhs);
  BinaryOp op;
  if (relationalOp(peek().kind, op)) {
    advance();
    NodeId r = parseShiftTail(parseUnary());
    lhs = makeBinary(ast_, op, lhs, r);
    BinaryOp op2;
    if (relationalOp(peek().kind, op2))
      errorAtPeek(std::string("comparison operators cannot be chained; use parentheses around '") +
                  opSpelling(op) + "'");
  }
  return lhs;
}

NodeId Parser::parseExpression() {
  DepthGuard g(depth_);
  if (depth_ > 200)
    errorAtPeek(
        "bindery limit: this expression is nested too deeply (more than 200 nested "
        "parentheses, operators and calls)");
  NodeId lhs = parseUnary();
  Tok k = peek().kind;
  if (k == Tok::And || k == Tok::Or || k == Tok::Xor) {
    BinaryOp op = k == Tok::And  ? BinaryOp::BitAnd
                  : k == Tok::Or ? BinaryOp::BitOr
                                 : BinaryOp::BitXor;
    while (accept(k)) lhs = makeBinary(ast_, op, lhs, parseUnary());
    Tok n = peek().kind;
    if (n == Tok::And || n == Tok::Or || n == Tok::Xor || n == Tok::AndAnd || n == Tok::OrOr ||
        n == Tok::Plus || n == Tok::Minus || n == Tok::MinusMinus || n == Tok::Star ||
        n == Tok::Slash || n == Tok::Percent || n == Tok::ShiftLeft || n == Tok::ShiftRight ||
        n == Tok::Less || n == Tok::Greater || n == Tok::LessEqual || n == Tok::GreaterEqual ||
        n == Tok::EqualEqual || n == Tok::NotEqual)
      errorAtPeek(std::string("mixing '") + opSpelling(op) + "' with " + tokName(n) +
                  " requires parentheses");
    return lhs;
  }
  lhs = parseRelationalTail(lhs);
  k = peek().kind;
  if (k == Tok::AndAnd || k == Tok::OrOr) {
    BinaryOp op = k == Tok::AndAnd ? BinaryOp::LogAnd : BinaryOp::LogOr;
    while (accept(k)) lhs = makeBinary(ast_, op, lhs, parseRelationalTail(parseUnary()));
    Tok n = peek().kind;
    if (n == Tok::AndAnd || n == Tok::OrOr || n == Tok::And || n == Tok::Or || n == Tok::Xor)
      errorAtPeek(std::string("mixing '") + opSpelling(op) + "' with " + tokName(n) +
                  " requires parentheses");
  }
  return lhs;
}

}  // namespace bindery::wgsl
