#include "runtime/cpu/WarpMma.h"

#include <cmath>
#include <cstdint>
#include <cstring>

namespace wf::rt::cpu {

float truncateToTF32(float x) {
  if (std::isnan(x))
    return x;
  uint32_t bits;
  std::memcpy(&bits, &x, sizeof bits);
  bits &= 0xffffe000u;
  std::memcpy(&x, &bits, sizeof bits);
  return x;
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

} // namespace wf::rt::cpu
