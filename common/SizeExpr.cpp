#include "common/SizeExpr.h"

#include "common/Error.h"

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

/// What the evaluator throws internally: the reason alone.
struct Failure {
  std::string why;
};

// Deep enough for any real size, shallow enough not to exhaust the stack.
constexpr unsigned kMaxNesting = 256;

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
  unsigned depth = 0;

public:
  std::string unknown; // the first name the lookup did not know

private:
  [[noreturn]] void fail(const std::string &why) { throw Failure{why}; }

  Value resolve(const std::string &name) {
    Value v = (*lookup)(name);
    if (!v && unknown.empty())
      unknown = name;
    return v;
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
      if (*b == -1 && *a == INT64_MIN)
        fail("value overflows 64 bits");
      r = op == '/' ? *a / *b : *a % *b;
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
      else if (accept('%'))
        v = combine(v, '%', parseFactor());
      else
        return v;
    }
  }

  Value parseFactor() {
    skipSpace();
    if (pos >= expr.size())
      fail("expression ends early");
    if (++depth > kMaxNesting)
      fail("nested too deeply");
    Value v = parseNested();
    --depth;
    return v;
  }

  Value parseNested() {
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
    if (c == '$' || (c == '0' && pos + 1 < expr.size() &&
                     (expr[pos + 1] == 'x' || expr[pos + 1] == 'X')))
      return parseHex();
    if (std::isdigit(static_cast<unsigned char>(c)))
      return parseNumber();
    if (isNameStart(c))
      return parseName();
    fail(std::string("unexpected '") + c + "'");
  }

  Value parseNumber() {
    size_t start = pos;
    int64_t v = 0;
    while (pos < expr.size() &&
           std::isdigit(static_cast<unsigned char>(expr[pos]))) {
      if (__builtin_mul_overflow(v, 10, &v) ||
          __builtin_add_overflow(v, expr[pos] - '0', &v))
        fail("number overflows 64 bits");
      ++pos;
    }
    if (pos < expr.size() && expr[pos] == '.') {
      size_t end = pos + 1;
      while (end < expr.size() &&
             (std::isalnum(static_cast<unsigned char>(expr[end])) ||
              expr[end] == '.'))
        ++end;
      fail("'" + expr.substr(start, end - start) + "' is not an integer");
    }
    if (pos < expr.size() && isNameStart(expr[pos]))
      fail("name starts with a digit");
    return v;
  }

  // 0x1F or $1F: a bit pattern, as in Forth source.
  Value parseHex() {
    pos += expr[pos] == '$' ? 1 : 2;
    size_t start = pos;
    uint64_t v = 0;
    while (pos < expr.size() &&
           std::isxdigit(static_cast<unsigned char>(expr[pos]))) {
      if (v >> 60)
        fail("number overflows 64 bits");
      char c = static_cast<char>(std::tolower(expr[pos++]));
      v = v * 16 +
          static_cast<uint64_t>(std::isdigit(c) ? c - '0' : c - 'a' + 10);
    }
    if (pos == start)
      fail("hex number without digits");
    return static_cast<int64_t>(v);
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
      return resolve(whole);
    Value v = resolve(parts[0]);
    for (size_t i = 1; i < parts.size(); ++i)
      v = combine(v, '-', resolve(parts[i]));
    return v;
  }
};

} // namespace

void checkSizeExpr(const std::string &expr) {
  try {
    Evaluator(expr, nullptr).run();
  } catch (const Failure &f) {
    throw Error("bad size expression '" + expr + "': " + f.why);
  }
}

std::optional<int64_t> evalSizeExpr(const std::string &expr,
                                    const NameLookup &lookup) {
  try {
    return Evaluator(expr, &lookup).run();
  } catch (const Failure &f) {
    throw Error("bad size expression '" + expr + "': " + f.why);
  }
}

SizeEval evaluateSizeExpr(const std::string &expr, const NameLookup &lookup) {
  SizeEval result;
  Evaluator evaluator(expr, &lookup);
  try {
    Value v = evaluator.run();
    if (v) {
      result.status = SizeEval::Known;
      result.value = *v;
    } else {
      result.status = SizeEval::Symbolic;
      result.detail = evaluator.unknown;
    }
  } catch (const Failure &f) {
    result.status = SizeEval::Invalid;
    result.detail = f.why;
  }
  return result;
}

std::string tensorMapExtent(const std::vector<std::string> &dims,
                            const std::vector<std::string> &strides) {
  // A name or a number stands bare; anything else is parenthesized.
  auto operand = [](const std::string &e) {
    bool plain = !e.empty();
    for (char c : e)
      plain = plain && isNameChar(c);
    return plain ? e : "(" + e + ")";
  };
  std::string text;
  if (strides.empty()) {
    for (const std::string &d : dims)
      text += (text.empty() ? "" : "*") + operand(d);
    return text;
  }
  // "D-1" parses as (D)-1 whatever D is, and "-1" never extends a name.
  for (size_t k = 0; k + 1 < dims.size() && k < strides.size(); ++k)
    text += "(" + dims[k] + "-1)*" + operand(strides[k]) + "+";
  return text + (dims.empty() ? "1" : operand(dims.back()));
}

} // namespace wf::rt
