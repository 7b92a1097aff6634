//===- KernelLoader.h - From the input file to a loaded kernel ------------===//
//
// A .ptx file is loaded as is (GPU only). Anything else is WarpForth source,
// compiled in process: to PTX when the device is a GPU, to host code for the
// CPU executor otherwise. The compiler part exists only when warpforth-run
// is built with the compiler (WARPFORTH_HAVE_COMPILER); GPU machines without
// LLVM build it without and run .ptx files.
//
//===----------------------------------------------------------------------===//
#ifndef WARPFORTH_TOOLS_WARPFORTH_RUN_KERNELLOADER_H
#define WARPFORTH_TOOLS_WARPFORTH_RUN_KERNELLOADER_H

#include "runtime/Runtime.h"
#include "tools/warpforth-run/Options.h"

namespace wf::run {

/// The compiler's diagnostics, to be printed as they are.
class CompileError : public rt::Error {
public:
  using rt::Error::Error;
};

struct LoadedKernel {
  rt::Device device;
  rt::Kernel kernel;
  /// The compiler's warnings, located, as warpforthc prints them ("" for
  /// none, and for .ptx input).
  std::string warnings;
};

/// Opens the device --device asks for and loads the input on it. Throws
/// rt::Error (or CompileError) with a message ready for the user.
LoadedKernel loadKernel(const RunOptions &options);

} // namespace wf::run

#endif
