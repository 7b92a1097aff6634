//===- Backend.h - What a device backend implements (internal) ------------===//
//
// Device and Kernel check everything that does not depend on the hardware
// (signature, arguments, buffer bounds) and hand the rest to one of these.
//
//===----------------------------------------------------------------------===//
#ifndef WARPFORTH_RUNTIME_BACKEND_H
#define WARPFORTH_RUNTIME_BACKEND_H

#include "runtime/Device.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace wf::rt {

class KernelBackend {
public:
  virtual ~KernelBackend() = default;
  /// `slots` come from marshalArgs: already checked. `bytes` holds each
  /// array argument's buffer size (0 for scalars), for backends that check
  /// accesses (the CPU's).
  virtual void launch(const LaunchConfig &config,
                      const std::vector<uint64_t> &slots,
                      const std::vector<uint64_t> &bytes) = 0;
  /// Waits for the work on config.stream; errors name the launch.
  virtual void wait(const LaunchConfig &config) = 0;
  /// Launches, waits and returns the kernel's time in microseconds.
  virtual double timedLaunch(const LaunchConfig &config,
                             const std::vector<uint64_t> &slots,
                             const std::vector<uint64_t> &bytes) = 0;
};

class DeviceBackend {
public:
  virtual ~DeviceBackend() = default;
  virtual DeviceKind kind() const = 0;
  virtual std::string name() const = 0;
  /// What this device allows a launch of a kernel with `sig`.
  virtual DeviceLimits limits(const KernelSignature &sig) const = 0;
  virtual Buffer alloc(size_t bytes) = 0;
  virtual void free(Buffer buffer) = 0;
  virtual void upload(uint64_t dst, const void *src, size_t bytes) = 0;
  virtual void download(void *dst, uint64_t src, size_t bytes) = 0;
  virtual void synchronize() = 0;
  /// `log` receives the JIT info log.
  virtual std::unique_ptr<KernelBackend>
  loadPTX(const std::string &ptx, std::shared_ptr<const KernelSignature> sig,
          std::string &log) = 0;
  virtual std::unique_ptr<KernelBackend>
  loadHost(WfHostKernelFn entry,
           std::shared_ptr<const KernelSignature> sig) = 0;
};

} // namespace wf::rt

#endif
