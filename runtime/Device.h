//===- Device.h - The runtime's public C++ API ----------------------------===//
//
//   wf::rt::Device dev = wf::rt::Device::open(wf::rt::DeviceKind::Auto);
//   wf::rt::Kernel k = dev.loadPTX(ptxText);
//   wf::rt::Buffer a = dev.alloc(n * sizeof(double));
//   dev.upload(a, host.data(), n * sizeof(double));
//   k.run({{blocks}, {threads}}, {wf::rt::Arg::buf(a),
//   wf::rt::Arg::integer(n)}); dev.download(host.data(), a, n *
//   sizeof(double)); dev.free(a);
//
// Device and Kernel are cheap handles to shared state (copy them freely); a
// Kernel keeps its Device alive. Every failure throws wf::rt::Error. A
// Device is not meant to be used from several threads at once.
//
//===----------------------------------------------------------------------===//
#ifndef WARPFORTH_RUNTIME_DEVICE_H
#define WARPFORTH_RUNTIME_DEVICE_H

#include "common/HostABI.h"
#include "common/KernelSignature.h"
#include "runtime/Launch.h"

#include <memory>
#include <string>
#include <vector>

namespace wf::rt {

class DeviceBackend;
class KernelBackend;

enum class DeviceKind {
  Auto, ///< the GPU if a CUDA driver and device are present, else the CPU
  GPU,
  CPU,
};

/// "auto", "gpu", "cpu".
const char *deviceKindName(DeviceKind kind);
/// The inverse of deviceKindName: "gpu", "cpu" or "auto". Anything else is
/// an Error "WHAT 'TEXT': expected gpu, cpu or auto" (`what` names where the
/// text came from, e.g. "--device").
DeviceKind parseDeviceKind(const std::string &text,
                           const std::string &what = "device");

class Kernel {
public:
  Kernel() = default;
  explicit operator bool() const { return impl_ != nullptr; }

  const KernelSignature &signature() const { return *sig_; }
  const std::string &name() const { return sig_->kernel; }
  /// The PTX JIT compiler's info log (empty on the CPU).
  const std::string &loadLog() const { return loadLog_; }

  /// Checks `args` against the signature, then launches. On the GPU this is
  /// asynchronous on config.stream: faults inside the kernel surface at the
  /// next synchronizing call. On the CPU it returns when the grid is done.
  void launch(const LaunchConfig &config, const std::vector<Arg> &args) const;
  /// launch, then wait for the kernel; a fault is reported naming the kernel
  /// and launch configuration.
  void run(const LaunchConfig &config, const std::vector<Arg> &args) const;
  /// run, returning the kernel's time in microseconds (CUDA events on the
  /// GPU, a steady clock on the CPU).
  double time(const LaunchConfig &config, const std::vector<Arg> &args) const;

private:
  friend class Device;
  std::shared_ptr<DeviceBackend> device_;
  std::shared_ptr<KernelBackend> impl_;
  std::shared_ptr<const KernelSignature> sig_;
  std::shared_ptr<void> keepAlive_;
  std::string loadLog_;
  DeviceLimits limits_;
};

class Device {
public:
  /// Opens a device: the GPU (`ordinal` picks which), the CPU executor, or
  /// Auto. Throws Error("no CUDA driver found (libcuda.so.1 not loadable)")
  /// or Error("no CUDA device") when GPU is asked for and cannot be had.
  static Device open(DeviceKind kind = DeviceKind::Auto, int ordinal = 0);
  /// Whether open(GPU) would succeed for device 0; never throws.
  static bool gpuAvailable();

  Device() = default;
  explicit operator bool() const { return impl_ != nullptr; }

  /// GPU or CPU (never Auto).
  DeviceKind kind() const;
  /// "NVIDIA H100 80GB HBM3 (sm_90)", "CPU (16 worker threads)".
  std::string name() const;
  /// The GPU's architecture, "sm_90"; "" for the CPU.
  std::string arch() const;

  /// Zero-filled device memory.
  Buffer alloc(size_t bytes);
  /// Releases memory from alloc; a null buffer is ignored.
  void free(Buffer buffer);
  /// Copies host memory into `dst` at byte `offset`, and back. Synchronous.
  void upload(Buffer dst, const void *src, size_t bytes, size_t offset = 0);
  void download(void *dst, Buffer src, size_t bytes, size_t offset = 0);
  /// Waits for all work on the device.
  void synchronize();

  /// Loads PTX carrying a WarpForth signature block (GPU only). The JIT
  /// error log is part of the Error when loading fails.
  Kernel loadPTX(const std::string &ptx);
  /// Wraps a kernel compiled for the host (CPU only). `signature` is the
  /// signature block text; `keepAlive` owns whatever keeps `entry` valid
  /// (e.g. the wf::HostKernel holding its JIT session) and is released with
  /// the last copy of the Kernel.
  Kernel loadHost(WfHostKernelFn entry, const std::string &signature,
                  std::shared_ptr<void> keepAlive = nullptr);

private:
  explicit Device(std::shared_ptr<DeviceBackend> impl)
      : impl_(std::move(impl)) {}
  std::shared_ptr<DeviceBackend> impl_;
};

} // namespace wf::rt

#endif
