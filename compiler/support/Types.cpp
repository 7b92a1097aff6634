//===- Types.cpp ----------------------------------------------------------===//
#include "compiler/support/Types.h"

#include <string>

namespace wf {

std::optional<ElemType> parseElemType(std::string_view name) {
  std::string lower(name);
  for (char &c : lower)
    if (c >= 'A' && c <= 'Z')
      c = static_cast<char>(c - 'A' + 'a');
  return rt::parseElemType(lower);
}

const char *floatModeName(FloatMode mode) {
  return mode == FloatMode::F32 ? "f32" : "f64";
}

} // namespace wf
