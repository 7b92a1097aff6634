//===- Backend.h - LLVM IR to PTX, or to code in this process -------------===//
#ifndef WARPFORTH_COMPILER_CODEGEN_BACKEND_H
#define WARPFORTH_COMPILER_CODEGEN_BACKEND_H

#include "common/HostABI.h"

#include "llvm/IR/Module.h"
#include "llvm/Target/TargetMachine.h"

#include <memory>
#include <string>

namespace wf::codegen {

/// A TargetMachine for nvptx64-nvidia-cuda and `arch` (sm_80, sm_90, ...);
/// null with `error` set if LLVM does not know the arch.
std::unique_ptr<llvm::TargetMachine>
createNVPTXTargetMachine(const std::string &arch, int optLevel,
                         std::string &error);

/// Links the libdevice functions `module` calls, then internalizes every
/// function but `keep`, so only what is used survives optimization.
bool linkLibdevice(llvm::Module &module, const std::string &keep,
                   std::string &error);

/// Runs LLVM's standard -O<level> pipeline for `tm`'s target.
void optimizeModule(llvm::Module &module, llvm::TargetMachine &tm,
                    int optLevel);

/// Adds `.explicitcluster` and `.reqnctapercluster X, Y, Z` to the kernel
/// entry of `ptx` (LLVM 19 has no annotation for them), so that a plain
/// cuLaunchKernel runs the kernel in clusters of `dims`. False if the PTX
/// has no entry to add them to.
bool addClusterDirectives(std::string &ptx, const uint64_t dims[3]);

/// PTX text for `module`.
bool emitPTX(llvm::Module &module, llvm::TargetMachine &tm, std::string &ptx,
             std::string &error);

/// A kernel compiled into this process for the CPU backend.
class JITKernel {
public:
  virtual ~JITKernel();
  virtual WfHostKernelFn entry() const = 0;
};

/// Optimizes `module` for the host and JIT-compiles it; with `object`,
/// also hands back the object file the JIT linked.
std::unique_ptr<JITKernel> jitForHost(std::unique_ptr<llvm::Module> module,
                                      std::unique_ptr<llvm::LLVMContext> ctx,
                                      int optLevel, std::string &error,
                                      std::string *object = nullptr);

/// Links an object file from jitForHost (same compiler build and host)
/// into a new JIT session.
std::unique_ptr<JITKernel> loadHostObject(const std::string &object,
                                          std::string &error);

/// "triple cpu features" of the host the JIT compiles for.
const std::string &hostTargetId();

/// Where libdevice.10.bc is: $WARPFORTH_LIBDEVICE, else the path found at
/// configure time if it exists, else a libdevice.10.bc beside the library
/// or program the compiler is linked into (an installed wheel carries one).
std::string libdevicePath();

} // namespace wf::codegen

#endif
