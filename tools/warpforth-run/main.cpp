//===- main.cpp - warpforth-run: run one WarpForth kernel -----------------===//
//
//   warpforth-run matmul.forth --param 'i64[]:1,2,3,4,5,6,7,8' ...
//       --grid 6,1,1 --block 1,1,1 --output-param 2 --output-count 6
//
// Loads the kernel (KernelLoader), binds the --param specs to its signature,
// runs it once, prints or saves what was asked for, then benchmarks if
// --bench says so. Every failure is one message on stderr and exit code 1.
//
//===----------------------------------------------------------------------===//
#include "common/FileIO.h"
#include "runtime/Runtime.h"
#include "runtime/args/Npy.h"
#include "runtime/args/ParamBinding.h"
#include "tools/ToolMains.h"
#include "tools/warpforth-run/KernelLoader.h"
#include "tools/warpforth-run/Options.h"
#include "tools/warpforth-run/Output.h"

#include <CLI/CLI.hpp>

#include <cstring>
#include <iostream>
#include <string>
#include <vector>

using namespace wf;

namespace {

void addOptions(CLI::App &app, run::RunOptions &o) {
  app.add_option("input", o.input, "Kernel: a .forth source or a .ptx file")
      ->required();
  app.add_option("--param", o.params,
                 "Kernel argument, repeatable: positional in header order "
                 "('i64[]:1,2,3', 'f64:3.14', 'i64[256]') or by name "
                 "('Q=@q.npy', 'N=64', 'O=zeros(4096)', "
                 "'Q=f32[4096]:random(seed=1)')")
      ->allow_extra_args(false);
  app.add_option("--grid", o.grid, "Blocks: X, X,Y or X,Y,Z (default 1,1,1)");
  app.add_option("--block", o.block,
                 "Threads per block: X, X,Y or X,Y,Z (default: the kernel's "
                 "'\\! block' shape, else 1,1,1)");
  app.add_option("--output-param", o.outputParam,
                 "Param (index or name) whose values to print after the run");
  app.add_option("--output-count", o.outputCount,
                 "How many values of --output-param to print (default all)");
  app.add_option("--device", o.device, "gpu, cpu or auto (default auto)");
  app.add_option("--save", o.saves,
                 "Save an array param after the run: NAME=file.npy")
      ->allow_extra_args(false);
  app.add_option("--print", o.prints,
                 "Print an array param readably after the run")
      ->allow_extra_args(false);
  app.add_option("--bench", o.bench,
                 "Time N launches after a warm-up; print median, min, max");
  app.add_option("--shared-bytes", o.sharedBytes,
                 "Dynamic shared memory per block, in bytes");
  app.add_option("--kernel", o.kernelName,
                 "Expected kernel name (checked against the signature)");
  app.add_option("-D", o.defines,
                 "Compile-time constant NAME=VALUE (NAME alone: NAME=1)")
      ->allow_extra_args(false);
  app.add_option("-I", o.includeDirs, "Where INCLUDE looks for files")
      ->allow_extra_args(false);
  app.add_option("--float", o.floatMode, "Float width: f32 or f64");
  app.add_option("--arch", o.arch,
                 "GPU architecture, e.g. sm_90 (default: the GPU's own)");
  app.add_flag("--check-bounds", o.checkBounds,
               "Check every access on the GPU too, and compile ASSERT in");
  app.add_flag("--Werror", o.warningsAsErrors,
               "Treat the compiler's warnings as errors (also -Werror)");
  app.add_option("--timeout", o.timeout,
                 "Stop a launch that runs longer than SECONDS (default: "
                 "$WARPFORTH_TIMEOUT, else no limit; 0: no limit). On the "
                 "CPU it fails naming the loop each thread is in (exit "
                 "124); on the GPU the wait gives up but the kernel runs "
                 "on until the process exits. Ctrl-C stops a CPU launch "
                 "(exit 130)")
      ->check(CLI::NonNegativeNumber);
  app.add_flag("--sanitize", o.sanitize,
               "On the CPU: report races on shared memory, barrier and warp "
               "divergence and uninitialized shared reads (docs/sanitizer.md;"
               " no effect on the GPU: use compute-sanitizer)");
  app.add_flag("-v,--verbose", o.verbose,
               "Say which device runs the kernel; show the PTX JIT log");
}

struct DeviceArrays {
  rt::Device &dev;
  std::vector<rt::Buffer> buffers;
  // Runs while an error unwinds too: after a GPU fault the context is gone
  // and cuMemFree fails, which must not end the process before the fault
  // is reported.
  ~DeviceArrays() {
    for (rt::Buffer &b : buffers) {
      try {
        dev.free(b);
      } catch (const rt::Error &) {
      }
    }
  }
};

// Output that never arrived (a full disk, a closed pipe) is an error.
void checkStdout() {
  std::cout.flush();
  if (!std::cout)
    throw rt::Error("cannot write to standard output");
}

int runKernel(const run::RunOptions &o) {
  rt::LaunchConfig config;
  config.grid = run::parseDims(o.grid, "--grid");
  if (!o.block.empty())
    config.block = run::parseDims(o.block, "--block");
  config.dynamicSharedBytes =
      run::parseByteCount(o.sharedBytes, "--shared-bytes");
  config.timeout = o.timeout;
  if (o.bench < 0)
    throw rt::Error("--bench " + std::to_string(o.bench) +
                    ": expected a count of at least 0");
  std::vector<rt::ParamSpec> specs;
  for (const std::string &p : o.params)
    specs.push_back(rt::parseParamSpec(p));

  run::LoadedKernel loaded = run::loadKernel(o);
  std::cerr << loaded.warnings; // located, as warpforthc prints them
  rt::Device &dev = loaded.device;
  rt::Kernel &kernel = loaded.kernel;
  const rt::KernelSignature &sig = kernel.signature();
  if (o.block.empty()) // the shape the kernel requires, else 1,1,1
    config.block = sig.block[0] ? rt::Dim3{static_cast<uint32_t>(sig.block[0]),
                                           static_cast<uint32_t>(sig.block[1]),
                                           static_cast<uint32_t>(sig.block[2])}
                                : rt::Dim3{1, 1, 1};
  if (o.verbose) {
    std::cerr << "warpforth-run: kernel '" << sig.kernel << "' on "
              << dev.name() << "\n";
    if (!kernel.loadLog().empty())
      std::cerr << kernel.loadLog() << "\n";
  }

  // Resolve every output request before running, so a typo costs no run.
  std::optional<size_t> outputIndex;
  if (o.outputParam || o.outputCount)
    outputIndex =
        run::resolveParam(sig, o.outputParam.value_or("0"), "--output-param");
  std::vector<std::pair<size_t, std::string>> saves;
  for (const std::string &s : o.saves) {
    auto [name, file] = run::splitAssignment(s, "--save");
    saves.emplace_back(run::resolveParam(sig, name, "--save"), file);
    // A file that cannot be written is found now, not after the run.
    rt::checkOutputPath(file, "--save " + name);
    if (rt::sameFile(file, o.input))
      throw rt::Error("--save " + s + ": '" + file +
                      "' is the kernel file; give another file");
    for (size_t j = 0; j + 1 < saves.size(); ++j)
      if (saves[j].second == file || rt::sameFile(saves[j].second, file))
        throw rt::Error("--save " + s + ": '" + file +
                        "' is saved to twice; give each --save its own file");
  }
  std::vector<size_t> prints;
  for (const std::string &p : o.prints)
    prints.push_back(run::resolveParam(sig, p, "--print"));
  bool quiet = outputIndex || !saves.empty() || !prints.empty() || o.bench;
  if (!quiet) // nothing asked for: show every array
    for (size_t i = 0; i < sig.params.size(); ++i)
      if (sig.params[i].isArray)
        prints.push_back(i);
  auto needArray = [&](size_t i, const std::string &what) {
    if (!sig.params[i].isArray)
      throw rt::Error(what + ": param '" + sig.params[i].name +
                      "' is a scalar; only arrays can be read back");
  };
  if (outputIndex)
    needArray(*outputIndex, "--output-param");
  for (auto &s : saves)
    needArray(s.first, "--save");
  for (size_t p : prints)
    needArray(p, "--print");

  std::vector<rt::BoundParam> bound = rt::bindParams(sig, specs);
  DeviceArrays arrays{dev, {}};
  std::vector<rt::Arg> args;
  for (size_t i = 0; i < bound.size(); ++i) {
    rt::BoundParam &b = bound[i];
    if (!b.isArray) {
      args.push_back(rt::scalarArg(b));
      continue;
    }
    rt::Buffer buf;
    try {
      buf = dev.alloc(b.array.bytes());
    } catch (const rt::Error &e) {
      throw rt::Error("kernel '" + sig.kernel + "': param '" +
                      sig.params[i].name + "': " + e.what());
    }
    arrays.buffers.push_back(buf);
    dev.upload(buf, b.array.data(), b.array.bytes());
    args.push_back(rt::Arg::buf(buf, b.array.type()));
  }

  kernel.run(config, args);

  auto fetch = [&](size_t i) -> rt::HostArray & {
    rt::HostArray &a = bound[i].array;
    dev.download(a.data(), args[i].buffer, a.bytes());
    return a;
  };
  if (outputIndex) {
    rt::HostArray &a = fetch(*outputIndex);
    size_t count = a.count();
    if (o.outputCount) {
      if (*o.outputCount < 0 || static_cast<size_t>(*o.outputCount) > count)
        throw rt::Error("--output-count " + std::to_string(*o.outputCount) +
                        ": param '" + sig.params[*outputIndex].name +
                        "' holds " + std::to_string(count) + " values");
      count = static_cast<size_t>(*o.outputCount);
    }
    std::cout << rt::formatElements(a, count) << "\n";
  }
  for (size_t p : prints)
    std::cout << run::formatReadable(sig.params[p].name, fetch(p)) << "\n";
  for (auto &[index, file] : saves)
    rt::writeNpy(file, fetch(index));
  checkStdout();

  if (o.bench > 0) {
    kernel.time(config, args); // warm-up
    std::vector<double> samples;
    for (int i = 0; i < o.bench; ++i)
      samples.push_back(kernel.time(config, args));
    std::cout << run::formatBench(sig.kernel, samples.size(),
                                  run::summarize(samples))
              << "\n";
    checkStdout();
  }
  return 0;
}

} // namespace

int wf::tools::warpforthRunMain(int argc, char **argv) {
  CLI::App app{"warpforth-run: compile or load a WarpForth kernel and run it "
               "on the GPU or the CPU"};
  run::RunOptions options;
  addOptions(app, options);
  // -Werror as compilers spell it; CLI11 wants long options with "--".
  std::vector<std::string> args(argv, argv + argc);
  std::vector<char *> argvFixed;
  for (std::string &arg : args) {
    if (arg == "-Werror")
      arg = "--Werror";
    argvFixed.push_back(arg.data());
  }
  try {
    app.parse(static_cast<int>(argvFixed.size()), argvFixed.data());
  } catch (const CLI::ParseError &e) {
    return app.exit(e);
  }
  try {
    return runKernel(options);
  } catch (const rt::LaunchStopped &e) {
    std::string text = e.what();
    if (e.reason() == rt::LaunchStopped::Reason::Timeout) {
      std::cerr << "warpforth-run: error: " << text << "\n";
      return 124; // as timeout(1)
    }
    // Ctrl-C: one line, and the shell's status for SIGINT.
    text = text.substr(0, text.find('\n'));
    std::string where = "; where the threads were:";
    if (text.size() > where.size() &&
        text.compare(text.size() - where.size(), where.size(), where) == 0)
      text.resize(text.size() - where.size());
    std::cerr << "warpforth-run: " << text << "\n";
    return 130;
  } catch (const run::CompileError &e) {
    std::cerr << e.what();
    if (*e.what() && e.what()[std::strlen(e.what()) - 1] != '\n')
      std::cerr << "\n";
  } catch (const std::exception &e) {
    std::cerr << "warpforth-run: error: " << e.what() << "\n";
  }
  return 1;
}
