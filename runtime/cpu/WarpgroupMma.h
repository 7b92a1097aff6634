//===- WarpgroupMma.h - The CPU meaning of Hopper's wgmma -----------------===//
//
// wgmma.mma_async.m64nNk16 with A and B in shared memory, computed for one
// thread of the warpgroup: its N/2 accumulators in PTX's fragment layout,
// the operands read through the matrix descriptors and the swizzle the GPU
// applies (common/Swizzle.h), at once (nothing is left in flight).
//
//===----------------------------------------------------------------------===//
#ifndef WARPFORTH_RUNTIME_CPU_WARPGROUPMMA_H
#define WARPFORTH_RUNTIME_CPU_WARPGROUPMMA_H

#include <cstdint>
#include <string>

namespace wf::rt::cpu {

/// `op`: ir::wgmmaImm; `thread`: 0..127 within the warpgroup; `acc`: its
/// N/2 f32 accumulators. Returns "" or what the GPU would fault on (an
/// operand outside the block's `sharedBytes` of shared memory).
std::string warpgroupMma(int64_t op, uint64_t descA, uint64_t descB,
                         bool accumulate, const char *shared,
                         uint64_t sharedBytes, unsigned thread, float *acc);

} // namespace wf::rt::cpu

#endif
