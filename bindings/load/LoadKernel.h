//===- LoadKernel.h - Compile a WarpForth source and load it --------------===//
//
// The one compile-and-load step of the tools, the demos and the C API: the
// source becomes PTX on a GPU device and host code (LLVM JIT) on the CPU,
// and is loaded on the device.
//
//===----------------------------------------------------------------------===//
#ifndef WARPFORTH_BINDINGS_LOAD_LOADKERNEL_H
#define WARPFORTH_BINDINGS_LOAD_LOADKERNEL_H

#include "compiler/driver/Compiler.h"
#include "runtime/Runtime.h"

#include <string>

namespace wf {

/// The compiler rejected the source; what() is its rendered diagnostics
/// (file:line:col: error: ...), to be printed as they are.
class CompileError : public rt::Error {
public:
  using rt::Error::Error;
};

struct LoadedKernel {
  rt::Kernel kernel;
  /// The PTX the kernel was loaded from (empty on the CPU).
  std::string ptx;
  /// The kernel's signature block (docs/runtime.md).
  std::string signature;
  /// The compiler's warnings, rendered as warpforthc prints them ("" when
  /// none). A cache hit returns those of the compile it stored: warnings
  /// are a property of the source and the options.
  std::string warnings;
};

/// Whether WARPFORTH_SANITIZE asks for sanitize mode (set, not empty or 0):
/// compileAndLoad then compiles every CPU kernel with
/// CompileOptions::sanitize.
bool sanitizeFromEnvironment();

/// compile(path, source, EmitKind::PTX, options) through the compile cache
/// (CompileCache.h): a hit returns the PTX and signature a previous
/// process compiled.
CompileResult compilePTX(const std::string &path, const std::string &source,
                         const CompileOptions &options);

/// Compiles `source` (named `path` in diagnostics) for `dev` and loads it,
/// through the compile cache (PTX on the GPU, the host object on the CPU).
/// Throws CompileError, or rt::Error when loading fails.
LoadedKernel compileAndLoad(rt::Device &dev, const std::string &path,
                            const std::string &source,
                            const CompileOptions &options);

/// The same for the file at `path` ("-": standard input); an unreadable
/// file is an rt::Error "cannot read 'PATH'".
LoadedKernel compileFileAndLoad(rt::Device &dev, const std::string &path,
                                const CompileOptions &options);

} // namespace wf

#endif
