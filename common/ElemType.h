//===- ElemType.h - The element types a kernel param can have -------------===//
//
// Signature blocks, .npy files and --param specs all name element types; this
// is the one table of names and sizes they share.
//
//===----------------------------------------------------------------------===//
#ifndef WARPFORTH_COMMON_ELEMTYPE_H
#define WARPFORTH_COMMON_ELEMTYPE_H

#include <cstddef>
#include <optional>
#include <string>

namespace wf::rt {

enum class ElemType { I8, I16, I32, I64, F16, BF16, F32, F64 };

/// "i8", "f64", ... as written in signatures and --param specs.
const char *elemTypeName(ElemType type);

/// The inverse of elemTypeName; nullopt for anything else.
std::optional<ElemType> parseElemType(const std::string &name);

/// Bytes per element.
size_t elemSize(ElemType type);

bool isFloat(ElemType type);

} // namespace wf::rt

#endif
