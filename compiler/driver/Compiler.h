//===- Compiler.h - The one entry point into the WarpForth compiler -------===//
//
// Tools (warpforthc, warpforth-run, the C API) call these functions and
// never the stages directly, so the pipeline is assembled in one place.
//
//===----------------------------------------------------------------------===//
#ifndef WARPFORTH_COMPILER_DRIVER_COMPILER_H
#define WARPFORTH_COMPILER_DRIVER_COMPILER_H

#include "common/HostABI.h"
#include "compiler/support/SourceDependency.h"
#include "compiler/support/Types.h"

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace wf {

/// What --emit asks for: the output of one stage.
enum class EmitKind { Tokens, AST, IR, LLVM, PTX };

struct CompileOptions {
  std::string arch = "sm_80";
  int optLevel = 3;
  /// -D NAME=VALUE: compile-time constants (override `\! const`).
  std::map<std::string, std::string> defines;
  /// -I DIR: where INCLUDE looks after the including file's folder.
  std::vector<std::string> includeDirs;
  /// --float: overrides the kernel's `\! float` directive.
  std::optional<FloatMode> floatMode;
  bool lineInfo = false;
  /// Skip the stdlib prelude (for tests of the core).
  bool noPrelude = false;
  /// --check-bounds: on the GPU, check every access against its param's
  /// buffer or shared memory and record the first violation (the CPU
  /// always checks); on both, compile ASSERT in.
  bool checkBounds = false;
  /// -Werror: warnings are errors, and the compile fails on the first.
  bool warningsAsErrors = false;
  /// --sanitize (the CPU backend only; no effect on the GPU, where
  /// compute-sanitizer is the tool): the host code reports its shared-memory
  /// accesses, global stores and synchronisation to the executor's race,
  /// barrier, warp and initialization checks (docs/sanitizer.md).
  bool sanitize = false;
};

struct CompileResult {
  bool ok = false;
  /// The requested stage's text (PTX for EmitKind::PTX). The PTX starts
  /// with the kernel signature block (see docs/runtime.md).
  std::string output;
  /// The signature block alone (the same text the PTX carries).
  std::string signature;
  /// Rendered diagnostics, clang style, possibly several: after a good
  /// compile, its warnings ("" when there are none).
  std::string diagnostics;
  /// The files INCLUDE read and the paths it looked at in vain: with the
  /// source and the options, everything the output depends on.
  std::vector<SourceDependency> dependencies;
};

/// Compiles `source` (named `path` in diagnostics) to the stage `emit`.
CompileResult compile(const std::string &path, const std::string &source,
                      EmitKind emit, const CompileOptions &options);

/// A kernel compiled for the host CPU and loaded into this process.
class HostKernel {
public:
  virtual ~HostKernel();
  virtual WfHostKernelFn entry() const = 0;
  virtual const std::string &signature() const = 0;
};

/// What compileForHost can hand back for the compile cache: the host
/// object file it loaded, and what the compilation read.
struct HostBuild {
  std::string object;
  std::vector<SourceDependency> dependencies;
};

/// Compiles `source` for the host CPU (LLVM JIT). On failure returns null and
/// fills `diagnostics`; on success `diagnostics` holds the warnings. With
/// `build`, also returns the object file (for loadHostObject in another
/// process) and the dependencies.
std::unique_ptr<HostKernel> compileForHost(const std::string &path,
                                           const std::string &source,
                                           const CompileOptions &options,
                                           std::string &diagnostics,
                                           HostBuild *build = nullptr);

/// Loads an object file from compileForHost's HostBuild (this compiler
/// build, hostTargetId() the same) with its signature block. Null with
/// `error` set when the JIT refuses it.
std::unique_ptr<HostKernel> loadHostObject(const std::string &object,
                                           const std::string &signature,
                                           std::string &error);

/// The target the host JIT compiles for: triple, CPU and features. Host
/// objects are only valid where it is the same.
const std::string &hostTargetId();

/// The largest kernel source read (a file, or standard input).
constexpr uint64_t kMaxSourceBytes = 16 << 20;

/// Reads a file, or standard input for "-". Returns false if unreadable:
/// missing, a directory, not a regular file (/dev/zero), or larger than
/// kMaxSourceBytes; `error` then says which ("'k' is a directory, not a
/// file").
bool readSourceFile(const std::string &path, std::string &contents,
                    std::string &error);
bool readSourceFile(const std::string &path, std::string &contents);

} // namespace wf

#endif
