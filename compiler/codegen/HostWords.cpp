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

namespace wf::codegen {

const std::vector<HostWord> &hostWords() {
  static const std::vector<HostWord> words = {};
  return words;
}

} // namespace wf::codegen
