//===- LLVMLowering.h - WarpForth IR to LLVM IR ---------------------------===//
#ifndef WARPFORTH_COMPILER_CODEGEN_LLVMLOWERING_H
#define WARPFORTH_COMPILER_CODEGEN_LLVMLOWERING_H

#include "compiler/codegen/TargetHooks.h"
#include "compiler/ir/IR.h"
#include "compiler/support/SourceManager.h"

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"

#include <memory>

namespace wf::codegen {

struct LoweringOptions {
  /// Attach source lines (for `.loc` in PTX); needs `sources`.
  bool lineInfo = false;
  const SourceManager *sources = nullptr;
  /// Compile ASSERT in (--check-bounds, or a nonzero DEBUG constant);
  /// otherwise it checks nothing.
  bool assertions = false;
};

std::unique_ptr<llvm::Module> lowerToLLVM(const ir::Module &module,
                                          llvm::LLVMContext &context,
                                          TargetHooks &target,
                                          const LoweringOptions &options);

} // namespace wf::codegen

#endif
