//===- ParamBinding.h - Turning --param specs into kernel arguments -------===//
//
// Matches specs to the kernel's params (positional ones in header order,
// named ones by name), takes missing element types from the signature and
// builds host data: arrays are padded with zeros up to the declared size
// when it is known, like the fixed-size buffers of the public runner (a
// lone `i64[]:5` for a `DATA i64[256]` param gives 256 elements).
//
//===----------------------------------------------------------------------===//
#ifndef WARPFORTH_RUNTIME_ARGS_PARAMBINDING_H
#define WARPFORTH_RUNTIME_ARGS_PARAMBINDING_H

#include "common/KernelSignature.h"
#include "runtime/Launch.h"
#include "runtime/args/HostArray.h"
#include "runtime/args/ParamSpec.h"

#include <optional>
#include <vector>

namespace wf::rt {

struct BoundParam {
  bool isArray = false;
  HostArray array;                    ///< arrays: the data to upload
  Number scalar;                      ///< scalars: the value
  std::optional<ElemType> statedType; ///< the type the spec or file states
  std::string source;                 ///< the spec text, for messages
};

/// One BoundParam per signature param, in order. Throws Error naming the
/// kernel and param for a missing, duplicate, unknown or mistyped param.
std::vector<BoundParam> bindParams(const KernelSignature &sig,
                                   const std::vector<ParamSpec> &specs);

/// The launch argument for a bound scalar (arrays need a device buffer
/// first: Arg::buf(buffer, bound.array.type())).
Arg scalarArg(const BoundParam &bound);

} // namespace wf::rt

#endif
