// Checking launch arguments against the signature before anything runs.
#include "runtime/LaunchCheck.h"
#include "common/Error.h"
#include "common/Half.h"

#include <catch2/catch.hpp>

#include <cstring>

using namespace wf::rt;

namespace {
const char *kAttention = "// @warpforth-signature 1\n// @kernel attention\n"
                         "// @param Q array f64 SEQ_LEN*HEAD_DIM\n"
                         "// @param N array i64 -\n"
                         "// @param SEQ_LEN scalar i64\n"
                         "// @param SCALE scalar f32\n"
                         "// @const HEAD_DIM 16\n// @end\n";

std::string marshalError(const KernelSignature &sig,
                         const std::vector<Arg> &args) {
  try {
    marshalArgs(sig, args);
  } catch (const Error &e) {
    return e.what();
  }
  return "";
}
} // namespace

TEST_CASE("launch check: slots follow the kernel ABI", "[launch]") {
  KernelSignature sig = parseSignature(kAttention);
  Buffer q{0x1000, 64 * 16 * 8}, n{0x2000, 0};
  std::vector<uint64_t> slots =
      marshalArgs(sig, {Arg::buf(q, ElemType::F64), Arg::buf(n),
                        Arg::integer(64), Arg::real(0.5)});
  REQUIRE(slots.size() == 4);
  CHECK(slots[0] == 0x1000);
  CHECK(slots[1] == 0x2000);
  CHECK(slots[2] == 64);
  float scale;
  std::memcpy(&scale, &slots[3], sizeof scale);
  CHECK(scale == 0.5f);
  CHECK((slots[3] >> 32) == 0); // only the low bytes hold an f32

  // An integer for a float param converts.
  slots = marshalArgs(
      sig, {Arg::buf(q), Arg::buf(n), Arg::integer(64), Arg::integer(2)});
  std::memcpy(&scale, &slots[3], sizeof scale);
  CHECK(scale == 2.0f);
}

TEST_CASE("launch check: scalar widths", "[launch]") {
  KernelSignature sig = parseSignature(
      "// @warpforth-signature 1\n// @kernel k\n"
      "// @param A scalar i8\n// @param B scalar i32\n"
      "// @param C scalar f16\n// @param D scalar f64\n// @end\n");
  std::vector<uint64_t> s =
      marshalArgs(sig, {Arg::integer(-1), Arg::integer(0xFFFFFFFF),
                        Arg::real(1.0), Arg::real(0.1)});
  CHECK(s[0] == 0xFF);
  CHECK(s[1] == 0xFFFFFFFF);
  CHECK(s[2] == floatToHalf(1.0f));
  double d;
  std::memcpy(&d, &s[3], sizeof d);
  CHECK(d == 0.1);
  CHECK_THAT(marshalError(sig, {Arg::integer(256), Arg::integer(0),
                                Arg::real(0), Arg::real(0)}),
             Catch::Contains("param 'A': value 256 does not fit in i8"));
  CHECK_THAT(marshalError(sig, {Arg::real(1.5), Arg::integer(0), Arg::real(0),
                                Arg::real(0)}),
             Catch::Contains("param 'A': is i8; got the float"));
}

TEST_CASE("launch check: errors name kernel and param", "[launch]") {
  KernelSignature sig = parseSignature(kAttention);
  Buffer small{0x1000, 100 * 8}, any{0x2000, 8};
  CHECK(marshalError(sig, {Arg::buf(small), Arg::buf(any), Arg::integer(64),
                           Arg::real(1)}) ==
        "kernel 'attention': param 'Q': buffer holds 100 f64 values, "
        "signature needs SEQ_LEN*HEAD_DIM = 1024");
  CHECK(marshalError(sig, {Arg::buf(any)}) ==
        "kernel 'attention' takes 4 params (Q, N, SEQ_LEN, SCALE); got 1 "
        "arguments");
  CHECK(marshalError(sig, {Arg::integer(1), Arg::buf(any), Arg::integer(1),
                           Arg::real(1)}) ==
        "kernel 'attention': param 'Q': is an array of f64; got a scalar");
  CHECK(marshalError(sig, {Arg::buf(small), Arg::buf(any), Arg::buf(any),
                           Arg::real(1)}) ==
        "kernel 'attention': param 'SEQ_LEN': is a scalar i64; got a buffer");
  CHECK(marshalError(sig, {Arg::buf(small, ElemType::F32), Arg::buf(any),
                           Arg::integer(1), Arg::real(1)}) ==
        "kernel 'attention': param 'Q': argument is f32, signature says f64");
  CHECK(marshalError(sig, {Arg::buf(small), Arg::buf(any),
                           Arg::integer(1, ElemType::I32), Arg::real(1)}) ==
        "kernel 'attention': param 'SEQ_LEN': argument is i32, signature "
        "says i64");
  CHECK_THAT(marshalError(sig, {Arg::buf(small), Arg::buf(any),
                                Arg::integer(-1), Arg::real(1)}),
             Catch::Contains("SEQ_LEN*HEAD_DIM = -16 is negative"));
  // A plain number needs no "EXPR =" part.
  KernelSignature fixed =
      parseSignature("// @warpforth-signature 1\n// @kernel main\n"
                     "// @param C array i64 6\n// @end\n");
  CHECK(marshalError(fixed, {Arg::buf(Buffer{1, 40})}) ==
        "kernel 'main': param 'C': buffer holds 5 i64 values, signature "
        "needs 6");
  // An unknown name in the size skips the check.
  KernelSignature open =
      parseSignature("// @warpforth-signature 1\n// @kernel k\n"
                     "// @param C array i64 LATER*2\n// @end\n");
  CHECK(marshalError(open, {Arg::buf(Buffer{1, 0})}).empty());
}

TEST_CASE("launch check: configuration", "[launch]") {
  KernelSignature sig = parseSignature(kAttention);
  LaunchConfig c;
  c.grid = {6, 1, 1};
  c.block = {1, 1, 1};
  CHECK(describeLaunch(sig, c) ==
        "kernel 'attention' (grid 6,1,1 block 1,1,1)");
  CHECK_NOTHROW(checkConfig(sig, c));
  c.block.y = 0;
  CHECK_THROWS_WITH(checkConfig(sig, c), Catch::Contains("must be at least 1"));
}

TEST_CASE("launch check: the grid is a whole number of clusters", "[launch]") {
  KernelSignature sig = parseSignature("// @warpforth-signature 1\n"
                                       "// @kernel k\n// @cluster 2 2 1\n"
                                       "// @end\n");
  LaunchConfig c;
  c.grid = {4, 6, 3};
  c.block = {32, 1, 1};
  CHECK_NOTHROW(checkConfig(sig, c));
  c.grid = {4, 3, 1};
  CHECK_THROWS_WITH(
      checkConfig(sig, c),
      "kernel 'k' (grid 4,3,1 block 32,1,1): the grid is not a whole number "
      "of clusters: 3 blocks along y is not a multiple of 2 (the kernel's "
      "'\\! cluster 2 2 1')");
}

TEST_CASE("launch check: limits of each architecture", "[launch]") {
  CHECK(archLimits("sm_90").maxSharedBytes == 227 * 1024);
  CHECK(archLimits("sm_90a").maxSharedBytes == 227 * 1024);
  CHECK(archLimits("sm_86").maxSharedBytes == 99 * 1024);
  CHECK(archLimits("sm_75").maxSharedBytes == 64 * 1024);
  CHECK(archLimits("sm_80").name == "sm_80");
  CHECK(archLimits("").name == "sm_80");
  CHECK(archLimits("").maxSharedBytes == 163 * 1024);
  CHECK(archLimits("sm_90").maxGrid[1] == 65535);
  // Static shared memory counts too.
  KernelSignature sig =
      parseSignature("// @warpforth-signature 1\n// @kernel k\n"
                     "// @shared-bytes 40000\n// @arch sm_75\n// @end\n");
  CHECK(sig.arch == "sm_75");
  LaunchConfig c;
  c.dynamicSharedBytes = 65536 - 40000;
  CHECK_NOTHROW(checkLimits(sig, c, archLimits(sig.arch)));
  c.dynamicSharedBytes += 1;
  CHECK_THROWS_WITH(checkLimits(sig, c, archLimits(sig.arch)),
                    Catch::Contains("40000 bytes of static and 25537 of "
                                    "dynamic shared memory per block are more "
                                    "than the 65536 a GPU allows (sm_75)"));
  CHECK(formatSignature(sig).find("// @arch sm_75\n") != std::string::npos);
}

#include "runtime/TensorMaps.h"

TEST_CASE("tensor maps: dims from scalar params, row-major strides", "[tmap]") {
  KernelSignature sig = parseSignature(
      "// @warpforth-signature 1\n// @kernel k\n// @param A tmap bf16 "
      "M,K 8,64 128\n// @param M scalar i32\n// @param K scalar i64\n"
      "// @end\n");
  alignas(16) static char buffer[16];
  std::vector<uint64_t> slots = {reinterpret_cast<uint64_t>(buffer),
                                 uint64_t(uint32_t(-1)), 72};
  // M = -1 (an i32 slot sign-extends): refused.
  CHECK_THROWS_WITH(tensorMapsOf(sig, slots),
                    Catch::Contains("tensor map 'A': dimension 'M' = -1"));
  slots[1] = 10;
  std::vector<LaunchTensorMap> maps = tensorMapsOf(sig, slots);
  REQUIRE(maps.size() == 1);
  const WfTensorMap &d = maps[0].desc;
  CHECK(d.rank == 2);
  CHECK(d.dims[0] == 72); // innermost first
  CHECK(d.dims[1] == 10);
  CHECK(d.strides[0] == 2);
  CHECK(d.strides[1] == 144);
  CHECK(d.box[0] == 64);
  CHECK(d.box[1] == 8);
  CHECK(d.swizzle == 128);
  slots[2] = 12; // rows of 24 bytes
  CHECK_THROWS_WITH(tensorMapsOf(sig, slots),
                    Catch::Contains("multiple of 16 bytes"));
  slots[2] = 72;
  slots[0] += 8; // the buffer 8 bytes off
  CHECK_THROWS_WITH(tensorMapsOf(sig, slots),
                    Catch::Contains("not 16-byte aligned"));
}

TEST_CASE("tensor maps: given strides, in elements", "[tmap]") {
  // Rows of 8 f32 starting 12 elements apart (S = PITCH), in a 3-D view
  // whose outer stride is written out: 3 planes of R rows.
  KernelSignature sig = parseSignature(
      "// @warpforth-signature 1\n// @kernel k\n// @param A tmap f32 "
      "3,R,8 1,2,8 0 R*PITCH+4,PITCH\n// @param R scalar i32\n"
      "// @param PITCH scalar i64\n// @end\n");
  alignas(16) static char buffer[16];
  std::vector<uint64_t> slots = {reinterpret_cast<uint64_t>(buffer), 4, 12};
  std::vector<LaunchTensorMap> maps = tensorMapsOf(sig, slots);
  REQUIRE(maps.size() == 1);
  const WfTensorMap &d = maps[0].desc;
  CHECK(d.rank == 3);
  CHECK(d.dims[0] == 8); // innermost first
  CHECK(d.dims[1] == 4);
  CHECK(d.dims[2] == 3);
  CHECK(d.strides[0] == 4);      // the element
  CHECK(d.strides[1] == 12 * 4); // PITCH elements, not 8
  CHECK(d.strides[2] == 52 * 4); // R*PITCH+4, not R*PITCH
  // A stride that is no multiple of 16 bytes is refused, by name.
  slots[2] = 10; // 40 bytes
  CHECK_THROWS_WITH(
      tensorMapsOf(sig, slots),
      Catch::Contains("tensor map 'A': stride 'PITCH' (of dimension 2, "
                      "outermost first) is 40 bytes; TMA needs every stride "
                      "to be a multiple of 16 bytes"));
  slots[2] = 0;
  CHECK_THROWS_WITH(
      tensorMapsOf(sig, slots),
      Catch::Contains("tensor map 'A': stride 'PITCH' = 0 must be at least 1"));
  slots[2] = int64_t(1) << 38; // 2^40 bytes
  CHECK_THROWS_WITH(tensorMapsOf(sig, slots),
                    Catch::Contains("stride 'PITCH' (of dimension 2, outermost "
                                    "first) is 2^40 bytes or more"));
  slots[2] = 12;
  slots[1] = 3; // R*PITCH+4 = 40 elements, 160 bytes: fine
  CHECK(tensorMapsOf(sig, slots)[0].desc.strides[2] == 160);
  slots[1] = 2; // 28 elements, 112 bytes: fine too
  CHECK(tensorMapsOf(sig, slots)[0].desc.strides[2] == 112);
  // A name the launch does not know.
  KernelSignature open = parseSignature(
      "// @warpforth-signature 1\n// @kernel k\n// @param A tmap f32 "
      "4,8 4,8 0 LATER\n// @end\n");
  CHECK_THROWS_WITH(tensorMapsOf(open, {slots[0]}),
                    Catch::Contains("tensor map 'A': stride 'LATER' is not "
                                    "known at launch"));
}

TEST_CASE("tensor maps: the buffer holds a strided map's extent", "[tmap]") {
  // 4 rows of 8 f32, 12 apart: 3*12 + 8 = 44 elements, not 32 or 48.
  KernelSignature sig = parseSignature(
      "// @warpforth-signature 1\n// @kernel k\n// @param A tmap f32 R,8 "
      "4,8 0 PITCH\n// @param R scalar i32\n// @param PITCH scalar i32\n"
      "// @end\n");
  CHECK(marshalError(sig, {Arg::buf(Buffer{0x1000, 43 * 4}), Arg::integer(4),
                           Arg::integer(12)}) ==
        "kernel 'k': param 'A': buffer holds 43 f32 values, signature needs "
        "(R-1)*PITCH+8 = 44");
  CHECK(marshalError(sig, {Arg::buf(Buffer{0x1000, 44 * 4}), Arg::integer(4),
                           Arg::integer(12)})
            .empty());
  // Dense, the same map needs the product.
  KernelSignature dense = parseSignature(
      "// @warpforth-signature 1\n// @kernel k\n// @param A tmap f32 R,8 "
      "4,8 0\n// @param R scalar i32\n// @end\n");
  CHECK(marshalError(dense,
                     {Arg::buf(Buffer{0x1000, 31 * 4}), Arg::integer(4)}) ==
        "kernel 'k': param 'A': buffer holds 31 f32 values, signature needs "
        "R*8 = 32");
}
