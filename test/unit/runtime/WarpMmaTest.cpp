// The CPU executor's warp-wide MMA: the PTX fragment layout of
// mma.m16n8k8 TF32 and the TF32 reading of its A and B operands.
#include "runtime/cpu/WarpMma.h"

#include <catch2/catch.hpp>

using namespace wf::rt::cpu;

namespace {
// Fragments of A (16x8), B (8x8) and C (16x8) for every lane, PTX layout.
std::array<MmaFragments, 32>
fragments(float (*a)(int, int), float (*b)(int, int), float (*c)(int, int)) {
  std::array<MmaFragments, 32> in{};
  for (int lane = 0; lane < 32; ++lane) {
    int g = lane / 4, t = lane % 4;
    in[lane] = {
        a(g, t),         a(g + 8, t),        a(g, t + 4), a(g + 8, t + 4),
        b(t, g),         b(t + 4, g),        c(g, 2 * t), c(g, 2 * t + 1),
        c(g + 8, 2 * t), c(g + 8, 2 * t + 1)};
  }
  return in;
}
} // namespace

TEST_CASE("warp MMA puts D[row][col] where the C fragment layout says") {
  // A = [I | 0] rows 0..7 and 2I on rows 8..15 (cols 0..7), B[k][n] = 10k+n:
  // D[r][n] = B[r][n] + C for r < 8, 2 B[r-8][n] + C below.
  auto a = [](int r, int k) -> float {
    return r < 8 ? (r == k ? 1.0f : 0.0f) : (r - 8 == k ? 2.0f : 0.0f);
  };
  auto b = [](int k, int n) -> float { return 10.0f * k + n; };
  auto c = [](int r, int n) -> float { return 1000.0f * r + 0.5f * n; };
  std::array<MmaResult, 32> out;
  warpMmaTF32(fragments(a, b, c), out);
  for (int lane = 0; lane < 32; ++lane) {
    int g = lane / 4, t = lane % 4;
    CAPTURE(lane);
    CHECK(out[lane][0] == b(g, 2 * t) + c(g, 2 * t));
    CHECK(out[lane][1] == b(g, 2 * t + 1) + c(g, 2 * t + 1));
    CHECK(out[lane][2] == 2 * b(g, 2 * t) + c(g + 8, 2 * t));
    CHECK(out[lane][3] == 2 * b(g, 2 * t + 1) + c(g + 8, 2 * t + 1));
  }
}

TEST_CASE("warp MMA reads A and B at TF32 precision, C at f32") {
  CHECK(truncateToTF32(1.0f + 0x1p-10f) == 1.0f + 0x1p-10f);
  CHECK(truncateToTF32(1.0f + 0x1p-11f) == 1.0f); // dropped, not rounded
  CHECK(truncateToTF32(-3.0f - 0x1p-12f) == -3.0f);
  auto a = [](int r, int k) -> float {
    return r == 0 && k == 0 ? 1.0f + 0x1p-11f : 0.0f;
  };
  auto b = [](int k, int n) -> float { return k == 0 && n == 0 ? 1.0f : 0; };
  auto c = [](int r, int n) -> float {
    return r == 0 && n == 0 ? 0x1p-20f : 0.0f;
  };
  std::array<MmaResult, 32> out;
  warpMmaTF32(fragments(a, b, c), out);
  CHECK(out[0][0] == 1.0f + 0x1p-20f);
}
