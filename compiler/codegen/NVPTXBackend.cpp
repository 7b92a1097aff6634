//===- NVPTXBackend.cpp - Optimizing and emitting PTX ---------------------===//
#include "compiler/codegen/Backend.h"

#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Linker/Linker.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/IPO/Internalize.h"

#include <cctype>
#include <cstdlib>
#include <dlfcn.h>
#include <filesystem>
#include <mutex>

#ifndef WARPFORTH_LIBDEVICE_PATH
#define WARPFORTH_LIBDEVICE_PATH                                               \
  "/usr/local/cuda/nvvm/libdevice/libdevice.10.bc"
#endif

namespace wf::codegen {

JITKernel::~JITKernel() = default;

std::string libdevicePath() {
  if (const char *env = std::getenv("WARPFORTH_LIBDEVICE"))
    return env;
  std::error_code ec;
  if (std::filesystem::exists(WARPFORTH_LIBDEVICE_PATH, ec))
    return WARPFORTH_LIBDEVICE_PATH;
  // A machine without the CUDA toolkit: the copy an installed package
  // carries next to the library (or program) this code is linked into.
  Dl_info info;
  if (dladdr(reinterpret_cast<void *>(&libdevicePath), &info) &&
      info.dli_fname) {
    std::filesystem::path here =
        std::filesystem::path(info.dli_fname).parent_path() / "libdevice.10.bc";
    if (std::filesystem::exists(here, ec))
      return here.string();
  }
  return WARPFORTH_LIBDEVICE_PATH;
}

static llvm::OptimizationLevel toLevel(int optLevel) {
  switch (optLevel) {
  case 0:
    return llvm::OptimizationLevel::O0;
  case 1:
    return llvm::OptimizationLevel::O1;
  case 2:
    return llvm::OptimizationLevel::O2;
  default:
    return llvm::OptimizationLevel::O3;
  }
}

std::unique_ptr<llvm::TargetMachine>
createNVPTXTargetMachine(const std::string &arch, int optLevel,
                         std::string &error) {
  static std::once_flag once;
  std::call_once(once, [] {
    LLVMInitializeNVPTXTargetInfo();
    LLVMInitializeNVPTXTarget();
    LLVMInitializeNVPTXTargetMC();
    LLVMInitializeNVPTXAsmPrinter();
  });
  const std::string triple = "nvptx64-nvidia-cuda";
  const llvm::Target *target =
      llvm::TargetRegistry::lookupTarget(triple, error);
  if (!target)
    return nullptr;
  // Probe with the default CPU: asking for an unknown one makes LLVM print
  // its own warning before ours.
  std::unique_ptr<llvm::MCSubtargetInfo> sti(
      target->createMCSubtargetInfo(triple, "", ""));
  if (!sti || !sti->isCPUStringValid(arch)) {
    error = "unknown GPU architecture '" + arch +
            "' (expected e.g. sm_80, sm_86, sm_89, sm_90)";
    return nullptr;
  }
  llvm::TargetOptions options;
  // Fuse a*b+c into fma, as nvcc does by default (-fmad=true): one
  // instruction, one rounding.
  options.AllowFPOpFusion = llvm::FPOpFusion::Fast;
  auto level = optLevel == 0 ? llvm::CodeGenOptLevel::None
                             : llvm::CodeGenOptLevel::Aggressive;
  // sm_90's asynchronous words (TMA, mbarrier expect_tx) are PTX ISA 8.0,
  // the vector reductions (2FATOMIC-ADD-F32) 8.1; LLVM 19 defaults to 7.8
  // for sm_90. Drivers from CUDA 12.1 on read 8.1.
  unsigned sm = 0;
  for (size_t i = 3; i < arch.size() && std::isdigit((unsigned char)arch[i]);
       ++i)
    sm = sm * 10 + unsigned(arch[i] - '0');
  std::string features = sm >= 90 ? "+ptx81" : "";
  return std::unique_ptr<llvm::TargetMachine>(target->createTargetMachine(
      triple, arch, features, options, std::nullopt, std::nullopt, level));
}

bool linkLibdevice(llvm::Module &module, const std::string &keep,
                   std::string &error) {
  bool needed = false;
  for (llvm::Function &f : module)
    needed = needed || (f.isDeclaration() && f.getName().starts_with("__nv_"));
  if (!needed)
    return true;
  std::string path = libdevicePath();
  auto buffer = llvm::MemoryBuffer::getFile(path);
  if (!buffer) {
    error = "cannot read libdevice at '" + path +
            "' (set WARPFORTH_LIBDEVICE): " + buffer.getError().message();
    return false;
  }
  auto lib = llvm::parseBitcodeFile(buffer.get()->getMemBufferRef(),
                                    module.getContext());
  if (!lib) {
    error = "cannot parse libdevice at '" + path +
            "': " + llvm::toString(lib.takeError());
    return false;
  }
  (*lib)->setTargetTriple(module.getTargetTriple());
  (*lib)->setDataLayout(module.getDataLayout());
  if (llvm::Linker::linkModules(module, std::move(*lib),
                                llvm::Linker::LinkOnlyNeeded)) {
    error = "linking libdevice failed";
    return false;
  }
  llvm::internalizeModule(module, [&](const llvm::GlobalValue &gv) {
    return gv.getName() == keep;
  });
  // libdevice asks __nvvm_reflect whether to flush denormals: we don't.
  module.addModuleFlag(llvm::Module::Override, "nvvm-reflect-ftz",
                       static_cast<uint32_t>(0));
  return true;
}

namespace {

// VectorCombine turns a vector load whose lanes are only extracted into
// scalar loads when the target's cost model calls that cheaper, which
// NVPTX's does; but `2SF@` and `4F@` are the author's request for one wide
// access (an LDS.64 fills the register pair an mma.sync operand needs),
// and nothing merges the halves again once they drift apart. LLVM has no
// per-pipeline switch for it, only this process-wide option; its other
// rewrites are aimed at CPU SIMD code, so the host JIT loses little.
void keepVectorAccesses() {
  static std::once_flag once;
  std::call_once(once, [] {
    llvm::StringMap<llvm::cl::Option *> &options =
        llvm::cl::getRegisteredOptions();
    auto it = options.find("disable-vector-combine");
    if (it != options.end())
      static_cast<llvm::cl::opt<bool> *>(it->second)->setValue(true);
  });
}

} // namespace

void optimizeModule(llvm::Module &module, llvm::TargetMachine &tm,
                    int optLevel) {
  keepVectorAccesses();
  llvm::LoopAnalysisManager lam;
  llvm::FunctionAnalysisManager fam;
  llvm::CGSCCAnalysisManager cgam;
  llvm::ModuleAnalysisManager mam;
  llvm::PassBuilder pb(&tm);
  // Lets the target add its own passes (NVVMReflect for libdevice, ...).
  tm.registerPassBuilderCallbacks(pb);
  pb.registerModuleAnalyses(mam);
  pb.registerCGSCCAnalyses(cgam);
  pb.registerFunctionAnalyses(fam);
  pb.registerLoopAnalyses(lam);
  pb.crossRegisterProxies(lam, fam, cgam, mam);
  llvm::ModulePassManager mpm =
      optLevel == 0 ? pb.buildO0DefaultPipeline(llvm::OptimizationLevel::O0)
                    : pb.buildPerModuleDefaultPipeline(toLevel(optLevel));
  mpm.run(module, mam);
}

// The directives go between the entry's parameter list and its body, with
// LLVM's own (.maxntid, .minnctapersm): the first line that is "{" after
// the `.entry` line.
bool addClusterDirectives(std::string &ptx, const uint64_t dims[3]) {
  size_t entry = ptx.find(".entry ");
  if (entry == std::string::npos)
    return false;
  size_t body = ptx.find("\n{\n", entry);
  if (body == std::string::npos)
    return false;
  std::string text = "\n.explicitcluster\n.reqnctapercluster " +
                     std::to_string(dims[0]) + ", " + std::to_string(dims[1]) +
                     ", " + std::to_string(dims[2]);
  ptx.insert(body, text);
  return true;
}

bool emitPTX(llvm::Module &module, llvm::TargetMachine &tm, std::string &ptx,
             std::string &error) {
  llvm::raw_string_ostream os(ptx);
  llvm::buffer_ostream out(os);
  llvm::legacy::PassManager pm;
  if (tm.addPassesToEmitFile(pm, out, nullptr,
                             llvm::CodeGenFileType::AssemblyFile)) {
    error = "the NVPTX back end cannot emit assembly";
    return false;
  }
  pm.run(module);
  return true;
}

} // namespace wf::codegen
