//===- Parser.h - Tokens to a Program -------------------------------------===//
#ifndef WARPFORTH_COMPILER_PARSER_PARSER_H
#define WARPFORTH_COMPILER_PARSER_PARSER_H

#include "compiler/parser/AST.h"
#include "compiler/support/Diagnostics.h"
#include "compiler/support/SourceDependency.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace wf {

struct ParseOptions {
  /// -D NAME=VALUE; they override `\! const` directives of the same name.
  std::map<std::string, std::string> defines;
  /// Searched by INCLUDE after the including file's own folder.
  std::vector<std::string> includeDirs;
  /// --float; overrides `\! float`.
  std::optional<FloatMode> floatMode;
  /// When set, receives every file INCLUDE read and every path it looked
  /// at in vain, in order (for the compile cache).
  std::vector<SourceDependency> *dependencies = nullptr;
};

/// Parses `mainFile` (already in `sources`), after the definitions of
/// `preludeFile` when it is not 0. Returns false if errors were reported.
bool parseProgram(SourceManager &sources, DiagnosticEngine &diags,
                  uint32_t preludeFile, uint32_t mainFile,
                  const ParseOptions &options, Program &program);

} // namespace wf

#endif
