//===- HostSanitize.cpp - Sanitize-mode calls in host code ----------------===//
#include "compiler/codegen/HostSanitize.h"

#include "common/HostABI.h"

#include <cstddef>

namespace wf::codegen {

void emitSanitizeCall(llvm::IRBuilder<> &b, llvm::Value *ctx, llvm::Value *ptr,
                      llvm::Value *bytes, int kind, llvm::StringRef site) {
  llvm::Type *i64 = b.getInt64Ty();
  llvm::Value *addr =
      ptr ? b.CreatePtrToInt(ptr, i64) : llvm::ConstantInt::get(i64, 0);
  llvm::Value *callback = b.CreateLoad(
      b.getPtrTy(), b.CreateConstInBoundsGEP1_64(
                        b.getInt8Ty(), ctx, offsetof(WfHostCtx, sanitize)));
  auto *type = llvm::FunctionType::get(
      b.getVoidTy(), {b.getPtrTy(), i64, i64, i64, b.getPtrTy()}, false);
  b.CreateCall(type, callback,
               {ctx, addr, b.CreateZExtOrTrunc(bytes, i64),
                llvm::ConstantInt::get(i64, kind),
                b.CreateGlobalStringPtr(site)});
}

} // namespace wf::codegen
