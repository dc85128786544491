// Internal: WGSL tokenizer (#tokens) with template list discovery (#template-lists-sec).
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "diagnostics.h"

namespace bindery::wgsl {

enum class Tok : uint8_t {
  End,
  Ident,
  IntLit,    // value in Token::intValue, suffix in Token::suffix ('\0', 'i', 'u')
  FloatLit,  // value in Token::floatValue, suffix ('\0', 'f', 'h')
  // keywords
  KwAlias,
  KwBreak,
  KwCase,
  KwConst,
  KwConstAssert,
  KwContinue,
  KwContinuing,
  KwDefault,
  KwDiagnostic,
  KwDiscard,
  KwElse,
  KwEnable,
  KwFalse,
  KwFn,
  KwFor,
  KwIf,
  KwLet,
  KwLoop,
  KwOverride,
  KwRequires,
  KwReturn,
  KwStruct,
  KwSwitch,
  KwTrue,
  KwVar,
  KwWhile,
  // punctuation
  And,
  AndAnd,
  Arrow,
  At,
  Slash,
  Bang,
  LBracket,
  RBracket,
  LBrace,
  RBrace,
  Colon,
  Comma,
  Equal,
  EqualEqual,
  NotEqual,
  Greater,
  GreaterEqual,
  ShiftRight,
  Less,
  LessEqual,
  ShiftLeft,
  Percent,
  Minus,
  MinusMinus,
  Period,
  Plus,
  PlusPlus,
  Or,
  OrOr,
  LParen,
  RParen,
  Semicolon,
  Star,
  Tilde,
  Underscore,
  Xor,
  PlusEqual,
  MinusEqual,
  StarEqual,
  SlashEqual,
  PercentEqual,
  AndEqual,
  OrEqual,
  XorEqual,
  ShiftRightEqual,
  ShiftLeftEqual,
  TemplateArgsStart,  // '<' that starts a template list
  TemplateArgsEnd,    // '>' that ends a template list
};

struct Token {
  Tok kind = Tok::End;
  char suffix = 0;
  Span span;
  uint64_t intValue = 0;
  double floatValue = 0;
  std::string_view text;
};

// Tokenize `source`. Errors (bad literal, reserved word, unterminated comment,
// bad code point) go to `diags`. The result always ends with a Tok::End token.
std::vector<Token> tokenize(std::string_view source, Diagnostics& diags);

const char* tokName(Tok t);

}  // namespace bindery::wgsl
