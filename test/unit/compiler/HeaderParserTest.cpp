// Unit tests for the `\!` header: params, shared, consts, sizes, errors.
#include "compiler/parser/HeaderParser.h"
#include "common/SizeExpr.h"
#include "compiler/lexer/Lexer.h"

#include <catch2/catch.hpp>

using namespace wf;

namespace {
struct Header {
  SourceManager sources;
  DiagnosticEngine diags{sources};
  KernelHeader header;
  explicit Header(const std::string &text,
                  std::map<std::string, std::string> defines = {}) {
    uint32_t file = sources.addFile("h.forth", text);
    std::vector<Token> tokens = lexFile(sources, file, diags);
    HeaderParser parser(header, diags);
    for (size_t i = 0;
         i < tokens.size() && tokens[i].kind == TokenKind::Directive; ++i)
      parser.addDirective(tokens[i], i == 0);
    parser.finish(defines, std::nullopt, {file, 1, 1});
  }
  std::string firstError() const {
    for (const Diagnostic &d : diags.all())
      if (d.severity == Severity::Error)
        return d.message;
    return "";
  }
};
} // namespace

TEST_CASE("header reads kernel, params and shared arrays") {
  Header h("\\! kernel attn\n"
           "\\! param Q f64[SEQ*DIM]\n"
           "\\! param N i64\n"
           "\\! param W F32[4 * 8]\n"
           "\\! shared S f64[16]\n"
           "\\! shared T i32[3]\n"
           "\\! const DIM 4\n");
  REQUIRE_FALSE(h.diags.hasErrors());
  CHECK(h.header.name == "attn");
  REQUIRE(h.header.params.size() == 3);
  CHECK(h.header.params[0].isArray);
  CHECK(h.header.params[0].size == "SEQ*DIM");
  CHECK_FALSE(h.header.params[0].sizeValue); // SEQ is unknown: symbolic
  CHECK_FALSE(h.header.params[1].isArray);
  CHECK(h.header.params[2].type == ElemType::F32);
  CHECK(*h.header.params[2].sizeValue == 32);
  REQUIRE(h.header.shared.size() == 2);
  CHECK(h.header.shared[0].byteOffset == 0);
  CHECK(h.header.shared[1].byteOffset == 128); // 16-byte aligned
  CHECK(h.header.sharedBytes == 144); // rounded up to 16 for dynamic shared
}

TEST_CASE("shared arrays past 48 KiB move to dynamic shared memory") {
  // 48 KiB + 20 bytes: both sized arrays move, in the same layout; the
  // one sized at launch goes after them.
  Header h("\\! kernel k\n\\! shared A f32[12288]\n\\! shared B i32[5]\n"
           "\\! shared C f64[]\n");
  REQUIRE_FALSE(h.diags.hasErrors());
  REQUIRE(h.header.shared.size() == 3);
  CHECK(h.header.shared[0].large);
  CHECK(h.header.shared[1].large);
  CHECK_FALSE(h.header.shared[2].large);
  CHECK(h.header.shared[1].byteOffset == 49152);
  CHECK(h.header.shared[2].byteOffset == 49184);
  CHECK(h.header.sharedBytes == 0);
  CHECK(h.header.largeSharedBytes == 49184);

  // Exactly 48 KiB stays static.
  Header s("\\! kernel k\n\\! shared A f32[12288]\n");
  REQUIRE_FALSE(s.diags.hasErrors());
  CHECK_FALSE(s.header.shared[0].large);
  CHECK(s.header.sharedBytes == 49152);
  CHECK(s.header.largeSharedBytes == 0);
}

TEST_CASE("-D overrides a declared constant and sizes follow it") {
  Header h("\\! kernel k\n\\! const MAX 1024\n\\! shared S f64[MAX]\n",
           {{"MAX", "64"}});
  REQUIRE_FALSE(h.diags.hasErrors());
  CHECK(h.header.shared[0].count == 64);
}

TEST_CASE("-D values may use each other in any order") {
  // Sorted by name, A comes first; it still sees B's value.
  Header h("\\! kernel k\n\\! shared S f64[A]\n", {{"A", "B+1"}, {"B", "2"}});
  REQUIRE_FALSE(h.diags.hasErrors());
  CHECK(h.header.shared[0].count == 3);
  Header cycle("\\! kernel k\n", {{"A", "B+1"}, {"B", "A"}});
  CHECK(cycle.firstError().find("depends on itself (A -> B -> A)") !=
        std::string::npos);
  CHECK(cycle.diags.errorCount() == 1);
}

TEST_CASE("header errors name the problem") {
  CHECK(Header("\\! param X i64\n").firstError().find("must come first") !=
        std::string::npos);
  CHECK(Header("").firstError().find("missing '\\! kernel") !=
        std::string::npos);
  CHECK(Header("\\! kernel k\n\\! param X i65\n")
            .firstError()
            .find("unknown type 'i65'") != std::string::npos);
  CHECK(Header("\\! kernel k\n\\! param X i64\n\\! param x f64\n")
            .firstError()
            .find("duplicate name 'x'") != std::string::npos);
  CHECK(Header("\\! kernel k\n\\! shared S f64[N]\n")
            .firstError()
            .find("unknown name 'N'") != std::string::npos);
  CHECK(Header("\\! kernel k\n\\! bogus\n")
            .firstError()
            .find("unknown directive 'bogus'") != std::string::npos);
  CHECK(Header("\\! kernel k\n\\! shared S f64[0]\n")
            .firstError()
            .find("positive") != std::string::npos);
}

TEST_CASE("size expressions evaluate with precedence and constants") {
  // The header uses the runtime's evaluator, so what the compiler accepts
  // the runtime reads back from the signature.
  rt::NameLookup lookup =
      [](const std::string &name) -> std::optional<int64_t> {
    if (name == "N")
      return 10;
    return std::nullopt;
  };
  auto eval = [&](const char *text) {
    return rt::evaluateSizeExpr(text, lookup);
  };
  CHECK(eval("2+3*4").value == 14);
  CHECK(eval("(2+3)*4").value == 20);
  CHECK(eval("N*N/4").value == 25);
  CHECK(eval("N%3").value == 1);
  CHECK(eval("$10+0x10").value == 32);
  CHECK(eval("M*2").status == rt::SizeEval::Symbolic);
  CHECK(eval("M*2").detail == "M");
  CHECK(eval("4/0").status == rt::SizeEval::Invalid);
  CHECK(eval("2*").status == rt::SizeEval::Invalid);
  CHECK(eval("(2").status == rt::SizeEval::Invalid);
  CHECK(eval("9223372036854775807*2").status == rt::SizeEval::Invalid);
  CHECK(eval(std::string(1000, '(').c_str()).status == rt::SizeEval::Invalid);
}
