#include "runtime/cpu/WarpMma.h"

#include "common/Half.h"

#include <cmath>
#include <cstdint>

namespace wf::rt::cpu {

float truncateToTF32(float x) {
  if (std::isnan(x))
    return x;
  return floatOf(bitsOf(x) & 0xffffe000u);
}

void warpMmaTF32(const std::array<MmaFragments, 32> &in,
                 std::array<MmaResult, 32> &out) {
  double a[16][8], b[8][8];
  for (int lane = 0; lane < 32; ++lane) {
    int g = lane / 4, t = lane % 4;
    const MmaFragments &f = in[lane];
    a[g][t] = truncateToTF32(f[0]);
    a[g + 8][t] = truncateToTF32(f[1]);
    a[g][t + 4] = truncateToTF32(f[2]);
    a[g + 8][t + 4] = truncateToTF32(f[3]);
    b[t][g] = truncateToTF32(f[4]);
    b[t + 4][g] = truncateToTF32(f[5]);
  }
  for (int lane = 0; lane < 32; ++lane) {
    int g = lane / 4, t = lane % 4;
    for (int i = 0; i < 4; ++i) {
      int row = g + (i >= 2 ? 8 : 0);
      int col = 2 * t + (i % 2);
      double sum = in[lane][6 + i];
      for (int k = 0; k < 8; ++k)
        sum += a[row][k] * b[k][col];
      out[lane][i] = static_cast<float>(sum);
    }
  }
}

namespace {

// m16n8k16 with 16-bit A and B.
void warpMma16(MmaType type, const std::array<MmaOperands, 32> &in,
               std::array<MmaBits, 32> &out) {
  auto value = [&](uint32_t reg, int half) -> double {
    auto bits = static_cast<uint16_t>(reg >> (16 * half));
    return type == MmaType::BF16 ? bfloat16ToFloat(bits) : halfToFloat(bits);
  };
  double a[16][16], b[16][8];
  for (int lane = 0; lane < 32; ++lane) {
    int g = lane / 4, t = lane % 4;
    const MmaOperands &f = in[lane];
    for (int h = 0; h < 2; ++h) {
      a[g][2 * t + h] = value(f[0], h);
      a[g + 8][2 * t + h] = value(f[1], h);
      a[g][2 * t + 8 + h] = value(f[2], h);
      a[g + 8][2 * t + 8 + h] = value(f[3], h);
      b[2 * t + h][g] = value(f[4], h);
      b[2 * t + 8 + h][g] = value(f[5], h);
    }
  }
  for (int lane = 0; lane < 32; ++lane) {
    int g = lane / 4, t = lane % 4;
    double d[4];
    for (int i = 0; i < 4; ++i) {
      int row = g + (i >= 2 ? 8 : 0);
      int col = 2 * t + (i % 2);
      double sum = type == MmaType::F16Acc
                       ? halfToFloat(static_cast<uint16_t>(
                             in[lane][6 + i / 2] >> (16 * (i % 2))))
                       : floatOf(in[lane][6 + i]);
      for (int k = 0; k < 16; ++k)
        sum += a[row][k] * b[k][col];
      d[i] = sum;
    }
    out[lane] = {};
    if (type == MmaType::F16Acc) {
      for (int i = 0; i < 2; ++i)
        out[lane][i] =
            floatToHalf(roundToOddFloat(d[2 * i])) |
            static_cast<uint32_t>(floatToHalf(roundToOddFloat(d[2 * i + 1])))
                << 16;
    } else {
      for (int i = 0; i < 4; ++i)
        out[lane][i] = bitsOf(static_cast<float>(d[i]));
    }
  }
}

} // namespace

void warpMma(MmaType type, const std::array<MmaOperands, 32> &in,
             std::array<MmaBits, 32> &out) {
  if (type != MmaType::TF32) {
    warpMma16(type, in, out);
    return;
  }
  std::array<MmaFragments, 32> f;
  for (int lane = 0; lane < 32; ++lane)
    for (size_t i = 0; i < f[lane].size(); ++i)
      f[lane][i] = floatOf(in[lane][i]);
  std::array<MmaResult, 32> d;
  warpMmaTF32(f, d);
  for (int lane = 0; lane < 32; ++lane)
    for (int i = 0; i < 4; ++i)
      out[lane][i] = bitsOf(d[lane][i]);
}

} // namespace wf::rt::cpu
