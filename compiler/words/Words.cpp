//===- Words.cpp ----------------------------------------------------------===//
#include "compiler/words/Words.h"

#include <iterator>

namespace wf {

namespace {
struct PrimInfo {
  const char *name;
  const char *effect;
};
const PrimInfo primInfos[] = {
#define PRIMITIVE(Enum, Name, Effect) {Name, Effect},
#include "compiler/words/Primitives.def"
};

const char *const controlNames[] = {
    "IF", "ELSE", "THEN", "BEGIN", "UNTIL", "WHILE", "REPEAT", "AGAIN",
    "DO", "?DO", "LOOP", "+LOOP", "LEAVE", "UNLOOP", "EXIT",
};
} // namespace

std::optional<Prim> lookupPrimitive(std::string_view upperName) {
  for (unsigned i = 0; i < std::size(primInfos); ++i)
    if (upperName == primInfos[i].name)
      return static_cast<Prim>(i);
  return std::nullopt;
}

const char *primitiveName(Prim prim) {
  return primInfos[static_cast<unsigned>(prim)].name;
}

const char *primitiveEffect(Prim prim) {
  return primInfos[static_cast<unsigned>(prim)].effect;
}

unsigned primitiveCount() { return std::size(primInfos); }

std::optional<ControlWord> lookupControlWord(std::string_view upperName) {
  for (unsigned i = 0; i < std::size(controlNames); ++i)
    if (upperName == controlNames[i])
      return static_cast<ControlWord>(i);
  return std::nullopt;
}

const char *controlWordName(ControlWord word) {
  return controlNames[static_cast<unsigned>(word)];
}

} // namespace wf
