#include "common/SizeExpr.h"

#include "common/Error.h"

#include <cctype>
#include <utility>
#include <vector>

namespace wf::rt {

namespace {

bool isNameStart(char c) {
  return std::isalpha(static_cast<unsigned char>(c)) || c == '_';
}
bool isNameChar(char c) {
  return isNameStart(c) || std::isdigit(static_cast<unsigned char>(c));
}

/// What parsing and evaluation throw internally: the reason alone.
struct Failure {
  std::string why;
};

// Deep enough for any real size, shallow enough not to exhaust the stack.
constexpr unsigned kMaxNesting = 256;

using Step = SizeProgram::Step;

/// Parses an expression into postfix steps, resolving each name once.
class Parser {
public:
  Parser(const std::string &expr, const NameResolver *resolver,
         std::vector<Step> &steps)
      : expr(expr), resolver(resolver), steps(steps) {}

  void run() {
    if (expr.empty())
      fail("empty expression");
    parseSum();
    skipSpace();
    if (pos != expr.size())
      fail(std::string("unexpected '") + expr[pos] + "'");
  }

  std::string unknown; // the first name that resolved to nothing

private:
  const std::string &expr;
  const NameResolver *resolver;
  std::vector<Step> &steps;
  size_t pos = 0;
  unsigned depth = 0;

  [[noreturn]] void fail(const std::string &why) { throw Failure{why}; }

  void emit(Step::Op op, int64_t value = 0) { steps.push_back({op, value}); }

  /// Emits a name's value; whether it resolved.
  bool emitName(const std::string &name, bool noteUnknown) {
    SizeName n = (*resolver)(name);
    if (n.kind == SizeName::None) {
      if (noteUnknown && unknown.empty())
        unknown = name;
      return false;
    }
    emit(n.kind == SizeName::Const ? Step::Const : Step::Param, n.value);
    return true;
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

  void parseSum() {
    parseProduct();
    for (;;) {
      if (accept('+')) {
        parseProduct();
        emit(Step::Add);
      } else if (accept('-')) {
        parseProduct();
        emit(Step::Sub);
      } else {
        return;
      }
    }
  }

  void parseProduct() {
    parseFactor();
    for (;;) {
      if (accept('*')) {
        parseFactor();
        emit(Step::Mul);
      } else if (accept('/')) {
        parseFactor();
        emit(Step::Div);
      } else if (accept('%')) {
        parseFactor();
        emit(Step::Rem);
      } else {
        return;
      }
    }
  }

  void parseFactor() {
    skipSpace();
    if (pos >= expr.size())
      fail("expression ends early");
    if (++depth > kMaxNesting)
      fail("nested too deeply");
    parseNested();
    --depth;
  }

  void parseNested() {
    char c = expr[pos];
    if (c == '(') {
      ++pos;
      parseSum();
      if (!accept(')'))
        fail("missing ')'");
      return;
    }
    if (c == '-') {
      ++pos;
      emit(Step::Const, 0);
      parseFactor();
      emit(Step::Sub);
      return;
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

  void parseNumber() {
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
    emit(Step::Const, v);
  }

  // 0x1F or $1F: a bit pattern, as in Forth source.
  void parseHex() {
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
    emit(Step::Const, static_cast<int64_t>(v));
  }

  // NAME, or NAME-NAME-... where each '-' is followed by a name start (a
  // Forth name may hold hyphens): the longest run of parts from the first
  // that names something, the rest left to the caller as subtractions (so
  // that A-B*C is A - (B*C): taken as one unit, the parts made it
  // (A-B)*C).
  void parseName() {
    size_t start = pos;
    std::vector<std::string> parts(1);
    std::vector<size_t> ends;
    for (;;) {
      while (pos < expr.size() && isNameChar(expr[pos]))
        parts.back() += expr[pos++];
      ends.push_back(pos);
      if (pos + 1 < expr.size() && expr[pos] == '-' &&
          isNameStart(expr[pos + 1])) {
        ++pos;
        parts.emplace_back();
        continue;
      }
      break;
    }
    for (size_t k = parts.size(); k > 1 && resolver; --k) {
      if (emitName(expr.substr(start, ends[k - 1] - start), false)) {
        pos = ends[k - 1];
        return;
      }
    }
    pos = ends[0];
    if (!resolver || !emitName(parts[0], true))
      emit(Step::Unknown);
  }
};

using Value = std::optional<int64_t>;

Value combine(Value a, Step::Op op, Value b) {
  if (!a || !b)
    return std::nullopt;
  int64_t r = 0;
  bool overflow = false;
  switch (op) {
  case Step::Add:
    overflow = __builtin_add_overflow(*a, *b, &r);
    break;
  case Step::Sub:
    overflow = __builtin_sub_overflow(*a, *b, &r);
    break;
  case Step::Mul:
    overflow = __builtin_mul_overflow(*a, *b, &r);
    break;
  default:
    if (*b == 0)
      throw Failure{"division by zero"};
    if (*b == -1 && *a == INT64_MIN)
      throw Failure{"value overflows 64 bits"};
    r = op == Step::Div ? *a / *b : *a % *b;
  }
  if (overflow)
    throw Failure{"value overflows 64 bits"};
  return r;
}

/// Runs postfix steps; a Param step reads params[value] (unknown past
/// `count`).
Value runSteps(const std::vector<Step> &steps, const Value *params,
               size_t count) {
  // Most sizes need a few slots; a long sum of products a few more.
  Value small[32];
  std::vector<Value> large;
  Value *stack = small;
  if (steps.size() > 32) {
    large.resize(steps.size());
    stack = large.data();
  }
  size_t top = 0;
  for (const Step &s : steps) {
    switch (s.op) {
    case Step::Const:
      stack[top++] = s.value;
      break;
    case Step::Param:
      stack[top++] =
          static_cast<size_t>(s.value) < count ? params[s.value] : std::nullopt;
      break;
    case Step::Unknown:
      stack[top++] = std::nullopt;
      break;
    default:
      --top;
      stack[top - 1] = combine(stack[top - 1], s.op, stack[top]);
    }
  }
  return stack[0];
}

/// A NameLookup as a resolver: every known name is a constant.
NameResolver constants(const NameLookup &lookup) {
  return [&lookup](const std::string &name) {
    Value v = lookup(name);
    return v ? SizeName{SizeName::Const, *v} : SizeName{};
  };
}

} // namespace

SizeProgram::SizeProgram(const std::string &expr, const NameResolver &resolver)
    : text_(expr) {
  Parser parser(expr, &resolver, steps_);
  try {
    parser.run();
  } catch (const Failure &f) {
    throw Error("bad size expression '" + expr + "': " + f.why);
  }
  unknown_ = std::move(parser.unknown);
}

std::optional<int64_t> SizeProgram::eval(const std::optional<int64_t> *params,
                                         size_t count) const {
  try {
    return runSteps(steps_, params, count);
  } catch (const Failure &f) {
    throw Error("bad size expression '" + text_ + "': " + f.why);
  }
}

void checkSizeExpr(const std::string &expr) {
  std::vector<Step> steps;
  try {
    Parser(expr, nullptr, steps).run();
  } catch (const Failure &f) {
    throw Error("bad size expression '" + expr + "': " + f.why);
  }
}

std::optional<int64_t> evalSizeExpr(const std::string &expr,
                                    const NameLookup &lookup) {
  return SizeProgram(expr, constants(lookup)).eval(nullptr, 0);
}

SizeEval evaluateSizeExpr(const std::string &expr, const NameLookup &lookup) {
  SizeEval result;
  std::vector<Step> steps;
  NameResolver resolver = constants(lookup);
  Parser parser(expr, &resolver, steps);
  try {
    parser.run();
    Value v = runSteps(steps, nullptr, 0);
    if (v) {
      result.status = SizeEval::Known;
      result.value = *v;
    } else {
      result.status = SizeEval::Symbolic;
      result.detail = parser.unknown;
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
