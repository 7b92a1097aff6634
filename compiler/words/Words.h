//===- Words.h - The primitive words and the control-flow keywords --------===//
#ifndef WARPFORTH_COMPILER_WORDS_WORDS_H
#define WARPFORTH_COMPILER_WORDS_WORDS_H

#include <optional>
#include <string_view>

namespace wf {

enum class Prim {
#define PRIMITIVE(Enum, Name, Effect) Enum,
#include "compiler/words/Primitives.def"
};

/// Control-flow words: the parser checks their nesting, the resolver turns
/// them into branches.
enum class ControlWord {
  If,
  Else,
  Then,
  Begin,
  Until,
  While,
  Repeat,
  Again,
  Do,
  QDo,
  Loop,
  PlusLoop,
  Leave,
  Unloop,
  Exit,
};

std::optional<Prim> lookupPrimitive(std::string_view upperName);
const char *primitiveName(Prim prim);
const char *primitiveEffect(Prim prim);
unsigned primitiveCount();

std::optional<ControlWord> lookupControlWord(std::string_view upperName);
const char *controlWordName(ControlWord word);

} // namespace wf

#endif
