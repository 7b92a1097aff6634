#include "common/Half.h"

#include <cmath>

namespace wf::rt {

namespace {
// Drops the low `shift` bits of `v`, rounding to nearest, ties to even.
uint32_t roundShift(uint32_t v, int shift) {
  uint32_t r = v >> shift;
  uint32_t rem = v & ((1u << shift) - 1);
  uint32_t half = 1u << (shift - 1);
  if (rem > half || (rem == half && (r & 1)))
    ++r;
  return r;
}
} // namespace

uint16_t floatToHalf(float value) {
  uint32_t x = bitsOf(value);
  uint16_t sign = static_cast<uint16_t>((x >> 16) & 0x8000);
  uint32_t abs = x & 0x7FFFFFFF;
  if (abs >= 0x7F800000) // Inf, or NaN kept quiet with its top payload bits.
    return sign | 0x7C00 |
           (abs > 0x7F800000 ? 0x200 | ((abs >> 13) & 0x3FF) : 0);
  if (abs >= 0x477FF000) // Rounds past 65504.
    return sign | 0x7C00;
  if (abs < 0x38800000) {  // Below 2^-14: a half subnormal or zero.
    if (abs <= 0x33000000) // At most 2^-25: rounds (ties even) to zero.
      return sign;
    uint32_t mant = (abs & 0x7FFFFF) | 0x800000;
    int exp = static_cast<int>(abs >> 23);
    return sign | static_cast<uint16_t>(roundShift(mant, 126 - exp));
  }
  // Normal: rebias the exponent; a carry out of the mantissa bumps it.
  uint32_t rebased = abs - ((127 - 15) << 23);
  return sign | static_cast<uint16_t>(roundShift(rebased, 13));
}

float halfToFloat(uint16_t bits) {
  uint32_t sign = static_cast<uint32_t>(bits & 0x8000) << 16;
  uint32_t exp = (bits >> 10) & 0x1F;
  uint32_t mant = bits & 0x3FF;
  if (exp == 0) {
    float v = std::ldexp(static_cast<float>(mant), -24);
    return sign ? -v : v;
  }
  if (exp == 31)
    return floatOf(sign | 0x7F800000 | (mant << 13));
  return floatOf(sign | ((exp + 112) << 23) | (mant << 13));
}

uint16_t floatToBFloat16(float value) {
  uint32_t x = bitsOf(value);
  if ((x & 0x7FFFFFFF) > 0x7F800000)
    return static_cast<uint16_t>((x >> 16) | 0x40);
  return static_cast<uint16_t>((x + 0x7FFF + ((x >> 16) & 1)) >> 16);
}

float bfloat16ToFloat(uint16_t bits) {
  return floatOf(static_cast<uint32_t>(bits) << 16);
}

} // namespace wf::rt

namespace wf::rt {

float roundToOddFloat(double value) {
  float f = static_cast<float>(value);
  if (std::isnan(value) || static_cast<double>(f) == value || std::isinf(f))
    return f;
  uint32_t bits = bitsOf(f);
  // Truncate toward zero, then make the last bit sticky.
  if (std::fabs(static_cast<double>(f)) > std::fabs(value))
    --bits;
  return floatOf(bits | 1);
}

} // namespace wf::rt
