//===- AsyncOps.h - The CPU meaning of the TMA copies ---------------------===//
//
// What TMA-LOAD-ND and TMA-STORE-ND do on the CPU backend: the whole box
// at once (the GPU's copy engine works in the background; the mbarrier
// then tells the kernel it is done, which the CPU does at once too). The
// mbarriers, named barriers and waits are the block scheduler's
// (BlockScheduler.cpp), since they switch fibers.
//
//===----------------------------------------------------------------------===//
#ifndef WARPFORTH_RUNTIME_CPU_ASYNCOPS_H
#define WARPFORTH_RUNTIME_CPU_ASYNCOPS_H

#include "common/HostABI.h"

#include <cstdint>
#include <string>

namespace wf::rt::cpu {

/// The bytes a box of `map` holds: what a load adds to its mbarrier's
/// transaction count, out-of-bounds elements included (as the GPU counts).
int64_t tmaBoxBytes(const WfTensorMap &map);

/// The alignment a TMA tile of `map` needs in shared memory: 128 bytes
/// (the PTX ISA's rule for cp.async.bulk.tensor), and for a swizzled map
/// the pattern's period (256, 512 or 1024 bytes for 32, 64, 128) so that
/// the pattern starts with the tile, as wgmma's descriptors and
/// common/Swizzle.h assume.
uint64_t tmaTileAlign(const WfTensorMap &map);

/// What a TMA word does with its box.
enum class TmaMode { Load, Store, ReduceAdd };

/// One box between global memory and the shared tile at byte `tileOffset`
/// of the block's `shared` memory (`sharedBytes` long): a load writes every
/// element of the box (zeros outside the tensor), a store writes the
/// elements inside the tensor only, a reduction adds them to the tensor's
/// (f32 or i32, each element atomically: other blocks may add to it at the
/// same time, as on the GPU). Shared memory is addressed through the
/// map's swizzle (wf::swizzleOffset of the offset in the block's shared
/// memory). `coords` are the word's, outermost first. Returns "" or why the
/// GPU would refuse the copy (the tile's alignment or size), naming `word`.
std::string tmaCopy(TmaMode mode, const WfTensorMap &map, const int64_t *coords,
                    char *shared, uint64_t sharedBytes, uint64_t tileOffset,
                    const std::string &word);

} // namespace wf::rt::cpu

#endif
