// Parsing --param text: the public runner's forms and the named forms.
#include "runtime/args/ParamSpec.h"
#include "common/Error.h"

#include <catch2/catch.hpp>

using namespace wf::rt;
using Fill = ParamSpec::Fill;

TEST_CASE("param spec: numbers", "[paramspec]") {
  CHECK(parseNumber("42")->i == 42);
  CHECK(parseNumber("-7")->i == -7);
  CHECK(parseNumber("010")->i == 10); // not octal
  CHECK(parseNumber("0x10")->i == 16);
  CHECK(parseNumber("-0x10")->i == -16);
  CHECK_FALSE(parseNumber("1.5")->isInt);
  CHECK(parseNumber("1.5")->f == 1.5);
  CHECK(parseNumber("1e3")->f == 1000.0);
  CHECK(std::isinf(parseNumber("-inf")->f));
  CHECK_FALSE(parseNumber(""));
  CHECK_FALSE(parseNumber("1.2.3"));
  CHECK_FALSE(parseNumber("abc"));
  CHECK_FALSE(parseNumber(" 1"));
  // Too big for an integer: read as a float.
  CHECK_FALSE(parseNumber("99999999999999999999")->isInt);
}

TEST_CASE("param spec: public positional forms", "[paramspec]") {
  ParamSpec a = parseParamSpec("i64[]:1,2,3");
  CHECK(a.name.empty());
  CHECK(a.type == ElemType::I64);
  CHECK(a.statedArray);
  CHECK_FALSE(a.count);
  CHECK(a.fill == Fill::Values);
  REQUIRE(a.values.size() == 3);
  CHECK(a.values[2].i == 3);

  ParamSpec f = parseParamSpec("f64[]:1.5,2.0");
  CHECK(f.type == ElemType::F64);
  REQUIRE(f.values.size() == 2);
  CHECK(f.values[0].f == 1.5);
  CHECK_FALSE(f.values[0].isInt);

  ParamSpec s = parseParamSpec("i64:42");
  CHECK(s.statedScalar);
  CHECK_FALSE(s.statedArray);
  REQUIRE(s.values.size() == 1);
  CHECK(s.values[0].i == 42);

  ParamSpec d = parseParamSpec("f64:3.14");
  CHECK(d.type == ElemType::F64);
  CHECK(d.values[0].f == 3.14);

  ParamSpec z = parseParamSpec("i64[256]");
  CHECK(z.count == 256);
  CHECK(z.fill == Fill::Zeros);
  CHECK(z.values.empty());

  ParamSpec b = parseParamSpec("bf16[4]:1,2");
  CHECK(b.type == ElemType::BF16);
  CHECK(b.count == 4);
  CHECK(b.values.size() == 2);
}

TEST_CASE("param spec: named forms", "[paramspec]") {
  ParamSpec file = parseParamSpec("Q=@q.npy");
  CHECK(file.name == "Q");
  CHECK(file.fill == Fill::File);
  CHECK(file.file == "q.npy");

  ParamSpec n = parseParamSpec("N=64");
  CHECK(n.name == "N");
  CHECK_FALSE(n.type);
  CHECK_FALSE(n.statedArray);
  CHECK_FALSE(n.statedScalar);
  REQUIRE(n.values.size() == 1);
  CHECK(n.values[0].i == 64);

  ParamSpec sc = parseParamSpec("SCALE=0.5");
  CHECK(sc.values[0].f == 0.5);

  ParamSpec r = parseParamSpec("Q=f32[4096]:random(seed=1)");
  CHECK(r.name == "Q");
  CHECK(r.type == ElemType::F32);
  CHECK(r.count == 4096);
  CHECK(r.fill == Fill::Random);
  CHECK(r.seed == 1);

  ParamSpec z = parseParamSpec("O=zeros(4096)");
  CHECK(z.fill == Fill::Zeros);
  CHECK(z.count == 4096);
  CHECK_FALSE(z.type);
  CHECK(z.statedArray);

  ParamSpec z2 = parseParamSpec("O=f64[4096]:zeros");
  CHECK(z2.fill == Fill::Zeros);
  CHECK(z2.type == ElemType::F64);
  CHECK(z2.count == 4096);

  ParamSpec x = parseParamSpec("X=1,2,3");
  CHECK(x.name == "X");
  CHECK(x.values.size() == 3);

  ParamSpec rr = parseParamSpec("R=random(16,seed=7,lo=-1,hi=1)");
  CHECK(rr.count == 16);
  CHECK(rr.seed == 7);
  CHECK(rr.lo == -1.0);
  CHECK(rr.hi == 1.0);

  ParamSpec io = parseParamSpec("SEQ-LEN=iota(8)");
  CHECK(io.name == "SEQ-LEN");
  CHECK(io.fill == Fill::Iota);

  ParamSpec typed = parseParamSpec("N=i32:5");
  CHECK(typed.name == "N");
  CHECK(typed.statedScalar);
  CHECK(typed.type == ElemType::I32);

  // An '=' inside a fill does not make a name.
  ParamSpec pos = parseParamSpec("f32[8]:random(seed=3)");
  CHECK(pos.name.empty());
  CHECK(pos.seed == 3);
}

TEST_CASE("param spec: bad syntax", "[paramspec]") {
  auto msg = [](const std::string &text) {
    try {
      parseParamSpec(text);
    } catch (const Error &e) {
      return std::string(e.what());
    }
    return std::string();
  };
  CHECK_THAT(msg("i64[]:1,x,3"),
             Catch::StartsWith("bad --param 'i64[]:1,x,3'") &&
                 Catch::Contains("'x' is not a number"));
  CHECK_THAT(msg("i64:1,2"), Catch::Contains("a scalar takes one value"));
  CHECK_THAT(msg("i64[]"), Catch::Contains("give a count or values"));
  CHECK_THAT(msg("i64[4"), Catch::Contains("missing ']'"));
  CHECK_THAT(msg("i64[-1]"), Catch::Contains("not a non-negative integer"));
  CHECK_THAT(msg("i64[]:"), Catch::Contains("no values"));
  CHECK_THAT(msg("i64[2]:1,2,3"), Catch::Contains("3 values for a count of 2"));
  CHECK_THAT(msg("i64[]x"), Catch::Contains("expected ':'"));
  CHECK_THAT(msg("i64"), Catch::Contains("needs a value"));
  CHECK_THAT(msg("X="), Catch::Contains("no value"));
  CHECK_THAT(msg(""), Catch::Contains("no value"));
  CHECK_THAT(msg("X=@"), Catch::Contains("needs a file name"));
  CHECK_THAT(msg("X=fives(3)"), Catch::Contains("unknown fill 'fives'"));
  CHECK_THAT(msg("X=zeros(3"), Catch::Contains("missing ')'"));
  CHECK_THAT(msg("X=f32[4]:zeros(8)"), Catch::Contains("two different counts"));
  CHECK_THAT(msg("X=zeros(seed=1)"), Catch::Contains("only to random"));
  CHECK_THAT(msg("X=random(mean=1)"), Catch::Contains("unknown random"));
  CHECK_THAT(msg("X=1,,2"), Catch::Contains("'' is not a number"));
}
