//===- SizeExpr.cpp - Recursive descent over a size expression ------------===//
#include "compiler/parser/SizeExpr.h"

#include "compiler/lexer/Lexer.h"

namespace wf {

namespace {

class SizeParser {
public:
  SizeParser(std::string_view text, const ConstLookup &lookup)
      : text(text), lookup(lookup) {}

  SizeEvalResult run() {
    std::optional<int64_t> v = expr();
    skipSpace();
    if (!failed && pos != text.size())
      fail("unexpected '" + std::string(1, text[pos]) + "'");
    SizeEvalResult result;
    if (failed) {
      result.status = SizeEvalResult::Invalid;
      result.message = error;
    } else if (!unknown.empty()) {
      result.status = SizeEvalResult::Symbolic;
      result.message = unknown;
    } else {
      result.status = SizeEvalResult::Known;
      result.value = *v;
    }
    return result;
  }

private:
  void fail(std::string message) {
    if (!failed)
      error = std::move(message);
    failed = true;
  }

  void skipSpace() {
    while (pos < text.size() && (text[pos] == ' ' || text[pos] == '\t'))
      ++pos;
  }

  bool eat(char c) {
    skipSpace();
    if (pos < text.size() && text[pos] == c) {
      ++pos;
      return true;
    }
    return false;
  }

  // Every operation is done on optionals: an unknown name poisons the value
  // but parsing goes on, so syntax errors are still found.
  std::optional<int64_t> expr() {
    std::optional<int64_t> lhs = term();
    while (!failed) {
      char op = 0;
      if (eat('+'))
        op = '+';
      else if (eat('-'))
        op = '-';
      else
        break;
      auto rhs = term();
      if (!lhs || !rhs) {
        lhs = std::nullopt;
        continue;
      }
      int64_t sum;
      if (op == '+' ? __builtin_add_overflow(*lhs, *rhs, &sum)
                    : __builtin_sub_overflow(*lhs, *rhs, &sum)) {
        fail("size overflows 64 bits");
        return std::nullopt;
      }
      lhs = sum;
    }
    return lhs;
  }

  std::optional<int64_t> term() {
    std::optional<int64_t> lhs = factor();
    while (!failed) {
      char op = 0;
      if (eat('*'))
        op = '*';
      else if (eat('/'))
        op = '/';
      else if (eat('%'))
        op = '%';
      else
        break;
      auto rhs = factor();
      if (!lhs || !rhs) {
        lhs = std::nullopt;
        continue;
      }
      if (op == '*') {
        int64_t product;
        if (__builtin_mul_overflow(*lhs, *rhs, &product)) {
          fail("size overflows 64 bits");
          return std::nullopt;
        }
        lhs = product;
      } else if (*rhs == 0) {
        fail("division by zero");
        return std::nullopt;
      } else if (*rhs == -1) {
        // Not a division: INT64_MIN / -1 traps on x86. x % -1 is 0.
        int64_t negated = 0;
        if (op == '/' && __builtin_sub_overflow(0, *lhs, &negated)) {
          fail("size overflows 64 bits");
          return std::nullopt;
        }
        lhs = negated;
      } else {
        lhs = op == '/' ? *lhs / *rhs : *lhs % *rhs;
      }
    }
    return lhs;
  }

  std::optional<int64_t> factor() {
    // '(' and unary '-' recurse: bound the depth so that a hostile size
    // cannot exhaust the stack.
    if (depth >= maxDepth) {
      fail("expression nested too deeply");
      return std::nullopt;
    }
    ++depth;
    std::optional<int64_t> v = primary();
    --depth;
    return v;
  }

  std::optional<int64_t> primary() {
    skipSpace();
    if (pos >= text.size()) {
      fail("expression ends too early");
      return std::nullopt;
    }
    if (eat('(')) {
      auto v = expr();
      if (!eat(')'))
        fail("missing ')'");
      return v;
    }
    if (eat('-')) {
      auto v = factor();
      int64_t negated;
      if (v && __builtin_sub_overflow(0, *v, &negated)) {
        fail("size overflows 64 bits");
        return std::nullopt;
      }
      return v ? std::optional<int64_t>(negated) : std::nullopt;
    }
    size_t begin = pos;
    while (pos < text.size() &&
           (std::isalnum(static_cast<unsigned char>(text[pos])) ||
            text[pos] == '_' || text[pos] == '$' || text[pos] == '.'))
      ++pos;
    std::string_view word = text.substr(begin, pos - begin);
    if (word.empty()) {
      fail("unexpected '" + std::string(1, text[pos]) + "'");
      return std::nullopt;
    }
    Token tok;
    if (classifyNumber(word, tok, nullptr)) {
      if (tok.kind != TokenKind::Integer) {
        fail("'" + std::string(word) + "' is not an integer");
        return std::nullopt;
      }
      return tok.intValue;
    }
    if (auto v = lookup(word))
      return v;
    if (unknown.empty())
      unknown = std::string(word);
    return std::nullopt;
  }

  static constexpr unsigned maxDepth = 256;

  std::string_view text;
  const ConstLookup &lookup;
  size_t pos = 0;
  unsigned depth = 0;
  bool failed = false;
  std::string error;
  std::string unknown;
};

} // namespace

SizeEvalResult evaluateSizeExpr(std::string_view text,
                                const ConstLookup &lookup) {
  return SizeParser(text, lookup).run();
}

} // namespace wf
