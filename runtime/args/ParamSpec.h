//===- ParamSpec.h - The text of one --param ------------------------------===//
//
// warpforth-run (and later the C API) take kernel arguments as text. The
// public WarpForth runner's positional forms are read unchanged:
//
//   i64[]:1,2,3    f64[]:1.5,2.0    i64:42    f64:3.14    i64[256]
//
// and every form may also be given by name, with the type left out (it then
// comes from the kernel signature):
//
//   Q=@q.npy       N=64             SCALE=0.5        X=1,2,3
//   Q=f32[4096]:random(seed=1)      O=zeros(4096)    O=f64[4096]:zeros
//
// Fills: zeros, ones, iota (0,1,2,...) and random(seed=S,lo=L,hi=H), each
// optionally with a count first: zeros(4096), random(4096,seed=1).
//
//===----------------------------------------------------------------------===//
#ifndef WARPFORTH_RUNTIME_ARGS_PARAMSPEC_H
#define WARPFORTH_RUNTIME_ARGS_PARAMSPEC_H

#include "common/ElemType.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace wf::rt {

/// A number as written: an integer literal keeps its exact value.
struct Number {
  bool isInt = true;
  int64_t i = 0;
  double f = 0;
  std::string text; ///< as written, for messages

  double asDouble() const { return isInt ? static_cast<double>(i) : f; }
};

/// Parses one number ("42", "-0x10", "1.5e3", "inf"); nullopt if it is none.
std::optional<Number> parseNumber(const std::string &text);

struct ParamSpec {
  enum class Fill { Values, Zeros, Ones, Iota, Random, File };

  std::string text;             ///< as given, for messages
  std::string name;             ///< empty when positional
  std::optional<ElemType> type; ///< the element type the spec states
  bool statedArray = false;     ///< TYPE[..], a fill or a file
  bool statedScalar = false;    ///< TYPE:VALUE
  std::optional<int64_t> count; ///< TYPE[N] or fill(N)
  Fill fill = Fill::Values;
  std::vector<Number> values;   ///< Fill::Values
  uint64_t seed = 0;            ///< Fill::Random
  std::optional<double> lo, hi; ///< Fill::Random range
  std::string file;             ///< Fill::File (.npy)
};

/// Parses one --param. Throws Error ("bad --param 'TEXT': why") on bad
/// syntax; whether it fits the kernel is checked when binding.
ParamSpec parseParamSpec(const std::string &text);

} // namespace wf::rt

#endif
