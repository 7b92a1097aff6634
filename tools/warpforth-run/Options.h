//===- Options.h - warpforth-run's command line, parsed -------------------===//
//
// The options as plain data, filled by CLI11 in main.cpp, plus the parsers
// for the option values CLI11 cannot check by itself.
//
//===----------------------------------------------------------------------===//
#ifndef WARPFORTH_TOOLS_WARPFORTH_RUN_OPTIONS_H
#define WARPFORTH_TOOLS_WARPFORTH_RUN_OPTIONS_H

#include "runtime/Device.h"
#include "runtime/Launch.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace wf::run {

struct RunOptions {
  std::string input;
  std::vector<std::string> params;
  std::string grid = "1,1,1";
  /// Empty: the kernel's '\! block' shape, else 1,1,1.
  std::string block;
  std::optional<std::string> outputParam; ///< index or name
  std::optional<long long> outputCount;
  std::string device = "auto";
  std::vector<std::string> saves;  ///< NAME=file.npy
  std::vector<std::string> prints; ///< NAME
  int bench = 0;
  std::string sharedBytes = "0";         ///< parsed by parseByteCount
  std::optional<std::string> kernelName; ///< the public runner's --kernel
  // Passed to the compiler for .forth input.
  std::vector<std::string> defines; ///< -D as given (compiler/driver/Defines.h)
  std::vector<std::string> includeDirs;
  std::optional<std::string> floatMode;
  std::optional<std::string> arch;
  bool checkBounds = false; ///< --check-bounds (.forth input)
  bool warningsAsErrors = false; ///< -Werror (.forth input)
  std::optional<double> timeout; ///< --timeout SECONDS (0: no limit)
  bool sanitize = false;    ///< --sanitize (.forth input, CPU only)
  bool verbose = false;
};

/// "X", "X,Y" or "X,Y,Z", each at least 1. Throws rt::Error naming `what`.
rt::Dim3 parseDims(const std::string &text, const std::string &what);

/// Splits "NAME=VALUE" at its first '='; throws rt::Error naming `what`.
std::pair<std::string, std::string> splitAssignment(const std::string &text,
                                                    const std::string &what);

/// A byte count: decimal digits (or 0x hex) that fit in 64 bits. Throws
/// rt::Error naming `what` for "-1", "2^64" and the like, which CLI11 would
/// wrap or clamp.
uint64_t parseByteCount(const std::string &text, const std::string &what);

} // namespace wf::run

#endif
