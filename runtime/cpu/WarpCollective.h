//===- WarpCollective.h - The CPU executor's warp-wide words --------------===//
//
// What a warp-wide word (HostABI.h's warp_collective: the MMAs, ldmatrix,
// stmatrix) does once all the lanes of a warp have offered their operands.
//
//===----------------------------------------------------------------------===//
#ifndef WARPFORTH_RUNTIME_CPU_WARPCOLLECTIVE_H
#define WARPFORTH_RUNTIME_CPU_WARPCOLLECTIVE_H

#include "common/HostABI.h"

#include <array>
#include <cstdint>
#include <string>

namespace wf::rt::cpu {

using WarpOperands =
    std::array<std::array<uint64_t, WF_WARP_COLLECTIVE_IN>, WF_WARP_SIZE>;
using WarpResults =
    std::array<std::array<uint64_t, WF_WARP_COLLECTIVE_OUT>, WF_WARP_SIZE>;

/// Runs warp-wide word `op` (WfWarpOp) on the lanes' operands; `present`
/// says which lanes offered them. Returns "" or what the GPU would fault on
/// (a matrix row address that a missing lane should have given).
std::string runWarpCollective(int64_t op, const WarpOperands &in,
                              const std::array<bool, WF_WARP_SIZE> &present,
                              WarpResults &out);

} // namespace wf::rt::cpu

#endif
