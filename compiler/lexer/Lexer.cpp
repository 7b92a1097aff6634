//===- Lexer.cpp ----------------------------------------------------------===//
#include "compiler/lexer/Lexer.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>

namespace wf {

const char *tokenKindName(TokenKind kind) {
  switch (kind) {
  case TokenKind::Word:
    return "word";
  case TokenKind::Integer:
    return "integer";
  case TokenKind::Float:
    return "float";
  case TokenKind::Directive:
    return "directive";
  case TokenKind::EndOfFile:
    return "eof";
  }
  return "?";
}

std::string upperCase(std::string_view text) {
  std::string out(text);
  for (char &c : out)
    if (c >= 'a' && c <= 'z')
      c = static_cast<char>(c - 'a' + 'A');
  return out;
}

static bool isDigit(char c) { return c >= '0' && c <= '9'; }
static bool isHexDigit(char c) {
  return isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

bool classifyNumber(std::string_view text, Token &tok,
                    DiagnosticEngine *diags) {
  size_t i = 0;
  bool negative = false;
  if (i < text.size() && (text[i] == '-' || text[i] == '+')) {
    negative = text[i] == '-';
    ++i;
  }
  std::string_view body = text.substr(i);
  if (body.empty())
    return false;

  // Infinities and NaN: `inf` `+inf` `-inf` and `nan` (any case), the
  // spellings C's printf and Python print, so a value copied from either
  // reads back. A NaN takes no sign: its sign bit means nothing to a word.
  std::string upper = upperCase(body);
  if (upper == "INF" || (upper == "NAN" && i == 0)) {
    tok.kind = TokenKind::Float;
    double value = upper == "INF" ? HUGE_VAL : std::nan("");
    tok.floatValue = negative ? -value : value;
    return true;
  }

  // Hexadecimal: 0x1F or $1F (the Forth prefix).
  size_t hexStart = 0;
  if (body.size() > 2 && body[0] == '0' && (body[1] == 'x' || body[1] == 'X'))
    hexStart = 2;
  else if (body.size() > 1 && body[0] == '$')
    hexStart = 1;
  if (hexStart) {
    uint64_t value = 0;
    bool overflow = false;
    for (size_t k = hexStart; k < body.size(); ++k) {
      char c = body[k];
      if (!isHexDigit(c))
        return false;
      unsigned digit = isDigit(c) ? c - '0' : (c | 0x20) - 'a' + 10;
      if (value >> 60)
        overflow = true;
      value = value * 16 + digit;
    }
    if (overflow && diags)
      diags->error(tok.loc, "integer literal '" + std::string(text) +
                                "' does not fit in 64 bits",
                   static_cast<uint32_t>(text.size()));
    tok.kind = TokenKind::Integer;
    tok.intValue = static_cast<int64_t>(negative ? (0 - value) : value);
    return true;
  }

  // Decimal integer or float. Shape: digits [. digits] [e [sign] digits],
  // with at least one digit in the mantissa.
  size_t k = 0, mantissaDigits = 0;
  bool sawDot = false, sawExp = false;
  while (k < body.size() && isDigit(body[k]))
    ++k, ++mantissaDigits;
  if (k < body.size() && body[k] == '.') {
    sawDot = true;
    ++k;
    while (k < body.size() && isDigit(body[k]))
      ++k, ++mantissaDigits;
  }
  if (mantissaDigits == 0)
    return false;
  if (k < body.size() && (body[k] == 'e' || body[k] == 'E')) {
    sawExp = true;
    ++k;
    if (k < body.size() && (body[k] == '+' || body[k] == '-'))
      ++k;
    size_t expDigits = 0;
    while (k < body.size() && isDigit(body[k]))
      ++k, ++expDigits;
    if (expDigits == 0)
      return false;
  }
  if (k != body.size())
    return false;

  std::string copy(text);
  if (sawDot || sawExp) {
    tok.kind = TokenKind::Float;
    tok.floatValue = std::strtod(copy.c_str(), nullptr);
    return true;
  }
  errno = 0;
  unsigned long long magnitude = std::strtoull(copy.c_str() + i, nullptr, 10);
  bool fits = errno != ERANGE &&
              (negative ? magnitude <= (1ull << 63)
                        : magnitude <= 0xFFFFFFFFFFFFFFFFull);
  if (!fits && diags)
    diags->error(tok.loc, "integer literal '" + copy +
                              "' does not fit in 64 bits",
                 static_cast<uint32_t>(text.size()));
  tok.kind = TokenKind::Integer;
  tok.intValue = static_cast<int64_t>(negative ? 0 - magnitude : magnitude);
  return true;
}

namespace {

class Lexer {
public:
  Lexer(const SourceManager &sources, uint32_t file, DiagnosticEngine &diags)
      : text(sources.text(file)), file(file), diags(diags) {}

  std::vector<Token> run() {
    std::vector<Token> tokens;
    while (true) {
      skipSpace();
      if (pos >= text.size())
        break;
      SourceLoc loc = here();
      std::string_view word = readWord();
      if (word == "\\") {
        skipLine();
        continue;
      }
      if (word == "(") {
        skipParenComment(loc);
        continue;
      }
      if (word.substr(0, 2) == "\\!") {
        tokens.push_back(readDirective(loc, word));
        continue;
      }
      tokens.push_back(makeToken(word, loc));
    }
    Token eof;
    eof.kind = TokenKind::EndOfFile;
    eof.loc = here();
    tokens.push_back(eof);
    return tokens;
  }

private:
  static bool isSpace(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' ||
           c == '\v';
  }

  SourceLoc here() const { return SourceLoc{file, line, col}; }

  void advance() {
    if (text[pos] == '\n') {
      ++line;
      col = 1;
    } else {
      ++col;
    }
    ++pos;
  }

  void skipSpace() {
    while (pos < text.size() && isSpace(text[pos]))
      advance();
  }

  void skipLine() {
    while (pos < text.size() && text[pos] != '\n')
      advance();
  }

  std::string_view readWord() {
    size_t begin = pos;
    while (pos < text.size() && !isSpace(text[pos]))
      advance();
    return std::string_view(text).substr(begin, pos - begin);
  }

  void skipParenComment(SourceLoc open) {
    while (pos < text.size() && text[pos] != ')')
      advance();
    if (pos >= text.size()) {
      diags.error(open, "unterminated '(' comment: no ')' before end of file");
      return;
    }
    advance(); // the ')'
  }

  Token makeToken(std::string_view word, SourceLoc loc) {
    Token tok;
    tok.loc = loc;
    tok.text = std::string(word);
    tok.upper = upperCase(word);
    if (!classifyNumber(word, tok, &diags))
      tok.kind = TokenKind::Word;
    return tok;
  }

  // `\! kernel main` -> Directive token with parts [kernel, main]. A comment
  // may follow on the same line after `\`.
  Token readDirective(SourceLoc loc, std::string_view first) {
    Token tok;
    tok.kind = TokenKind::Directive;
    tok.loc = loc;
    tok.text = std::string(first);
    tok.upper = upperCase(first);
    if (first.size() > 2) {
      // `\!kernel`: treat what follows the marker as the first part.
      Token part = makeToken(first.substr(2), {file, loc.line, loc.col + 2});
      tok.parts.push_back(part);
    }
    while (true) {
      while (pos < text.size() && text[pos] != '\n' && isSpace(text[pos]))
        advance();
      if (pos >= text.size() || text[pos] == '\n')
        break;
      SourceLoc partLoc = here();
      std::string_view word = readWord();
      if (word == "\\") {
        skipLine();
        break;
      }
      if (word == "(") {
        // A ( comment ) may annotate a directive; it ends on this line.
        while (pos < text.size() && text[pos] != ')' && text[pos] != '\n')
          advance();
        if (pos < text.size() && text[pos] == ')')
          advance();
        else
          diags.error(partLoc, "unterminated '(' comment in a directive");
        continue;
      }
      tok.parts.push_back(makeToken(word, partLoc));
    }
    return tok;
  }

  const std::string &text;
  uint32_t file;
  DiagnosticEngine &diags;
  size_t pos = 0;
  uint32_t line = 1, col = 1;
};

} // namespace

std::vector<Token> lexFile(const SourceManager &sources, uint32_t file,
                           DiagnosticEngine &diags) {
  return Lexer(sources, file, diags).run();
}

} // namespace wf
