//===- HostJIT.cpp - Compiling kernels into this process for the CPU ------===//
//
// The CPU backend runs the same LLVM IR as the GPU, compiled for the host
// with ORC's LLJIT. The JIT resolves libm from this process and the two
// f16 helpers from the functions below.
//
//===----------------------------------------------------------------------===//
#include "compiler/codegen/Backend.h"
#include "compiler/codegen/TargetHooks.h"

#include "llvm/ExecutionEngine/Orc/ExecutionUtils.h"
#include "llvm/ExecutionEngine/Orc/LLJIT.h"
#include "llvm/ExecutionEngine/Orc/ThreadSafeModule.h"
#include "llvm/Support/TargetSelect.h"

#include <cstring>
#include <mutex>

namespace {

// IEEE half <-> float by bit manipulation, round to nearest even.
extern "C" float wf_half_to_float(uint16_t h) {
  uint32_t sign = static_cast<uint32_t>(h & 0x8000) << 16;
  uint32_t exp = (h >> 10) & 0x1F;
  uint32_t mant = h & 0x3FF;
  uint32_t bits;
  if (exp == 0x1F) {
    bits = sign | 0x7F800000 | (mant << 13);
  } else if (exp == 0) {
    if (mant == 0) {
      bits = sign;
    } else {
      // Subnormal: normalize.
      int e = -1;
      do {
        ++e;
        mant <<= 1;
      } while (!(mant & 0x400));
      bits = sign | static_cast<uint32_t>(127 - 15 - e) << 23 |
             ((mant & 0x3FF) << 13);
    }
  } else {
    bits = sign | (exp + 127 - 15) << 23 | (mant << 13);
  }
  float f;
  std::memcpy(&f, &bits, sizeof f);
  return f;
}

extern "C" uint16_t wf_float_to_half(float f) {
  uint32_t bits;
  std::memcpy(&bits, &f, sizeof bits);
  uint16_t sign = static_cast<uint16_t>((bits >> 16) & 0x8000);
  uint32_t absBits = bits & 0x7FFFFFFF;
  if (absBits > 0x7F800000) // NaN
    return sign | 0x7E00;
  if (absBits >= 0x47800000) // overflow (>= 65536 before rounding) or inf
    return absBits == 0x7F800000 || absBits >= 0x477FF000
               ? static_cast<uint16_t>(sign | 0x7C00)
               : static_cast<uint16_t>(sign | 0x7BFF);
  int exp = static_cast<int>(absBits >> 23) - 127 + 15;
  uint32_t mant = (absBits & 0x7FFFFF) | 0x800000;
  if (exp <= 0) {
    // Subnormal half (or zero).
    if (exp < -10)
      return sign;
    uint32_t shift = static_cast<uint32_t>(14 - exp);
    uint32_t half = mant >> shift;
    uint32_t rest = mant & ((1u << shift) - 1);
    uint32_t midpoint = 1u << (shift - 1);
    if (rest > midpoint || (rest == midpoint && (half & 1)))
      ++half;
    return static_cast<uint16_t>(sign | half);
  }
  uint32_t half = static_cast<uint32_t>(exp) << 10 | ((mant >> 13) & 0x3FF);
  uint32_t rest = mant & 0x1FFF;
  if (rest > 0x1000 || (rest == 0x1000 && (half & 1)))
    ++half; // may carry into the exponent, which is still right
  return static_cast<uint16_t>(sign | half);
}

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
  auto process =
      llvm::orc::DynamicLibrarySearchGenerator::GetForCurrentProcess(
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
