//===- Types.h - Element types and float modes of the language ------------===//
//
// Element types are shared with the runtime (common/ElemType.h): the
// compiler writes them into the kernel signature and the runtime reads them
// back, so both sides share one definition.
//
//===----------------------------------------------------------------------===//
#ifndef WARPFORTH_COMPILER_SUPPORT_TYPES_H
#define WARPFORTH_COMPILER_SUPPORT_TYPES_H

#include "common/ElemType.h"

#include <cstdint>
#include <optional>
#include <string_view>

namespace wf {

/// The precision of float slots, float literals and the F-words.
enum class FloatMode { F64, F32 };

using rt::ElemType;
using rt::elemTypeName;

inline unsigned elemTypeBytes(ElemType type) {
  return static_cast<unsigned>(rt::elemSize(type));
}
inline bool isFloatElem(ElemType type) { return rt::isFloat(type); }
/// Parses "i64", "F32", ... (case-insensitive, as Forth names are).
std::optional<ElemType> parseElemType(std::string_view name);

const char *floatModeName(FloatMode mode);

} // namespace wf

#endif
