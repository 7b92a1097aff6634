//===- attention_main.cpp - The main job: run attention, check, time ------===//
//
// Compiles demo/attention.forth (or attention-f32.forth), runs it on the
// GPU when one is there and otherwise on the CPU backend, compares the
// output with the double-precision reference and prints the shape, the
// error and the kernel time.
//
//===----------------------------------------------------------------------===//
#include "bindings/load/LoadKernel.h"
#include "demo/reference/AttentionReference.h"
#include "runtime/Runtime.h"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <cstdio>
#include <iostream>
#include <random>

#ifndef WARPFORTH_DEMO_DIR
#define WARPFORTH_DEMO_DIR "demo"
#endif

namespace {

struct Options {
  int64_t seqLen = 256;
  int64_t headDim = 64;
  uint32_t block = 128;
  std::string device = "auto";
  std::string precision = "f64";
  int repeat = 10;
  unsigned seed = 1;
  std::string arch = "sm_80";
  std::string demoDir = WARPFORTH_DEMO_DIR;
};

int run(const Options &opt) {
  wf::rt::Device dev =
      wf::rt::Device::open(wf::rt::parseDeviceKind(opt.device, "--device"));
  bool f32 = opt.precision == "f32";
  std::string path =
      opt.demoDir + (f32 ? "/attention-f32.forth" : "/attention.forth");
  wf::CompileOptions compileOptions;
  compileOptions.arch = opt.arch;
  compileOptions.defines["MAX_SEQ"] = std::to_string(opt.seqLen);
  wf::rt::Kernel kernel =
      wf::compileFileAndLoad(dev, path, compileOptions).kernel;

  const size_t n = static_cast<size_t>(opt.seqLen * opt.headDim);
  std::mt19937_64 rng(opt.seed);
  std::uniform_real_distribution<double> dist(-1.0, 1.0);
  std::vector<double> q(n), k(n), v(n), expected(n), got(n);
  for (auto *m : {&q, &k, &v})
    for (double &x : *m)
      x = f32 ? static_cast<float>(dist(rng)) : dist(rng);
  wf::demo::attentionReference(q.data(), k.data(), v.data(), expected.data(),
                               opt.seqLen, opt.headDim);

  const size_t elem = f32 ? sizeof(float) : sizeof(double);
  auto upload = [&](const std::vector<double> &host) {
    wf::rt::Buffer b = dev.alloc(n * elem);
    if (f32) {
      std::vector<float> tmp(host.begin(), host.end());
      dev.upload(b, tmp.data(), n * elem);
    } else {
      dev.upload(b, host.data(), n * elem);
    }
    return b;
  };
  wf::rt::Buffer bq = upload(q), bk = upload(k), bv = upload(v);
  wf::rt::Buffer bo = dev.alloc(n * elem);
  wf::rt::LaunchConfig config;
  config.grid = {static_cast<uint32_t>(opt.seqLen), 1, 1};
  config.block = {opt.block, 1, 1};
  std::vector<wf::rt::Arg> args = {wf::rt::Arg::buf(bq),
                                   wf::rt::Arg::buf(bk),
                                   wf::rt::Arg::buf(bv),
                                   wf::rt::Arg::buf(bo),
                                   wf::rt::Arg::integer(opt.seqLen),
                                   wf::rt::Arg::integer(opt.headDim)};

  std::vector<double> times;
  for (int i = 0; i < std::max(1, opt.repeat); ++i)
    times.push_back(kernel.time(config, args));
  std::sort(times.begin(), times.end());
  if (f32) {
    std::vector<float> tmp(n);
    dev.download(tmp.data(), bo, n * elem);
    std::copy(tmp.begin(), tmp.end(), got.begin());
  } else {
    dev.download(got.data(), bo, n * elem);
  }
  for (wf::rt::Buffer b : {bq, bk, bv, bo})
    dev.free(b);

  double error = wf::demo::relativeMaxError(got, expected);
  double tolerance = f32 ? 1e-4 : 1e-10;
  std::printf("attention %s: seq_len %lld, head_dim %lld, block %u, "
              "device %s\n",
              opt.precision.c_str(), static_cast<long long>(opt.seqLen),
              static_cast<long long>(opt.headDim), opt.block,
              dev.name().c_str());
  std::printf("max error vs reference: %.3g (relative to the output scale; "
              "tolerance %.0e)\n",
              error, tolerance);
  std::printf("kernel time: median %.3f ms, min %.3f ms over %zu runs\n",
              times[times.size() / 2] / 1000.0, times.front() / 1000.0,
              times.size());
  if (!(error <= tolerance)) {
    std::printf("FAILED: error above tolerance\n");
    return 1;
  }
  std::printf("OK\n");
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  CLI::App app{"Runs demo/attention.forth and checks it against the "
               "reference"};
  Options opt;
  app.add_option("--seq", opt.seqLen, "seq_len")->check(CLI::Range(1, 1 << 20));
  app.add_option("--dim", opt.headDim, "head_dim")->check(CLI::Range(1, 4096));
  app.add_option("--block", opt.block, "threads per block (32..1024)")
      ->check(CLI::Range(1, 1024));
  app.add_option("--device", opt.device, "gpu, cpu or auto")
      ->check(CLI::IsMember({"gpu", "cpu", "auto"}));
  app.add_option("--precision", opt.precision, "f64 or f32")
      ->check(CLI::IsMember({"f64", "f32"}));
  app.add_option("--repeat", opt.repeat, "timed launches");
  app.add_option("--seed", opt.seed, "input seed");
  app.add_option("--arch", opt.arch, "GPU architecture for the PTX");
  app.add_option("--demo-dir", opt.demoDir, "Folder holding attention.forth");
  CLI11_PARSE(app, argc, argv);
  try {
    return run(opt);
  } catch (const wf::rt::Error &e) {
    std::cerr << "warpforth-attention: error: " << e.what() << "\n";
    return 1;
  }
}
