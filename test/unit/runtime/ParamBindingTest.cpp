// Matching --param specs to a kernel's params and building host data.
#include "runtime/args/ParamBinding.h"
#include "common/Error.h"
#include "runtime/args/Npy.h"

#include <catch2/catch.hpp>

#include <cstdio>
#include <unistd.h>

using namespace wf::rt;

namespace {
std::vector<BoundParam> bind(const std::string &sigText,
                             const std::vector<std::string> &texts) {
  std::vector<ParamSpec> specs;
  for (const std::string &t : texts)
    specs.push_back(parseParamSpec(t));
  return bindParams(parseSignature(sigText), specs);
}

std::string bindError(const std::string &sigText,
                      const std::vector<std::string> &texts) {
  try {
    bind(sigText, texts);
  } catch (const Error &e) {
    return e.what();
  }
  return "";
}

const char *kMatmul = "// @warpforth-signature 1\n// @kernel main\n"
                      "// @param A array i64 8\n// @param B array i64 12\n"
                      "// @param C array i64 6\n// @end\n";

const char *kAttention = "// @warpforth-signature 1\n// @kernel attention\n"
                         "// @param Q array f64 SEQ_LEN*HEAD_DIM\n"
                         "// @param O array f32 -\n"
                         "// @param SEQ_LEN scalar i64\n"
                         "// @param SCALE scalar f32\n"
                         "// @const HEAD_DIM 4\n// @end\n";
} // namespace

TEST_CASE("binding: public positional matmul", "[binding]") {
  auto b =
      bind(kMatmul, {"i64[]:1,2,3,4,5,6,7,8", "i64[]:1,0,2,0,1,2,1,0,1,2,1,0",
                     "i64[]:0,0,0,0,0,0"});
  REQUIRE(b.size() == 3);
  CHECK(b[0].isArray);
  CHECK(b[0].array.count() == 8);
  CHECK(b[0].array.getInt(7) == 8);
  CHECK(b[1].array.count() == 12);
  CHECK(b[2].array.type() == ElemType::I64);
}

TEST_CASE("binding: arrays are padded to the declared size", "[binding]") {
  const char *sig = "// @warpforth-signature 1\n// @kernel k\n"
                    "// @param DATA array i64 256\n// @end\n";
  auto b = bind(sig, {"i64[]:5"});
  REQUIRE(b[0].array.count() == 256);
  CHECK(b[0].array.getInt(0) == 5);
  CHECK(b[0].array.getInt(255) == 0);
  // Given more than declared: all of it is kept.
  CHECK(bind(sig, {"i64[300]"})[0].array.count() == 300);
}

TEST_CASE("binding: named params, types from the signature", "[binding]") {
  auto b = bind(kAttention,
                {"SCALE=0.5", "SEQ_LEN=2", "Q=random(seed=1)", "O=zeros(3)"});
  CHECK_FALSE(b[2].isArray);
  CHECK(b[2].scalar.i == 2);
  CHECK(b[3].scalar.f == 0.5);
  // Q's size: SEQ_LEN*HEAD_DIM = 2*4 from the scalar and the @const.
  REQUIRE(b[0].array.count() == 8);
  CHECK(b[0].array.type() == ElemType::F64);
  for (size_t i = 0; i < 8; ++i) {
    CHECK(b[0].array.getDouble(i) >= 0.0);
    CHECK(b[0].array.getDouble(i) < 1.0);
  }
  CHECK(b[1].array.count() == 3);
  CHECK(b[1].array.type() == ElemType::F32);

  // The same seed gives the same numbers; another seed others.
  auto again = bind(
      kAttention, {"SCALE=0.5", "SEQ_LEN=2", "Q=random(seed=1)", "O=zeros(3)"});
  auto other = bind(
      kAttention, {"SCALE=0.5", "SEQ_LEN=2", "Q=random(seed=2)", "O=zeros(3)"});
  CHECK(again[0].array.getDouble(3) == b[0].array.getDouble(3));
  CHECK(other[0].array.getDouble(3) != b[0].array.getDouble(3));
}

TEST_CASE("binding: fills and mixed positional/named", "[binding]") {
  auto b = bind(kMatmul, {"iota(8)", "ones", "C=i64[6]:zeros"});
  CHECK(b[0].array.getInt(5) == 5);
  CHECK(b[1].array.count() == 12);
  CHECK(b[1].array.getInt(11) == 1);
  CHECK(b[2].array.getInt(0) == 0);

  auto r = bind(kMatmul, {"random(seed=4,lo=10,hi=20)", "ones", "zeros"});
  for (size_t i = 0; i < 8; ++i) {
    CHECK(r[0].array.getInt(i) >= 10);
    CHECK(r[0].array.getInt(i) < 20);
  }
}

TEST_CASE("binding: errors name the kernel and param", "[binding]") {
  CHECK(bindError(kMatmul, {"i64[]:1", "i64[]:1"}) ==
        "kernel 'main': param 'C' has no value (the kernel takes 3 params: "
        "A, B, C; pass --param C=...)");
  CHECK_THAT(bindError(kMatmul, {"i64[]:1", "i64[]:1", "i64[]:1", "i64:3"}),
             Catch::Contains("takes 3 params (A, B, C); got more"));
  CHECK_THAT(bindError(kMatmul, {"Z=1"}),
             Catch::Contains("kernel 'main' has no param 'Z'"));
  CHECK_THAT(bindError(kMatmul, {"i64[]:1", "A=1", "B=1"}),
             Catch::Contains("param 'A': given twice"));
  CHECK(bindError(kMatmul, {"f64[]:1.5", "ones", "ones"}) ==
        "kernel 'main': param 'A': argument is f64, signature says i64");
  CHECK_THAT(bindError(kMatmul, {"i64:4", "ones", "ones"}),
             Catch::Contains("param 'A': is an array of i64; got the scalar"));
  CHECK_THAT(bindError(kMatmul, {"1,2.5", "ones", "ones"}),
             Catch::Contains("'2.5' is not an integer"));
  CHECK_THAT(
      bindError(kAttention, {"SEQ_LEN=ones", "SCALE=1", "Q=ones", "O=ones(1)"}),
      Catch::Contains("param 'SEQ_LEN': is a scalar i64; got an array"));
  CHECK_THAT(
      bindError(kAttention, {"SEQ_LEN=2.5", "SCALE=1", "Q=ones", "O=ones(1)"}),
      Catch::Contains("'2.5' is not an integer"));
  CHECK_THAT(
      bindError(kAttention, {"SEQ_LEN=1,2", "SCALE=1", "Q=ones", "O=ones(1)"}),
      Catch::Contains("a scalar takes one value; got 2"));
  CHECK_THAT(
      bindError(kAttention, {"SEQ_LEN=2", "SCALE=1", "Q=ones", "O=ones"}),
      Catch::Contains("param 'O': has no declared size"));
  CHECK_THAT(bindError(kAttention,
                       {"SEQ_LEN=i32:2", "SCALE=1", "Q=ones", "O=ones(1)"}),
             Catch::Contains("argument is i32, signature says i64"));
  CHECK_THAT(
      bindError(kAttention, {"SEQ_LEN=-1", "SCALE=1", "Q=ones", "O=ones(1)"}),
      Catch::Contains("SEQ_LEN*HEAD_DIM = -4 is negative"));
}

TEST_CASE("binding: .npy files", "[binding][npy]") {
  char dir[] = "/tmp/wf-bind-XXXXXX";
  REQUIRE(mkdtemp(dir));
  std::string f64Path = std::string(dir) + "/q.npy";
  std::string f32Path = std::string(dir) + "/h.npy";
  HostArray q(ElemType::F64, 8);
  for (size_t i = 0; i < 8; ++i)
    q.setDouble(i, 0.25 * i);
  writeNpy(f64Path, q);
  HostArray h(ElemType::F32, 2);
  h.setDouble(1, 3.0);
  writeNpy(f32Path, h);

  auto b = bind(kAttention,
                {"Q=@" + f64Path, "O=@" + f32Path, "SEQ_LEN=2", "SCALE=1"});
  REQUIRE(b[0].array.count() == 8);
  CHECK(b[0].array.getDouble(7) == 1.75);
  CHECK(b[1].array.getDouble(1) == 3.0);
  // A file smaller than the declared size is padded.
  auto padded = bind(
      kAttention, {"Q=@" + f64Path, "O=@" + f32Path, "SEQ_LEN=3", "SCALE=1"});
  CHECK(padded[0].array.count() == 12);

  CHECK(bindError(kAttention,
                  {"Q=@" + f32Path, "O=@" + f32Path, "SEQ_LEN=2", "SCALE=1"}) ==
        "kernel 'attention': param 'Q': " + f32Path +
            " holds float32, signature says f64");
  CHECK_THAT(bindError(kAttention, {"Q=@" + std::string(dir) + "/none.npy",
                                    "O=ones(1)", "SEQ_LEN=2", "SCALE=1"}),
             Catch::Contains("cannot open"));
  std::remove(f64Path.c_str());
  std::remove(f32Path.c_str());
  rmdir(dir);
}
