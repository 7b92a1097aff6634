//===- Compiler.cpp - The pipeline, stage by stage ------------------------===//
//
//   source --lexer--> tokens --parser--> AST --resolver--> WarpForth IR
//          --lowering--> LLVM IR --optimizer/NVPTX--> PTX
//                                --optimizer/JIT---> host code (CPU backend)
//
//===----------------------------------------------------------------------===//
#include "compiler/driver/Compiler.h"

#include "common/Error.h"
#include "common/FileIO.h"
#include "compiler/codegen/Backend.h"
#include "compiler/codegen/LLVMLowering.h"
#include "compiler/driver/Signature.h"
#include "compiler/driver/TargetChecks.h"
#include "compiler/lexer/Lexer.h"
#include "compiler/parser/Parser.h"
#include "compiler/resolver/StackResolver.h"

#include "llvm/IR/Verifier.h"
#include "llvm/Support/raw_ostream.h"

#include <cctype>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

namespace wf {

namespace {

const char preludeText[] =
#include "Prelude.inc"
    ;

std::string printTokens(const std::vector<Token> &tokens) {
  std::ostringstream os;
  auto line = [&](const Token &t) {
    os << t.loc.line << ":" << t.loc.col << " " << tokenKindName(t.kind);
    if (t.kind != TokenKind::EndOfFile)
      os << " " << t.text;
    if (t.kind == TokenKind::Integer)
      os << " = " << t.intValue;
    if (t.kind == TokenKind::Float) {
      std::ostringstream f;
      f.precision(17);
      f << t.floatValue;
      os << " = " << f.str();
    }
    os << "\n";
  };
  for (const Token &t : tokens) {
    line(t);
    for (const Token &part : t.parts) {
      os << "  ";
      line(part);
    }
  }
  return os.str();
}

/// Source to IR: the front half, shared by the GPU and host paths.
struct FrontEnd {
  SourceManager sources;
  DiagnosticEngine diags{sources};
  Program program;
  ir::Module module;
  uint32_t mainFile = 0;

  bool run(const std::string &path, const std::string &source,
           const CompileOptions &options, EmitKind stopAfter,
           std::string &output,
           std::vector<SourceDependency> *dependencies = nullptr) {
    diags.setWarningsAsErrors(options.warningsAsErrors);
    uint32_t prelude = 0;
    if (!options.noPrelude)
      prelude = sources.addFile("<stdlib>/prelude.forth", preludeText);
    mainFile = sources.addFile(path, source);
    if (stopAfter == EmitKind::Tokens) {
      output = printTokens(lexFile(sources, mainFile, diags));
      return !diags.hasErrors();
    }
    ParseOptions parseOptions;
    parseOptions.defines = options.defines;
    parseOptions.includeDirs = options.includeDirs;
    parseOptions.floatMode = options.floatMode;
    parseOptions.dependencies = dependencies;
    if (!parseProgram(sources, diags, prelude, mainFile, parseOptions, program))
      return false;
    if (stopAfter == EmitKind::AST) {
      output = printAST(program);
      return true;
    }
    if (!resolveProgram(program, diags, module))
      return false;
    if (stopAfter == EmitKind::IR)
      output = ir::printModule(module);
    return true;
  }
};

/// Words such as MMA-TF32 exist from some GPU generation on; say so at the
/// word rather than let LLVM fail to select the instruction.
bool archSupports(FrontEnd &front, const std::string &arch) {
  const ir::ArchRequirement &needs = front.module.needs;
  unsigned sm = 0;
  for (size_t i = 3;
       i < arch.size() && std::isdigit(static_cast<unsigned char>(arch[i]));
       ++i)
    sm = sm * 10 + static_cast<unsigned>(arch[i] - '0');
  // Clusters are sm_90's: the header says so before any word does.
  const KernelHeader &header = front.module.header;
  if (header.cluster[0] && sm < 90) {
    front.diags.error(header.clusterLoc,
                      "'\\! cluster' (thread-block clusters) needs --arch "
                      "sm_90 or newer, not " +
                          arch,
                      header.clusterLength);
    return false;
  }
  if (needs.minSm == 0 || sm >= needs.minSm)
    return true;
  front.diags.error(needs.loc,
                    "'" + needs.word + "' needs --arch sm_" +
                        std::to_string(needs.minSm) + " or newer, not " + arch,
                    needs.length);
  return false;
}

/// The target a kernel is compiled for: --arch, except that a kernel using
/// a word of the architecture-specific target (wgmma, setmaxnreg) asked for
/// sm_90 is compiled for sm_90a, the same GPU with those features on. Any
/// other --arch cannot run them: an error at the word. "" after an error.
std::string targetArch(FrontEnd &front, const std::string &arch) {
  const ir::ArchRequirement &needs = front.module.needsArchSpecific;
  if (needs.minSm == 0)
    return arch;
  std::string specific = "sm_" + std::to_string(needs.minSm) + "a";
  if (arch == specific || arch + "a" == specific)
    return specific;
  front.diags.error(needs.loc,
                    "'" + needs.word + "' needs --arch " + specific +
                        " (or sm_" + std::to_string(needs.minSm) +
                        ", compiled as " + specific + "), not " + arch,
                    needs.length);
  return "";
}

/// ASSERT is compiled in by --check-bounds or a nonzero integer constant
/// DEBUG (`\! const DEBUG 1` or `-D DEBUG`).
bool assertionsOn(const FrontEnd &front, const CompileOptions &options) {
  if (options.checkBounds)
    return true;
  for (const ConstDecl &c : front.module.header.consts) {
    std::string name = c.name;
    for (char &ch : name)
      ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
    if (name == "DEBUG" && !c.isFloat && c.intValue != 0)
      return true;
  }
  return false;
}

bool hasAssert(const FrontEnd &front) {
  for (const auto &block : front.module.body.blocks)
    for (const auto &inst : block->insts)
      if (inst->op == ir::Op::Assert)
        return true;
  return false;
}

/// Whether a GPU build takes the check record (common/CheckABI.h): for the
/// bounds checks, or for ASSERT alone under DEBUG.
bool checkedBuild(const FrontEnd &front, const CompileOptions &options) {
  return options.checkBounds ||
         (assertionsOn(front, options) && hasAssert(front));
}

/// What the GPU of --arch refuses, for every device: an --arch the compiler
/// does not support, params past its parameter space. `arch` is the target
/// (sm_90a for sm_90 with wgmma).
bool targetAccepts(FrontEnd &front, const CompileOptions &options,
                   const std::string &arch, std::string &diagnostics) {
  std::string error;
  if (!checkArch(options.arch, error)) {
    diagnostics += "warpforthc: error: " + error + "\n";
    return false;
  }
  if (!checkParamSpace(front.module.header, arch, checkedBuild(front, options),
                       front.diags)) {
    diagnostics = front.diags.render();
    return false;
  }
  return true;
}

/// LLVM problems are our bugs, not the user's: say so plainly.
bool internalError(CompileResult &result, const std::string &what) {
  result.diagnostics += "warpforthc: internal error: " + what + "\n";
  return false;
}

} // namespace

HostKernel::~HostKernel() = default;

CompileResult compile(const std::string &path, const std::string &source,
                      EmitKind emit, const CompileOptions &options) {
  CompileResult result;
  FrontEnd front;
  bool ok = front.run(path, source, options, emit, result.output,
                      &result.dependencies);
  result.diagnostics = front.diags.render();
  if (!ok)
    return result;
  result.signature = formatSignature(front.module.header, options.arch);
  if (emit == EmitKind::Tokens || emit == EmitKind::AST) {
    result.ok = true;
    return result;
  }
  // Words the --arch lacks are the program's error, found with its IR:
  // a kernel that resolves also compiles (the fuzzer holds us to it).
  std::string arch = targetArch(front, options.arch);
  if (arch.empty() || !archSupports(front, arch)) {
    result.diagnostics = front.diags.render();
    return result;
  }
  if (emit == EmitKind::IR) {
    result.ok = true;
    return result;
  }
  if (!targetAccepts(front, options, arch, result.diagnostics))
    return result;

  std::string error;
  auto tm =
      codegen::createNVPTXTargetMachine(options.arch, options.optLevel, error);
  if (!tm) {
    result.diagnostics += "warpforthc: error: " + error + "\n";
    return result;
  }
  if (arch != options.arch)
    tm = codegen::createNVPTXTargetMachine(arch, options.optLevel, error);
  llvm::LLVMContext context;
  bool assertions = assertionsOn(front, options);
  bool checked = checkedBuild(front, options);
  auto hooks = codegen::createNVPTXHooks(checked, options.checkBounds);
  codegen::LoweringOptions lowering;
  lowering.lineInfo = options.lineInfo;
  lowering.sources = &front.sources;
  lowering.assertions = assertions;
  auto module = codegen::lowerToLLVM(front.module, context, *hooks, lowering);
  if (checked) {
    std::vector<std::string> sites = hooks->checkSites();
    result.signature =
        formatSignature(front.module.header, options.arch, &sites);
  }
  module->setTargetTriple(tm->getTargetTriple().str());
  module->setDataLayout(tm->createDataLayout());
  std::string verifyErrors;
  llvm::raw_string_ostream verifyStream(verifyErrors);
  if (llvm::verifyModule(*module, &verifyStream)) {
    internalError(result, "invalid LLVM IR: " + verifyErrors);
    return result;
  }
  if (!codegen::linkLibdevice(*module, front.module.header.name, error)) {
    result.diagnostics += "warpforthc: error: " + error + "\n";
    return result;
  }
  codegen::optimizeModule(*module, *tm, options.optLevel);
  if (emit == EmitKind::LLVM) {
    llvm::raw_string_ostream os(result.output);
    module->print(os, nullptr);
    result.ok = true;
    return result;
  }
  std::string ptx;
  if (!codegen::emitPTX(*module, *tm, ptx, error)) {
    internalError(result, error);
    return result;
  }
  if (front.module.header.cluster[0] &&
      !codegen::addClusterDirectives(ptx, front.module.header.cluster)) {
    internalError(result,
                  "no kernel entry in the PTX for '.reqnctapercluster'");
    return result;
  }
  result.output = result.signature + ptx;
  result.ok = true;
  return result;
}

namespace {
class JITHostKernel : public HostKernel {
public:
  JITHostKernel(std::unique_ptr<codegen::JITKernel> jit, std::string signature)
      : jit(std::move(jit)), sig(std::move(signature)) {}
  WfHostKernelFn entry() const override { return jit->entry(); }
  const std::string &signature() const override { return sig; }

private:
  std::unique_ptr<codegen::JITKernel> jit;
  std::string sig;
};
} // namespace

std::unique_ptr<HostKernel> compileForHost(const std::string &path,
                                           const std::string &source,
                                           const CompileOptions &options,
                                           std::string &diagnostics,
                                           HostBuild *build) {
  FrontEnd front;
  std::string unused;
  bool ok = front.run(path, source, options, EmitKind::PTX, unused,
                      build ? &build->dependencies : nullptr);
  diagnostics = front.diags.render();
  if (!ok)
    return nullptr;
  // The CPU runs what the GPU of --arch would: a word it lacks (TMA on
  // sm_80, wgmma on anything but sm_90) is the same error.
  std::string arch = targetArch(front, options.arch);
  if (arch.empty() || !archSupports(front, arch)) {
    diagnostics = front.diags.render();
    return nullptr;
  }
  if (!targetAccepts(front, options, arch, diagnostics))
    return nullptr;
  auto context = std::make_unique<llvm::LLVMContext>();
  auto hooks = codegen::createHostHooks(options.sanitize);
  codegen::LoweringOptions lowering;
  lowering.sources = &front.sources; // faults name the source position
  lowering.assertions = assertionsOn(front, options);
  auto module = codegen::lowerToLLVM(front.module, *context, *hooks, lowering);
  std::string verifyErrors;
  llvm::raw_string_ostream verifyStream(verifyErrors);
  if (llvm::verifyModule(*module, &verifyStream)) {
    diagnostics +=
        "warpforthc: internal error: invalid LLVM IR: " + verifyErrors + "\n";
    return nullptr;
  }
  std::string error;
  auto jit = codegen::jitForHost(std::move(module), std::move(context),
                                 options.optLevel, error,
                                 build ? &build->object : nullptr);
  if (!jit) {
    diagnostics += "warpforthc: internal error: host JIT: " + error + "\n";
    return nullptr;
  }
  // A sanitized kernel calls WfHostCtx::sanitize: the executor must know.
  std::string signature = formatSignature(front.module.header, options.arch,
                                          nullptr, options.sanitize);
  return std::make_unique<JITHostKernel>(std::move(jit), std::move(signature));
}

std::unique_ptr<HostKernel> loadHostObject(const std::string &object,
                                           const std::string &signature,
                                           std::string &error) {
  auto jit = codegen::loadHostObject(object, error);
  if (!jit)
    return nullptr;
  return std::make_unique<JITHostKernel>(std::move(jit), signature);
}

const std::string &hostTargetId() { return codegen::hostTargetId(); }

bool readSourceFile(const std::string &path, std::string &contents) {
  std::string error;
  return readSourceFile(path, contents, error);
}

bool readSourceFile(const std::string &path, std::string &contents,
                    std::string &error) {
  try {
    contents =
        path == "-"
            ? rt::readStream(0, "<stdin>", kMaxSourceBytes, "kernel sources")
            : rt::readRegularFile(path, kMaxSourceBytes, "kernel sources");
    return true;
  } catch (const rt::Error &e) {
    error = e.what();
    return false;
  }
}

} // namespace wf
