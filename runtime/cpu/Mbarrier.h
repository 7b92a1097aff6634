//===- Mbarrier.h - An mbarrier's 8 bytes on the CPU backend --------------===//
//
// On the GPU an mbarrier is an opaque 8-byte object in shared memory. The
// CPU backend keeps its state in the same 8 bytes, so a kernel that lays
// out its shared memory for the GPU works unchanged:
//
//   bits  0..19  pending arrivals of the current phase
//   bits 20..39  the arrival count MBAR-INIT gave (each phase's start)
//   bits 40..60  the transaction count: bytes expected (MBAR-ARRIVE-TX)
//                minus bytes arrived (TMA), 21-bit two's complement
//   bit  62      set by MBAR-INIT (a barrier used before it is an error)
//   bit  63      the current phase's parity
//
// A phase completes when its pending arrivals and its transaction count
// are both 0: the parity flips, the arrivals start again from the count.
// MBAR-WAIT with parity P waits while the current phase's parity is P,
// that is until the phase with parity P has completed (try_wait.parity).
//
//===----------------------------------------------------------------------===//
#ifndef WARPFORTH_RUNTIME_CPU_MBARRIER_H
#define WARPFORTH_RUNTIME_CPU_MBARRIER_H

#include <cstdint>

namespace wf::rt::cpu::mbar {

constexpr uint64_t kCountMask = (uint64_t(1) << 20) - 1;
constexpr int kExpectedShift = 20;
constexpr int kTxShift = 40;
constexpr uint64_t kTxMask = (uint64_t(1) << 21) - 1;
constexpr uint64_t kInitBit = uint64_t(1) << 62;
constexpr uint64_t kPhaseBit = uint64_t(1) << 63;
/// The most arrivals (and the largest transaction count) a phase can have.
constexpr int64_t kMaxCount = (int64_t(1) << 20) - 1;

inline bool initialized(uint64_t s) { return s & kInitBit; }
inline unsigned phase(uint64_t s) { return (s & kPhaseBit) ? 1 : 0; }
inline int64_t pending(uint64_t s) { return int64_t(s & kCountMask); }
inline int64_t expected(uint64_t s) {
  return int64_t((s >> kExpectedShift) & kCountMask);
}
inline int64_t tx(uint64_t s) {
  int64_t v = int64_t((s >> kTxShift) & kTxMask);
  return v >= (int64_t(1) << 20) ? v - (int64_t(1) << 21) : v;
}

inline uint64_t make(unsigned phaseBit, int64_t pendingArrivals, int64_t count,
                     int64_t txCount) {
  return kInitBit | (phaseBit ? kPhaseBit : 0) |
         (uint64_t(pendingArrivals) & kCountMask) |
         ((uint64_t(count) & kCountMask) << kExpectedShift) |
         ((uint64_t(txCount) & kTxMask) << kTxShift);
}

inline uint64_t init(int64_t count) { return make(0, count, count, 0); }

/// The state after `arrivals` arrivals and `bytes` more expected
/// transaction bytes (negative: bytes that arrived), with the phase
/// completed if that ends it.
inline uint64_t update(uint64_t s, int64_t arrivals, int64_t bytes) {
  int64_t left = pending(s) - arrivals, t = tx(s) + bytes;
  if (left == 0 && t == 0)
    return make(phase(s) ^ 1u, expected(s), expected(s), 0);
  return make(phase(s), left, expected(s), t);
}

} // namespace wf::rt::cpu::mbar

#endif
