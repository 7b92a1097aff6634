//===- Words.h - The primitive words and the syntax words -----------------===//
//
// Both lists are tables (Primitives.def, Syntax.def); this is the lookup
// every stage uses.
//
//===----------------------------------------------------------------------===//
#ifndef WARPFORTH_COMPILER_WORDS_WORDS_H
#define WARPFORTH_COMPILER_WORDS_WORDS_H

#include <optional>
#include <string>
#include <string_view>

namespace wf {

enum class Prim {
#define PRIMITIVE(Enum, Name, Effect, In, Out, Family, Detail, Sm) Enum,
#include "compiler/words/Primitives.def"
};

/// What a primitive's row says, apart from how it is lowered.
struct PrimitiveInfo {
  const char *enumName; // the Enum column: names its CPU function
  const char *name;
  const char *effect;
  const char *in;  // operand kinds, deepest first (Primitives.def)
  const char *out; // result kinds
  const char *family;
  const char *detail; // the Detail column as written
  unsigned minSm;     // 0: every GPU
};

/// Every word the parser reads itself (Syntax.def).
enum class SyntaxWord {
#define SYNTAX_WORD(Enum, Name) Enum,
#include "compiler/words/Syntax.def"
};

/// The control-flow subset: the parser checks their nesting, the resolver
/// turns them into branches.
enum class ControlWord {
#define CONTROL_WORD(Enum, Name) Enum,
#include "compiler/words/Syntax.def"
};

/// Primitives.def's Sm column for words of the architecture-specific
/// target: archSpecificSm + 90 is sm_90a.
constexpr unsigned archSpecificSm = 1000;

/// Words followed by the name of a register array (WGMMA-BF16 ACC).
inline bool takesRegisterArray(Prim prim) {
  return prim == Prim::WgmmaBF16 || prim == Prim::WgmmaF16 ||
         prim == Prim::WgmmaBF16RS || prim == Prim::WgmmaF16RS;
}

std::optional<Prim> lookupPrimitive(std::string_view upperName);
const PrimitiveInfo &primitiveInfo(Prim prim);
inline const char *primitiveName(Prim prim) { return primitiveInfo(prim).name; }
unsigned primitiveCount();
/// For a word of family Target, the NVVM intrinsic it is on the GPU;
/// empty for other words.
std::string targetIntrinsic(Prim prim);

std::optional<SyntaxWord> lookupSyntaxWord(std::string_view upperName);
const char *syntaxWordName(SyntaxWord word);
unsigned syntaxWordCount();
/// The control word a syntax word is, if it is one.
std::optional<ControlWord> asControlWord(SyntaxWord word);
const char *controlWordName(ControlWord word);

} // namespace wf

#endif
