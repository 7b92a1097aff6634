//===- HostWords.cpp - What the target words do on the CPU ----------------===//
//
// One C function per Target row of Primitives.def, called wf_word_<Enum>,
// with the row's NVVM intrinsic's signature, except that vectors and 16-bit
// floats travel as integers of their size and a struct result is written
// through a trailing pointer (HostTarget::targetWord). Bit-exact where PTX
// specifies the result; where the hardware is approximate, say how close.
//
//===----------------------------------------------------------------------===//
#include "compiler/codegen/HostWords.h"

#include "common/Half.h"

#include <atomic>
#include <cmath>
#include <cstdint>

// FRSQRT: rsqrt.approx.f32 is within 2^-22.9 relative of the exact value
// (PTX ISA), 1/sqrt in f32 within 1 ulp; the specials agree: +0 -> +inf,
// -0 -> -inf, x < 0 -> NaN, +inf -> +0.
extern "C" float wf_word_FRsqrt(float x) { return 1.0f / std::sqrt(x); }

// FENCE-GPU: membar.gl (fence.sc.gpu): this thread's earlier memory
// accesses are seen by every thread of the grid before its later ones (the
// CPU backend runs blocks on several threads: a sequentially consistent
// fence).
extern "C" void wf_word_FenceGpu() {
  std::atomic_thread_fence(std::memory_order_seq_cst);
}

// F>BF16X2 and F>F16X2 (TargetSwapped: `a` is the word's x1): cvt.rn with
// a in the high half, b in the low, rounded to nearest even, subnormals
// kept; a NaN becomes the canonical NaN 0x7FFF, as the GPU gives.
static uint32_t pairOf(uint16_t hi, uint16_t lo) {
  return static_cast<uint32_t>(hi) << 16 | lo;
}
static uint16_t bf16Rn(float x) {
  return std::isnan(x) ? 0x7FFF : wf::rt::floatToBFloat16(x);
}
static uint16_t f16Rn(float x) {
  return std::isnan(x) ? 0x7FFF : wf::rt::floatToHalf(x);
}
extern "C" uint32_t wf_word_FToBF16x2(float a, float b) {
  return pairOf(bf16Rn(a), bf16Rn(b));
}
extern "C" uint32_t wf_word_FToF16x2(float a, float b) {
  return pairOf(f16Rn(a), f16Rn(b));
}

namespace wf::codegen {

const std::vector<HostWord> &hostWords() {
  static const std::vector<HostWord> words = {
      {"wf_word_FRsqrt", reinterpret_cast<void *>(&wf_word_FRsqrt)},
      {"wf_word_FenceGpu", reinterpret_cast<void *>(&wf_word_FenceGpu)},
      {"wf_word_FToBF16x2", reinterpret_cast<void *>(&wf_word_FToBF16x2)},
      {"wf_word_FToF16x2", reinterpret_cast<void *>(&wf_word_FToF16x2)},
  };
  return words;
}

} // namespace wf::codegen
