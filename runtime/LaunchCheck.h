//===- LaunchCheck.h - Checking a launch against the kernel signature -----===//
//
// Both backends run these checks before anything is launched, so a wrong
// argument is an error naming the kernel and param instead of a crash or an
// illegal-address fault deep inside the kernel.
//
//===----------------------------------------------------------------------===//
#ifndef WARPFORTH_RUNTIME_LAUNCHCHECK_H
#define WARPFORTH_RUNTIME_LAUNCHCHECK_H

#include "common/KernelSignature.h"
#include "runtime/Launch.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace wf::rt {

/// "kernel 'main' (grid 6,1,1 block 1,1,1)", the prefix of launch errors.
std::string describeLaunch(const KernelSignature &sig,
                           const LaunchConfig &config);

/// Throws Error unless every grid and block dimension is at least 1.
void checkConfig(const KernelSignature &sig, const LaunchConfig &config);

/// CUDA's limits for GPU architecture `arch` ("sm_90"); sm_80's for an
/// empty or unknown one (the compiler's default).
DeviceLimits archLimits(const std::string &arch);

/// Throws Error unless the launch (as the backend makes it, after
/// withLargeShared) is within `limits`: grid and block dimensions, threads
/// per block, and static plus dynamic shared memory. Both backends call it,
/// so the CPU refuses what a GPU of that architecture would, in the same
/// words.
void checkLimits(const KernelSignature &sig, const LaunchConfig &config,
                 const DeviceLimits &limits);

/// Kernel params take at most this many bytes on a GPU.
constexpr uint64_t kMaxParamBytes = 4096;

/// Throws Error when the kernel's params take more than kMaxParamBytes
/// (8 per array, a scalar's size for a scalar, each aligned to its size, 128
/// for a tensor map aligned to 64),
/// which a GPU refuses when it loads the kernel.
void checkParamSpace(const KernelSignature &sig);

/// The launch as the backend makes it: the kernel's large shared arrays
/// (@large-shared-bytes) first in dynamic shared memory, then the bytes the
/// launch gives for its `TYPE[]` array.
LaunchConfig withLargeShared(const KernelSignature &sig, LaunchConfig config);

/// The element count array param `index` needs with these arguments: its
/// size expression evaluated with the @const values and the integer scalar
/// arguments. nullopt when undeclared or when a name is unknown.
std::optional<int64_t> declaredCount(const KernelSignature &sig, size_t index,
                                     const std::vector<Arg> &args);

/// Checks `args` against the signature (count, array vs scalar, stated
/// element types, buffer sizes, scalar ranges) and lays them out as the
/// kernel ABI wants: one 64-bit slot per param in header order, holding a
/// buffer's address or a scalar's bytes (in its declared type) in the low
/// bytes. Throws Error naming the kernel and the param.
std::vector<uint64_t> marshalArgs(const KernelSignature &sig,
                                  const std::vector<Arg> &args);

/// Each argument's buffer size in bytes, 0 for a scalar.
std::vector<uint64_t> argBytes(const std::vector<Arg> &args);

} // namespace wf::rt

#endif
