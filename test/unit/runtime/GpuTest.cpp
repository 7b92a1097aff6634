// The GPU backend against hand-written PTX, built into wf-gpu-unit (ctest
// runtime-gpu-unit, label gpu), whose main (test/unit/gpu_main.cpp) skips
// the whole binary on machines without a CUDA driver and device.
#include "runtime/Runtime.h"

#include <catch2/catch.hpp>

#include <cstring>
#include <functional>
#include <vector>

using namespace wf::rt;

namespace {

// The README's integer matmul (M=2, N=3, K=4) as warpforthc would emit it:
// signature block, then one thread per element of C (GLOBAL-ID).
const char *kMatmulPtx = R"(// @warpforth-signature 1
// @kernel main
// @param A array i64 8
// @param B array i64 12
// @param C array i64 6
// @end
.version 7.0
.target sm_70
.address_size 64
.visible .entry main(.param .u64 A, .param .u64 B, .param .u64 C)
{
  .reg .b64 %rd<16>;
  .reg .b32 %r<5>;
  .reg .pred %p<2>;
  ld.param.u64 %rd1, [A];
  ld.param.u64 %rd2, [B];
  ld.param.u64 %rd3, [C];
  cvta.to.global.u64 %rd1, %rd1;
  cvta.to.global.u64 %rd2, %rd2;
  cvta.to.global.u64 %rd3, %rd3;
  mov.u32 %r1, %ctaid.x;
  mov.u32 %r2, %ntid.x;
  mov.u32 %r3, %tid.x;
  mad.lo.u32 %r4, %r1, %r2, %r3;
  cvt.u64.u32 %rd4, %r4;
  div.u64 %rd5, %rd4, 3;
  rem.u64 %rd6, %rd4, 3;
  mov.u64 %rd7, 0;
  mov.u64 %rd8, 0;
LOOP:
  mad.lo.u64 %rd9, %rd5, 4, %rd8;
  shl.b64 %rd9, %rd9, 3;
  add.u64 %rd9, %rd1, %rd9;
  ld.global.u64 %rd10, [%rd9];
  mad.lo.u64 %rd11, %rd8, 3, %rd6;
  shl.b64 %rd11, %rd11, 3;
  add.u64 %rd11, %rd2, %rd11;
  ld.global.u64 %rd12, [%rd11];
  mad.lo.u64 %rd7, %rd10, %rd12, %rd7;
  add.u64 %rd8, %rd8, 1;
  setp.lt.u64 %p1, %rd8, 4;
  @%p1 bra LOOP;
  mad.lo.u64 %rd13, %rd5, 3, %rd6;
  shl.b64 %rd13, %rd13, 3;
  add.u64 %rd13, %rd3, %rd13;
  st.global.u64 [%rd13], %rd7;
  ret;
}
)";

// X[i] *= A for i < N: an f32 scalar and an i64 scalar, by value.
const char *kScalePtx = R"(// @warpforth-signature 1
// @kernel scale
// @param X array f32 N
// @param N scalar i64
// @param A scalar f32
// @end
.version 7.0
.target sm_70
.address_size 64
.visible .entry scale(.param .u64 X, .param .u64 N, .param .f32 A)
{
  .reg .b64 %rd<6>;
  .reg .b32 %r<5>;
  .reg .f32 %f<3>;
  .reg .pred %p<2>;
  ld.param.u64 %rd1, [X];
  ld.param.u64 %rd2, [N];
  ld.param.f32 %f1, [A];
  mov.u32 %r1, %ctaid.x;
  mov.u32 %r2, %ntid.x;
  mov.u32 %r3, %tid.x;
  mad.lo.u32 %r4, %r1, %r2, %r3;
  cvt.u64.u32 %rd3, %r4;
  setp.ge.s64 %p1, %rd3, %rd2;
  @%p1 bra DONE;
  cvta.to.global.u64 %rd1, %rd1;
  shl.b64 %rd4, %rd3, 2;
  add.u64 %rd4, %rd1, %rd4;
  ld.global.f32 %f2, [%rd4];
  mul.f32 %f2, %f2, %f1;
  st.global.f32 [%rd4], %f2;
DONE:
  ret;
}
)";

// Writes BYTES-8 into the last 8 bytes of dynamic shared memory, reads it
// back into OUT[0]: needs the > 48 KiB opt-in for large sizes.
const char *kDynSharedPtx = R"(// @warpforth-signature 1
// @kernel dyn
// @param OUT array i64 1
// @param BYTES scalar i64
// @end
.version 7.0
.target sm_70
.address_size 64
.extern .shared .align 16 .b8 dynsmem[];
.visible .entry dyn(.param .u64 OUT, .param .u64 BYTES)
{
  .reg .b64 %rd<8>;
  ld.param.u64 %rd1, [OUT];
  ld.param.u64 %rd2, [BYTES];
  cvta.to.global.u64 %rd1, %rd1;
  mov.u64 %rd3, dynsmem;
  add.u64 %rd4, %rd3, %rd2;
  sub.u64 %rd4, %rd4, 8;
  sub.u64 %rd5, %rd2, 8;
  st.shared.u64 [%rd4], %rd5;
  bar.sync 0;
  ld.shared.u64 %rd6, [%rd4];
  st.global.u64 [%rd1], %rd6;
  ret;
}
)";

// Stores to address 0: an illegal address.
const char *kFaultPtx = R"(// @warpforth-signature 1
// @kernel fault
// @end
.version 7.0
.target sm_70
.address_size 64
.visible .entry fault()
{
  .reg .b64 %rd<3>;
  mov.u64 %rd1, 0;
  mov.u64 %rd2, 7;
  st.global.u64 [%rd1], %rd2;
  ret;
}
)";

std::string errorOf(const std::function<void()> &f) {
  try {
    f();
  } catch (const Error &e) {
    return e.what();
  }
  return "";
}

} // namespace

TEST_CASE("gpu: the README matmul from PTX", "[gpu]") {
  Device dev = Device::open(DeviceKind::GPU);
  CHECK(dev.kind() == DeviceKind::GPU);
  CHECK_THAT(dev.name(), Catch::Contains("(sm_"));
  Kernel k = dev.loadPTX(kMatmulPtx);
  std::vector<int64_t> a = {1, 2, 3, 4, 5, 6, 7, 8};
  std::vector<int64_t> b = {1, 0, 2, 0, 1, 2, 1, 0, 1, 2, 1, 0};
  std::vector<int64_t> c(6, -1);
  Buffer da = dev.alloc(64), db = dev.alloc(96), dc = dev.alloc(48);
  dev.upload(da, a.data(), 64);
  dev.upload(db, b.data(), 96);
  dev.upload(dc, c.data(), 48);
  LaunchConfig cfg{{6, 1, 1}, {1, 1, 1}};
  k.run(cfg, {Arg::buf(da), Arg::buf(db), Arg::buf(dc)});
  dev.download(c.data(), dc, 48);
  CHECK(c == std::vector<int64_t>{12, 6, 9, 28, 14, 29});
  double us = k.time(cfg, {Arg::buf(da), Arg::buf(db), Arg::buf(dc)});
  CHECK(us > 0.0);
  CHECK(us < 1e6);
  dev.free(da);
  dev.free(db);
  dev.free(dc);
}

TEST_CASE("gpu: scalars by value and symbolic sizes", "[gpu]") {
  Device dev = Device::open(DeviceKind::GPU);
  Kernel k = dev.loadPTX(kScalePtx);
  std::vector<float> x = {1, 2, 3, 4, 5};
  Buffer dx = dev.alloc(5 * sizeof(float));
  dev.upload(dx, x.data(), 5 * sizeof(float));
  k.run({{2, 1, 1}, {4, 1, 1}},
        {Arg::buf(dx), Arg::integer(5), Arg::real(0.5)});
  dev.download(x.data(), dx, 5 * sizeof(float));
  CHECK(x == std::vector<float>{0.5f, 1, 1.5f, 2, 2.5f});
  CHECK(errorOf([&] {
          k.run({{2, 1, 1}, {4, 1, 1}},
                {Arg::buf(dx), Arg::integer(6), Arg::real(0.5)});
        }) == "kernel 'scale': param 'X': buffer holds 5 f32 values, "
              "signature needs N = 6");
  dev.free(dx);
}

TEST_CASE("gpu: dynamic shared memory above 48 KiB", "[gpu]") {
  Device dev = Device::open(DeviceKind::GPU);
  Kernel k = dev.loadPTX(kDynSharedPtx);
  Buffer out = dev.alloc(8);
  for (size_t bytes : {size_t(1024), size_t(96 * 1024)}) {
    LaunchConfig cfg{{1, 1, 1}, {1, 1, 1}, bytes};
    k.run(cfg, {Arg::buf(out), Arg::integer(static_cast<int64_t>(bytes))});
    int64_t got = 0;
    dev.download(&got, out, 8);
    CHECK(got == static_cast<int64_t>(bytes) - 8);
  }
  dev.free(out);
}

TEST_CASE("gpu: load errors carry the JIT log", "[gpu]") {
  Device dev = Device::open(DeviceKind::GPU);
  std::string broken = std::string(kFaultPtx);
  broken.replace(broken.find("mov.u64 %rd1, 0;"), 16, "bogus.op %rd1;");
  std::string msg = errorOf([&] { dev.loadPTX(broken); });
  CHECK_THAT(msg, Catch::StartsWith("kernel 'fault': PTX load failed: "
                                    "CUDA_ERROR_INVALID_PTX"));
  CHECK_THAT(msg, Catch::Contains("bogus"));

  std::string renamed = kFaultPtx;
  renamed.replace(renamed.find("@kernel fault"), 13, "@kernel other");
  CHECK_THAT(errorOf([&] { dev.loadPTX(renamed); }),
             Catch::StartsWith("kernel 'other': no such entry point"));
}

// Hidden (run it alone: wf-gpu-unit "[gpu-fault]"): after an illegal
// address CUDA refuses all further work in the process, so it would fail
// every GPU test after it.
TEST_CASE("gpu: a fault names the kernel and launch", "[.][gpu-fault]") {
  Device dev = Device::open(DeviceKind::GPU);
  Kernel k = dev.loadPTX(kFaultPtx);
  CHECK(errorOf([&] {
          k.run({{1, 1, 1}, {1, 1, 1}}, {});
        }) == "kernel 'fault' (grid 1,1,1 block 1,1,1): launch failed: "
              "CUDA_ERROR_ILLEGAL_ADDRESS: an illegal memory access was "
              "encountered");
}
