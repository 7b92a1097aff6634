#include "runtime/Device.h"

#include "common/Error.h"
#include "runtime/Backend.h"
#include "runtime/LaunchCheck.h"
#include "runtime/cpu/CpuBackend.h"
#include "runtime/cuda/GpuBackend.h"

namespace wf::rt {

const char *deviceKindName(DeviceKind kind) {
  switch (kind) {
  case DeviceKind::Auto:
    return "auto";
  case DeviceKind::GPU:
    return "gpu";
  case DeviceKind::CPU:
    return "cpu";
  }
  return "?";
}

DeviceKind parseDeviceKind(const std::string &text, const std::string &what) {
  for (DeviceKind kind : {DeviceKind::GPU, DeviceKind::CPU, DeviceKind::Auto})
    if (text == deviceKindName(kind))
      return kind;
  throw Error(what + " '" + text + "': expected gpu, cpu or auto");
}

Device Device::open(DeviceKind kind, int ordinal) {
  switch (kind) {
  case DeviceKind::GPU:
    return Device(cuda::openGpu(ordinal));
  case DeviceKind::CPU:
    return Device(cpu::openCpu());
  case DeviceKind::Auto:
    break;
  }
  try {
    return Device(cuda::openGpu(ordinal));
  } catch (const Error &) {
    return Device(cpu::openCpu());
  }
}

bool Device::gpuAvailable() {
  try {
    cuda::openGpu(0);
    return true;
  } catch (const Error &) {
    return false;
  }
}

namespace {
DeviceBackend &backend(const std::shared_ptr<DeviceBackend> &impl) {
  if (!impl)
    throw Error("use of an unopened wf::rt::Device");
  return *impl;
}

void checkRange(const Buffer &buffer, size_t bytes, size_t offset,
                const char *what) {
  if (offset > buffer.bytes || bytes > buffer.bytes - offset)
    throw Error(std::string(what) + " of " + std::to_string(bytes) +
                " bytes at offset " + std::to_string(offset) +
                " overruns a buffer of " + std::to_string(buffer.bytes) +
                " bytes");
}
} // namespace

DeviceKind Device::kind() const { return backend(impl_).kind(); }

std::string Device::name() const { return backend(impl_).name(); }

std::string Device::arch() const {
  if (kind() != DeviceKind::GPU)
    return "";
  return backend(impl_).limits(KernelSignature{}).name;
}

Buffer Device::alloc(size_t bytes) { return backend(impl_).alloc(bytes); }

void Device::free(Buffer buffer) {
  if (buffer.addr)
    backend(impl_).free(buffer);
}

void Device::upload(Buffer dst, const void *src, size_t bytes, size_t offset) {
  checkRange(dst, bytes, offset, "upload");
  backend(impl_).upload(dst.addr + offset, src, bytes);
}

void Device::download(void *dst, Buffer src, size_t bytes, size_t offset) {
  checkRange(src, bytes, offset, "download");
  backend(impl_).download(dst, src.addr + offset, bytes);
}

void Device::synchronize() { backend(impl_).synchronize(); }

Kernel Device::loadPTX(const std::string &ptx) {
  Kernel k;
  auto sig = std::make_shared<const KernelSignature>(parseSignature(ptx));
  checkParamSpace(*sig);
  k.limits_ = backend(impl_).limits(*sig);
  k.impl_ = backend(impl_).loadPTX(ptx, sig, k.loadLog_);
  k.sig_ = std::move(sig);
  k.device_ = impl_;
  return k;
}

Kernel Device::loadHost(WfHostKernelFn entry, const std::string &signature,
                        std::shared_ptr<void> keepAlive) {
  Kernel k;
  auto sig = std::make_shared<const KernelSignature>(parseSignature(signature));
  checkParamSpace(*sig);
  k.limits_ = backend(impl_).limits(*sig);
  k.impl_ = backend(impl_).loadHost(entry, sig);
  k.sig_ = std::move(sig);
  k.device_ = impl_;
  k.keepAlive_ = std::move(keepAlive);
  return k;
}

namespace {
// The launch as the backend makes it, checked against the device's limits.
LaunchConfig checkedConfig(const KernelSignature &sig,
                           const LaunchConfig &config,
                           const DeviceLimits &limits) {
  checkConfig(sig, config);
  LaunchConfig full = withLargeShared(sig, config);
  checkLimits(sig, full, limits);
  return full;
}

KernelBackend &kernelBackend(const std::shared_ptr<KernelBackend> &impl) {
  if (!impl)
    throw Error("use of an unloaded wf::rt::Kernel");
  return *impl;
}
} // namespace

void Kernel::launch(const LaunchConfig &config,
                    const std::vector<Arg> &args) const {
  KernelBackend &k = kernelBackend(impl_);
  k.launch(checkedConfig(*sig_, config, limits_), marshalArgs(*sig_, args),
           argBytes(args));
}

void Kernel::run(const LaunchConfig &config,
                 const std::vector<Arg> &args) const {
  launch(config, args);
  impl_->wait(config);
}

double Kernel::time(const LaunchConfig &config,
                    const std::vector<Arg> &args) const {
  KernelBackend &k = kernelBackend(impl_);
  return k.timedLaunch(checkedConfig(*sig_, config, limits_),
                       marshalArgs(*sig_, args), argBytes(args));
}

} // namespace wf::rt
