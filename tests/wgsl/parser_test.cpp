// Parser (#grammar-recursive-descent): directives, declarations, every
// statement form, attributes, expression precedence; syntax errors carry
// line/column and print with the source line and a caret.
#include <gtest/gtest.h>

#include "test_util.h"

namespace bindery::wgsl {
namespace {
using test::fails;
using test::failsAt;
using test::parseOk;

TEST(Parser, Directives) {
  parseOk(
      "enable f16;\nrequires readonly_and_readwrite_storage_textures;\n"
      "diagnostic(off, derivative_uniformity);\nconst x : f16 = 1h;");
  parseOk(
      "enable f16, clip_distances,;\nrequires pointer_composite_access, "
      "unrestricted_pointer_parameters;");
  parseOk("diagnostic(warning, chromium.unreachable_code);");
  EXPECT_TRUE(
      failsAt("const a = 1;\nenable f16;", 2, 1, "directives must appear before any declaration"));
  EXPECT_TRUE(failsAt("enable f17;", 1, 8, "unknown extension 'f17'"));
  EXPECT_TRUE(failsAt("requires nothing_like_this;", 1, 10, "is not a WGSL language extension"));
  EXPECT_TRUE(
      failsAt("diagnostic(loud, derivative_uniformity);", 1, 12, "invalid diagnostic severity"));
  Options o;
  o.allowF16 = false;
  EXPECT_TRUE(failsAt(
      "enable f16;", 1, 8,
      "known WGSL enable-extension, but the device was not created with the feature 'shader-f16'",
      o));
}

TEST(Parser, GlobalDeclarations) {
  parseOk(R"(
    alias Arr = array<vec4f, 4>;
    const c1 = 3;
    const c2 : u32 = 4u;
    override o1 : f32;
    @id(7) override o2 : i32 = 5;
    override o3 = 2u * 3u;
    var<private> p : vec3f = vec3f(1.0, 2.0, 3.0);
    var<workgroup> w : array<atomic<u32>, 16>;
    struct S {
      @align(16) a : f32,
      @size(32) b : vec2i,
      c : Arr,
    };
    const_assert c1 < 4;
    ;
    fn helper(x : i32, y : ptr<function, i32>) -> i32 { return x + *y; }
  )");
}

TEST(Parser, AllStatements) {
  parseOk(R"(
    fn helper() {}
    fn f(a : i32) -> i32 {
      var x : i32 = a;
      var y = 2;
      let z = x + y;
      const k = 4;
      var arr : array<i32, 4>;
      x += 1; x -= 1; x *= 2; x /= 2; x %= 3;
      x &= 1; x |= 2; x ^= 3; x <<= 1u; x >>= 1u;
      x++; x--;
      arr[0] = 1;
      _ = z;
      helper();
      {
        let inner = 1;
        _ = inner;
      }
      if x > 0 { x = 1; } else if (x < 0) { x = -1; } else { x = 0; }
      switch x {
        case 0, 1, { x = 2; }
        case 2: { x = 3; }
        case default, 3 { x = 4; }
      }
      switch (y) { default: {} }
      loop {
        if x > 10 { break; }
        x++;
        continue;
        continuing {
          y++;
          break if y > 100;
        }
      }
      loop { break; }
      for (var i = 0; i < 4; i++) { arr[i] = i; }
      for (;;) { break; }
      for (x = 0; x < 2; helper()) { break; }
      while x < 20 { x++; }
      while (x < 30) { x += 2; }
      const_assert k == 4;
      return x;
    }
    @fragment fn fs() -> @location(0) vec4f {
      if false { discard; }
      return vec4f(1.0);
    }
  )");
}

TEST(Parser, StatementAttributes) {
  parseOk(R"(
    fn f() {
      var x = 0;
      @diagnostic(off, derivative_uniformity) if x == 0 { x = 1; }
      if x == 1 @diagnostic(off, derivative_uniformity) { x = 2; } else @diagnostic(info, derivative_uniformity) { x = 3; }
      @diagnostic(off, derivative_uniformity) { x = 2; }
      @diagnostic(off, derivative_uniformity) loop @diagnostic(off, derivative_uniformity) { break; }
    }
  )");
  EXPECT_TRUE(failsAt("fn f() {\n  @diagnostic(off, derivative_uniformity) return;\n}", 2, 43,
                      "attributes are only allowed on"));
}

TEST(Parser, DuplicateAttributes) {
  EXPECT_TRUE(failsAt("@group(0) @group(1) @binding(0) var<uniform> u : f32;", 1, 11,
                      "duplicate attribute @group"));
  EXPECT_TRUE(fails("struct S { @align(4) @align(8) a : f32 }", "duplicate attribute @align"));
  parseOk(
      "@diagnostic(off, derivative_uniformity) @diagnostic(off, subgroup_uniformity) fn f() {}");
}

TEST(Parser, ExpressionPrecedence) {
  // mixing bitwise operators needs parentheses
  EXPECT_TRUE(failsAt("const a = 1 & 2 | 3;", 1, 17, "requires parentheses"));
  parseOk("const a = (1 & 2) | 3;");
  // mixing && and ||
  EXPECT_TRUE(failsAt("const b = true && false || true;", 1, 25, "requires parentheses"));
  parseOk("const b = (true && false) || true;");
  // chained comparisons
  EXPECT_TRUE(failsAt("const c = 1 < 2 < 3;", 1, 17, "cannot be chained"));
  // shifts take unary operands
  EXPECT_TRUE(fails("const d = 1 << 2 + 3;", "expected ';'"));
  parseOk("const d = 1 << (2 + 3);");
  parseOk("const_assert 2 + 3 * 4 == 14;");
  parseOk("const_assert -2 * -3 == 6;");
  parseOk("const_assert (7 - 2 - 1) == 4;");
  parseOk("const_assert !(1 > 2) && ~0 == -1;");
}

TEST(Parser, SyntaxErrorsCarryPosition) {
  EXPECT_TRUE(failsAt("@group(0) @binding(0) var<uniform> u : f32\n\nfn f() {}", 1, 43,
                      "expected ';' after declaration"));
  EXPECT_TRUE(failsAt("fn f() {\n  let x = ;\n}", 2, 11, "expected expression, found ';'"));
  EXPECT_TRUE(failsAt("fn f() {\n  var x = 1\n  x = 2;\n}", 2, 12, "expected ';'"));
  EXPECT_TRUE(failsAt("struct S { a : f32; }", 1, 19, "expected '}'"));
  EXPECT_TRUE(failsAt("let x = 1;", 1, 1, "'let' declarations are not allowed at module scope"));
  EXPECT_TRUE(failsAt("fn f() { break if true; }", 1, 16, "'break if' is only allowed"));
  EXPECT_TRUE(failsAt("fn f() { loop { continuing { break if true; let x = 1; } } }", 1, 45,
                      "must be the last statement"));
  EXPECT_TRUE(
      failsAt("fn f() {\n  switch 1 { foo: {} }\n}", 2, 14, "expected 'case' or 'default'"));
  EXPECT_TRUE(failsAt("fn (x : i32) {}", 1, 4, "expected identifier for function name"));
  EXPECT_TRUE(failsAt("fn f() { let if = 3; }", 1, 14, "keywords cannot be used as names"));
  EXPECT_TRUE(failsAt("fn f() { 1 + 2; }", 1, 12, "expected assignment"));
  EXPECT_TRUE(
      failsAt("@vertex struct S { a : f32 }", 1, 1, "attributes are not allowed on structs"));
}

TEST(Parser, RecoversAtTheNextDeclaration) {
  Module m = parse(
      "fn a() {\n  let x = ;\n}\nfn b() {\n  var y = 1 +;\n}\nstruct S { a : f32 }\nconst c = "
      "(;\n");
  ASSERT_EQ(m.diagnostics().size(), 3u) << m.diagnosticsText();
  EXPECT_EQ(m.diagnostics()[0].line, 2u);
  EXPECT_EQ(m.diagnostics()[1].line, 5u);
  EXPECT_EQ(m.diagnostics()[2].line, 8u);
}

TEST(Parser, FormattedDiagnosticHasSourceLineAndCaret) {
  Module m = parse("fn f() {\n  let x = 1 +;\n}");
  ASSERT_FALSE(m.ok());
  const Diagnostic& d = m.diagnostics()[0];
  EXPECT_EQ(d.line, 2u);
  EXPECT_EQ(d.column, 14u);
  EXPECT_EQ(d.formatted(),
            "2:14: error: expected expression, found ';'\n  let x = 1 +;\n             ^\n");
}

// The caret sits under the token however many bytes the characters before
// it take (one cell per code point), and the tildes cover the token.
TEST(Parser, FormattedDiagnosticCaretAfterNonAsciiText) {
  Module m = parse("const \xc3\xa9t\xc3\xa9 = 1 +;");  // "const été = 1 +;"
  ASSERT_FALSE(m.ok());
  const Diagnostic& d = m.diagnostics()[0];
  EXPECT_EQ(d.column, 18u);  // bytes
  std::string caretLine =
      d.formatted().substr(d.formatted().rfind('\n', d.formatted().size() - 2) + 1);
  EXPECT_EQ(caretLine, std::string(15, ' ') + "^\n");
  Module word = parse("const \xc3\xa9t\xc3\xa9 = v\xc3\xa9t;");  // an unknown identifier
  ASSERT_FALSE(word.ok());
  std::string text = word.diagnostics()[0].formatted();
  EXPECT_NE(text.find("\n" + std::string(12, ' ') + "^~~\n"), std::string::npos) << text;
}

// The "line:column:" prefix counts code points, the column an editor shows,
// as the caret does; Diagnostic::column stays in bytes, codePointColumn has
// the code points (reflection.h).
TEST(Parser, FormattedPrefixCountsCodePointsAfterNonAsciiText) {
  // "const été = 1 +;": ';' is byte 18, code point 16.
  Module m = parse("const \xc3\xa9t\xc3\xa9 = 1 +;");
  ASSERT_FALSE(m.ok());
  const Diagnostic& d = m.diagnostics()[0];
  EXPECT_EQ(d.column, 18u);
  EXPECT_EQ(d.codePointColumn, 16u);
  EXPECT_EQ(d.formatted().substr(0, 13), "1:16: error: ") << d.formatted();

  // A comment and a 4-byte code point (U+1F600) before the error:
  // "/* ñandú 😀 */ let": 'let' at byte 20, code point 15.
  Module c = parse(
      "/* \xc3\xb1"
      "and\xc3\xba \xf0\x9f\x98\x80 */ let x = 1;");
  ASSERT_FALSE(c.ok());
  const Diagnostic& e = c.diagnostics()[0];
  EXPECT_EQ(e.column, 20u);
  EXPECT_EQ(e.codePointColumn, 15u);
  EXPECT_EQ(e.formatted().rfind("1:15: error: ", 0), 0u) << e.formatted();
  EXPECT_NE(e.formatted().find("\n" + std::string(14, ' ') + "^~~\n"), std::string::npos)
      << e.formatted();

  // A note's prefix counts code points too: the first declaration of
  // 'ñ' sits after "const é = 1; const " (code point 20, byte 21).
  Module n = parse("const \xc3\xa9 = 1; const \xc3\xb1 = 2;\nconst \xc3\xb1 = 3;");
  ASSERT_FALSE(n.ok());
  const Diagnostic& r = n.diagnostics()[0];
  ASSERT_EQ(r.notes.size(), 1u) << r.formatted();
  EXPECT_EQ(r.notes[0].column, 21u);
  EXPECT_EQ(r.notes[0].codePointColumn, 20u);
  EXPECT_NE(r.formatted().find("\n1:20: note: '\xc3\xb1' was first declared here\n"),
            std::string::npos)
      << r.formatted();
  EXPECT_EQ(r.formatted().rfind("2:7: error: redeclaration", 0), 0u) << r.formatted();
}

// A Diagnostic made by hand (no codePointColumn) still prints code points:
// formatted() counts them in sourceLine before `column`.
TEST(Parser, FormattedPrefixOfAHandMadeDiagnostic) {
  Diagnostic d;
  d.line = 3;
  d.column = 5;  // bytes: after "éé"
  d.length = 1;
  d.sourceLine = "\xc3\xa9\xc3\xa9x";
  d.message = "m";
  EXPECT_EQ(d.formatted(), "3:3: error: m\n\xc3\xa9\xc3\xa9x\n  ^\n");
}

TEST(Parser, ErrorLimitAndRecursionGuard) {
  std::string deep = "const x = ";
  for (int i = 0; i < 1000; ++i) deep += "(";
  deep += "1";
  for (int i = 0; i < 1000; ++i) deep += ")";
  deep += ";";
  EXPECT_TRUE(fails(deep, "nested too deeply"));
}

}  // namespace
}  // namespace bindery::wgsl
