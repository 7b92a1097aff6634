//===- warpforth_c.cpp - C API: errors, devices and memory ----------------===//
//
// The compiling, signature and launch half is in KernelApi.cpp.
//
//===----------------------------------------------------------------------===//
#include "bindings/capi/Handles.h"

#include <iterator>

namespace wf::capi {

namespace {
// Per thread, so two Python threads never read each other's errors.
thread_local std::string lastError;
thread_local int lastErrorKind = 0;
thread_local double launchTimeout = -1;
} // namespace

void setLastError(const std::string &message, int kind) {
  lastError = message;
  lastErrorKind = kind;
}
void clearLastError() {
  lastError.clear();
  lastErrorKind = 0;
}
double threadLaunchTimeout() { return launchTimeout; }

void require(const void *pointer, const char *what) {
  if (!pointer)
    throw wf::rt::Error(std::string(what) + " is NULL");
}

} // namespace wf::capi

using wf::capi::guarded;
using wf::capi::require;
using wf::capi::toElemType;
namespace rt = wf::rt;

namespace {

/// The Buffer behind an address: the wf_alloc allocation containing it, cut
/// to start at `addr`, or (for memory from PyTorch, CuPy, ...) a Buffer of
/// exactly `bytes`, which the caller vouches for.
rt::Buffer bufferAt(const wf_device *dev, uint64_t addr, size_t bytes) {
  auto it = dev->allocations.upper_bound(addr);
  if (it != dev->allocations.begin()) {
    const rt::Buffer &b = std::prev(it)->second;
    if (addr < b.addr + b.bytes)
      return {addr, b.bytes - (addr - b.addr)};
  }
  return {addr, bytes};
}

} // namespace

extern "C" {

const char *wf_last_error(void) { return wf::capi::lastError.c_str(); }

int wf_last_error_kind(void) { return wf::capi::lastErrorKind; }

int wf_set_launch_timeout(double seconds) {
  return guarded(-1, [&] {
    if (seconds != seconds)
      throw rt::Error("launch timeout: NaN is not a number of seconds");
    wf::capi::launchTimeout = seconds < 0 ? -1 : seconds;
    return 0;
  });
}

double wf_get_launch_timeout(void) { return wf::capi::launchTimeout; }

int wf_api_version(void) { return WF_C_API_VERSION; }

const char *wf_elem_type_name(int type) {
  std::optional<rt::ElemType> t = toElemType(type);
  return t ? rt::elemTypeName(*t) : nullptr;
}

size_t wf_elem_type_size(int type) {
  std::optional<rt::ElemType> t = toElemType(type);
  return t ? rt::elemSize(*t) : 0;
}

int wf_gpu_available(void) {
  return guarded(0, [] { return rt::Device::gpuAvailable() ? 1 : 0; });
}

wf_device *wf_device_open(int kind, int ordinal) {
  return guarded<wf_device *>(nullptr, [&] {
    if (kind < WF_DEVICE_AUTO || kind > WF_DEVICE_CPU)
      throw rt::Error("device kind " + std::to_string(kind) +
                      ": expected 0 (auto), 1 (gpu) or 2 (cpu)");
    auto *dev = new wf_device;
    try {
      dev->device =
          rt::Device::open(static_cast<rt::DeviceKind>(kind), ordinal);
      dev->name = dev->device.name();
    } catch (...) {
      delete dev;
      throw;
    }
    return dev;
  });
}

void wf_device_close(wf_device *dev) {
  // The runtime's Device frees nothing on its own; memory from wf_alloc
  // that the caller forgot is released here so closing leaks nothing.
  guarded(0, [&] {
    if (dev)
      for (auto &entry : dev->allocations)
        dev->device.free(entry.second);
    return 0;
  });
  delete dev;
}

int wf_device_get_kind(const wf_device *dev) {
  return guarded(-1, [&] {
    require(dev, "device");
    return dev->device.kind() == rt::DeviceKind::GPU ? int(WF_DEVICE_GPU)
                                                     : int(WF_DEVICE_CPU);
  });
}

const char *wf_device_name(const wf_device *dev) {
  return dev ? dev->name.c_str() : "";
}

int wf_alloc(wf_device *dev, size_t bytes, uint64_t *addr) {
  return guarded(-1, [&] {
    require(dev, "device");
    require(addr, "addr");
    rt::Buffer b = dev->device.alloc(bytes);
    dev->allocations[b.addr] = b;
    *addr = b.addr;
    return 0;
  });
}

int wf_free(wf_device *dev, uint64_t addr) {
  return guarded(-1, [&] {
    require(dev, "device");
    if (addr == 0)
      return 0;
    auto it = dev->allocations.find(addr);
    if (it == dev->allocations.end())
      throw rt::Error("wf_free: address not from wf_alloc on this device");
    dev->device.free(it->second);
    dev->allocations.erase(it);
    return 0;
  });
}

int wf_upload(wf_device *dev, uint64_t dst, const void *src, size_t bytes) {
  return guarded(-1, [&] {
    require(dev, "device");
    require(src, "src");
    dev->device.upload(bufferAt(dev, dst, bytes), src, bytes);
    return 0;
  });
}

int wf_download(wf_device *dev, void *dst, uint64_t src, size_t bytes) {
  return guarded(-1, [&] {
    require(dev, "device");
    require(dst, "dst");
    dev->device.download(dst, bufferAt(dev, src, bytes), bytes);
    return 0;
  });
}

int wf_synchronize(wf_device *dev) {
  return guarded(-1, [&] {
    require(dev, "device");
    dev->device.synchronize();
    return 0;
  });
}

} // extern "C"
