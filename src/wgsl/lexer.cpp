// WGSL tokenizer (#parsing), one pass over the text: blankspace and comments
// are skipped, identifiers / keywords and literals scanned, and each run of
// adjacent punctuation code points is handled at once: #template-list-discovery
// runs over its code points (with the state carried from the runs before, so
// it is the spec's code-point algorithm: blankspace, comments and literals
// are skipped, and an identifier is remembered for a '<' after it), then the
// run's code points are merged into the longest operators (#syntactic-tokens),
// never merging a '<' or '>' that delimits a template list. A '<' that starts
// a template list is known only at its '>': its token is patched then.
//
// Identifiers (#identifiers): XID_Start XID_Continue* is approximated as
// ASCII letters/digits/'_' plus every non-ASCII code point that is not
// blankspace. This accepts a superset of the spec's identifiers.
#include "lexer.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <string>
#include <system_error>
#include <utility>

namespace bindery::wgsl {
namespace {

// Keywords (#keyword-summary) and reserved words (#reserved-words): one
// open-addressing table probed with a hash of the length and three bytes, so
// an identifier costs one or two slot compares and no hashing of every byte.
constexpr std::pair<std::string_view, Tok> kKeywords[] = {
    {"alias", Tok::KwAlias},
    {"break", Tok::KwBreak},
    {"case", Tok::KwCase},
    {"const", Tok::KwConst},
    {"const_assert", Tok::KwConstAssert},
    {"continue", Tok::KwContinue},
    {"continuing", Tok::KwContinuing},
    {"default", Tok::KwDefault},
    {"diagnostic", Tok::KwDiagnostic},
    {"discard", Tok::KwDiscard},
    {"else", Tok::KwElse},
    {"enable", Tok::KwEnable},
    {"false", Tok::KwFalse},
    {"fn", Tok::KwFn},
    {"for", Tok::KwFor},
    {"if", Tok::KwIf},
    {"let", Tok::KwLet},
    {"loop", Tok::KwLoop},
    {"override", Tok::KwOverride},
    {"requires", Tok::KwRequires},
    {"return", Tok::KwReturn},
    {"struct", Tok::KwStruct},
    {"switch", Tok::KwSwitch},
    {"true", Tok::KwTrue},
    {"var", Tok::KwVar},
    {"while", Tok::KwWhile},
};

constexpr std::string_view kReserved[] = {
    "NULL",
    "Self",
    "abstract",
    "active",
    "alignas",
    "alignof",
    "as",
    "asm",
    "asm_fragment",
    "async",
    "attribute",
    "auto",
    "await",
    "become",
    "cast",
    "catch",
    "class",
    "co_await",
    "co_return",
    "co_yield",
    "coherent",
    "column_major",
    "common",
    "compile",
    "compile_fragment",
    "concept",
    "const_cast",
    "consteval",
    "constexpr",
    "constinit",
    "crate",
    "debugger",
    "decltype",
    "delete",
    "demote",
    "demote_to_helper",
    "do",
    "dynamic_cast",
    "enum",
    "explicit",
    "export",
    "extends",
    "extern",
    "external",
    "fallthrough",
    "filter",
    "final",
    "finally",
    "friend",
    "from",
    "fxgroup",
    "get",
    "goto",
    "groupshared",
    "highp",
    "impl",
    "implements",
    "import",
    "inline",
    "instanceof",
    "interface",
    "layout",
    "lowp",
    "macro",
    "macro_rules",
    "match",
    "mediump",
    "meta",
    "mod",
    "module",
    "move",
    "mut",
    "mutable",
    "namespace",
    "new",
    "nil",
    "noexcept",
    "noinline",
    "nointerpolation",
    "non_coherent",
    "noncoherent",
    "noperspective",
    "null",
    "nullptr",
    "of",
    "operator",
    "package",
    "packoffset",
    "partition",
    "pass",
    "patch",
    "pixelfragment",
    "precise",
    "precision",
    "premerge",
    "priv",
    "protected",
    "pub",
    "public",
    "readonly",
    "ref",
    "regardless",
    "register",
    "reinterpret_cast",
    "require",
    "resource",
    "restrict",
    "self",
    "set",
    "shared",
    "sizeof",
    "smooth",
    "snorm",
    "static",
    "static_assert",
    "static_cast",
    "std",
    "subroutine",
    "super",
    "target",
    "template",
    "this",
    "thread_local",
    "throw",
    "trait",
    "try",
    "type",
    "typedef",
    "typeid",
    "typename",
    "typeof",
    "union",
    "unless",
    "unorm",
    "unsafe",
    "unsized",
    "use",
    "using",
    "varying",
    "virtual",
    "volatile",
    "wgsl",
    "where",
    "with",
    "writeonly",
    "yield",
};

enum class WordClass : uint8_t { Identifier, Keyword, Reserved };

class WordTable {
 public:
  constexpr WordTable() {
    for (const auto& [w, kind] : kKeywords) insert(w, WordClass::Keyword, kind);
    for (std::string_view w : kReserved) insert(w, WordClass::Reserved, Tok::Ident);
  }
  constexpr WordClass classify(std::string_view w, Tok& kind) const {
    for (uint32_t i = hash(w);; i = (i + 1) & kMask) {
      const Slot& s = slots_[i];
      if (s.word.empty()) return WordClass::Identifier;
      if (s.word == w) {
        kind = s.kind;
        return s.cls;
      }
    }
  }

 private:
  static constexpr uint32_t kMask = 511;  // 512 slots for ~180 words
  struct Slot {
    std::string_view word;
    WordClass cls = WordClass::Identifier;
    Tok kind = Tok::Ident;
  };
  static constexpr uint32_t hash(std::string_view w) {
    const auto b = [&](size_t i) {
      return static_cast<uint32_t>(static_cast<unsigned char>(w[i]));
    };
    uint32_t h = static_cast<uint32_t>(w.size()) * 0x9E3779B1u;
    h ^= b(0) * 0x85EBCA77u;
    h ^= b(w.size() - 1) * 0xC2B2AE3Du;
    if (w.size() > 2) h ^= b(1) * 0x27D4EB2Fu + b(2) * 0x165667B1u;
    return (h ^ (h >> 15)) & kMask;
  }
  constexpr void insert(std::string_view w, WordClass cls, Tok kind) {
    uint32_t i = hash(w);
    while (!slots_[i].word.empty()) i = (i + 1) & kMask;
    slots_[i] = {w, cls, kind};
  }
  std::array<Slot, kMask + 1> slots_{};
};

// Built at compile time: no guard on every identifier.
constexpr WordTable kWords;

constexpr bool isDigit(char c) {
  return c >= '0' && c <= '9';
}
constexpr bool isHex(char c) {
  return isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}
constexpr bool isAsciiIdentStart(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

constexpr uint64_t kHighBits = 0x8080808080808080ull;

// ASCII bytes that continue an identifier: letters, digits, '_'.
constexpr auto kAsciiIdent = [] {
  std::array<bool, 256> t{};
  for (int c = 0; c < 128; ++c)
    t[c] = isAsciiIdentStart(static_cast<char>(c)) || isDigit(static_cast<char>(c));
  return t;
}();

// Bytes that may start a line break (#line-break): LF VT FF CR and the lead
// bytes of NEL (C2 85) and LS / PS (E2 80 A8 / A9).
constexpr auto kMayBreak = [] {
  std::array<bool, 256> t{};
  for (unsigned char c : {'\n', '\v', '\f', '\r'}) t[c] = true;
  t[0xC2] = t[0xE2] = true;
  return t;
}();

// ASCII blankspace (#blankspace-and-line-breaks): space, tab, LF VT FF CR.
constexpr auto kAsciiBlank = [] {
  std::array<bool, 256> t{};
  for (unsigned char c : {' ', '\t', '\n', '\v', '\f', '\r'}) t[c] = true;
  return t;
}();

// The single code-point punctuation tokens (#syntactic-tokens); Tok::End for
// any other byte.
constexpr auto kPunctuation = [] {
  std::array<Tok, 256> t{};
  const std::pair<char, Tok> punct[] = {
      {'&', Tok::And},       {'@', Tok::At},       {'/', Tok::Slash},  {'!', Tok::Bang},
      {'[', Tok::LBracket},  {']', Tok::RBracket}, {'{', Tok::LBrace}, {'}', Tok::RBrace},
      {':', Tok::Colon},     {',', Tok::Comma},    {'=', Tok::Equal},  {'>', Tok::Greater},
      {'<', Tok::Less},      {'%', Tok::Percent},  {'-', Tok::Minus},  {'.', Tok::Period},
      {'+', Tok::Plus},      {'|', Tok::Or},       {'(', Tok::LParen}, {')', Tok::RParen},
      {';', Tok::Semicolon}, {'*', Tok::Star},     {'~', Tok::Tilde},  {'^', Tok::Xor}};
  for (const auto& [c, k] : punct) t[static_cast<unsigned char>(c)] = k;
  return t;
}();

bool isIdentLike(Tok k) {
  return k == Tok::Ident || (k >= Tok::KwAlias && k <= Tok::KwWhile);
}

// The two- and three-code-point operators (#syntactic-tokens), Tok::End for
// any other pair.
Tok operator2(char a, char b) {
  switch (a) {
    case '&': return b == '&' ? Tok::AndAnd : b == '=' ? Tok::AndEqual : Tok::End;
    case '-':
      return b == '>'   ? Tok::Arrow
             : b == '-' ? Tok::MinusMinus
             : b == '=' ? Tok::MinusEqual
                        : Tok::End;
    case '=': return b == '=' ? Tok::EqualEqual : Tok::End;
    case '!': return b == '=' ? Tok::NotEqual : Tok::End;
    case '>': return b == '=' ? Tok::GreaterEqual : b == '>' ? Tok::ShiftRight : Tok::End;
    case '<': return b == '=' ? Tok::LessEqual : b == '<' ? Tok::ShiftLeft : Tok::End;
    case '+': return b == '+' ? Tok::PlusPlus : b == '=' ? Tok::PlusEqual : Tok::End;
    case '|': return b == '|' ? Tok::OrOr : b == '=' ? Tok::OrEqual : Tok::End;
    case '*': return b == '=' ? Tok::StarEqual : Tok::End;
    case '/': return b == '=' ? Tok::SlashEqual : Tok::End;
    case '%': return b == '=' ? Tok::PercentEqual : Tok::End;
    case '^': return b == '=' ? Tok::XorEqual : Tok::End;
    default: return Tok::End;
  }
}
Tok operator3(std::string_view s) {
  if (s == ">>=") return Tok::ShiftRightEqual;
  if (s == "<<=") return Tok::ShiftLeftEqual;
  return Tok::End;
}

class Scanner {
 public:
  Scanner(std::string_view src, Diagnostics& d) : s_(src), diags_(d) {}

  std::vector<Token> run() {
    std::vector<Token> out;
    // about one token per 3.5-6 bytes of WGSL (3.5 in the particles bench
    // shader): one allocation, no regrowth copying every token
    out.reserve(s_.size() / 3 + 16);
    checkUtf8();
    const size_t n = s_.size();
    // whether the last token was an identifier or keyword (which
    // ident_pattern_token matches), for a '<' that follows it
    bool identBefore = false;
    while (true) {
      skipBlankAndComments();
      if (pos_ >= n) break;
      const unsigned char c = static_cast<unsigned char>(s_[pos_]);
      if (isAsciiIdentStart(static_cast<char>(c))) {
        Token& t = out.emplace_back();
        const size_t b = pos_++;
        scanIdentifier(t, b);
        identBefore = isIdentLike(t.kind);
        continue;
      }
      if (kPunctuation[c] != Tok::End && !(c == '.' && isDigit(at(pos_ + 1)))) {
        scanPunctuation(out, identBefore);
        identBefore = false;
        continue;
      }
      Token& t = out.emplace_back();
      if (!scanOne(t)) {
        out.pop_back();  // nothing was read as a token: the state is unchanged
        continue;
      }
      identBefore = isIdentLike(t.kind);
    }
    Token end;
    end.kind = Tok::End;
    end.span = {static_cast<uint32_t>(n), 0};
    out.push_back(end);
    return out;
  }

 private:
  Span span(size_t b, size_t e) const {
    return {static_cast<uint32_t>(b), static_cast<uint32_t>(e - b)};
  }
  char at(size_t i) const { return i < s_.size() ? s_[i] : '\0'; }

  // Length in bytes of a blankspace code point at i, or 0 (#blankspace-and-line-breaks).
  size_t blankLen(size_t i) const {
    unsigned char c = static_cast<unsigned char>(at(i));
    if (c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r') return 1;
    if (c == 0xC2 && static_cast<unsigned char>(at(i + 1)) == 0x85) return 2;
    if (c == 0xE2 && static_cast<unsigned char>(at(i + 1)) == 0x80) {
      unsigned char d = static_cast<unsigned char>(at(i + 2));
      if (d == 0x8E || d == 0x8F || d == 0xA8 || d == 0xA9) return 3;
    }
    return 0;
  }
  bool isLineBreak(size_t i) const {
    char c = at(i);
    if (c == '\n' || c == '\v' || c == '\f' || c == '\r') return true;
    size_t l = blankLen(i);
    return l == 2 || (l == 3 && static_cast<unsigned char>(at(i + 2)) >= 0xA8);
  }
  // Length of the well-formed UTF-8 sequence at i (Unicode Table 3-7: no
  // overlong forms, no surrogates, nothing above U+10FFFF, nothing truncated),
  // or 0 when the bytes at i are not one.
  size_t validUtf8Len(size_t i) const {
    if (i >= s_.size()) return 0;
    unsigned char c = static_cast<unsigned char>(s_[i]);
    if (c < 0x80) return 1;
    size_t len = 0;
    unsigned char lo = 0x80, hi = 0xBF;
    if (c >= 0xC2 && c <= 0xDF) {
      len = 2;
    } else if (c >= 0xE0 && c <= 0xEF) {
      len = 3;
      if (c == 0xE0) lo = 0xA0;
      if (c == 0xED) hi = 0x9F;
    } else if (c >= 0xF0 && c <= 0xF4) {
      len = 4;
      if (c == 0xF0) lo = 0x90;
      if (c == 0xF4) hi = 0x8F;
    } else {
      return 0;
    }
    if (s_.size() - i < len) return 0;
    for (size_t k = 1; k < len; ++k) {
      unsigned char d = static_cast<unsigned char>(s_[i + k]);
      if (d < (k == 1 ? lo : 0x80) || d > (k == 1 ? hi : 0xBF)) return 0;
    }
    return len;
  }
  // Bytes to advance over the code point at i: never past the end of the
  // source; an ill-formed byte counts as one (reported by checkUtf8).
  size_t utf8Len(size_t i) const {
    size_t l = validUtf8Len(i);
    return l ? l : 1;
  }
  // #textual-structure: a WGSL module is UTF-8 text. Reports the first
  // ill-formed sequence; returns whether the source is well-formed.
  bool checkUtf8() {
    if (s_.substr(0, 3) == "\xEF\xBB\xBF")
      diags_.error(span(0, 3), "a WGSL module must not start with a byte order mark (BOM)");
    for (size_t i = 0; i < s_.size();) {
      // ASCII runs, eight bytes at a time
      uint64_t word = 0;
      while (i + 8 <= s_.size() && (std::memcpy(&word, s_.data() + i, 8), word & kHighBits) == 0)
        i += 8;
      if (i >= s_.size()) break;
      size_t l = validUtf8Len(i);
      if (l == 1) {
        ++i;
        continue;
      }
      if (l == 0) {
        static const char kHex[] = "0123456789abcdef";
        unsigned char c = static_cast<unsigned char>(s_[i]);
        std::string msg = "invalid UTF-8 (byte 0x";
        msg += kHex[c >> 4];
        msg += kHex[c & 15];
        msg += "): a WGSL module must be UTF-8 text";
        diags_.error(span(i, i + 1), std::move(msg));
        return false;
      }
      i += l;
    }
    return true;
  }

  void skipBlankAndComments() {
    const size_t n = s_.size();
    while (pos_ < n) {
      const unsigned char c = static_cast<unsigned char>(s_[pos_]);
      if (kAsciiBlank[c]) {
        ++pos_;
      } else if (c == '/' && at(pos_ + 1) == '/') {
        // to the next byte that may start a line break (#line-break)
        while (pos_ < n && !(kMayBreak[static_cast<unsigned char>(s_[pos_])] && isLineBreak(pos_)))
          ++pos_;
      } else if (c == '/' && at(pos_ + 1) == '*') {
        size_t start = pos_;
        pos_ += 2;
        int depth = 1;
        while (pos_ < n && depth > 0) {
          if (at(pos_) == '/' && at(pos_ + 1) == '*') {
            ++depth;
            pos_ += 2;
          } else if (at(pos_) == '*' && at(pos_ + 1) == '/') {
            --depth;
            pos_ += 2;
          } else {
            ++pos_;
          }
        }
        if (depth > 0) diags_.error(span(start, start + 2), "unterminated block comment");
      } else if (size_t l = c >= 0x80 ? blankLen(pos_) : 0) {
        pos_ += l;
      } else {
        return;
      }
    }
  }

  // A float literal's value, rounded to nearest (#floating-point-literals).
  // Decimal literals go through std::from_chars (correctly rounded, no
  // allocation); hex literals, and any that do not parse whole or overflow
  // or underflow, through strtod, which gives inf on overflow.
  static double parseFloat(std::string_view digits, bool hex) {
    double v = 0;
    if (!hex) {
      auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), v);
      if (ec == std::errc{} && end == digits.data() + digits.size()) return v;
    }
    return std::strtod(std::string(digits).c_str(), nullptr);
  }

  bool identCont(size_t i) const {
    char c = at(i);
    if (isAsciiIdentStart(c) || isDigit(c)) return true;
    return static_cast<unsigned char>(c) >= 0x80 && blankLen(i) == 0 && validUtf8Len(i) != 0;
  }

  // A token that does not start with an ASCII letter, '_' or punctuation: a
  // numeric literal, an identifier starting with a non-ASCII code point, or
  // an invalid character (false: reported, no token).
  bool scanOne(Token& t) {
    size_t b = pos_;
    char c = at(pos_);
    if (static_cast<unsigned char>(c) >= 0x80 && validUtf8Len(pos_) == 0) {
      ++pos_;  // ill-formed UTF-8, already reported by checkUtf8
      return false;
    }
    if (isAsciiIdentStart(c) || (static_cast<unsigned char>(c) >= 0x80)) {
      if (static_cast<unsigned char>(c) >= 0x80) {
        pos_ += utf8Len(pos_);
      } else {
        ++pos_;
      }
      scanIdentifier(t, b);
      return true;
    }
    if (isDigit(c) || (c == '.' && isDigit(at(pos_ + 1)))) return scanNumber(t);
    size_t l = utf8Len(pos_);
    pos_ += l;
    diags_.error(span(b, pos_), "invalid character in WGSL source");
    return false;
  }

  // The rest of an identifier, keyword or reserved word starting at b (its
  // first code point already read: pos_ is past it).
  void scanIdentifier(Token& t, size_t b) {
    while (pos_ < s_.size()) {
      if (kAsciiIdent[static_cast<unsigned char>(s_[pos_])]) {
        ++pos_;
      } else if (static_cast<unsigned char>(s_[pos_]) >= 0x80 && identCont(pos_)) {
        pos_ += utf8Len(pos_);
      } else {
        break;
      }
    }
    std::string_view text = s_.substr(b, pos_ - b);
    t.span = span(b, pos_);
    t.text = text;
    if (text == "_") {
      t.kind = Tok::Underscore;
      return;
    }
    if (text.size() >= 2 && text[0] == '_' && text[1] == '_') {
      diags_.error(t.span,
                   "identifiers must not start with two underscores: '" + std::string(text) + "'");
    }
    t.kind = Tok::Ident;
    switch (kWords.classify(text, t.kind)) {
      case WordClass::Reserved:
        diags_.error(t.span, "'" + std::string(text) + "' is a reserved word and cannot be used");
        break;
      case WordClass::Keyword:
      case WordClass::Identifier: break;
    }
  }

  // Whether the punctuation code point at i continues a run of adjacent
  // punctuation: not the start of a comment or of a literal ('.5').
  bool punctuationAt(size_t i) const {
    if (i >= s_.size()) return false;
    const char c = s_[i];
    if (kPunctuation[static_cast<unsigned char>(c)] == Tok::End) return false;
    if (c == '/') return at(i + 1) != '/' && at(i + 1) != '*';
    return c != '.' || !isDigit(at(i + 1));
  }

  // A run of adjacent punctuation code points from pos_: the
  // #template-list-discovery steps for each of its code points, then its
  // tokens, each the longest operator (#syntactic-tokens) that does not take
  // in a template list's '<' or '>'.
  void scanPunctuation(std::vector<Token>& out, bool identBefore) {
    const size_t b = pos_;
    size_t e = b + 1;
    while (punctuationAt(e)) ++e;
    pos_ = e;
    const std::string_view run(s_.data() + b, e - b);
    const size_t len = run.size();
    // per code point: Tok::End, or the template list delimiter it is (most
    // runs are a code point or two: no vector for those)
    std::array<Tok, 8> inlineMarks;
    Tok* marks = inlineMarks.data();
    if (len > inlineMarks.size()) {
      marks_.resize(len);
      marks = marks_.data();
    }
    std::fill(marks, marks + len, Tok::End);
    const size_t first = out.size();  // the index the run's first token gets
    auto next = [&](size_t i, char c) { return i + 1 < len && run[i + 1] == c; };
    auto popToDepth = [&] {
      while (!pending_.empty() && pending_.back().depth >= depth_) pending_.pop_back();
    };
    size_t i = 0;
    if (identBefore && run[0] == '<') {
      // a candidate template list start, unless '<<' or '<='
      pending_.push_back({first, depth_});
      i = 1;
      if (next(0, '<') || next(0, '=')) {
        pending_.pop_back();
        i = 2;
      }
    }
    for (; i < len; ++i) {
      switch (run[i]) {
        case '>':
          if (!pending_.empty() && pending_.back().depth == depth_) {
            const size_t start = pending_.back().index;
            if (start == first) {
              marks[0] = Tok::TemplateArgsStart;  // this run's first '<'
            } else {
              out[start].kind = Tok::TemplateArgsStart;
            }
            marks[i] = Tok::TemplateArgsEnd;
            pending_.pop_back();
          } else if (next(i, '=')) {
            ++i;
          }
          break;
        case '(':
        case '[': ++depth_; break;
        case ')':
        case ']':
          popToDepth();
          depth_ = depth_ > 0 ? depth_ - 1 : 0;
          break;
        case '!':
          if (next(i, '=')) ++i;
          break;
        case '=':
          if (next(i, '=')) {
            ++i;
            break;
          }
          depth_ = 0;
          pending_.clear();
          break;
        case ';':
        case '{':
        case ':':
          depth_ = 0;
          pending_.clear();
          break;
        case '&':
        case '|':
          if (next(i, run[i])) {
            popToDepth();
            ++i;
          }
          break;
        default: break;
      }
    }
    // the tokens: template list delimiters alone, the rest merged greedily
    for (size_t k = 0; k < len;) {
      Token& t = out.emplace_back();
      uint32_t tokLen = 1;
      Tok kind = marks[k];
      if (kind == Tok::End) {
        size_t plain = 1;  // code points from k that are no delimiter, up to 3
        while (plain < 3 && k + plain < len && marks[k + plain] == Tok::End) ++plain;
        if (plain == 3 && (kind = operator3(run.substr(k, 3))) != Tok::End) {
          tokLen = 3;
        } else if (plain >= 2 && (kind = operator2(run[k], run[k + 1])) != Tok::End) {
          tokLen = 2;
        } else {
          kind = kPunctuation[static_cast<unsigned char>(run[k])];
        }
      }
      t.kind = kind;
      t.span = span(b + k, b + k + tokLen);
      t.text = run.substr(k, tokLen);
      k += tokLen;
    }
  }

  bool scanExponent(char e1, char e2) {
    if (at(pos_) != e1 && at(pos_) != e2) return false;
    size_t p = pos_ + 1;
    if (at(p) == '+' || at(p) == '-') ++p;
    if (!isDigit(at(p))) return false;
    pos_ = p;
    while (isDigit(at(pos_))) ++pos_;
    return true;
  }

  bool scanNumber(Token& t) {
    size_t b = pos_;
    bool isFloat = false;
    bool hex = false;
    char suffix = 0;
    if (at(pos_) == '0' && (at(pos_ + 1) == 'x' || at(pos_ + 1) == 'X') &&
        (isHex(at(pos_ + 2)) || (at(pos_ + 2) == '.' && isHex(at(pos_ + 3))))) {
      hex = true;
      pos_ += 2;
      while (isHex(at(pos_))) ++pos_;
      if (at(pos_) == '.') {
        isFloat = true;
        ++pos_;
        while (isHex(at(pos_))) ++pos_;
      }
      if (scanExponent('p', 'P')) {
        isFloat = true;
        if (at(pos_) == 'f' || at(pos_) == 'h') suffix = at(pos_++);
      } else if (!isFloat && (at(pos_) == 'i' || at(pos_) == 'u')) {
        suffix = at(pos_++);
      }
    } else {
      while (isDigit(at(pos_))) ++pos_;
      size_t intEnd = pos_;
      if (at(pos_) == '.') {
        // "1." is a float literal (#floating-point-literals).
        isFloat = true;
        ++pos_;
        while (isDigit(at(pos_))) ++pos_;
      }
      if (scanExponent('e', 'E')) isFloat = true;
      if (at(pos_) == 'f' || at(pos_) == 'h') {
        suffix = at(pos_++);
        if (!isFloat) {
          // '0f' or '[1-9][0-9]*f'
          if (at(b) == '0' && intEnd - b > 1)
            diags_.error(span(b, pos_), "leading zeros are not allowed in numeric literals");
          isFloat = true;
        }
      } else if (!isFloat && (at(pos_) == 'i' || at(pos_) == 'u')) {
        suffix = at(pos_++);
      }
      if (!isFloat && at(b) == '0' && intEnd - b > 1)
        diags_.error(span(b, intEnd), "leading zeros are not allowed in integer literals");
    }
    t.span = span(b, pos_);
    t.text = s_.substr(b, pos_ - b);
    t.suffix = suffix;
    std::string_view digits = s_.substr(b, pos_ - b - (suffix ? 1 : 0));
    if (isFloat) {
      t.kind = Tok::FloatLit;
      double v = parseFloat(digits, hex);
      t.floatValue = v;
      double maxv = suffix == 'f'   ? 3.40282346638528859812e+38
                    : suffix == 'h' ? 65504.0
                                    : 1.7976931348623157e308;
      if (!std::isfinite(v) || std::fabs(v) > maxv)
        diags_.error(t.span, "value of floating-point literal '" + std::string(t.text) +
                                 "' is not representable in " +
                                 (suffix == 'f'   ? "f32"
                                  : suffix == 'h' ? "f16"
                                                  : "AbstractFloat"));
    } else {
      t.kind = Tok::IntLit;
      uint64_t v = 0;
      bool overflow = false;
      for (size_t i = hex ? 2 : 0; i < digits.size(); ++i) {
        char d = digits[i];
        uint64_t dv = isDigit(d) ? uint64_t(d - '0') : uint64_t((d | 0x20) - 'a' + 10);
        uint64_t base = hex ? 16 : 10;
        if (v > (UINT64_MAX - dv) / base) overflow = true;
        v = v * base + dv;
      }
      t.intValue = v;
      uint64_t maxv = suffix == 'i'   ? 0x7fffffffull
                      : suffix == 'u' ? 0xffffffffull
                                      : 0x7fffffffffffffffull;
      if (overflow || v > maxv)
        diags_.error(t.span, "value of integer literal '" + std::string(t.text) +
                                 "' is not representable in " +
                                 (suffix == 'i'   ? "i32"
                                  : suffix == 'u' ? "u32"
                                                  : "AbstractInt"));
    }
    return true;
  }

  std::string_view s_;
  Diagnostics& diags_;
  size_t pos_ = 0;
  // #template-list-discovery's state: the unclosed candidates (the index of
  // each one's '<' token) and the expression nesting depth
  struct Candidate {
    size_t index;
    int depth;
  };
  std::vector<Candidate> pending_;
  int depth_ = 0;
  std::vector<Tok> marks_;  // scanPunctuation's per-code-point scratch
};

}  // namespace

std::vector<Token> tokenize(std::string_view source, Diagnostics& diags) {
  return Scanner(source, diags).run();
}

const char* tokName(Tok t) {
  switch (t) {
    case Tok::End: return "end of input";
    case Tok::Ident: return "identifier";
    case Tok::IntLit: return "integer literal";
    case Tok::FloatLit: return "floating-point literal";
    case Tok::KwAlias: return "'alias'";
    case Tok::KwBreak: return "'break'";
    case Tok::KwCase: return "'case'";
    case Tok::KwConst: return "'const'";
    case Tok::KwConstAssert: return "'const_assert'";
    case Tok::KwContinue: return "'continue'";
    case Tok::KwContinuing: return "'continuing'";
    case Tok::KwDefault: return "'default'";
    case Tok::KwDiagnostic: return "'diagnostic'";
    case Tok::KwDiscard: return "'discard'";
    case Tok::KwElse: return "'else'";
    case Tok::KwEnable: return "'enable'";
    case Tok::KwFalse: return "'false'";
    case Tok::KwFn: return "'fn'";
    case Tok::KwFor: return "'for'";
    case Tok::KwIf: return "'if'";
    case Tok::KwLet: return "'let'";
    case Tok::KwLoop: return "'loop'";
    case Tok::KwOverride: return "'override'";
    case Tok::KwRequires: return "'requires'";
    case Tok::KwReturn: return "'return'";
    case Tok::KwStruct: return "'struct'";
    case Tok::KwSwitch: return "'switch'";
    case Tok::KwTrue: return "'true'";
    case Tok::KwVar: return "'var'";
    case Tok::KwWhile: return "'while'";
    case Tok::And: return "'&'";
    case Tok::AndAnd: return "'&&'";
    case Tok::Arrow: return "'->'";
    case Tok::At: return "'@'";
    case Tok::Slash: return "'/'";
    case Tok::Bang: return "'!'";
    case Tok::LBracket: return "'['";
    case Tok::RBracket: return "']'";
    case Tok::LBrace: return "'{'";
    case Tok::RBrace: return "'}'";
    case Tok::Colon: return "':'";
    case Tok::Comma: return "','";
    case Tok::Equal: return "'='";
    case Tok::EqualEqual: return "'=='";
    case Tok::NotEqual: return "'!='";
    case Tok::Greater: return "'>'";
    case Tok::GreaterEqual: return "'>='";
    case Tok::ShiftRight: return "'>>'";
    case Tok::Less: return "'<'";
    case Tok::LessEqual: return "'<='";
    case Tok::ShiftLeft: return "'<<'";
    case Tok::Percent: return "'%'";
    case Tok::Minus: return "'-'";
    case Tok::MinusMinus: return "'--'";
    case Tok::Period: return "'.'";
    case Tok::Plus: return "'+'";
    case Tok::PlusPlus: return "'++'";
    case Tok::Or: return "'|'";
    case Tok::OrOr: return "'||'";
    case Tok::LParen: return "'('";
    case Tok::RParen: return "')'";
    case Tok::Semicolon: return "';'";
    case Tok::Star: return "'*'";
    case Tok::Tilde: return "'~'";
    case Tok::Underscore: return "'_'";
    case Tok::Xor: return "'^'";
    case Tok::PlusEqual: return "'+='";
    case Tok::MinusEqual: return "'-='";
    case Tok::StarEqual: return "'*='";
    case Tok::SlashEqual: return "'/='";
    case Tok::PercentEqual: return "'%='";
    case Tok::AndEqual: return "'&='";
    case Tok::OrEqual: return "'|='";
    case Tok::XorEqual: return "'^='";
    case Tok::ShiftRightEqual: return "'>>='";
    case Tok::ShiftLeftEqual: return "'<<='";
    case Tok::TemplateArgsStart: return "'<' (template list start)";
    case Tok::TemplateArgsEnd: return "'>' (template list end)";
  }
  return "token";
}

}  // namespace bindery::wgsl
