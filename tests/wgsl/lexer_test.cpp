// Lexer (#tokens, #literals, #comments, #blankspace-and-line-breaks,
// #identifiers, #reserved-words) and template list discovery (#template-lists-sec).
#include <gtest/gtest.h>

#include "diagnostics.h"
#include "lexer.h"
#include "test_util.h"

namespace bindery::wgsl {
namespace {

std::vector<Token> lex(std::string_view s, bool expectOk = true) {
  Diagnostics d(s, 0);
  std::vector<Token> t = tokenize(s, d);
  EXPECT_EQ(d.hasErrors(), !expectOk) << s;
  return t;
}

std::string kinds(std::string_view s) {
  std::string out;
  for (const Token& t : lex(s)) {
    if (t.kind == Tok::End) break;
    if (!out.empty()) out += " ";
    switch (t.kind) {
      case Tok::TemplateArgsStart: out += "<T"; break;
      case Tok::TemplateArgsEnd: out += "T>"; break;
      case Tok::Ident:
      case Tok::IntLit:
      case Tok::FloatLit: out += std::string(t.text); break;
      default: out += std::string(t.text); break;
    }
  }
  return out;
}

TEST(Lexer, IntegerLiterals) {
  auto t = lex("0 123 0i 7u 0x1F 0XaBu 2147483647i 4294967295u");
  ASSERT_EQ(t.size(), 9u);
  EXPECT_EQ(t[0].kind, Tok::IntLit);
  EXPECT_EQ(t[1].intValue, 123u);
  EXPECT_EQ(t[2].suffix, 'i');
  EXPECT_EQ(t[3].suffix, 'u');
  EXPECT_EQ(t[4].intValue, 31u);
  EXPECT_EQ(t[5].intValue, 0xABu);
  EXPECT_EQ(t[5].suffix, 'u');
  EXPECT_EQ(t[7].intValue, 4294967295u);
}

TEST(Lexer, FloatLiterals) {
  auto t =
      lex("0.e+4f 01. .01 12.34 .0f 0h 1e-3 1e-3f 1h 0xa.fp+2 0x1P+4f 0X.3 0x3p+2h 0X1.fp-4 "
          "0x3.2p+2h 1.5e2");
  ASSERT_EQ(t.size(), 17u);
  for (size_t i = 0; i + 1 < t.size(); ++i) EXPECT_EQ(t[i].kind, Tok::FloatLit) << t[i].text;
  EXPECT_EQ(t[0].suffix, 'f');
  EXPECT_DOUBLE_EQ(t[1].floatValue, 1.0);
  EXPECT_DOUBLE_EQ(t[2].floatValue, 0.01);
  EXPECT_EQ(t[5].suffix, 'h');
  EXPECT_DOUBLE_EQ(t[6].floatValue, 1e-3);
  EXPECT_EQ(t[7].suffix, 'f');
  EXPECT_EQ(t[8].suffix, 'h');
  EXPECT_DOUBLE_EQ(t[9].floatValue, 0xa.fp+2);
  EXPECT_DOUBLE_EQ(t[10].floatValue, 16.0);
  EXPECT_EQ(t[10].suffix, 'f');
  EXPECT_DOUBLE_EQ(t[11].floatValue, 0x.3p0);
  EXPECT_EQ(t[12].suffix, 'h');
  EXPECT_DOUBLE_EQ(t[15].floatValue, 150.0);
}

TEST(Lexer, LiteralErrors) {
  lex("012", false);                  // leading zero
  lex("2147483648i", false);          // i32 overflow
  lex("4294967296u", false);          // u32 overflow
  lex("9223372036854775808", false);  // abstract-int overflow
  lex("1e39f", false);                // f32 overflow
  lex("65536.0h", false);             // f16 overflow
  EXPECT_TRUE(test::failsAt("const x = 012;", 1, 11, "leading zeros"));
  EXPECT_TRUE(test::failsAt("\nconst x = 3000000000i;", 2, 11, "not representable in i32"));
}

TEST(Lexer, Comments) {
  EXPECT_EQ(kinds("a // line comment\nb"), "a b");
  EXPECT_EQ(kinds("a /* block /* nested */ still comment */ b"), "a b");
  lex("a /* never closed", false);
  EXPECT_TRUE(
      test::failsAt("const a = 1;\n /* open /* nested */", 2, 2, "unterminated block comment"));
}

TEST(Lexer, Blankspace) {
  // tab, VT, FF, CR, U+0085, U+200E, U+200F, U+2028, U+2029 separate tokens
  EXPECT_EQ(kinds("a\tb\vc\fd\re\xC2\x85"
                  "f\xE2\x80\x8E"
                  "g\xE2\x80\x8F"
                  "h\xE2\x80\xA8"
                  "i\xE2\x80\xA9"
                  "j"),
            "a b c d e f g h i j");
}

TEST(Lexer, LineBreaksCountForPositions) {
  // CR LF is one break; U+2028 is a break.
  EXPECT_TRUE(
      test::failsAt("const a = 1;\r\nconst b = 2;\xE2\x80\xA8"
                    "const c = x;",
                    3, 11, "unresolved identifier 'x'"));
}

TEST(Lexer, Identifiers) {
  EXPECT_EQ(kinds("foo Foo _bar x1 Δέλτα réflexion 有效"), "foo Foo _bar x1 Δέλτα réflexion 有效");
  auto t = lex("_");
  EXPECT_EQ(t[0].kind, Tok::Underscore);
  lex("__reserved", false);
  EXPECT_TRUE(test::failsAt("const __x = 1;", 1, 7, "two underscores"));
}

TEST(Lexer, Keywords) {
  auto t =
      lex("fn var let const override struct alias loop continuing break if else switch case "
          "default for while return discard continue true false enable requires diagnostic "
          "const_assert");
  EXPECT_EQ(t[0].kind, Tok::KwFn);
  EXPECT_EQ(t[4].kind, Tok::KwOverride);
  EXPECT_EQ(t[t.size() - 2].kind, Tok::KwConstAssert);
}

TEST(Lexer, ReservedWordsRejected) {
  lex("static", false);
  lex("NULL", false);
  EXPECT_TRUE(
      test::failsAt("fn f() {\n  let typedef = 1;\n}", 2, 7, "'typedef' is a reserved word"));
  EXPECT_TRUE(test::failsAt("struct S { mut : i32 }", 1, 12, "reserved word"));
}

TEST(Lexer, Operators) {
  EXPECT_EQ(kinds("a >>= b <<= c && d || e -> f == g != h <= i >= j ++ -- += -= *= /= %= &= |= ^="),
            "a >>= b <<= c && d || e -> f == g != h <= i >= j ++ -- += -= *= /= %= &= |= ^=");
}

// #template-list-discovery examples
TEST(TemplateDiscovery, SpecExamples) {
  EXPECT_EQ(kinds("array<i32,select(2,3,a>b)>"), "array <T i32 , select ( 2 , 3 , a > b ) T>");
  EXPECT_EQ(kinds("a<b || c>d"), "a < b || c > d");
  EXPECT_EQ(kinds("vec3<f32>(1)"), "vec3 <T f32 T> ( 1 )");
  EXPECT_EQ(kinds("array<vec4<f32>>"), "array <T vec4 <T f32 T> T>");
  EXPECT_EQ(kinds("a<<b"), "a << b");
  EXPECT_EQ(kinds("a<=b"), "a <= b");
  EXPECT_EQ(kinds("x = a<b; y = c>d;"), "x = a < b ; y = c > d ;");
  EXPECT_EQ(kinds("f(a<b, c>d)"), "f ( a <T b , c T> d )");  // the spec's documented ambiguity
  EXPECT_EQ(kinds("var<storage, read_write> x"), "var <T storage , read_write T> x");
  // per the algorithm, a candidate closes at the first ">" at its depth, even in ">="
  EXPECT_EQ(kinds("a < b >= c"), "a <T b T> = c");
  EXPECT_EQ(kinds("(a < b) >= c"), "( a < b ) >= c");
  EXPECT_EQ(kinds("ptr<function, array<f32, 4>>"), "ptr <T function , array <T f32 , 4 T> T>");
}

// wgsl_fuzz findings 2, 4 and 6: ill-formed UTF-8 was accepted as identifier
// text, and a truncated lead byte moved positions past the end of the source.
TEST(Lexer, InvalidUtf8Rejected) {
  EXPECT_TRUE(test::failsAt("const \xff = 1;", 1, 7, "invalid UTF-8 (byte 0xff)"));
  EXPECT_TRUE(test::failsAt("const a\xc3 = 1;", 1, 8, "invalid UTF-8 (byte 0xc3)"));  // truncated
  EXPECT_TRUE(test::failsAt("const \xc0\x80 = 1;", 1, 7, "invalid UTF-8"));           // overlong
  EXPECT_TRUE(test::failsAt("const \xed\xa0\x80 = 1;", 1, 7, "invalid UTF-8"));       // surrogate
  EXPECT_TRUE(test::failsAt("// \xf8 in a comment\nconst a = 1;", 1, 4, "invalid UTF-8"));
  EXPECT_TRUE(
      test::failsAt("\xEF\xBB\xBF"
                    "const a = 1;",
                    1, 1, "byte order mark"));
  test::parseOk("const \xc3\xa9t\xc3\xa9 = 1; const \xe6\x97\xa5 = 2;");
}

TEST(Lexer, DiagnosticsStayInsideTheSource) {
  for (std::string src : {std::string("override a: \xf6"), std::string("const x = 1;\xf0\x9f"),
                          std::string("fn f() { let \xe6\x97")}) {
    Module m = parse(src);
    EXPECT_FALSE(m.ok()) << src;
    for (const Diagnostic& d : m.diagnostics()) {
      EXPECT_LE(uint64_t(d.offset) + d.length, src.size()) << d.message;
      EXPECT_LE(d.column, src.size() + 1) << d.message;
    }
  }
  EXPECT_TRUE(test::failsAt("override a: \xf6", 1, 13, "invalid UTF-8 (byte 0xf6)"));
}

}  // namespace
}  // namespace bindery::wgsl
