//===- Diagnostics.h - Clang-style error reporting ------------------------===//
//
// Every stage reports problems here instead of throwing or aborting, so one
// run can show several errors and the driver decides the exit status.
//
//===----------------------------------------------------------------------===//
#ifndef WARPFORTH_COMPILER_SUPPORT_DIAGNOSTICS_H
#define WARPFORTH_COMPILER_SUPPORT_DIAGNOSTICS_H

#include "compiler/support/SourceManager.h"

#include <set>
#include <string>
#include <tuple>
#include <vector>

namespace wf {

enum class Severity { Error, Warning, Note };

struct Diagnostic {
  Severity severity;
  SourceLoc loc;
  uint32_t length; // columns to underline, at least 1
  std::string message;
};

class DiagnosticEngine {
public:
  explicit DiagnosticEngine(const SourceManager &sources) : sources(sources) {}

  void error(SourceLoc loc, std::string message, uint32_t length = 1);
  void warning(SourceLoc loc, std::string message, uint32_t length = 1);
  void note(SourceLoc loc, std::string message, uint32_t length = 1);

  /// -Werror: every warning from now on is reported as an error (its
  /// message ends in " [-Werror]"), so the compile fails.
  void setWarningsAsErrors(bool on) { warningsAsErrors = on; }

  unsigned errorCount() const { return errors; }
  bool hasErrors() const { return errors != 0; }
  /// True once so many errors were reported that further ones are dropped.
  bool saturated() const { return errors >= maxErrors; }
  const std::vector<Diagnostic> &all() const { return diags; }

  /// A point to go back to: the resolver resolves a loop on trial and,
  /// when the loop must be unrolled instead, takes back what it reported.
  struct Checkpoint {
    size_t count;
    unsigned errors;
  };
  Checkpoint checkpoint() const { return {diags.size(), errors}; }
  /// Forgets every diagnostic reported since `c`, so each may be reported
  /// again.
  void rollback(const Checkpoint &c);

  /// "file:line:col: error: message", the source line and a caret line.
  std::string render() const;

  static constexpr unsigned maxErrors = 20;

private:
  void report(Severity severity, SourceLoc loc, std::string message,
              uint32_t length);

  const SourceManager &sources;
  std::vector<Diagnostic> diags;
  // Inlined words are resolved once per call; report each problem once.
  std::set<std::tuple<uint32_t, uint32_t, uint32_t, std::string>> seen;
  unsigned errors = 0;
  bool warningsAsErrors = false;
};

} // namespace wf

#endif
