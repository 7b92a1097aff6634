//===- Token.h - What the lexer produces ----------------------------------===//
#ifndef WARPFORTH_COMPILER_LEXER_TOKEN_H
#define WARPFORTH_COMPILER_LEXER_TOKEN_H

#include "compiler/support/SourceManager.h"

#include <cstdint>
#include <string>
#include <vector>

namespace wf {

enum class TokenKind {
  Word,      // any whitespace-delimited word that is not a number
  Integer,   // 42, -7, 0x1F, $ff
  Float,     // 1.5, -2.0, 1e3, 1.0e-5 (a number with '.' or an exponent)
  Directive, // a `\!` header line; `parts` holds its words
  EndOfFile,
};

struct Token {
  TokenKind kind = TokenKind::EndOfFile;
  SourceLoc loc;
  std::string text;  // as written
  std::string upper; // upper-cased, for case-insensitive lookup
  int64_t intValue = 0;
  double floatValue = 0.0;
  std::vector<Token> parts; // Directive only: the words after `\!`

  uint32_t length() const { return static_cast<uint32_t>(text.size()); }
};

const char *tokenKindName(TokenKind kind);

} // namespace wf

#endif
