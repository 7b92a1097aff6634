//===- StackPool.h - Fiber stacks kept between launches -------------------===//
//
// Mapping a stack costs two system calls and a fresh page fault per touched
// page, so stacks freed at the end of a launch wait here for the next one.
//
//===----------------------------------------------------------------------===//
#ifndef WARPFORTH_RUNTIME_CPU_STACKPOOL_H
#define WARPFORTH_RUNTIME_CPU_STACKPOOL_H

#include "runtime/cpu/Fiber.h"

#include <memory>
#include <vector>

namespace wf::rt::cpu {

/// A stack of `bytes` usable bytes, from the pool or freshly mapped.
std::unique_ptr<FiberStack> takeStack(size_t bytes);

/// Hands stacks back (`stacks` is left empty). The pool keeps a bounded
/// number and unmaps the rest.
void returnStacks(std::vector<std::unique_ptr<FiberStack>> &stacks);

} // namespace wf::rt::cpu

#endif
