//===- TargetChecks.h - What a GPU target refuses, found before codegen ---===//
//
// The limits of the PTX a kernel becomes that ptxas or the driver would
// otherwise report, long after the compiler said yes: checked for every
// device, so a kernel that runs on the CPU backend also loads on the GPU
// it was compiled for.
//
//===----------------------------------------------------------------------===//
#ifndef WARPFORTH_COMPILER_DRIVER_TARGETCHECKS_H
#define WARPFORTH_COMPILER_DRIVER_TARGETCHECKS_H

#include "compiler/parser/AST.h"
#include "compiler/support/Diagnostics.h"

#include <string>

namespace wf {

/// The --arch values the compiler supports, oldest first.
const std::vector<std::string> &supportedArchs();

/// Whether `arch` is one of supportedArchs(); otherwise `error` says so and
/// lists them.
bool checkArch(const std::string &arch, std::string &error);

/// The bytes of PTX parameter space the kernel's params take (each at its
/// alignment: an array or i64 8 bytes, a narrower scalar its size, a '\!
/// tmap' 128 bytes at 64), plus the check record's pointer when `checked`.
uint64_t paramSpaceBytes(const KernelHeader &header, bool checked);

/// The most parameter bytes ptxas takes for an entry on `arch`.
uint64_t paramSpaceLimit(const std::string &arch);

/// Reports, at the first param past the limit (the kernel's name when the
/// check record is what crosses it), a kernel whose params do not fit in
/// `arch`'s parameter space.
bool checkParamSpace(const KernelHeader &header, const std::string &arch,
                     bool checked, DiagnosticEngine &diags);

} // namespace wf

#endif
