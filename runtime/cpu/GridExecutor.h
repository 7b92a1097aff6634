//===- GridExecutor.h - Running a whole grid on the CPU -------------------===//
//
// Blocks are independent, as on a GPU, so they are shared out to a small
// pool of worker threads, each running one block at a time on fibers
// (BlockScheduler); a kernel with a '\! cluster' has its clusters shared
// out instead, each run as one unit (its blocks' threads interleaved), so
// cluster barriers and distributed shared memory work between its blocks. The
// pool is made per launch: the calling thread is one of the workers, so a
// one-block grid starts no thread at all.
//
//===----------------------------------------------------------------------===//
#ifndef WARPFORTH_RUNTIME_CPU_GRIDEXECUTOR_H
#define WARPFORTH_RUNTIME_CPU_GRIDEXECUTOR_H

#include "runtime/cpu/BlockScheduler.h"
#include "runtime/cpu/Fiber.h"

#include <cstddef>

namespace wf::rt::cpu {

struct ExecutorOptions {
  /// Worker threads; 0 means WARPFORTH_CPU_THREADS, else the core count.
  unsigned threads = 0;
  /// Fiber stack size; 0 means WARPFORTH_CPU_STACK_KB, else 256 KiB.
  size_t stackBytes = 0;
  SwitchMode mode = defaultSwitchMode();
};

/// Options with the zeros above resolved.
ExecutorOptions resolveOptions(ExecutorOptions options);

/// Runs every block of `launch`; returns when all threads have returned.
/// Throws Error if the executor itself fails (a kernel's own faults are not
/// caught: they crash the process as they would a CPU program).
void runGrid(const GridLaunch &launch, const ExecutorOptions &options = {});

} // namespace wf::rt::cpu

#endif
