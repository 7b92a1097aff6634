//===- Types.cpp ----------------------------------------------------------===//
#include "compiler/support/Types.h"

#include <string>

namespace wf {

const char *elemTypeName(ElemType type) {
  switch (type) {
  case ElemType::I8:
    return "i8";
  case ElemType::I16:
    return "i16";
  case ElemType::I32:
    return "i32";
  case ElemType::I64:
    return "i64";
  case ElemType::F16:
    return "f16";
  case ElemType::BF16:
    return "bf16";
  case ElemType::F32:
    return "f32";
  case ElemType::F64:
    return "f64";
  }
  return "?";
}

unsigned elemTypeBytes(ElemType type) {
  switch (type) {
  case ElemType::I8:
    return 1;
  case ElemType::I16:
  case ElemType::F16:
  case ElemType::BF16:
    return 2;
  case ElemType::I32:
  case ElemType::F32:
    return 4;
  case ElemType::I64:
  case ElemType::F64:
    return 8;
  }
  return 8;
}

bool isFloatElem(ElemType type) {
  return type == ElemType::F16 || type == ElemType::BF16 ||
         type == ElemType::F32 || type == ElemType::F64;
}

std::optional<ElemType> parseElemType(std::string_view name) {
  std::string lower(name);
  for (char &c : lower)
    if (c >= 'A' && c <= 'Z')
      c = static_cast<char>(c - 'A' + 'a');
  for (ElemType t : {ElemType::I8, ElemType::I16, ElemType::I32, ElemType::I64,
                     ElemType::F16, ElemType::BF16, ElemType::F32,
                     ElemType::F64})
    if (lower == elemTypeName(t))
      return t;
  return std::nullopt;
}

const char *floatModeName(FloatMode mode) {
  return mode == FloatMode::F32 ? "f32" : "f64";
}

} // namespace wf
