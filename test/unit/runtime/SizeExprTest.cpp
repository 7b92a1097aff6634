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
