//===- warpforthc.cpp - The WarpForth compiler's command line -------------===//
#include "compiler/driver/Compiler.h"
#include "common/Error.h"
#include "common/FileIO.h"
#include "compiler/driver/Defines.h"
#include "tools/ToolMains.h"

#include <CLI/CLI.hpp>

#include <iostream>
#include <map>

int wf::tools::warpforthcMain(int argc, char **argv) {
  // nvcc and clang spell it -lineinfo (and -Werror); CLI11 wants long
  // options with "--".
  std::vector<std::string> args(argv, argv + argc);
  for (std::string &arg : args)
    if (arg == "-lineinfo" || arg == "-Werror")
      arg = "-" + arg;
  std::vector<char *> argvFixed;
  for (std::string &arg : args)
    argvFixed.push_back(arg.data());

  CLI::App app{"warpforthc: compiles a WarpForth kernel (.forth) to PTX"};
  std::string input, output = "-", emit = "ptx", floatMode;
  std::vector<std::string> defines;
  wf::CompileOptions options;
  app.add_option("FILE", input, "Kernel source, or - for standard input")
      ->required();
  app.add_option("-o", output, "Output file, or - for standard output");
  app.add_option("--emit", emit, "Stage to print: tokens, ast, ir, llvm, ptx")
      ->check(CLI::IsMember({"tokens", "ast", "ir", "llvm", "ptx"}));
  app.add_option("--arch", options.arch, "GPU architecture (default sm_80)");
  app.add_option("-O", options.optLevel, "Optimization level 0-3 (default 3)")
      ->check(CLI::Range(0, 3));
  app.add_option("-D", defines,
                 "Compile-time constant NAME=VALUE (NAME alone: NAME=1)");
  app.add_option("-I", options.includeDirs, "Folder searched by INCLUDE");
  app.add_option("--float", floatMode, "Float precision: f64 or f32")
      ->check(CLI::IsMember({"f32", "f64"}));
  app.add_flag("--lineinfo", options.lineInfo,
               "Emit .loc line info (also -lineinfo)");
  app.add_flag("--no-prelude", options.noPrelude,
               "Do not load the stdlib prelude");
  app.add_flag("--check-bounds", options.checkBounds,
               "Check every load and store against its param's buffer or "
               "shared memory at run time, and compile ASSERT in");
  app.add_flag("--Werror", options.warningsAsErrors,
               "Treat warnings as errors (also -Werror)");
  app.set_version_flag("--version", std::string("warpforthc ") +
                                        WARPFORTH_VERSION + " (LLVM 19)");
  try {
    app.parse(static_cast<int>(argvFixed.size()), argvFixed.data());
  } catch (const CLI::ParseError &e) {
    return app.exit(e);
  }

  for (const std::string &define : defines) {
    if (std::optional<std::string> error =
            wf::addDefine(options.defines, define)) {
      std::cerr << "warpforthc: error: " << *error << "\n";
      return 1;
    }
  }
  if (!floatMode.empty())
    options.floatMode =
        floatMode == "f32" ? wf::FloatMode::F32 : wf::FloatMode::F64;

  static const std::map<std::string, wf::EmitKind> kinds = {
      {"tokens", wf::EmitKind::Tokens},
      {"ast", wf::EmitKind::AST},
      {"ir", wf::EmitKind::IR},
      {"llvm", wf::EmitKind::LLVM},
      {"ptx", wf::EmitKind::PTX}};

  // The output must not be the input: a failed compile would leave the
  // source truncated, a good one would replace it with PTX.
  if (output != "-" && input != "-" && wf::rt::sameFile(input, output)) {
    std::cerr << "warpforthc: error: -o '" << output
              << "' is the input file; give another output file\n";
    return 1;
  }
  std::string source, readError;
  if (!wf::readSourceFile(input, source, readError)) {
    std::cerr << "warpforthc: error: " << readError << "\n";
    return 1;
  }
  std::string name = input == "-" ? "<stdin>" : input;
  wf::CompileResult result = wf::compile(name, source, kinds.at(emit), options);
  std::cerr << result.diagnostics;
  if (!result.ok)
    return 1;
  if (output == "-") {
    std::cout << result.output;
    std::cout.flush();
    if (!std::cout.good()) {
      std::cerr << "warpforthc: error: cannot write the output to standard "
                   "output\n";
      return 1;
    }
    return 0;
  }
  try {
    wf::rt::writeFile(output, result.output);
  } catch (const wf::rt::Error &e) {
    std::cerr << "warpforthc: error: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
