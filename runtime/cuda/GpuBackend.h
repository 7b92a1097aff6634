//===- GpuBackend.h - Running kernels on an NVIDIA GPU --------------------===//
//
// The device's primary context is used (retained, made current), the one
// the CUDA runtime, PyTorch and CuPy use, so buffers can be shared with them
// as plain device pointers.
//
//===----------------------------------------------------------------------===//
#ifndef WARPFORTH_RUNTIME_CUDA_GPUBACKEND_H
#define WARPFORTH_RUNTIME_CUDA_GPUBACKEND_H

#include "runtime/Backend.h"

#include <memory>

namespace wf::rt::cuda {

/// Opens GPU `ordinal`; throws Error when no driver or device is there.
std::shared_ptr<DeviceBackend> openGpu(int ordinal);

} // namespace wf::rt::cuda

#endif
