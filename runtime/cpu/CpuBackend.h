//===- CpuBackend.h - Running host-compiled kernels on the CPU ------------===//
//
// Device memory is host memory here: a Buffer's address is a pointer, so a
// kernel compiled for the host reads it directly. Launches are synchronous.
//
//===----------------------------------------------------------------------===//
#ifndef WARPFORTH_RUNTIME_CPU_CPUBACKEND_H
#define WARPFORTH_RUNTIME_CPU_CPUBACKEND_H

#include "runtime/Backend.h"
#include "runtime/cpu/GridExecutor.h"

#include <memory>

namespace wf::rt::cpu {

std::shared_ptr<DeviceBackend> openCpu(const ExecutorOptions &options = {});

} // namespace wf::rt::cpu

#endif
