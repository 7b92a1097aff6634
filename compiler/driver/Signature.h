//===- Signature.h - The kernel signature block ---------------------------===//
//
// The compiler states each kernel's interface (params, types, declared
// sizes, shared bytes, float mode) as `// @...` comment lines at the top of
// the PTX, where the runtime reads it back (common/KernelSignature.h). The
// format is documented in docs/runtime.md.
//
//===----------------------------------------------------------------------===//
#ifndef WARPFORTH_COMPILER_DRIVER_SIGNATURE_H
#define WARPFORTH_COMPILER_DRIVER_SIGNATURE_H

#include "compiler/parser/AST.h"

#include <vector>

#include <string>

namespace wf {

/// The signature block of a kernel compiled for GPU architecture `arch`
/// ("sm_80"; empty leaves @arch out). `checkSites`: a checked build's sites
/// (`// @checked` and one `// @check-site` line each, see
/// common/CheckABI.h); null otherwise.
std::string
formatSignature(const KernelHeader &header, const std::string &arch = "",
                const std::vector<std::string> *checkSites = nullptr);

} // namespace wf

#endif
