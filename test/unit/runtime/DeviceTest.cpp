// The public Device/Kernel API on the CPU, and what happens without a GPU.
#include "runtime/Runtime.h"

#include <catch2/catch.hpp>

#include <cstring>
#include <dlfcn.h>
#include <vector>

using namespace wf::rt;

namespace {

// The README's integer matmul (M=2, N=3, K=4), as the compiler would build
// it for the host: one thread per element of C, GLOBAL-ID picks it.
void matmul(const uint64_t *args, WfHostCtx *c) {
  auto *a = reinterpret_cast<const int64_t *>(args[0]);
  auto *b = reinterpret_cast<const int64_t *>(args[1]);
  auto *out = reinterpret_cast<int64_t *>(args[2]);
  int64_t id = c->bid[0] * c->bdim[0] + c->tid[0];
  int64_t row = id / 3, col = id % 3, sum = 0;
  for (int64_t k = 0; k < 4; ++k)
    sum += a[row * 4 + k] * b[k * 3 + col];
  out[row * 3 + col] = sum;
}

const char *kMatmulSig = "// @warpforth-signature 1\n// @kernel main\n"
                         "// @param A array i64 8\n// @param B array i64 12\n"
                         "// @param C array i64 6\n// @end\n";

// y[i] = a * x[i] for i < N, with a scalar f32 and a symbolic size.
void scale(const uint64_t *args, WfHostCtx *c) {
  auto *x = reinterpret_cast<float *>(args[0]);
  int64_t n = static_cast<int64_t>(args[1]);
  float a;
  std::memcpy(&a, &args[2], sizeof a);
  int64_t i = c->bid[0] * c->bdim[0] + c->tid[0];
  if (i < n)
    x[i] *= a;
}

const char *kScaleSig = "// @warpforth-signature 1\n// @kernel scale\n"
                        "// @param X array f32 N\n// @param N scalar i64\n"
                        "// @param A scalar f32\n// @end\n";

bool libcudaLoadable() {
  void *h = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!h)
    h = dlopen("libcuda.so", RTLD_NOW | RTLD_LOCAL);
  if (h)
    dlclose(h);
  return h != nullptr;
}

} // namespace

TEST_CASE("device: the README matmul on the CPU", "[device]") {
  Device dev = Device::open(DeviceKind::CPU);
  CHECK(dev.kind() == DeviceKind::CPU);
  CHECK_THAT(dev.name(), Catch::StartsWith("CPU ("));
  Kernel k = dev.loadHost(&matmul, kMatmulSig);
  CHECK(k.name() == "main");
  CHECK(k.signature().params.size() == 3);

  std::vector<int64_t> a = {1, 2, 3, 4, 5, 6, 7, 8};
  std::vector<int64_t> b = {1, 0, 2, 0, 1, 2, 1, 0, 1, 2, 1, 0};
  std::vector<int64_t> c(6, -1);
  Buffer da = dev.alloc(64), db = dev.alloc(96), dc = dev.alloc(48);
  dev.upload(da, a.data(), 64);
  dev.upload(db, b.data(), 96);
  k.run({{6, 1, 1}, {1, 1, 1}},
        {Arg::buf(da), Arg::buf(db), Arg::buf(dc, ElemType::I64)});
  dev.download(c.data(), dc, 48);
  CHECK(c == std::vector<int64_t>{12, 6, 9, 28, 14, 29});
  CHECK(k.time({{6, 1, 1}, {1, 1, 1}},
               {Arg::buf(da), Arg::buf(db), Arg::buf(dc)}) >= 0.0);

  // Checks run before anything launches.
  CHECK_THROWS_WITH(k.run({{6, 1, 1}, {1, 1, 1}}, {Arg::buf(da), Arg::buf(db)}),
                    "kernel 'main' takes 3 params (A, B, C); got 2 arguments");
  Buffer tooSmall{dc.addr, 40};
  CHECK_THROWS_WITH(
      k.run({{6, 1, 1}, {1, 1, 1}},
            {Arg::buf(da), Arg::buf(db), Arg::buf(tooSmall)}),
      "kernel 'main': param 'C': buffer holds 5 i64 values, signature needs 6");
  CHECK_THROWS_WITH(
      k.run({{6, 1, 1}, {2048, 1, 1}},
            {Arg::buf(da), Arg::buf(db), Arg::buf(dc)}),
      Catch::StartsWith("kernel 'main' (grid 6,1,1 block 2048,1,1)"));
  dev.free(da);
  dev.free(db);
  dev.free(dc);
}

TEST_CASE("device: scalars and symbolic sizes", "[device]") {
  Device dev = Device::open(DeviceKind::CPU);
  Kernel k = dev.loadHost(&scale, kScaleSig);
  std::vector<float> x = {1, 2, 3, 4, 5};
  Buffer dx = dev.alloc(5 * sizeof(float));
  dev.upload(dx, x.data(), 5 * sizeof(float));
  k.run({{2, 1, 1}, {4, 1, 1}},
        {Arg::buf(dx), Arg::integer(5), Arg::real(0.5)});
  dev.download(x.data(), dx, 5 * sizeof(float));
  CHECK(x == std::vector<float>{0.5f, 1, 1.5f, 2, 2.5f});
  CHECK_THROWS_WITH(k.run({{2, 1, 1}, {4, 1, 1}},
                          {Arg::buf(dx), Arg::integer(6), Arg::real(0.5)}),
                    "kernel 'scale': param 'X': buffer holds 5 f32 values, "
                    "signature needs N = 6");
  dev.free(dx);
}

TEST_CASE("device: memory bounds and misuse", "[device]") {
  Device dev = Device::open(DeviceKind::CPU);
  Buffer b = dev.alloc(16);
  char bytes[32] = {};
  CHECK_NOTHROW(dev.upload(b, bytes, 8, 8));
  CHECK_THROWS_WITH(dev.upload(b, bytes, 16, 8),
                    Catch::Contains("overruns a buffer of 16 bytes"));
  CHECK_THROWS_WITH(dev.download(bytes, b, 32),
                    Catch::Contains("overruns a buffer of 16 bytes"));
  Buffer empty = dev.alloc(0);
  CHECK(empty.addr != 0);
  dev.free(empty);
  dev.free(b);
  dev.free(Buffer{}); // a null buffer is ignored

  CHECK_THROWS_WITH(dev.loadPTX(kMatmulSig),
                    Catch::Contains("PTX runs only on the GPU"));
  CHECK_THROWS_WITH(dev.loadHost(&matmul, ".version 8\n"),
                    "no WarpForth signature in PTX");
  Kernel none;
  CHECK_FALSE(none);
  CHECK_THROWS_WITH(none.run({}, {}), Catch::Contains("unloaded"));
  Device closed;
  CHECK_THROWS_WITH(closed.alloc(4), Catch::Contains("unopened"));
}

TEST_CASE("device: a kernel keeps its keep-alive until the last copy goes",
          "[device]") {
  auto owner = std::make_shared<int>(7);
  std::weak_ptr<int> watch = owner;
  {
    Device dev = Device::open(DeviceKind::CPU);
    Kernel k = dev.loadHost(&matmul, kMatmulSig, owner);
    owner.reset();
    Kernel copy = k;
    CHECK_FALSE(watch.expired());
  }
  CHECK(watch.expired());
}

TEST_CASE("device: without a GPU driver", "[device][gpu]") {
  if (libcudaLoadable()) {
    // On a GPU machine: Auto must pick the GPU when a device is there.
    if (Device::gpuAvailable())
      CHECK(Device::open(DeviceKind::Auto).kind() == DeviceKind::GPU);
    return;
  }
  CHECK_FALSE(Device::gpuAvailable());
  CHECK_THROWS_WITH(Device::open(DeviceKind::GPU),
                    "no CUDA driver found (libcuda.so.1 not loadable)");
  // Asking twice gives the same clean error (the failed load is cached).
  CHECK_THROWS_WITH(Device::open(DeviceKind::GPU),
                    "no CUDA driver found (libcuda.so.1 not loadable)");
  CHECK(Device::open(DeviceKind::Auto).kind() == DeviceKind::CPU);
  CHECK(std::string(deviceKindName(DeviceKind::Auto)) == "auto");
}

// Issue 12.16: the CPU refuses what a GPU of the kernel's --arch refuses,
// in the words the GPU backend uses (the same check runs there).
TEST_CASE("device: the CPU holds launches to the GPU's limits", "[device]") {
  Device dev = Device::open(DeviceKind::CPU);
  std::string sig = kScaleSig;
  Kernel k = dev.loadHost(&scale, sig.substr(0, sig.size() - 8) +
                                      "// @arch sm_80\n// @end\n");
  Buffer dx = dev.alloc(4 * sizeof(float));
  std::vector<Arg> args = {Arg::buf(dx), Arg::integer(0), Arg::real(1)};
  auto launchError = [&](LaunchConfig c) -> std::string {
    try {
      k.run(c, args);
    } catch (const Error &e) {
      return e.what();
    }
    return "";
  };
  CHECK(launchError({{2147483648u, 1, 1}, {1, 1, 1}}) ==
        "kernel 'scale' (grid 2147483648,1,1 block 1,1,1): grid x of "
        "2147483648 is more than the 2147483647 a GPU allows (sm_80)");
  CHECK(launchError({{1, 65536, 1}, {1, 1, 1}}) ==
        "kernel 'scale' (grid 1,65536,1 block 1,1,1): grid y of 65536 is "
        "more than the 65535 a GPU allows (sm_80)");
  CHECK_THAT(launchError({{1, 1, 65536}, {1, 1, 1}}),
             Catch::Contains("grid z of 65536 is more than the 65535"));
  CHECK_THAT(launchError({{1, 1, 1}, {1025, 1, 1}}),
             Catch::Contains("a block of 1025 threads is more than the 1024 a "
                             "GPU allows (sm_80)"));
  CHECK_THAT(launchError({{1, 1, 1}, {1, 1, 65}}),
             Catch::Contains("block z of 65 is more than the 64"));
  LaunchConfig shared{{1, 1, 1}, {1, 1, 1}, 300 * 1024};
  CHECK_THAT(launchError(shared),
             Catch::Contains("0 bytes of static and 307200 of dynamic shared "
                             "memory per block are more than the 166912 a GPU "
                             "allows (sm_80)"));
  shared.dynamicSharedBytes = SIZE_MAX;
  CHECK_THAT(launchError(shared), Catch::Contains("a GPU allows"));
  // At the limits it runs.
  CHECK(launchError({{2147483647u, 1, 1}, {1, 1, 1}}).empty());
  CHECK(launchError({{1, 65535, 1}, {1024, 1, 1}}).empty());
  CHECK(launchError({{1, 1, 1}, {1, 1, 1}, 163 * 1024}).empty());
  dev.free(dx);
}

TEST_CASE("device: more than 4 KB of kernel params is refused at load",
          "[device]") {
  Device dev = Device::open(DeviceKind::CPU);
  std::string sig = "// @warpforth-signature 1\n// @kernel many\n";
  for (int i = 0; i < 513; ++i)
    sig += "// @param P" + std::to_string(i) + " array i64 -\n";
  CHECK_THROWS_WITH(dev.loadHost(&scale, sig + "// @end\n"),
                    "kernel 'many': its 513 params take 4104 bytes, more "
                    "than the 4096 bytes of kernel params a GPU allows");
}
