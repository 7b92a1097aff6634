//===- WarpMma.h - The CPU executor's tensor-core multiply-add ------------===//
//
// What one mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 computes for a
// whole warp, from the fragments its 32 lanes hold. The layout is the PTX
// ISA's: lane l has group g = l / 4 and t = l % 4, and holds
//   A (16x8): a0 = A[g][t]  a1 = A[g+8][t]  a2 = A[g][t+4]  a3 = A[g+8][t+4]
//   B (8x8):  b0 = B[t][g]  b1 = B[t+4][g]
//   C, D (16x8): c0 = C[g][2t]  c1 = C[g][2t+1]  c2 = C[g+8][2t]
//                c3 = C[g+8][2t+1]
// A and B are read at TF32 precision (the low 13 mantissa bits are dropped,
// as the tensor core does); products and sums are exact in double, then
// rounded once to f32.
//
//===----------------------------------------------------------------------===//
#ifndef WARPFORTH_RUNTIME_CPU_WARPMMA_H
#define WARPFORTH_RUNTIME_CPU_WARPMMA_H

#include <array>

namespace wf::rt::cpu {

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
