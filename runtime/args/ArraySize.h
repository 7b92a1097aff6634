//===- ArraySize.h - Checked sizes of host arrays -------------------------===//
//
// An element count comes from the user (`N=2^61`, `iota(2^61)`, a .npy
// shape): its byte count is computed in checked arithmetic and compared
// with the machine's memory before anything is allocated, so a huge size is
// an error that says how many bytes, not a wrapped size and a crash.
//
//===----------------------------------------------------------------------===//
#ifndef WARPFORTH_RUNTIME_ARGS_ARRAYSIZE_H
#define WARPFORTH_RUNTIME_ARGS_ARRAYSIZE_H

#include "common/ElemType.h"

#include <cstddef>
#include <cstdint>
#include <optional>

namespace wf::rt {

/// count * elemSize, or nullopt when that overflows size_t.
std::optional<size_t> checkedBytes(uint64_t count, size_t elemSize);

/// The machine's physical memory in bytes; 0 when it cannot be told.
uint64_t physicalMemoryBytes();

/// The bytes `count` values of `type` take. Throws Error ("2305843009213693952
/// f64 values need 18446744073709551616 bytes, ...") when the byte count
/// overflows or is more than the machine's memory.
size_t arrayBytes(uint64_t count, ElemType type);

} // namespace wf::rt

#endif
