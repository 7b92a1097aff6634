#include "runtime/cpu/WarpCollective.h"

#include "runtime/cpu/WarpMma.h"

#include <cstring>

namespace wf::rt::cpu {

namespace {

// ldmatrix / stmatrix of `count` 8x8 matrices of 16-bit elements. Row r of
// matrix m is at the address lane 8m + r gives. Lane l = 4g + t holds,
// of each matrix, elements (g, 2t) and (g, 2t+1) (the low half first);
// transposed, elements (2t, g) and (2t+1, g).
std::string matrixWord(int64_t op, const WarpOperands &in,
                       const std::array<bool, WF_WARP_SIZE> &present,
                       WarpResults &out) {
  bool store = op >= WF_WARP_STMATRIX;
  int64_t rest = op - (store ? WF_WARP_STMATRIX : WF_WARP_LDMATRIX);
  bool trans = rest & WF_WARP_TRANS;
  int count = static_cast<int>(rest & 7);
  for (int lane = 0; lane < 8 * count; ++lane)
    if (!present[lane])
      return std::string(store ? "STMATRIX" : "LDMATRIX") + "-X" +
             std::to_string(count) + " needs the row address of lane " +
             std::to_string(lane) +
             ", which has exited or is not in the block:";
  auto element = [&](int m, int row, int col) {
    return reinterpret_cast<char *>(in[8 * m + row][0]) + 2 * col;
  };
  for (int lane = 0; lane < WF_WARP_SIZE; ++lane) {
    if (!present[lane])
      continue;
    int g = lane / 4, t = lane % 4;
    for (int m = 0; m < count; ++m) {
      char *lo = trans ? element(m, 2 * t, g) : element(m, g, 2 * t);
      char *hi = trans ? element(m, 2 * t + 1, g) : element(m, g, 2 * t + 1);
      uint16_t halves[2];
      if (store) {
        auto reg = static_cast<uint32_t>(in[lane][1 + m]);
        halves[0] = static_cast<uint16_t>(reg);
        halves[1] = static_cast<uint16_t>(reg >> 16);
        std::memcpy(lo, &halves[0], 2);
        std::memcpy(hi, &halves[1], 2);
      } else {
        std::memcpy(&halves[0], lo, 2);
        std::memcpy(&halves[1], hi, 2);
        out[lane][m] = static_cast<uint32_t>(halves[1]) << 16 | halves[0];
      }
    }
  }
  return "";
}

} // namespace

std::string runWarpCollective(int64_t op, const WarpOperands &in,
                              const std::array<bool, WF_WARP_SIZE> &present,
                              WarpResults &out) {
  if (op >= WF_WARP_LDMATRIX)
    return matrixWord(op, in, present, out);
  std::array<MmaOperands, WF_WARP_SIZE> bits{};
  for (int lane = 0; lane < WF_WARP_SIZE; ++lane)
    if (present[lane])
      for (size_t i = 0; i < bits[lane].size(); ++i)
        bits[lane][i] = static_cast<uint32_t>(in[lane][i]);
  std::array<MmaBits, WF_WARP_SIZE> d{};
  warpMma(static_cast<MmaType>(op), bits, d);
  for (int lane = 0; lane < WF_WARP_SIZE; ++lane)
    for (size_t i = 0; i < d[lane].size(); ++i)
      out[lane][i] = d[lane][i];
  return "";
}

} // namespace wf::rt::cpu
