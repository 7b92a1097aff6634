#include "runtime/cpu/CpuBackend.h"

#include "common/Error.h"
#include "runtime/LaunchCheck.h"
#include "runtime/TensorMaps.h"
#include "runtime/args/ArraySize.h"
#include "runtime/cpu/LaunchStop.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstring>

namespace wf::rt::cpu {

namespace {

class CpuKernel : public KernelBackend {
public:
  CpuKernel(WfHostKernelFn entry, std::shared_ptr<const KernelSignature> sig,
            const ExecutorOptions &options)
      : entry_(entry), sig_(std::move(sig)), options_(options) {}

  void launch(const LaunchConfig &config, const std::vector<uint64_t> &slots,
              const std::vector<uint64_t> &bytes) override {
    GridLaunch g;
    g.entry = entry_;
    g.args = slots.data();
    // A '\! tmap' param's slot points to its map's description.
    std::vector<uint64_t> withMaps;
    std::vector<WfTensorMap> maps;
    if (hasTensorMaps_) {
      std::vector<LaunchTensorMap> descs;
      try {
        descs = tensorMapsOf(*sig_, slots);
      } catch (const Error &e) {
        throw Error(describeLaunch(*sig_, config) + ": " + e.what());
      }
      withMaps = slots;
      for (const LaunchTensorMap &m : descs)
        maps.push_back(m.desc);
      for (size_t k = 0; k < descs.size(); ++k)
        withMaps[descs[k].param] = reinterpret_cast<uint64_t>(&maps[k]);
      g.args = withMaps.data();
      g.tensorMaps = maps.data();
      g.tensorMapCount = maps.size();
    }
    g.argBytes = bytes.data();
    g.sanitize = sig_->sanitize;
    g.argCount = std::min(slots.size(), bytes.size());
    g.grid = config.grid;
    g.block = config.block;
    if (sig_->cluster[0]) // checkConfig saw the grid divide into clusters
      g.cluster = Dim3{static_cast<uint32_t>(sig_->cluster[0]),
                       static_cast<uint32_t>(sig_->cluster[1]),
                       static_cast<uint32_t>(sig_->cluster[2])};
    g.sharedBytes =
        static_cast<size_t>(sig_->sharedBytes) + config.dynamicSharedBytes;
    LaunchStop stop(launchTimeout(config));
    g.stop = &stop;
    InterruptScope catchCtrlC;
    try {
      runGrid(g, options_);
    } catch (const LaunchStopped &e) {
      throw LaunchStopped(e.reason(),
                          describeLaunch(*sig_, config) + ": " + e.what());
    } catch (const Error &e) {
      // Say which launch, as the GPU backend's errors do.
      throw Error(describeLaunch(*sig_, config) + ": " + e.what());
    }
    // Ctrl-C during a launch that finished before a poll saw it still
    // stops the caller, as it would have without the launch.
    if (stop.interrupted())
      throw LaunchStopped(LaunchStopped::Reason::Interrupt,
                          describeLaunch(*sig_, config) +
                              ": interrupted (Ctrl-C) as it finished");
  }

  void wait(const LaunchConfig &) override {}

  double timedLaunch(const LaunchConfig &config,
                     const std::vector<uint64_t> &slots,
                     const std::vector<uint64_t> &bytes) override {
    auto start = std::chrono::steady_clock::now();
    launch(config, slots, bytes);
    auto end = std::chrono::steady_clock::now();
    return std::chrono::duration<double, std::micro>(end - start).count();
  }

private:
  WfHostKernelFn entry_;
  std::shared_ptr<const KernelSignature> sig_;
  ExecutorOptions options_;
  bool hasTensorMaps_ = hasTensorMaps(*sig_);
};

class CpuDevice : public DeviceBackend {
public:
  explicit CpuDevice(const ExecutorOptions &options)
      : options_(resolveOptions(options)) {}

  DeviceKind kind() const override { return DeviceKind::CPU; }

  std::string name() const override {
    return "CPU (" + std::to_string(options_.threads) + " worker threads)";
  }

  Buffer alloc(size_t bytes) override {
    // 64-byte aligned like a cache line, and never null so that a
    // zero-length buffer is still a valid pointer.
    uint64_t memory = physicalMemoryBytes();
    if (bytes > SIZE_MAX - 63 || (memory && bytes > memory))
      throw Error("cannot allocate " + std::to_string(bytes) +
                  " bytes: more than this machine's " + std::to_string(memory) +
                  " bytes of memory");
    size_t rounded = (bytes + 63) / 64 * 64;
    if (rounded == 0)
      rounded = 64;
    void *p = std::aligned_alloc(64, rounded);
    if (!p)
      throw Error("cannot allocate " + std::to_string(bytes) + " bytes");
    std::memset(p, 0, rounded);
    return Buffer{reinterpret_cast<uint64_t>(p), bytes};
  }

  // Those of the GPU the kernel was compiled for, so that a launch that
  // runs here runs there too.
  DeviceLimits limits(const KernelSignature &sig) const override {
    return archLimits(sig.arch);
  }

  void free(Buffer buffer) override {
    std::free(reinterpret_cast<void *>(buffer.addr));
  }

  void upload(uint64_t dst, const void *src, size_t bytes) override {
    if (bytes)
      std::memcpy(reinterpret_cast<void *>(dst), src, bytes);
  }

  void download(void *dst, uint64_t src, size_t bytes) override {
    if (bytes)
      std::memcpy(dst, reinterpret_cast<const void *>(src), bytes);
  }

  void synchronize() override {}

  std::unique_ptr<KernelBackend>
  loadPTX(const std::string &, std::shared_ptr<const KernelSignature> sig,
          std::string &) override {
    throw Error("kernel '" + sig->kernel +
                "': PTX runs only on the GPU; the CPU device runs kernels "
                "compiled for the host");
  }

  std::unique_ptr<KernelBackend>
  loadHost(WfHostKernelFn entry,
           std::shared_ptr<const KernelSignature> sig) override {
    if (!entry)
      throw Error("kernel '" + sig->kernel + "': null entry function");
    return std::make_unique<CpuKernel>(entry, std::move(sig), options_);
  }

private:
  ExecutorOptions options_;
};

} // namespace

std::shared_ptr<DeviceBackend> openCpu(const ExecutorOptions &options) {
  return std::make_shared<CpuDevice>(options);
}

} // namespace wf::rt::cpu
