//===- SizeExpr.h - Array sizes written as expressions --------------------===//
//
// A signature declares an array's element count as an expression such as
// SEQ_LEN*HEAD_DIM: integers (decimal, 0x or $ hex), names, + - * / % and
// parentheses. Names are @const constants or integer scalar params, so the
// count is only known at launch. The compiler evaluates header sizes with
// this same code, so whatever it accepts the runtime reads back. Forth names
// may contain '-' (SEQ-LEN): a name containing '-' is looked up whole first
// and, if unknown, read as a subtraction of its parts.
//
//===----------------------------------------------------------------------===//
#ifndef WARPFORTH_COMMON_SIZEEXPR_H
#define WARPFORTH_COMMON_SIZEEXPR_H

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace wf::rt {

/// Returns a name's value, or nullopt when the name is not known.
using NameLookup = std::function<std::optional<int64_t>(const std::string &)>;

/// Throws Error when `expr` is not a well-formed size expression.
void checkSizeExpr(const std::string &expr);

/// Evaluates `expr`. Returns nullopt when it uses a name `lookup` does not
/// know (the caller then skips its size check). Throws Error on bad syntax,
/// division by zero or overflow.
std::optional<int64_t> evalSizeExpr(const std::string &expr,
                                    const NameLookup &lookup);

/// The same without exceptions, for the compiler's diagnostics.
struct SizeEval {
  enum Status { Known, Symbolic, Invalid } status = Invalid;
  int64_t value = 0;  // Known
  std::string detail; // Symbolic: the first unknown name; Invalid: why
};
SizeEval evaluateSizeExpr(const std::string &expr, const NameLookup &lookup);

/// The element count a tensor map's buffer must hold ('\! tmap', dims and
/// strides outermost first, without spaces): the dims' product when
/// `strides` is empty (dense), else the extent one past its last element,
/// (D0-1)*S0+(D1-1)*S1+..+D{r-1}. The compiler and the runtime both build
/// it here, so the launch check's messages show the same text.
std::string tensorMapExtent(const std::vector<std::string> &dims,
                            const std::vector<std::string> &strides);

} // namespace wf::rt

#endif
