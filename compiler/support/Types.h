//===- Types.h - Element types and float modes of the language ------------===//
#ifndef WARPFORTH_COMPILER_SUPPORT_TYPES_H
#define WARPFORTH_COMPILER_SUPPORT_TYPES_H

#include <cstdint>
#include <optional>
#include <string_view>

namespace wf {

/// The precision of float slots, float literals and the F-words.
enum class FloatMode { F64, F32 };

/// Types a param, a shared array or a memory word can name.
enum class ElemType { I8, I16, I32, I64, F16, BF16, F32, F64 };

const char *elemTypeName(ElemType type);
unsigned elemTypeBytes(ElemType type);
bool isFloatElem(ElemType type);
/// Parses "i64", "F32", ... (case-insensitive).
std::optional<ElemType> parseElemType(std::string_view name);

const char *floatModeName(FloatMode mode);

} // namespace wf

#endif
