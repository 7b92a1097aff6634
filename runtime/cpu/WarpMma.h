//===- WarpMma.h - The CPU executor's tensor-core multiply-add ------------===//
//
// What one mma.sync.aligned computes for a whole warp, from the fragments
// its 32 lanes hold. The layout is the PTX ISA's. For m16n8k8 TF32 lane l
// has group g = l / 4 and t = l % 4, and holds
//   A (16x8): a0 = A[g][t]  a1 = A[g+8][t]  a2 = A[g][t+4]  a3 = A[g+8][t+4]
//   B (8x8):  b0 = B[t][g]  b1 = B[t+4][g]
//   C, D (16x8): c0 = C[g][2t]  c1 = C[g][2t+1]  c2 = C[g+8][2t]
//                c3 = C[g+8][2t+1]
// A and B are read at TF32 precision (the low 13 mantissa bits are dropped,
// as the tensor core does); products and sums are exact in double, then
// rounded once to f32.
// For m16n8k16 (bf16 or f16 A and B, two per 32-bit register, the lower
// column or row in the low half):
//   A (16x16): a0 = A[g][2t..2t+1]    a1 = A[g+8][2t..2t+1]
//              a2 = A[g][2t+8..2t+9]  a3 = A[g+8][2t+8..2t+9]
//   B (16x8):  b0 = B[2t..2t+1][g]    b1 = B[2t+8..2t+9][g]
//   C, D: f32 as above, or (F16Acc) c0 = C[g][2t..2t+1] c1 = C[g+8][2t..2t+1]
// The 16-bit products are exact in double; the sum is rounded once (to f32,
// or to f16 through a round-to-odd f32).
//
//===----------------------------------------------------------------------===//
#ifndef WARPFORTH_RUNTIME_CPU_WARPMMA_H
#define WARPFORTH_RUNTIME_CPU_WARPMMA_H

#include <array>
#include <cstdint>

namespace wf::rt::cpu {

/// The MMA shapes, numbered as WfWarpOp (common/HostABI.h) numbers them.
enum class MmaType { TF32 = 0, BF16 = 1, F16 = 2, F16Acc = 3 };
/// One lane's operands as 32-bit patterns, a0..a3 b0 b1 then the
/// accumulators (f32 bits or f16 pairs), and its results.
using MmaOperands = std::array<uint32_t, 10>;
using MmaBits = std::array<uint32_t, 4>;

/// D = A*B + C for the warp; absent lanes give zeros.
void warpMma(MmaType type, const std::array<MmaOperands, 32> &in,
             std::array<MmaBits, 32> &out);

/// One lane's operands in order a0..a3 b0 b1 c0..c3; absent lanes are 0.
using MmaFragments = std::array<float, 10>;
using MmaResult = std::array<float, 4>;

/// D = A*B + C for the warp; `out[l]` is lane l's d0..d3.
void warpMmaTF32(const std::array<MmaFragments, 32> &in,
                 std::array<MmaResult, 32> &out);

/// A float as the tensor core reads a TF32 operand.
float truncateToTF32(float x);

} // namespace wf::rt::cpu

#endif
