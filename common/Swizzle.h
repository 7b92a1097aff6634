//===- Swizzle.h - Hopper's shared-memory swizzle patterns ----------------===//
//
// The tensor copy engine (TMA) writes, and wgmma reads, shared memory
// through the same XOR pattern on the address bits: within each group of
// 8 rows of 128 bytes, the 16-byte chunk index (bits 4..6) is XORed with
// the row index (bits 7..9), masked to the swizzle's width. The pattern is
// a function of the shared-memory address itself (offset from the block's
// shared window), which is why swizzled buffers are 1024-byte aligned.
// The CPU backend's meanings of TMA loads and wgmma both use this one
// function so that they agree with each other and with the GPU.
//
//===----------------------------------------------------------------------===//
#ifndef WARPFORTH_COMMON_SWIZZLE_H
#define WARPFORTH_COMMON_SWIZZLE_H

#include <cstdint>

namespace wf {

/// CUtensorMapSwizzle's and the wgmma descriptor's modes, by their width in
/// bytes: 0 (none), 32, 64, 128.
inline bool validSwizzleBytes(int64_t bytes) {
  return bytes == 0 || bytes == 32 || bytes == 64 || bytes == 128;
}

/// The physical shared offset of logical shared offset `offset` under
/// swizzle `bytes` (CuTe's Swizzle<3,4,3> for 128, <2,4,3> for 64, <1,4,3>
/// for 32).
inline uint64_t swizzleOffset(uint64_t offset, int64_t bytes) {
  uint64_t mask = bytes == 128 ? 7 : bytes == 64 ? 3 : bytes == 32 ? 1 : 0;
  return offset ^ (((offset >> 7) & mask) << 4);
}

} // namespace wf

#endif
