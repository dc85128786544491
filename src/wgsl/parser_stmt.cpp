// Statements (#statements): compound, control flow, assignments, declarations.
#include <string>

#include "parser.h"

namespace bindery::wgsl {

NodeId Parser::parseCompound(Range attrs) {
  checkStatementAttrs(attrs, "a compound statement");
  uint32_t start = peek().span.offset;
  expect(Tok::LBrace, "to start a block");
  ListBuilder items(*this);
  while (!is(Tok::RBrace) && !is(Tok::End)) items.push(parseStatement());
  expect(Tok::RBrace, "to end the block");
  Stmt s;
  s.kind = StmtKind::Block;
  s.list = items.finish();
  s.attrs = attrs;
  s.span = spanFrom(start);
  return addStmt(s);
}

NodeId Parser::parseIf(Range attrs) {
  uint32_t start = peek().span.offset;
  expect(Tok::KwIf, "");
  Stmt s;
  s.kind = StmtKind::If;
  s.attrs = attrs;
  s.a = parseExpression();
  s.b = parseCompound(parseAttributes());
  if (accept(Tok::KwElse)) {
    if (is(Tok::KwIf)) {
      s.c = parseIf({});
    } else {
      s.c = parseCompound(parseAttributes());
    }
  }
  s.span = spanFrom(start);
  return addStmt(s);
}

NodeId Parser::parseSwitch(Range attrs) {
  uint32_t start = peek().span.offset;
  expect(Tok::KwSwitch, "");
  Stmt s;
  s.kind = StmtKind::Switch;
  s.attrs = attrs;
  s.a = parseExpression();
  // #diagnostic-filtering: a filter at the beginning of the switch body
  // affects the body; kept with the statement's own (they are adjacent in
  // Ast::attrs), as the selector has no diagnostics of its own.
  Range bodyAttrs = parseAttributes();
  checkStatementAttrs(bodyAttrs, "a switch body");
  if (bodyAttrs.count) {
    if (s.attrs.count == 0)
      s.attrs = bodyAttrs;
    else if (s.attrs.begin + s.attrs.count == bodyAttrs.begin)
      s.attrs.count += bodyAttrs.count;
  }
  expect(Tok::LBrace, "to start the switch body");
  ListBuilder clauses(*this);
  while (!is(Tok::RBrace)) {
    SwitchClause c;
    uint32_t cstart = peek().span.offset;
    ListBuilder sels(*this);
    if (accept(Tok::KwDefault)) {
      sels.push(kNone);
    } else if (accept(Tok::KwCase)) {
      while (true) {
        if (accept(Tok::KwDefault)) {
          sels.push(kNone);
        } else {
          sels.push(parseExpression());
        }
        if (!accept(Tok::Comma)) break;
        if (is(Tok::Colon) || is(Tok::LBrace) || is(Tok::At)) break;  // trailing comma
      }
    } else {
      errorAtPeek(std::string("expected 'case' or 'default' in switch body, found ") +
                  tokName(peek().kind));
    }
    accept(Tok::Colon);
    c.selectors = sels.finish();
    c.body = parseCompound(parseAttributes());
    c.span = spanFrom(cstart);
    ast_.clauses.push_back(c);
    clauses.push(static_cast<uint32_t>(ast_.clauses.size() - 1));
  }
  expect(Tok::RBrace, "to end the switch body");
  s.list = clauses.finish();
  s.span = spanFrom(start);
  return addStmt(s);
}

NodeId Parser::parseLoop(Range attrs) {
  uint32_t start = peek().span.offset;
  expect(Tok::KwLoop, "");
  Stmt s;
  s.kind = StmtKind::Loop;
  s.attrs = attrs;
  Range bodyAttrs = parseAttributes();
  checkStatementAttrs(bodyAttrs, "a loop body");
  uint32_t bstart = peek().span.offset;
  expect(Tok::LBrace, "to start the loop body");
  ListBuilder items(*this);
  while (!is(Tok::RBrace) && !is(Tok::KwContinuing)) items.push(parseStatement());
  if (is(Tok::KwContinuing)) {
    uint32_t cstart = peek().span.offset;
    advance();
    Range cattrs = parseAttributes();
    checkStatementAttrs(cattrs, "a continuing block");
    expect(Tok::LBrace, "to start the continuing block");
    ListBuilder citems(*this);
    while (!is(Tok::RBrace)) {
      if (is(Tok::KwBreak) && peek(1).kind == Tok::KwIf) {
        uint32_t bs = peek().span.offset;
        advance();
        advance();
        Stmt bi;
        bi.kind = StmtKind::BreakIf;
        bi.a = parseExpression();
        expect(Tok::Semicolon, "after 'break if' condition");
        bi.span = spanFrom(bs);
        citems.push(addStmt(bi));
        if (!is(Tok::RBrace))
          errorAtPeek("'break if' must be the last statement of a continuing block");
        break;
      }
      citems.push(parseStatement());
    }
    expect(Tok::RBrace, "to end the continuing block");
    Stmt cb;
    cb.kind = StmtKind::Block;
    cb.list = citems.finish();
    cb.attrs = cattrs;
    cb.span = spanFrom(cstart);
    s.b = addStmt(cb);
  }
  expect(Tok::RBrace, "to end the loop body");
  Stmt body;
  body.kind = StmtKind::Block;
  body.list = items.finish();
  body.attrs = bodyAttrs;
  body.span = spanFrom(bstart);
  s.a = addStmt(body);
  s.span = spanFrom(start);
  return addStmt(s);
}

NodeId Parser::parseFor(Range attrs) {
  uint32_t start = peek().span.offset;
  expect(Tok::KwFor, "");
  Stmt s;
  s.kind = StmtKind::For;
  s.attrs = attrs;
  expect(Tok::LParen, "after 'for'");
  if (!is(Tok::Semicolon)) s.a = parseSimpleStatement();
  expect(Tok::Semicolon, "after the for-loop initializer");
  if (!is(Tok::Semicolon)) s.b = parseExpression();
  expect(Tok::Semicolon, "after the for-loop condition");
  if (!is(Tok::RParen)) s.c = parseSimpleStatement();
  expect(Tok::RParen, "to close the for-loop header");
  s.d = parseCompound(parseAttributes());
  s.span = spanFrom(start);
  return addStmt(s);
}

NodeId Parser::parseWhile(Range attrs) {
  uint32_t start = peek().span.offset;
  expect(Tok::KwWhile, "");
  Stmt s;
  s.kind = StmtKind::While;
  s.attrs = attrs;
  s.a = parseExpression();
  s.b = parseCompound(parseAttributes());
  s.span = spanFrom(start);
  return addStmt(s);
}

// func_call_statement | variable_or_value_statement | variable_updating_statement
NodeId Parser::parseSimpleStatement() {
  uint32_t start = peek().span.offset;
  Stmt s;
  if (is(Tok::KwVar) || is(Tok::KwLet) || is(Tok::KwConst)) {
    s.kind = StmtKind::Decl;
    s.a = parseVarDecl(false, {});
    s.span = spanFrom(start);
    return addStmt(s);
  }
  if (accept(Tok::Underscore)) {
    expect(Tok::Equal, "after '_' (phony assignment)");
    s.kind = StmtKind::Assign;
    s.b = parseExpression();
    s.span = spanFrom(start);
    return addStmt(s);
  }
  NodeId lhs = parseUnary();
  const Expr& le = ast_.exprs[lhs];
  Tok k = peek().kind;
  if (le.kind == ExprKind::Call && (k == Tok::Semicolon || k == Tok::RParen)) {
    s.kind = StmtKind::Call;
    s.a = lhs;
    s.span = spanFrom(start);
    return addStmt(s);
  }
  s.a = lhs;
  BinaryOp op{};
  bool compound = true;
  switch (k) {
    case Tok::Equal: compound = false; break;
    case Tok::PlusEqual: op = BinaryOp::Add; break;
    case Tok::MinusEqual: op = BinaryOp::Sub; break;
    case Tok::StarEqual: op = BinaryOp::Mul; break;
    case Tok::SlashEqual: op = BinaryOp::Div; break;
    case Tok::PercentEqual: op = BinaryOp::Mod; break;
    case Tok::AndEqual: op = BinaryOp::BitAnd; break;
    case Tok::OrEqual: op = BinaryOp::BitOr; break;
    case Tok::XorEqual: op = BinaryOp::BitXor; break;
    case Tok::ShiftLeftEqual: op = BinaryOp::Shl; break;
    case Tok::ShiftRightEqual: op = BinaryOp::Shr; break;
    case Tok::PlusPlus:
    case Tok::MinusMinus:
      advance();
      s.kind = k == Tok::PlusPlus ? StmtKind::Increment : StmtKind::Decrement;
      s.span = spanFrom(start);
      return addStmt(s);
    default:
      errorAtPeek(
          std::string("expected assignment, increment, decrement or function call; found ") +
          tokName(k));
  }
  advance();
  s.kind = compound ? StmtKind::CompoundAssign : StmtKind::Assign;
  s.op = static_cast<uint8_t>(op);
  s.b = parseExpression();
  s.span = spanFrom(start);
  return addStmt(s);
}

NodeId Parser::parseStatement() {
  struct Guard {
    int& d;
    ~Guard() { --d; }
  } guard{++depth_};
  if (depth_ > 200)
    errorAtPeek(
        "bindery limit: statements are nested too deeply (more than 200 levels; WGSL #limits "
        "asks for 127 braces)");
  uint32_t start = peek().span.offset;
  Range attrs = parseAttributes();
  bool hasAttrs = attrs.count > 0;
  Stmt s;
  if (hasAttrs && peek().kind != Tok::LBrace) checkStatementAttrs(attrs, "a statement");
  switch (peek().kind) {
    case Tok::KwIf: return parseIf(attrs);
    case Tok::KwSwitch: return parseSwitch(attrs);
    case Tok::KwLoop: return parseLoop(attrs);
    case Tok::KwFor: return parseFor(attrs);
    case Tok::KwWhile: return parseWhile(attrs);
    case Tok::LBrace: return parseCompound(attrs);
    default: break;
  }
  if (hasAttrs)
    errorAtPeek(
        "attributes are only allowed on compound, if, switch, loop, for and while statements");
  switch (peek().kind) {
    case Tok::Semicolon:
      advance();
      s.kind = StmtKind::Empty;
      s.span = spanFrom(start);
      return addStmt(s);
    case Tok::KwReturn:
      advance();
      s.kind = StmtKind::Return;
      if (!is(Tok::Semicolon)) s.a = parseExpression();
      expect(Tok::Semicolon, "after return statement");
      break;
    case Tok::KwBreak:
      advance();
      if (is(Tok::KwIf))
        errorAtPeek("'break if' is only allowed as the last statement of a continuing block");
      s.kind = StmtKind::Break;
      expect(Tok::Semicolon, "after 'break'");
      break;
    case Tok::KwContinue:
      advance();
      s.kind = StmtKind::Continue;
      expect(Tok::Semicolon, "after 'continue'");
      break;
    case Tok::KwDiscard:
      advance();
      s.kind = StmtKind::Discard;
      expect(Tok::Semicolon, "after 'discard'");
      break;
    case Tok::KwConstAssert:
      advance();
      s.kind = StmtKind::ConstAssert;
      s.a = parseExpression();
      expect(Tok::Semicolon, "after const_assert");
      break;
    default: {
      NodeId id = parseSimpleStatement();
      expect(Tok::Semicolon, "after statement");
      ast_.stmts[id].span = spanFrom(start);
      return id;
    }
  }
  s.span = spanFrom(start);
  return addStmt(s);
}

}  // namespace bindery::wgsl
