// Internal: the syntax tree. Plain data in arenas (vectors), nodes refer to
// each other by 32-bit indices; variable-length children live in `lists`.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "diagnostics.h"

namespace bindery::wgsl {

using NodeId = uint32_t;
inline constexpr NodeId kNone = 0xffffffffu;

// A range of entries in one of the Ast's pools.
struct Range {
  uint32_t begin = 0;
  uint32_t count = 0;
};

enum class ExprKind : uint8_t {
  IntLit,
  FloatLit,
  BoolLit,
  Ident,
  Call,
  Index,
  Member,
  Unary,
  Binary
};
enum class UnaryOp : uint8_t { Neg, Not, BitNot, AddressOf, Deref };
enum class BinaryOp : uint8_t {
  Add,
  Sub,
  Mul,
  Div,
  Mod,
  BitAnd,
  BitOr,
  BitXor,
  Shl,
  Shr,
  LogAnd,
  LogOr,
  Eq,
  Ne,
  Lt,
  Le,
  Gt,
  Ge,
};
const char* opSpelling(BinaryOp op);
const char* opSpelling(UnaryOp op);

struct Expr {
  ExprKind kind = ExprKind::IntLit;
  uint8_t op = 0;   // UnaryOp / BinaryOp
  char suffix = 0;  // literal suffix: 'i', 'u', 'f', 'h' or 0
  bool boolValue = false;
  Span span;
  std::string_view name;  // Ident, Call callee, Member name
  Span nameSpan;          // Member: the member's span
  NodeId lhs = kNone;     // Unary operand; Binary lhs; Index base; Member base
  NodeId rhs = kNone;     // Binary rhs; Index index
  Range templateArgs;     // Ident / Call: expression ids in Ast::lists
  Range args;             // Call: expression ids in Ast::lists
  uint64_t intValue = 0;
  double floatValue = 0;
};

struct Attribute {
  std::string_view name;
  Span span;   // from '@' to the closing ')'
  Range args;  // expression ids in Ast::lists
};

enum class StmtKind : uint8_t {
  Empty,
  Block,
  Return,
  If,
  Switch,
  Loop,
  For,
  While,
  Break,
  BreakIf,
  Continue,
  Discard,
  Assign,          // a = lhs (kNone for phony '_'), b = rhs
  CompoundAssign,  // a = lhs, b = rhs, op = BinaryOp
  Increment,
  Decrement,    // a = lhs
  Call,         // a = call expression
  Decl,         // a = index into Ast::vars
  ConstAssert,  // a = expression
};

struct Stmt {
  StmtKind kind = StmtKind::Empty;
  uint8_t op = 0;
  Span span;
  // If: a cond, b then-block, c else (block or if stmt) | Loop: a body block, b continuing block |
  // For: a init, b cond expr, c update, d body | While: a cond, b body |
  // Switch: a selector, list = clause ids | Block: list = statement ids | Return: a value
  // BreakIf: a cond
  NodeId a = kNone, b = kNone, c = kNone, d = kNone;
  Range list;
  Range attrs;  // attributes on the statement (and, for Switch/Loop, on its body)
};

struct SwitchClause {
  Span span;
  Range selectors;  // expression ids in Ast::lists; kNone marks 'default'
  NodeId body = kNone;
};

enum class DeclKind : uint8_t { Var, Let, Const, Override, Param, Fn, Struct, Alias, ConstAssert };

// var / let / const / override / function parameter
struct VarDecl {
  DeclKind kind = DeclKind::Var;
  std::string_view name;
  Span nameSpan;
  Span span;
  Range templateArgs;  // var<address_space, access>
  NodeId type = kNone;
  NodeId init = kNone;
  Range attrs;
  bool global = false;
};

struct StructMember {
  std::string_view name;
  Span nameSpan;
  NodeId type = kNone;
  Range attrs;
};

struct StructDecl {
  std::string_view name;
  Span nameSpan;
  Span span;
  Range members;  // in Ast::members
};

struct FnDecl {
  std::string_view name;
  Span nameSpan;
  Span span;
  Range params;  // var ids in Ast::lists
  NodeId returnType = kNone;
  Range returnAttrs;
  Range attrs;
  NodeId body = kNone;  // Block statement
};

struct AliasDecl {
  std::string_view name;
  Span nameSpan;
  Span span;
  NodeId type = kNone;
};

struct GlobalDecl {
  DeclKind kind;
  uint32_t index;  // into vars / fns / structs / aliases; ConstAssert: expression id
  Span span;
  Range exprs;  // the expression ids parsed for this declaration (attributes included)
};

struct Directive {
  enum class Kind : uint8_t { Enable, Requires, Diagnostic } kind;
  Span span;
  std::vector<std::string_view> names;  // extensions / features; diagnostic: severity, rule
  std::vector<Span> nameSpans;
};

struct Ast {
  std::vector<Expr> exprs;
  std::vector<Stmt> stmts;
  std::vector<Attribute> attrs;
  std::vector<SwitchClause> clauses;
  std::vector<VarDecl> vars;
  std::vector<StructMember> members;
  std::vector<StructDecl> structs;
  std::vector<FnDecl> fns;
  std::vector<AliasDecl> aliases;
  std::vector<GlobalDecl> globals;  // in source order
  std::vector<Directive> directives;
  std::vector<uint32_t> lists;

  uint32_t at(Range r, uint32_t i) const { return lists[r.begin + i]; }
  Range pushList(const std::vector<uint32_t>& items) {
    return pushList(items.data(), items.size());
  }
  Range pushList(const uint32_t* items, size_t count) {
    Range r{static_cast<uint32_t>(lists.size()), static_cast<uint32_t>(count)};
    lists.insert(lists.end(), items, items + count);
    return r;
  }
};

}  // namespace bindery::wgsl
