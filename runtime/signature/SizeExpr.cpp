#include "runtime/signature/SizeExpr.h"

#include "runtime/Error.h"

#include <cctype>
#include <vector>

namespace wf::rt {

namespace {

bool isNameStart(char c) {
  return std::isalpha(static_cast<unsigned char>(c)) || c == '_';
}
bool isNameChar(char c) {
  return isNameStart(c) || std::isdigit(static_cast<unsigned char>(c));
}

// An unknown name makes the value unknown but parsing goes on, so a syntax
// error is reported even when some names cannot be resolved.
using Value = std::optional<int64_t>;

class Evaluator {
public:
  Evaluator(const std::string &expr, const NameLookup *lookup)
      : expr(expr), lookup(lookup) {}

  Value run() {
    if (expr.empty())
      fail("empty expression");
    Value v = parseSum();
    skipSpace();
    if (pos != expr.size())
      fail(std::string("unexpected '") + expr[pos] + "'");
    return v;
  }

private:
  const std::string &expr;
  const NameLookup *lookup;
  size_t pos = 0;

  [[noreturn]] void fail(const std::string &why) {
    throw Error("bad size expression '" + expr + "': " + why);
  }

  void skipSpace() {
    while (pos < expr.size() && expr[pos] == ' ')
      ++pos;
  }

  bool accept(char c) {
    skipSpace();
    if (pos < expr.size() && expr[pos] == c) {
      ++pos;
      return true;
    }
    return false;
  }

  Value combine(Value a, char op, Value b) {
    if (!a || !b)
      return std::nullopt;
    int64_t r = 0;
    bool overflow = false;
    switch (op) {
    case '+':
      overflow = __builtin_add_overflow(*a, *b, &r);
      break;
    case '-':
      overflow = __builtin_sub_overflow(*a, *b, &r);
      break;
    case '*':
      overflow = __builtin_mul_overflow(*a, *b, &r);
      break;
    default:
      if (*b == 0)
        fail("division by zero");
      r = *a / *b;
    }
    if (overflow)
      fail("value overflows 64 bits");
    return r;
  }

  Value parseSum() {
    Value v = parseProduct();
    for (;;) {
      if (accept('+'))
        v = combine(v, '+', parseProduct());
      else if (accept('-'))
        v = combine(v, '-', parseProduct());
      else
        return v;
    }
  }

  Value parseProduct() {
    Value v = parseFactor();
    for (;;) {
      if (accept('*'))
        v = combine(v, '*', parseFactor());
      else if (accept('/'))
        v = combine(v, '/', parseFactor());
      else
        return v;
    }
  }

  Value parseFactor() {
    skipSpace();
    if (pos >= expr.size())
      fail("expression ends early");
    char c = expr[pos];
    if (c == '(') {
      ++pos;
      Value v = parseSum();
      if (!accept(')'))
        fail("missing ')'");
      return v;
    }
    if (c == '-') {
      ++pos;
      return combine(int64_t(0), '-', parseFactor());
    }
    if (std::isdigit(static_cast<unsigned char>(c)))
      return parseNumber();
    if (isNameStart(c))
      return parseName();
    fail(std::string("unexpected '") + c + "'");
  }

  Value parseNumber() {
    int64_t v = 0;
    while (pos < expr.size() &&
           std::isdigit(static_cast<unsigned char>(expr[pos]))) {
      if (__builtin_mul_overflow(v, 10, &v) ||
          __builtin_add_overflow(v, expr[pos] - '0', &v))
        fail("number overflows 64 bits");
      ++pos;
    }
    if (pos < expr.size() && isNameStart(expr[pos]))
      fail("name starts with a digit");
    return v;
  }

  // NAME, or NAME-NAME-... where each '-' is followed by a name start.
  Value parseName() {
    std::vector<std::string> parts(1);
    for (;;) {
      while (pos < expr.size() && isNameChar(expr[pos]))
        parts.back() += expr[pos++];
      if (pos + 1 < expr.size() && expr[pos] == '-' &&
          isNameStart(expr[pos + 1])) {
        ++pos;
        parts.emplace_back();
        continue;
      }
      break;
    }
    if (!lookup)
      return std::nullopt;
    std::string whole = parts[0];
    for (size_t i = 1; i < parts.size(); ++i)
      whole += "-" + parts[i];
    if (Value v = (*lookup)(whole))
      return v;
    if (parts.size() == 1)
      return std::nullopt;
    Value v = (*lookup)(parts[0]);
    for (size_t i = 1; i < parts.size(); ++i)
      v = combine(v, '-', (*lookup)(parts[i]));
    return v;
  }
};

} // namespace

void checkSizeExpr(const std::string &expr) { Evaluator(expr, nullptr).run(); }

std::optional<int64_t> evalSizeExpr(const std::string &expr,
                                    const NameLookup &lookup) {
  return Evaluator(expr, &lookup).run();
}

} // namespace wf::rt
