//===- CudaDriver.h - The CUDA driver API, loaded at run time -------------===//
//
// The runtime never links libcuda: machines without a GPU must still run the
// CPU backend, and a missing driver must be an error message, not a loader
// failure. The driver is dlopen'd on first use and its entry points looked
// up by the names cuda.h maps them to (cuMemAlloc is cuMemAlloc_v2), typed
// by cuda.h's own declarations.
//
//===----------------------------------------------------------------------===//
#ifndef WARPFORTH_RUNTIME_CUDA_CUDADRIVER_H
#define WARPFORTH_RUNTIME_CUDA_CUDADRIVER_H

#include <cuda.h>

#include <string>

namespace wf::rt::cuda {

// X(name) for every driver function the runtime calls.
#define WF_CUDA_FUNCTIONS(X)                                                   \
  X(cuInit)                                                                    \
  X(cuGetErrorName)                                                            \
  X(cuGetErrorString)                                                          \
  X(cuDeviceGetCount)                                                          \
  X(cuDeviceGet)                                                               \
  X(cuDeviceGetName)                                                           \
  X(cuDeviceGetAttribute)                                                      \
  X(cuDevicePrimaryCtxRetain)                                                  \
  X(cuDevicePrimaryCtxRelease)                                                 \
  X(cuCtxSetCurrent)                                                           \
  X(cuCtxSynchronize)                                                          \
  X(cuModuleLoadDataEx)                                                        \
  X(cuModuleUnload)                                                            \
  X(cuModuleGetFunction)                                                       \
  X(cuFuncSetAttribute)                                                        \
  X(cuLaunchKernel)                                                            \
  X(cuMemAlloc)                                                                \
  X(cuMemFree)                                                                 \
  X(cuMemsetD8)                                                                \
  X(cuMemcpyHtoD)                                                              \
  X(cuMemcpyDtoH)                                                              \
  X(cuStreamSynchronize)                                                       \
  X(cuStreamQuery)                                                             \
  X(cuEventCreate)                                                             \
  X(cuEventDestroy)                                                            \
  X(cuEventRecord)                                                             \
  X(cuEventSynchronize)                                                        \
  X(cuEventElapsedTime)

// Calls that only newer drivers have: null when the driver lacks them, and
// an error names the call when a kernel needs it (tensor maps: CUDA 12), or
// the runtime does without (cuLaunchKernelEx, CUDA 11.8: a '\! pdl' kernel
// is then launched with cuLaunchKernel, in plain stream order).
#define WF_CUDA_OPTIONAL_FUNCTIONS(X)                                          \
  X(cuTensorMapEncodeTiled)                                                    \
  X(cuLaunchKernelEx)

struct Driver {
  // Each member is named as cuda.h spells the call (after its macros), so
  // driver().cuMemAlloc(...) reads like plain driver code.
#define WF_CUDA_MEMBER(name) decltype(&::name) name = nullptr;
  WF_CUDA_FUNCTIONS(WF_CUDA_MEMBER)
  WF_CUDA_OPTIONAL_FUNCTIONS(WF_CUDA_MEMBER)
#undef WF_CUDA_MEMBER

  /// "CUDA_ERROR_ILLEGAL_ADDRESS: an illegal memory access was encountered".
  std::string describe(CUresult result) const;
};

/// The loaded driver with cuInit done. Throws Error("no CUDA driver found
/// (libcuda.so.1 not loadable)") when there is none, and Error on a failed
/// cuInit ("no CUDA device" when the driver finds no device).
const Driver &driver();

/// Throws Error("<what>: <describe(result)>") unless result is success.
void check(CUresult result, const std::string &what);
/// The same for a literal: no string is made unless it fails (launches).
void check(CUresult result, const char *what);

} // namespace wf::rt::cuda

#endif
