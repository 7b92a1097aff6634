//===- TypeParams.h - `\! type` parameters of a kernel --------------------===//
//
// A kernel written once for several element types declares a type
// parameter, `\! type T f32 bf16 f16` (the first type is the default, the
// list what -D T=... may pick), and uses it where a type or a type's name
// goes:
//   - an element type in `param`, `shared`, `reg` and `tmap`: `T[N]`, `T`;
//   - `{T}` inside any word or directive part, the kernel's and INCLUDEd
//     files' alike, spliced with the type's name: `\! kernel softmax_{T}`,
//     `MMA-{T}`, `{T}@` (BF16@ F16@ F32@), `F>{T}X2`;
//   - `sizeof(T)` in header expressions: the type's bytes; `is(T,bf16)`:
//     1 where T is bf16, else 0.
// This runs on the tokens before the header and the code are parsed, so
// that everything after it sees ordinary words and types.
//
//===----------------------------------------------------------------------===//
#ifndef WARPFORTH_COMPILER_PARSER_TYPEPARAMS_H
#define WARPFORTH_COMPILER_PARSER_TYPEPARAMS_H

#include "compiler/lexer/Token.h"
#include "compiler/support/Diagnostics.h"
#include "compiler/support/Types.h"

#include <map>
#include <string>
#include <vector>

namespace wf {

struct TypeParam {
  std::string name;  // as declared
  std::string upper; // for case-insensitive matching
  ElemType type;     // the default, or -D's choice
  Token nameTok;     // where it was declared
};

/// The `\! type` directives among `tokens[0, headerEnd)`, each set to its
/// default or to the -D value of its name, which is taken out of `defines`
/// (it is a type, not a constant). Errors (an unknown type, a -D value not
/// in the list, a name declared twice) go to `diags`.
std::vector<TypeParam>
collectTypeParams(const std::vector<Token> &tokens, size_t headerEnd,
                  std::map<std::string, std::string> &defines,
                  DiagnosticEngine &diags);

/// Splices the parameters into `tokens` (words and directive parts): `{T}`,
/// `sizeof(T)` and `is(T,TYPE)` anywhere, `T` as the element type of `param`,
/// `shared`, `reg` and `tmap`. A `{X}` that names no parameter is an error at
/// it.
void spliceTypeParams(std::vector<Token> &tokens,
                      const std::vector<TypeParam> &params,
                      DiagnosticEngine &diags);

} // namespace wf

#endif
