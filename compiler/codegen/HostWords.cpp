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

#include <cmath>

// FRSQRT: rsqrt.approx.f32 is within 2^-22.9 relative of the exact value
// (PTX ISA), 1/sqrt in f32 within 1 ulp; the specials agree: +0 -> +inf,
// -0 -> -inf, x < 0 -> NaN, +inf -> +0.
extern "C" float wf_word_FRsqrt(float x) { return 1.0f / std::sqrt(x); }

namespace wf::codegen {

const std::vector<HostWord> &hostWords() {
  static const std::vector<HostWord> words = {
      {"wf_word_FRsqrt", reinterpret_cast<void *>(&wf_word_FRsqrt)},
  };
  return words;
}

} // namespace wf::codegen
