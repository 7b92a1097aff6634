//===- Defines.h - The one parser of -D NAME=VALUE ------------------------===//
//
// warpforthc, warpforth-run, the demos and the C API (hence Python) all
// read -D through addDefine, so every spelling means the same everywhere:
//
//   -D NAME=VALUE   NAME is VALUE (an expression or a float literal)
//   -D NAME         NAME is 1, as a C compiler would have it
//   -D NAME=        an error naming NAME: the value is missing
//   -D NAME=A=B     an error naming NAME: a value holds no '='
//   -D =VALUE       an error: there is no name
//
//===----------------------------------------------------------------------===//
#ifndef WARPFORTH_COMPILER_DRIVER_DEFINES_H
#define WARPFORTH_COMPILER_DRIVER_DEFINES_H

#include <map>
#include <optional>
#include <string>

namespace wf {

/// Parses one -D argument `spec` into `defines` (a later define of the same
/// name replaces an earlier one). Returns the error message, without a
/// tool prefix, when `spec` is malformed; `defines` is then unchanged.
std::optional<std::string>
addDefine(std::map<std::string, std::string> &defines, const std::string &spec);

} // namespace wf

#endif
