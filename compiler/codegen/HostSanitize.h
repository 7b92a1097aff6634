//===- HostSanitize.h - Sanitize-mode calls in host code ------------------===//
//
// In sanitize mode (CompileOptions::sanitize, CPU only) the host lowering
// reports every shared-memory access, every non-atomic global store and the
// sites of the synchronising words to the CPU executor's sanitizer through
// WfHostCtx::sanitize (common/HostABI.h, runtime/cpu/Sanitizer.h).
//
//===----------------------------------------------------------------------===//
#ifndef WARPFORTH_COMPILER_CODEGEN_HOSTSANITIZE_H
#define WARPFORTH_COMPILER_CODEGEN_HOSTSANITIZE_H

#include "llvm/IR/IRBuilder.h"

namespace wf::codegen {

/// ctx->sanitize(ctx, ptr as i64 (0 when null), bytes, kind, site).
void emitSanitizeCall(llvm::IRBuilder<> &b, llvm::Value *ctx, llvm::Value *ptr,
                      llvm::Value *bytes, int kind, llvm::StringRef site);

} // namespace wf::codegen

#endif
