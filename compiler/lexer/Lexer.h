//===- Lexer.h - Splits Forth source into tokens --------------------------===//
//
// Forth has almost no syntax: words are separated by whitespace. The lexer
// drops comments (`\ ...` to end of line, `( ... )`), classifies numbers and
// gathers each `\!` header line into one Directive token.
//
//===----------------------------------------------------------------------===//
#ifndef WARPFORTH_COMPILER_LEXER_LEXER_H
#define WARPFORTH_COMPILER_LEXER_LEXER_H

#include "compiler/lexer/Token.h"
#include "compiler/support/Diagnostics.h"

#include <optional>
#include <string_view>
#include <vector>

namespace wf {

/// Lexes the whole file `file` of `sources`; the last token is EndOfFile.
std::vector<Token> lexFile(const SourceManager &sources, uint32_t file,
                           DiagnosticEngine &diags);

/// Classifies `text` as a number: fills `tok` and returns true if it is one.
/// Reports out-of-range literals through `diags` at `tok.loc`.
bool classifyNumber(std::string_view text, Token &tok,
                    DiagnosticEngine *diags);

/// Upper-cases ASCII letters (Forth names are case-insensitive).
std::string upperCase(std::string_view text);

} // namespace wf

#endif
