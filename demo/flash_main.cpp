//===- flash_main.cpp - Run a flash attention kernel, check it, time it ---===//
//
// Random Q, K, V of shape (batch, heads, seq_len, head_dim) in f32; the
// kernel's output (and for the tensor-core kernel, the op library's
// kernels/attention/flash_attention_f32.forth, its log-sum-exp) is checked
// against the double-precision reference head by head (--check-heads
// limits how many, for big shapes) and timed.
//
//===----------------------------------------------------------------------===//
#include "bindings/load/LoadKernel.h"
#include "compiler/driver/Defines.h"
#include "demo/reference/AttentionReference.h"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <random>

#ifndef WARPFORTH_DEMO_DIR
#define WARPFORTH_DEMO_DIR "demo"
#endif
#ifndef WARPFORTH_KERNELS_DIR
#define WARPFORTH_KERNELS_DIR "kernels"
#endif

namespace {

struct Options {
  int64_t batch = 1, heads = 2, seqLen = 128, headDim = 64;
  bool causal = true;
  // Tile shape; 0 leaves the kernel's default (its `\! const`, by
  // head_dim), which is read back from the compiled kernel's signature.
  int br = 0, bc = 0, rpt = 0, tpr = 0, kpt = 0, warps = 0;
  std::string device = "auto";
  // The default tiles are tuned for an H100 (at head_dim 128 they need more
  // shared memory than sm_80 has).
  std::string arch = "sm_90";
  int repeat = 5;
  int checkHeads = 4;
  // tc: kernels/attention/flash_attention_f32.forth (tensor cores, the
  // kernel of warpforth.ops.flash_attention); rows:
  // demo/flash_attention_rows_f32.forth; gemm:
  // demo/flash_attention_gemm_f32.forth (both SIMT).
  std::string kernel = "tc";
  int optLevel = 3;
  std::string demoDir = WARPFORTH_DEMO_DIR;
  std::string kernelsDir = WARPFORTH_KERNELS_DIR;
  std::vector<std::string> defines; // -D as given, after the options' own
};

// A constant of the compiled kernel (its signature's `@const` lines).
int64_t kernelConst(const wf::rt::Kernel &kernel, const std::string &name) {
  const auto &consts = kernel.signature().consts;
  auto it = consts.find(name);
  if (it == consts.end())
    throw wf::rt::Error("kernel '" + kernel.name() + "' has no constant '" +
                        name + "'");
  return it->second;
}

int run(const Options &opt) {
  wf::rt::Device dev =
      wf::rt::Device::open(wf::rt::parseDeviceKind(opt.device, "--device"));
  bool tc = opt.kernel == "tc", gemm = opt.kernel == "gemm";
  wf::CompileOptions compile;
  compile.arch = opt.arch;
  compile.optLevel = opt.optLevel;
  compile.defines = {{"HEAD_DIM", std::to_string(opt.headDim)},
                     {"CAUSAL", opt.causal ? "1" : "0"}};
  // The tile options each kernel takes; unset ones keep its defaults.
  auto tile = [&](const char *name, int value) {
    if (value)
      compile.defines[name] = std::to_string(value);
  };
  if (tc) {
    tile("WARPS", opt.warps); // 16 query rows per warp: BR = 16*WARPS
    tile("BC", opt.bc);
  } else {
    tile("BR", opt.br);
    tile("BC", opt.bc);
    tile("RPT", opt.rpt);
    tile(gemm ? "KPT" : "TPR", gemm ? opt.kpt : opt.tpr);
  }
  for (const std::string &d : opt.defines)
    if (std::optional<std::string> error = wf::addDefine(compile.defines, d))
      throw wf::rt::Error(*error);
  if (opt.headDim == 96 && !tc)
    throw wf::rt::Error("--dim 96: only the tc kernel has tiles for it");
  const std::string path =
      tc     ? opt.kernelsDir + "/attention/flash_attention_f32.forth"
      : gemm ? opt.demoDir + "/flash_attention_gemm_f32.forth"
             : opt.demoDir + "/flash_attention_rows_f32.forth";
  const char *file = path.c_str() + path.rfind('/') + 1;
  wf::rt::Kernel kernel = wf::compileFileAndLoad(dev, path, compile).kernel;
  // The tile shape the kernel was compiled with, defaults included.
  int br = static_cast<int>(kernelConst(kernel, "BR"));
  int bc = static_cast<int>(kernelConst(kernel, "BC"));
  uint32_t threads = static_cast<uint32_t>(kernelConst(kernel, "NTHREADS"));
  // tc: every thread stages the same number of float4s of each K/V tile.
  if (tc && (bc % 8 != 0 || bc * opt.headDim / 4 % threads != 0))
    throw wf::rt::Error("--bc " + std::to_string(bc) +
                        ": the tc kernel needs a multiple of 8 keys whose "
                        "tile has a multiple of " +
                        std::to_string(threads) + " float4s");

  const size_t headSize = static_cast<size_t>(opt.seqLen * opt.headDim);
  const size_t rows = static_cast<size_t>(opt.seqLen * opt.batch * opt.heads);
  const size_t n = headSize * opt.batch * opt.heads;
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<float> dist(-1.0f, 1.0f);
  std::vector<float> q(n), k(n), v(n), o(n), lse(rows);
  for (auto *m : {&q, &k, &v})
    for (float &x : *m)
      x = dist(rng);
  auto upload = [&](const std::vector<float> &host) {
    wf::rt::Buffer b = dev.alloc(n * sizeof(float));
    dev.upload(b, host.data(), n * sizeof(float));
    return b;
  };
  wf::rt::Buffer bq = upload(q), bk = upload(k), bv = upload(v);
  wf::rt::Buffer bo = dev.alloc(n * sizeof(float));
  wf::rt::Buffer blse = dev.alloc(rows * sizeof(float));
  // The op kernel's CU_Q and CU_K (packed sequences; one i32, unread).
  wf::rt::Buffer bcu = dev.alloc(sizeof(int32_t));
  wf::rt::LaunchConfig config;
  config.grid = {static_cast<uint32_t>((opt.seqLen + br - 1) / br),
                 static_cast<uint32_t>(opt.heads),
                 static_cast<uint32_t>(opt.batch)};
  config.block = {threads, 1, 1};
  std::vector<wf::rt::Arg> args = {wf::rt::Arg::buf(bq), wf::rt::Arg::buf(bk),
                                   wf::rt::Arg::buf(bv), wf::rt::Arg::buf(bo)};
  if (tc) {
    // The op's interface: LSE, NQ NKV HQ HKV BATCH SCALE WL WR CAP CU_Q
    // CU_K (no grouped heads, window, softcap or packed sequences, and
    // NQ = NKV here).
    args.push_back(wf::rt::Arg::buf(blse));
    for (int64_t x : {opt.seqLen, opt.seqLen, opt.heads, opt.heads, opt.batch})
      args.push_back(wf::rt::Arg::integer(x));
    args.push_back(
        wf::rt::Arg::real(1.0 / std::sqrt(static_cast<double>(opt.headDim))));
    args.push_back(wf::rt::Arg::integer(0));
    args.push_back(wf::rt::Arg::integer(0));
    args.push_back(wf::rt::Arg::real(1.0));
    args.push_back(wf::rt::Arg::buf(bcu)); // CU_Q, CU_K: unread
    args.push_back(wf::rt::Arg::buf(bcu));
  } else {
    for (int64_t x : {opt.seqLen, opt.heads, opt.batch})
      args.push_back(wf::rt::Arg::integer(x));
  }
  std::vector<double> times;
  for (int i = 0; i < std::max(1, opt.repeat); ++i)
    times.push_back(kernel.time(config, args));
  std::sort(times.begin(), times.end());
  dev.download(o.data(), bo, n * sizeof(float));
  if (tc)
    dev.download(lse.data(), blse, rows * sizeof(float));
  for (wf::rt::Buffer b : {bq, bk, bv, bo, blse})
    dev.free(b);

  double worst = 0, worstLse = 0;
  int64_t heads = std::min<int64_t>(opt.batch * opt.heads, opt.checkHeads);
  for (int64_t h = 0; h < heads; ++h) {
    size_t off = h * headSize;
    std::vector<double> dq(q.begin() + off, q.begin() + off + headSize),
        dk(k.begin() + off, k.begin() + off + headSize),
        dv(v.begin() + off, v.begin() + off + headSize), ref(headSize),
        got(o.begin() + off, o.begin() + off + headSize), refLse(opt.seqLen);
    wf::demo::attentionReference(dq.data(), dk.data(), dv.data(), ref.data(),
                                 opt.seqLen, opt.headDim, opt.causal,
                                 refLse.data());
    worst = std::max(worst, wf::demo::relativeMaxError(got, ref));
    for (int64_t r = 0; tc && r < opt.seqLen; ++r) {
      double e = std::fabs(lse[h * opt.seqLen + r] - refLse[r]);
      worstLse = std::isnan(e) ? INFINITY : std::max(worstLse, e);
    }
  }
  double median = times[times.size() / 2];
  double flops = 4.0 * opt.batch * opt.heads * opt.seqLen * opt.seqLen *
                 opt.headDim * (opt.causal ? 0.5 : 1.0);
  std::printf("%s B%lld H%lld N%lld d%lld %s (BR %d, BC %d, %u threads) "
              "on %s\n",
              file + 1, (long long)opt.batch, (long long)opt.heads,
              (long long)opt.seqLen, (long long)opt.headDim,
              opt.causal ? "causal" : "non-causal", br, bc, threads,
              dev.name().c_str());
  std::printf("max error vs reference: %.3g over %lld heads (tolerance "
              "1e-04)\n",
              worst, (long long)heads);
  if (tc)
    std::printf("max log-sum-exp error: %.3g (absolute, tolerance 1e-04)\n",
                worstLse);
  std::printf("kernel time: median %.3f ms, %.2f TFLOP/s\n", median / 1000.0,
              flops / (median * 1e-6) / 1e12);
  if (!(worst <= 1e-4) || !(worstLse <= 1e-4)) {
    std::printf("FAILED\n");
    return 1;
  }
  std::printf("OK\n");
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  CLI::App app{"Runs a flash attention kernel and checks it"};
  Options opt;
  app.add_option("--batch", opt.batch)->check(CLI::Range(1, 1 << 16));
  app.add_option("--heads", opt.heads)->check(CLI::Range(1, 1 << 16));
  app.add_option("--seq", opt.seqLen)->check(CLI::Range(1, 1 << 20));
  app.add_option("--dim", opt.headDim, "64, 128, or 96 (tc only)")
      ->check(CLI::IsMember({64, 96, 128}));
  app.add_option("--causal", opt.causal, "1 or 0");
  // The tile options: 0 (the default) keeps the kernel's own `\! const`.
  app.add_option("--br", opt.br,
                 "rows, gemm: query rows per block (0: the kernel's)");
  app.add_option("--bc", opt.bc,
                 "keys per tile (tc: a multiple of 8; 0: the kernel's)");
  app.add_option("--kernel", opt.kernel,
                 "tc (kernels/attention/flash_attention_f32.forth, "
                 "default), rows (demo/flash_attention_rows_f32.forth) or "
                 "gemm (demo/flash_attention_gemm_f32.forth)")
      ->check(CLI::IsMember({"tc", "rows", "gemm"}));
  app.add_option("--warps", opt.warps,
                 "tc: warps per block, 16 rows each (0: the kernel's)")
      ->check(CLI::Range(0, 32));
  app.add_option("--kpt", opt.kpt, "gemm: keys per thread (0: the kernel's)");
  app.add_option("--rpt", opt.rpt,
                 "rows, gemm: query rows per thread (0: the kernel's)");
  app.add_option("--tpr", opt.tpr,
                 "rows: threads per row, 1, 2, 4 or 8 (0: the kernel's)");
  app.add_option("--device", opt.device)
      ->check(CLI::IsMember({"gpu", "cpu", "auto"}));
  app.add_option("--arch", opt.arch, "GPU architecture (default sm_90)");
  app.add_option("-O", opt.optLevel, "optimization level 0-3")
      ->check(CLI::Range(0, 3));
  app.add_option("--repeat", opt.repeat);
  app.add_option("--check-heads", opt.checkHeads);
  app.add_option("--demo-dir", opt.demoDir,
                 "where the rows and gemm kernels are");
  app.add_option("--kernels-dir", opt.kernelsDir,
                 "the op kernel library (kernels/), where the tc kernel is");
  app.add_option("-D", opt.defines,
                 "more kernel constants, NAME=VALUE or NAME for NAME=1 (e.g. "
                 "MIN_BLOCKS=2)");
  CLI11_PARSE(app, argc, argv);
  try {
    return run(opt);
  } catch (const wf::rt::Error &e) {
    std::cerr << "warpforth-flash: error: " << e.what() << "\n";
    return 1;
  }
}
