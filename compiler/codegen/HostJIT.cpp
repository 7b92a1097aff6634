//===- HostJIT.cpp - Compiling kernels into this process for the CPU ------===//
//
// The CPU backend runs the same LLVM IR as the GPU, compiled for the host
// with ORC's LLJIT. The JIT resolves libm from this process and the two
// f16 helpers from the functions below.
//
// The object file the JIT links can be handed back (jitForHost's `object`)
// and linked again in another process (loadHostObject): the compile cache's
// CPU entries.
//
//===----------------------------------------------------------------------===//
#include "common/Half.h"
#include "compiler/codegen/Backend.h"
#include "compiler/codegen/HostWords.h"
#include "compiler/codegen/TargetHooks.h"

#include "llvm/ExecutionEngine/ObjectCache.h"
#include "llvm/ExecutionEngine/Orc/CompileUtils.h"
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

/// Hands the object file the JIT's compiler made to `out`; never supplies
/// one (cached objects come in through loadHostObject).
class CaptureObject : public llvm::ObjectCache {
public:
  explicit CaptureObject(std::string *out) : out(out) {}
  void notifyObjectCompiled(const llvm::Module *,
                            llvm::MemoryBufferRef obj) override {
    if (out)
      *out = obj.getBuffer().str();
  }
  std::unique_ptr<llvm::MemoryBuffer> getObject(const llvm::Module *) override {
    return nullptr;
  }

private:
  std::string *out;
};

class LLJITKernel : public JITKernel {
public:
  LLJITKernel(std::unique_ptr<llvm::orc::LLJIT> jit, WfHostKernelFn fn,
              std::unique_ptr<CaptureObject> capture)
      : capture(std::move(capture)), jit(std::move(jit)), fn(fn) {}
  WfHostKernelFn entry() const override { return fn; }

private:
  // Declared first: the JIT's compiler points at it until the JIT is gone.
  std::unique_ptr<CaptureObject> capture;
  std::unique_ptr<llvm::orc::LLJIT> jit;
  WfHostKernelFn fn;
};

void initNativeTarget() {
  static std::once_flag once;
  std::call_once(once, [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
  });
}

/// A JIT session for the host that resolves libm from this process and the
/// helpers the host lowering calls; its compiler reports objects to
/// `capture` when given.
llvm::Expected<std::unique_ptr<llvm::orc::LLJIT>>
createJIT(llvm::orc::JITTargetMachineBuilder jtmb, CaptureObject *capture) {
  llvm::orc::LLJITBuilder builder;
  builder.setJITTargetMachineBuilder(std::move(jtmb));
  if (capture)
    builder.setCompileFunctionCreator(
        [capture](llvm::orc::JITTargetMachineBuilder jtmb)
            -> llvm::Expected<
                std::unique_ptr<llvm::orc::IRCompileLayer::IRCompiler>> {
          return std::make_unique<llvm::orc::ConcurrentIRCompiler>(
              std::move(jtmb), capture);
        });
  auto jit = builder.create();
  if (!jit)
    return jit.takeError();
  llvm::orc::JITDylib &lib = (*jit)->getMainJITDylib();
  auto process = llvm::orc::DynamicLibrarySearchGenerator::GetForCurrentProcess(
      (*jit)->getDataLayout().getGlobalPrefix());
  if (!process)
    return process.takeError();
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
  if (auto err = lib.define(llvm::orc::absoluteSymbols(helpers)))
    return std::move(err);
  return jit;
}

std::unique_ptr<JITKernel> finish(llvm::Expected<std::unique_ptr<llvm::orc::LLJIT>> &jit,
                                  std::unique_ptr<CaptureObject> capture,
                                  std::string &error) {
  auto sym = (*jit)->lookup(hostEntryName);
  if (!sym) {
    error = llvm::toString(sym.takeError());
    return nullptr;
  }
  auto fn = sym->toPtr<WfHostKernelFn>();
  return std::make_unique<LLJITKernel>(std::move(*jit), fn, std::move(capture));
}

} // namespace

std::unique_ptr<JITKernel> jitForHost(std::unique_ptr<llvm::Module> module,
                                      std::unique_ptr<llvm::LLVMContext> ctx,
                                      int optLevel, std::string &error,
                                      std::string *object) {
  initNativeTarget();
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

  auto capture = object ? std::make_unique<CaptureObject>(object) : nullptr;
  auto jit = createJIT(std::move(*jtmb), capture.get());
  if (!jit) {
    error = llvm::toString(jit.takeError());
    return nullptr;
  }
  if (auto err = (*jit)->addIRModule(
          llvm::orc::ThreadSafeModule(std::move(module), std::move(ctx)))) {
    error = llvm::toString(std::move(err));
    return nullptr;
  }
  // The lookup compiles the module (and hands `capture` its object).
  return finish(jit, std::move(capture), error);
}

std::unique_ptr<JITKernel> loadHostObject(const std::string &object,
                                          std::string &error) {
  initNativeTarget();
  auto jtmb = llvm::orc::JITTargetMachineBuilder::detectHost();
  if (!jtmb) {
    error = llvm::toString(jtmb.takeError());
    return nullptr;
  }
  auto jit = createJIT(std::move(*jtmb), nullptr);
  if (!jit) {
    error = llvm::toString(jit.takeError());
    return nullptr;
  }
  if (auto err = (*jit)->addObjectFile(llvm::MemoryBuffer::getMemBufferCopy(
          object, "warpforth-cached-kernel"))) {
    error = llvm::toString(std::move(err));
    return nullptr;
  }
  return finish(jit, nullptr, error);
}

const std::string &hostTargetId() {
  static const std::string id = [] {
    initNativeTarget();
    auto jtmb = llvm::orc::JITTargetMachineBuilder::detectHost();
    if (!jtmb) {
      llvm::consumeError(jtmb.takeError());
      return std::string("unknown-host");
    }
    return jtmb->getTargetTriple().str() + " " + jtmb->getCPU() + " " +
           jtmb->getFeatures().getString();
  }();
  return id;
}

} // namespace wf::codegen
