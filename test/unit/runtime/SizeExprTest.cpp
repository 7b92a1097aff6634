// Evaluating array size expressions such as SEQ_LEN*HEAD_DIM.
#include "common/SizeExpr.h"
#include "common/Error.h"

#include <catch2/catch.hpp>

#include <map>

using namespace wf::rt;

namespace {
std::optional<int64_t> eval(const std::string &expr,
                            std::map<std::string, int64_t> names = {}) {
  return evalSizeExpr(expr,
                      [&](const std::string &n) -> std::optional<int64_t> {
                        auto it = names.find(n);
                        if (it == names.end())
                          return std::nullopt;
                        return it->second;
                      });
}
} // namespace

TEST_CASE("size expressions: arithmetic", "[sizeexpr]") {
  CHECK(eval("1024") == 1024);
  CHECK(eval("2+3*4") == 14);
  CHECK(eval("(2+3)*4") == 20);
  CHECK(eval("10-4-3") == 3); // left associative
  CHECK(eval("100/7/2") == 7);
  CHECK(eval("-3+5") == 2);
  CHECK(eval(" 2 * 3 ") == 6);
  CHECK(eval("7%3") == 1); // the compiler accepts %, so the runtime does
  CHECK(eval("$10+0x1f") == 47);
}

TEST_CASE("size expressions: names", "[sizeexpr]") {
  std::map<std::string, int64_t> n = {
      {"SEQ_LEN", 64}, {"HEAD_DIM", 16}, {"SEQ-LEN", 10}, {"N", 8}, {"M", 3}};
  CHECK(eval("SEQ_LEN*HEAD_DIM", n) == 1024);
  CHECK(eval("SEQ-LEN*2", n) == 20); // a Forth name with a hyphen
  CHECK(eval("N-M", n) == 5);        // unknown as a whole: a subtraction
  // ... with the usual precedence: N - (M*(N-1)), N - M - 1 (the parts
  // were once one unit: (N-M)*(N-1) = 35).
  CHECK(eval("N-M*(N-1)", n) == -13);
  CHECK(eval("N-M-1", n) == 4);
  CHECK(eval("N-M*2+1", n) == 3);
  CHECK(eval("SEQ-LEN-N*2", n) == -6); // the longest known name first
  CHECK(eval("N-1", n) == 7);
  CHECK(eval("(N+M)*N", n) == 88);
  CHECK_FALSE(eval("N*UNKNOWN", n)); // unknown name: no check
  CHECK_FALSE(eval("N-UNKNOWN", n));
}

TEST_CASE("size expressions: errors", "[sizeexpr]") {
  CHECK_THROWS_WITH(eval(""), Catch::Contains("empty expression"));
  CHECK_THROWS_WITH(eval("2*"), Catch::Contains("ends early"));
  CHECK_THROWS_WITH(eval("(2"), Catch::Contains("missing ')'"));
  CHECK_THROWS_WITH(eval("2)"), Catch::Contains("unexpected ')'"));
  CHECK_THROWS_WITH(eval("2&3"), Catch::Contains("unexpected '&'"));
  CHECK_THROWS_WITH(eval("(-9223372036854775807-1)/-1"),
                    Catch::Contains("overflows"));
  CHECK_THROWS_WITH(eval("4/0"), Catch::Contains("division by zero"));
  CHECK_THROWS_WITH(eval("4/(N-N)", {{"N", 2}}),
                    Catch::Contains("division by zero"));
  CHECK_THROWS_WITH(eval("99999999999*99999999999"),
                    Catch::Contains("overflows"));
  CHECK_THROWS_WITH(eval("3N"), Catch::Contains("starts with a digit"));
  // Syntax is checked even where a name is unknown.
  CHECK_THROWS(eval("X*(Y"));
  CHECK_NOTHROW(checkSizeExpr("A*(B+2)/C"));
  CHECK_THROWS(checkSizeExpr("A**B"));
}

TEST_CASE("size programs: parsed once, params by index", "[sizeexpr]") {
  // Names resolve once: N is param 0, H param 1, D the constant 64, SEQ-LEN
  // param 2 as a whole; anything else is unknown.
  NameResolver resolve = [](const std::string &n) {
    if (n == "N")
      return SizeName{SizeName::Param, 0};
    if (n == "H")
      return SizeName{SizeName::Param, 1};
    if (n == "SEQ-LEN")
      return SizeName{SizeName::Param, 2};
    if (n == "D")
      return SizeName{SizeName::Const, 64};
    return SizeName{};
  };
  SizeProgram p("N*H*D+SEQ-LEN", resolve);
  CHECK(p.text() == "N*H*D+SEQ-LEN");
  CHECK(p.firstUnknown().empty());
  std::optional<int64_t> v[] = {3, 5, 7};
  CHECK(p.eval(v, 3) == 3 * 5 * 64 + 7);
  v[1] = 6; // the same program, other values
  CHECK(p.eval(v, 3) == 3 * 6 * 64 + 7);
  v[2] = std::nullopt; // an unknown value: no size
  CHECK_FALSE(p.eval(v, 3));
  CHECK_FALSE(p.eval(v, 2)); // a param past the values given: unknown

  // N-H is a subtraction (no such name as a whole); N-X notes X.
  std::optional<int64_t> w[] = {10, 4};
  CHECK(SizeProgram("N-H", resolve).eval(w, 2) == 6);
  SizeProgram partly("N-X*2", resolve);
  CHECK(partly.firstUnknown() == "X");
  CHECK_FALSE(partly.eval(w, 2));

  // Errors at evaluation name the text; syntax errors at parsing.
  SizeProgram div("D/(N-H)", resolve);
  std::optional<int64_t> same[] = {4, 4};
  CHECK_THROWS_WITH(div.eval(same, 2),
                    Catch::Contains("'D/(N-H)': division by zero"));
  CHECK(div.eval(w, 2) == 64 / 6);
  CHECK_THROWS_WITH(SizeProgram("N*(H", resolve), Catch::Contains("missing"));
  // A long expression (more steps than the evaluator's small stack).
  std::string sum = "1";
  for (int i = 0; i < 40; ++i)
    sum = "(" + sum + "+N)";
  CHECK(SizeProgram(sum, resolve).eval(w, 2) == 1 + 40 * 10);
}
