#include "runtime/cpu/WarpgroupMma.h"

#include "common/Half.h"
#include "common/Swizzle.h"

#include <cstring>

namespace wf::rt::cpu {

namespace {

/// A shared-memory matrix descriptor (PTX ISA, "Matrix Descriptor
/// Format"): byte start, leading and stride byte offsets, swizzle bytes.
struct Descriptor {
  uint64_t start, lbo, sbo;
  int64_t swizzle;
  unsigned baseOffset;
};

Descriptor decode(uint64_t d) {
  static const int64_t widths[4] = {0, 128, 64, 32};
  return {(d & 0x3FFF) << 4, (d >> 16 & 0x3FFF) << 4, (d >> 32 & 0x3FFF) << 4,
          widths[d >> 62], static_cast<unsigned>(d >> 49 & 7)};
}

/// The shared offset of 16-bit element (mn, k) of a 64xK16 (A) or NxK16
/// (B) operand: PTX's canonical layouts, K-major or, when `mnMajor`,
/// M/N-major, each without swizzle (8x16-byte core matrices, LBO and SBO
/// between them) or swizzled (rows of `swizzle` bytes in groups of 8).
uint64_t elementOffset(const Descriptor &d, bool mnMajor, unsigned mn,
                       unsigned k) {
  uint64_t w = static_cast<uint64_t>(d.swizzle);
  uint64_t offset;
  if (!mnMajor)
    offset = w == 0 ? (mn % 8) * 16 + (mn / 8) * d.sbo + (k % 8) * 2 +
                          (k / 8) * d.lbo
                    : (mn % 8) * w + (mn / 8) * d.sbo + k * 2;
  else if (w == 0)
    offset = (mn % 8) * 2 + (mn / 8) * d.sbo + (k % 8) * 16 + (k / 8) * d.lbo;
  else
    offset = (mn % (w / 2)) * 2 + (mn / (w / 2)) * d.lbo + (k % 8) * w +
             (k / 8) * d.sbo;
  return swizzleOffset(d.start + offset, d.swizzle);
}

} // namespace

std::string warpgroupMma(int64_t op, uint64_t descA, uint64_t descB,
                         bool accumulate, const char *shared,
                         uint64_t sharedBytes, unsigned thread, float *acc) {
  bool f16 = op & 1, mnMajorA = op & 2, mnMajorB = op & 4, registerA = op & 8;
  auto n = static_cast<unsigned>(op >> 8);
  const char *word = registerA ? (f16 ? "WGMMA-F16-RS" : "WGMMA-BF16-RS")
                               : (f16 ? "WGMMA-F16" : "WGMMA-BF16");
  Descriptor a = decode(registerA ? 0 : descA), b = decode(descB);
  for (const Descriptor *d : {&a, &b})
    if (d->baseOffset)
      return std::string(word) +
             " with a descriptor base offset (bits 49-51) is not modelled "
             "on the CPU backend: start swizzled tiles on their pattern's "
             "boundary (`align 1024`)";
  std::string fault;
  auto load = [&](const Descriptor &d, bool mnMajor, unsigned mn, unsigned k,
                  const char *which) -> double {
    uint64_t at = elementOffset(d, mnMajor, mn, k);
    if (at + 2 > sharedBytes) {
      if (fault.empty())
        fault = std::string(word) + " reads " + which + "'s element (" +
                std::to_string(mn) + ", k " + std::to_string(k) +
                ") at shared offset " + std::to_string(at) +
                ", outside the block's " + std::to_string(sharedBytes) +
                " bytes of shared memory";
      return 0.0;
    }
    uint16_t bits;
    std::memcpy(&bits, shared + at, 2);
    return f16 ? halfToFloat(bits) : bfloat16ToFloat(bits);
  };
  unsigned warp = thread / 32, lane = thread % 32;
  unsigned rows[2] = {16 * warp + lane / 4, 16 * warp + lane / 4 + 8};
  double aRow[2][16];
  if (registerA) {
    // Lane 4g+i's a0 a1 a2 a3: rows g, g+8 of k 2i..2i+1, then of 2i+8..
    const auto *cells = reinterpret_cast<const uint64_t *>(descA);
    for (unsigned i = 0; i < 4; ++i)
      for (unsigned r = 0; r < 4; ++r)
        for (unsigned half = 0; half < 2; ++half) {
          auto bits = static_cast<uint16_t>(cells[4 * i + r] >> (16 * half));
          aRow[r % 2][2 * i + 8 * (r / 2) + half] =
              f16 ? halfToFloat(bits) : bfloat16ToFloat(bits);
        }
  } else {
    for (int r = 0; r < 2; ++r)
      for (unsigned k = 0; k < 16; ++k)
        aRow[r][k] = load(a, mnMajorA, rows[r], k, "A");
  }
  for (unsigned j = 0; j < n / 8; ++j)
    for (unsigned c = 0; c < 2; ++c) {
      unsigned col = 8 * j + 2 * (lane % 4) + c;
      double bCol[16];
      for (unsigned k = 0; k < 16; ++k)
        bCol[k] = load(b, mnMajorB, col, k, "B");
      for (int r = 0; r < 2; ++r) {
        float &d = acc[4 * j + 2 * r + c];
        double sum = accumulate ? d : 0.0;
        for (unsigned k = 0; k < 16; ++k)
          sum += aRow[r][k] * bCol[k];
        d = static_cast<float>(sum);
      }
    }
  return fault;
}

} // namespace wf::rt::cpu
