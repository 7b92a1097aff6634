//===- HostWords.h - The CPU meaning of each target word ------------------===//
//
// A primitive of family Target (compiler/words/Primitives.def) is one NVVM
// intrinsic on the GPU; on the CPU it is a C function wf_word_<Enum>
// (HostWords.cpp) that the host JIT links into the kernel.
//
//===----------------------------------------------------------------------===//
#ifndef WARPFORTH_COMPILER_CODEGEN_HOSTWORDS_H
#define WARPFORTH_COMPILER_CODEGEN_HOSTWORDS_H

#include <vector>

namespace wf::codegen {

struct HostWord {
  const char *symbol; // wf_word_<Enum>
  void *address;
};

/// Every CPU meaning, for the JIT's symbol table.
const std::vector<HostWord> &hostWords();

} // namespace wf::codegen

#endif
