//===- Half.h - 16-bit float conversions ----------------------------------===//
//
// f16 and bf16 values cross the host side as their bit patterns (in .npy
// files, scalar kernel arguments and printed output); these convert them
// with round-to-nearest-even, keeping infinities and NaNs.
//
//===----------------------------------------------------------------------===//
#ifndef WARPFORTH_COMMON_HALF_H
#define WARPFORTH_COMMON_HALF_H

#include <cstdint>
#include <cstring>

namespace wf::rt {

/// A float's bits and back (std::bit_cast before C++20).
inline uint32_t bitsOf(float f) {
  uint32_t u;
  std::memcpy(&u, &f, sizeof u);
  return u;
}
inline float floatOf(uint32_t u) {
  float f;
  std::memcpy(&f, &u, sizeof f);
  return f;
}

uint16_t floatToHalf(float value);
/// A double rounded once: through a round-to-odd float, so converting a
/// double never rounds twice.
float roundToOddFloat(double value);
float halfToFloat(uint16_t bits);
uint16_t floatToBFloat16(float value);
float bfloat16ToFloat(uint16_t bits);

} // namespace wf::rt

#endif
