//===- Words.cpp - Lookup in the word tables ------------------------------===//
#include "compiler/words/Words.h"

#include <iterator>

namespace wf {

namespace {
const PrimitiveInfo primInfos[] = {
#define PRIMITIVE(Enum, Name, Effect, In, Out, Family, Detail, Sm)             \
  {#Enum, Name, Effect, In, Out, #Family, #Detail, Sm},
#include "compiler/words/Primitives.def"
};

const char *const syntaxNames[] = {
#define SYNTAX_WORD(Enum, Name) Name,
#include "compiler/words/Syntax.def"
};

// Control words come first in Syntax.def, so a control word's index is its
// syntax index.
constexpr unsigned controlCount = 0
#define CONTROL_WORD(Enum, Name) +1
#include "compiler/words/Syntax.def"
    ;
#define CONTROL_WORD(Enum, Name)                                               \
  static_assert(static_cast<unsigned>(SyntaxWord::Enum) ==                     \
                    static_cast<unsigned>(ControlWord::Enum),                  \
                "control words come first in Syntax.def");
#include "compiler/words/Syntax.def"
} // namespace

std::optional<Prim> lookupPrimitive(std::string_view upperName) {
  for (unsigned i = 0; i < std::size(primInfos); ++i)
    if (upperName == primInfos[i].name)
      return static_cast<Prim>(i);
  return std::nullopt;
}

const PrimitiveInfo &primitiveInfo(Prim prim) {
  return primInfos[static_cast<unsigned>(prim)];
}

unsigned primitiveCount() { return std::size(primInfos); }

std::string targetIntrinsic(Prim prim) {
  const PrimitiveInfo &info = primitiveInfo(prim);
  std::string_view detail = info.detail;
  std::string_view family = info.family;
  if ((family != "Target" && family != "TargetSwapped") || detail.size() < 2)
    return "";
  return std::string(detail.substr(1, detail.size() - 2)); // the quotes
}

std::optional<SyntaxWord> lookupSyntaxWord(std::string_view upperName) {
  for (unsigned i = 0; i < std::size(syntaxNames); ++i)
    if (upperName == syntaxNames[i])
      return static_cast<SyntaxWord>(i);
  return std::nullopt;
}

const char *syntaxWordName(SyntaxWord word) {
  return syntaxNames[static_cast<unsigned>(word)];
}

unsigned syntaxWordCount() { return std::size(syntaxNames); }

std::optional<ControlWord> asControlWord(SyntaxWord word) {
  auto index = static_cast<unsigned>(word);
  if (index >= controlCount)
    return std::nullopt;
  return static_cast<ControlWord>(index);
}

const char *controlWordName(ControlWord word) {
  return syntaxNames[static_cast<unsigned>(word)];
}

} // namespace wf
