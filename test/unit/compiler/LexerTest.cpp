// Unit tests for the lexer: tokens, comments, numbers, directives.
#include "compiler/lexer/Lexer.h"

#include <catch2/catch.hpp>

using namespace wf;

namespace {
struct Lexed {
  SourceManager sources;
  DiagnosticEngine diags{sources};
  std::vector<Token> tokens;
  explicit Lexed(const std::string &text) {
    uint32_t file = sources.addFile("t.forth", text);
    tokens = lexFile(sources, file, diags);
  }
};
} // namespace

TEST_CASE("lexer splits words on whitespace and upper-cases them") {
  Lexed l("dup  Swap\n\t+");
  REQUIRE(l.tokens.size() == 4);
  CHECK(l.tokens[0].upper == "DUP");
  CHECK(l.tokens[1].text == "Swap");
  CHECK(l.tokens[1].upper == "SWAP");
  CHECK(l.tokens[2].loc.line == 2);
  CHECK(l.tokens[2].loc.col == 2);
  CHECK(l.tokens[3].kind == TokenKind::EndOfFile);
}

TEST_CASE("lexer drops both comment forms") {
  Lexed l("1 \\ a line comment ( not a paren\n( a ( paren ) 2 (foo 3");
  REQUIRE(l.tokens.size() == 5);
  CHECK(l.tokens[0].intValue == 1);
  CHECK(l.tokens[1].intValue == 2);
  CHECK(l.tokens[2].kind == TokenKind::Word); // "(foo" is a word
  CHECK(l.tokens[3].intValue == 3);
  CHECK_FALSE(l.diags.hasErrors());
}

TEST_CASE("lexer reports an unterminated paren comment") {
  Lexed l("1 ( never closed");
  CHECK(l.diags.hasErrors());
  CHECK(l.diags.all()[0].loc.col == 3);
}

TEST_CASE("lexer classifies numbers") {
  Lexed l("42 -7 0x1F $ff 1.5 -2.0 1e3 1.0e-5 1+ . e5 --5");
  const auto &t = l.tokens;
  CHECK(t[0].kind == TokenKind::Integer);
  CHECK(t[0].intValue == 42);
  CHECK(t[1].intValue == -7);
  CHECK(t[2].intValue == 31);
  CHECK(t[3].intValue == 255);
  CHECK(t[4].kind == TokenKind::Float);
  CHECK(t[4].floatValue == 1.5);
  CHECK(t[5].floatValue == -2.0);
  CHECK(t[6].kind == TokenKind::Float);
  CHECK(t[6].floatValue == 1000.0);
  CHECK(t[7].floatValue == Approx(1e-5));
  CHECK(t[8].kind == TokenKind::Word); // 1+
  CHECK(t[9].kind == TokenKind::Word); // .
  CHECK(t[10].kind == TokenKind::Word); // e5
  CHECK(t[11].kind == TokenKind::Word); // --5
}

TEST_CASE("lexer rejects integers beyond 64 bits") {
  Lexed l("99999999999999999999");
  CHECK(l.diags.hasErrors());
  Lexed ok("-9223372036854775808 18446744073709551615");
  CHECK_FALSE(ok.diags.hasErrors());
  CHECK(ok.tokens[0].intValue == INT64_MIN);
  CHECK(ok.tokens[1].intValue == -1);
}

TEST_CASE("lexer gathers a directive line with its parts") {
  Lexed l("\\! param DATA i64[256] \\ trailing comment\nDUP");
  REQUIRE(l.tokens.size() == 3);
  const Token &d = l.tokens[0];
  CHECK(d.kind == TokenKind::Directive);
  REQUIRE(d.parts.size() == 3);
  CHECK(d.parts[0].upper == "PARAM");
  CHECK(d.parts[1].text == "DATA");
  CHECK(d.parts[2].text == "i64[256]");
  CHECK(d.parts[2].loc.col == 15);
  CHECK(l.tokens[1].upper == "DUP");
}

TEST_CASE("lexer handles CRLF line endings") {
  Lexed l("1\r\n2\r\n");
  REQUIRE(l.tokens.size() == 3);
  CHECK(l.tokens[1].loc.line == 2);
  CHECK(l.sources.lineText(1, 1) == "1");
}
