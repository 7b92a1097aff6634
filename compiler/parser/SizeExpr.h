//===- SizeExpr.h - Integer expressions in header sizes -------------------===//
//
// `f64[SEQ*DIM]`, `f64[MAX_SEQ]`, `\! const N 4*64`: integers, names,
// + - * / % and parentheses. A name that is not a known constant leaves the
// expression symbolic (fine for a param, whose size the runtime can check
// against scalar params at launch; an error for shared memory).
//
//===----------------------------------------------------------------------===//
#ifndef WARPFORTH_COMPILER_PARSER_SIZEEXPR_H
#define WARPFORTH_COMPILER_PARSER_SIZEEXPR_H

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace wf {

struct SizeEvalResult {
  enum Status { Known, Symbolic, Invalid } status = Invalid;
  int64_t value = 0;
  std::string message; // Invalid: why; Symbolic: the first unknown name
};

using ConstLookup = std::function<std::optional<int64_t>(std::string_view)>;

SizeEvalResult evaluateSizeExpr(std::string_view text,
                                const ConstLookup &lookup);

} // namespace wf

#endif
