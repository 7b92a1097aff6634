//===- warpforthc.cpp - The WarpForth compiler's command line -------------===//
#include "compiler/driver/Compiler.h"

#include <CLI/CLI.hpp>

#include <fstream>
#include <iostream>
#include <map>

int main(int argc, char **argv) {
  // nvcc and clang spell it -lineinfo; CLI11 wants long options with "--".
  std::vector<std::string> args(argv, argv + argc);
  for (std::string &arg : args)
    if (arg == "-lineinfo")
      arg = "--lineinfo";
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
  app.add_option("-D", defines, "Compile-time constant NAME=VALUE");
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
  app.set_version_flag("--version", std::string("warpforthc ") +
                                        WARPFORTH_VERSION + " (LLVM 19)");
  try {
    app.parse(static_cast<int>(argvFixed.size()), argvFixed.data());
  } catch (const CLI::ParseError &e) {
    return app.exit(e);
  }

  for (const std::string &define : defines) {
    size_t eq = define.find('=');
    if (eq == 0 || define.empty()) {
      std::cerr << "warpforthc: error: -D needs NAME=VALUE, got '" << define
                << "'\n";
      return 1;
    }
    if (eq == std::string::npos)
      options.defines[define] = "1";
    else
      options.defines[define.substr(0, eq)] = define.substr(eq + 1);
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

  std::string source;
  if (!wf::readSourceFile(input, source)) {
    std::cerr << "warpforthc: error: cannot read '" << input << "'\n";
    return 1;
  }
  std::string name = input == "-" ? "<stdin>" : input;
  wf::CompileResult result = wf::compile(name, source, kinds.at(emit), options);
  std::cerr << result.diagnostics;
  if (!result.ok)
    return 1;
  if (output == "-") {
    std::cout << result.output;
    return std::cout.good() ? 0 : 1;
  }
  std::ofstream out(output, std::ios::binary);
  out << result.output;
  if (!out.good()) {
    std::cerr << "warpforthc: error: cannot write '" << output << "'\n";
    return 1;
  }
  return 0;
}
