//===- HostJIT.cpp - Compiling kernels into this process for the CPU ------===//
//
// The CPU backend runs the same LLVM IR as the GPU, compiled for the host
// with ORC's LLJIT. The JIT resolves libm from this process and the two
// f16 helpers from the functions below.
//
//===----------------------------------------------------------------------===//
#include "common/Half.h"
#include "compiler/codegen/Backend.h"
#include "compiler/codegen/HostWords.h"
#include "compiler/codegen/TargetHooks.h"

#include "llvm/ExecutionEngine/Orc/ExecutionUtils.h"
#include "llvm/ExecutionEngine/Orc/LLJIT.h"
#include "llvm/ExecutionEngine/Orc/ThreadSafeModule.h"
#include "llvm/Support/TargetSelect.h"

#include <mutex>

namespace {

// The JIT resolves the host lowering's f16 helpers to these; the
// conversions themselves are the runtime's (round to nearest even).
extern "C" float wf_half_to_float(uint16_t h) { return wf::rt::halfToFloat(h); }

extern "C" uint16_t wf_float_to_half(float f) { return wf::rt::floatToHalf(f); }

} // namespace

namespace wf::codegen {

namespace {

class LLJITKernel : public JITKernel {
public:
  LLJITKernel(std::unique_ptr<llvm::orc::LLJIT> jit, WfHostKernelFn fn)
      : jit(std::move(jit)), fn(fn) {}
  WfHostKernelFn entry() const override { return fn; }

private:
  std::unique_ptr<llvm::orc::LLJIT> jit;
  WfHostKernelFn fn;
};

} // namespace

std::unique_ptr<JITKernel> jitForHost(std::unique_ptr<llvm::Module> module,
                                      std::unique_ptr<llvm::LLVMContext> ctx,
                                      int optLevel, std::string &error) {
  static std::once_flag once;
  std::call_once(once, [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
  });
  auto jtmb = llvm::orc::JITTargetMachineBuilder::detectHost();
  if (!jtmb) {
    error = llvm::toString(jtmb.takeError());
    return nullptr;
  }
  jtmb->setCodeGenOptLevel(optLevel == 0 ? llvm::CodeGenOptLevel::None
                                         : llvm::CodeGenOptLevel::Aggressive);
  auto tm = jtmb->createTargetMachine();
  if (!tm) {
    error = llvm::toString(tm.takeError());
    return nullptr;
  }
  module->setDataLayout((*tm)->createDataLayout());
  module->setTargetTriple((*tm)->getTargetTriple().str());
  optimizeModule(*module, **tm, optLevel);

  auto jit = llvm::orc::LLJITBuilder()
                 .setJITTargetMachineBuilder(std::move(*jtmb))
                 .create();
  if (!jit) {
    error = llvm::toString(jit.takeError());
    return nullptr;
  }
  llvm::orc::JITDylib &lib = (*jit)->getMainJITDylib();
  auto process = llvm::orc::DynamicLibrarySearchGenerator::GetForCurrentProcess(
      (*jit)->getDataLayout().getGlobalPrefix());
  if (!process) {
    error = llvm::toString(process.takeError());
    return nullptr;
  }
  lib.addGenerator(std::move(*process));
  llvm::orc::MangleAndInterner mangle((*jit)->getExecutionSession(),
                                      (*jit)->getDataLayout());
  llvm::orc::SymbolMap helpers;
  helpers[mangle("wf_half_to_float")] = {
      llvm::orc::ExecutorAddr::fromPtr(&wf_half_to_float),
      llvm::JITSymbolFlags::Exported};
  helpers[mangle("wf_float_to_half")] = {
      llvm::orc::ExecutorAddr::fromPtr(&wf_float_to_half),
      llvm::JITSymbolFlags::Exported};
  for (const HostWord &word : hostWords())
    helpers[mangle(word.symbol)] = {
        llvm::orc::ExecutorAddr::fromPtr(word.address),
        llvm::JITSymbolFlags::Exported};
  if (auto err = lib.define(llvm::orc::absoluteSymbols(helpers))) {
    error = llvm::toString(std::move(err));
    return nullptr;
  }
  if (auto err = (*jit)->addIRModule(
          llvm::orc::ThreadSafeModule(std::move(module), std::move(ctx)))) {
    error = llvm::toString(std::move(err));
    return nullptr;
  }
  auto sym = (*jit)->lookup(hostEntryName);
  if (!sym) {
    error = llvm::toString(sym.takeError());
    return nullptr;
  }
  auto fn = sym->toPtr<WfHostKernelFn>();
  return std::make_unique<LLJITKernel>(std::move(*jit), fn);
}

} // namespace wf::codegen
