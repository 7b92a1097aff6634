//===- Signature.h - The kernel signature block ---------------------------===//
//
// The compiler states each kernel's interface (params, types, declared
// sizes, shared bytes, float mode) as `// @...` comment lines at the top of
// the PTX, where the runtime reads it back. The header becomes the
// runtime's rt::KernelSignature, which common/KernelSignature.cpp writes and
// reads: one format, one writer (docs/runtime.md).
//
//===----------------------------------------------------------------------===//
#ifndef WARPFORTH_COMPILER_DRIVER_SIGNATURE_H
#define WARPFORTH_COMPILER_DRIVER_SIGNATURE_H

#include "common/KernelSignature.h"
#include "compiler/parser/AST.h"

#include <string>
#include <vector>

namespace wf {

/// What the runtime knows of a kernel compiled for GPU architecture `arch`
/// ("sm_80"; empty: no @arch). `checkSites`: a checked build's sites (see
/// common/CheckABI.h), null otherwise; `sanitize`: a CPU build in sanitize
/// mode.
rt::KernelSignature
kernelSignature(const KernelHeader &header, const std::string &arch = "",
                const std::vector<std::string> *checkSites = nullptr,
                bool sanitize = false);

/// The signature block of that kernel (rt::formatSignature).
std::string
formatSignature(const KernelHeader &header, const std::string &arch = "",
                const std::vector<std::string> *checkSites = nullptr,
                bool sanitize = false);

} // namespace wf

#endif
