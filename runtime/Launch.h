//===- Launch.h - What a kernel launch is made of -------------------------===//
//
// Plain value types shared by both backends and by the coming C API: launch
// dimensions, device memory handles and kernel arguments.
//
//===----------------------------------------------------------------------===//
#ifndef WARPFORTH_RUNTIME_LAUNCH_H
#define WARPFORTH_RUNTIME_LAUNCH_H

#include "common/ElemType.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

namespace wf::rt {

struct Dim3 {
  uint32_t x = 1, y = 1, z = 1;

  uint64_t count() const { return uint64_t(x) * y * z; }
  /// "6,1,1"
  std::string str() const;
};

/// Device memory: an address (a CUdeviceptr on the GPU, a host pointer on
/// the CPU) and its size. A plain handle: copying it copies no memory.
/// Device::alloc makes one and Device::free releases it; memory from
/// elsewhere (a PyTorch tensor's data_ptr()) can be wrapped by building one.
struct Buffer {
  uint64_t addr = 0;
  size_t bytes = 0;
};

/// What a GPU allows one launch: CUDA's limits for one architecture. The
/// GPU backend reads them from its device; the CPU backend takes those of
/// the kernel's --arch (archLimits), so a launch it runs also runs there.
struct DeviceLimits {
  std::string name = "sm_80"; ///< the architecture, for messages
  uint32_t maxGrid[3] = {2147483647u, 65535u, 65535u};
  uint32_t maxBlock[3] = {1024u, 1024u, 64u};
  uint64_t maxBlockThreads = 1024;
  /// Static plus dynamic shared memory per block, opted in to the most.
  uint64_t maxSharedBytes = 166912;
};

struct LaunchConfig {
  Dim3 grid;
  Dim3 block;
  /// Dynamic shared memory per block, on top of the kernel's static shared.
  size_t dynamicSharedBytes = 0;
  /// A CUstream on the GPU (null: the default stream); ignored on the CPU.
  void *stream = nullptr;
  /// Seconds a launch may run: on the CPU it is stopped after that, on the
  /// GPU a wait for it gives up (launchTimeout). 0: no limit; unset: the
  /// environment's WARPFORTH_TIMEOUT, if any.
  std::optional<double> timeout;
};

/// The timeout in seconds that applies to a launch with `config` (0: none):
/// its own, else WARPFORTH_TIMEOUT's. Throws Error for a negative or
/// non-numeric value, naming where it came from.
double launchTimeout(const LaunchConfig &config);

/// One kernel argument: a buffer for an array param, a number for a scalar.
/// `type` is the element type the caller vouches for (a .npy dtype, a typed
/// --param); when set, the launch fails unless the signature agrees.
/// Numbers convert to the param's declared type (a float into an integer
/// param is refused, an out-of-range integer too).
struct Arg {
  enum class Kind { Buffer, Int, Float };

  Kind kind = Kind::Int;
  Buffer buffer;
  int64_t i = 0;
  double f = 0;
  std::optional<ElemType> type;

  static Arg buf(Buffer b, std::optional<ElemType> type = std::nullopt) {
    Arg a;
    a.kind = Kind::Buffer;
    a.buffer = b;
    a.type = type;
    return a;
  }
  static Arg integer(int64_t v, std::optional<ElemType> type = std::nullopt) {
    Arg a;
    a.kind = Kind::Int;
    a.i = v;
    a.type = type;
    return a;
  }
  static Arg real(double v, std::optional<ElemType> type = std::nullopt) {
    Arg a;
    a.kind = Kind::Float;
    a.f = v;
    a.type = type;
    return a;
  }
};

} // namespace wf::rt

#endif
