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

/// How a name in a size expression resolves, once, for SizeProgram.
struct SizeName {
  enum Kind : uint8_t { None, Const, Param } kind = None;
  int64_t value = 0; ///< Const: the value; Param: the param's index
};
using NameResolver = std::function<SizeName(const std::string &)>;

/// A size expression parsed once, its names resolved to constants or param
/// indices: what the runtime evaluates at every launch without parsing
/// text (evalSizeExpr is this, built and run once).
class SizeProgram {
public:
  /// Throws Error ("bad size expression 'E': why") on bad syntax.
  SizeProgram(const std::string &expr, const NameResolver &resolver);
  /// The value, param i's value being params[i] (nullopt, or an index
  /// past `count`: unknown); nullopt when a name's value is unknown. Throws
  /// Error on division by zero or overflow.
  std::optional<int64_t> eval(const std::optional<int64_t> *params,
                              size_t count) const;
  const std::string &text() const { return text_; }
  /// The first name that resolved to nothing ("" when none).
  const std::string &firstUnknown() const { return unknown_; }

  /// One postfix step: push a constant, a param's value or an unknown, or
  /// combine the top two values.
  struct Step {
    enum Op : uint8_t { Const, Param, Unknown, Add, Sub, Mul, Div, Rem } op;
    int64_t value; ///< Const: the value; Param: the index
  };

private:
  std::string text_;
  std::vector<Step> steps_;
  std::string unknown_;
};

/// The element count a tensor map's buffer must hold ('\! tmap', dims and
/// strides outermost first, without spaces): the dims' product when
/// `strides` is empty (dense), else the extent one past its last element,
/// (D0-1)*S0+(D1-1)*S1+..+D{r-1}. The compiler and the runtime both build
/// it here, so the launch check's messages show the same text.
std::string tensorMapExtent(const std::vector<std::string> &dims,
                            const std::vector<std::string> &strides);

} // namespace wf::rt

#endif
