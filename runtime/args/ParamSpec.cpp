#include "runtime/args/ParamSpec.h"

#include "common/Error.h"

#include <cctype>
#include <cerrno>
#include <cstdlib>

namespace wf::rt {

std::optional<Number> parseNumber(const std::string &text) {
  if (text.empty() || std::isspace(static_cast<unsigned char>(text[0])))
    return std::nullopt;
  Number n;
  n.text = text;
  // Decimal or 0x hex; strtoll's base 0 would read "010" as octal.
  size_t p = (text[0] == '+' || text[0] == '-') ? 1 : 0;
  bool hex = text.size() > p + 1 && text[p] == '0' &&
             (text[p + 1] == 'x' || text[p + 1] == 'X');
  errno = 0;
  char *end = nullptr;
  long long i = std::strtoll(text.c_str(), &end, hex ? 16 : 10);
  if (*end == '\0' && errno != ERANGE) {
    n.i = i;
    return n;
  }
  // Hex is a bit pattern: 0xFFFFFFFFFFFFFFFF is -1, as in the compiler.
  if (hex && p == 0) {
    errno = 0;
    unsigned long long u = std::strtoull(text.c_str(), &end, 16);
    if (*end == '\0' && errno != ERANGE) {
      n.i = static_cast<int64_t>(u);
      return n;
    }
  }
  errno = 0;
  double f = std::strtod(text.c_str(), &end);
  if (*end != '\0')
    return std::nullopt;
  n.isInt = false;
  n.f = f;
  return n;
}

namespace {

class SpecParser {
public:
  explicit SpecParser(const std::string &text) { spec.text = text; }

  ParamSpec run() {
    std::string body = spec.text;
    size_t eq = body.find('=');
    if (eq != std::string::npos && isName(body.substr(0, eq))) {
      spec.name = body.substr(0, eq);
      body = body.substr(eq + 1);
    }
    if (body.empty())
      fail("no value");
    parseBody(body);
    return spec;
  }

private:
  ParamSpec spec;

  [[noreturn]] void fail(const std::string &why) const {
    throw Error("bad --param '" + spec.text + "': " + why);
  }

  static bool isName(const std::string &s) {
    if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0])))
      return false;
    for (char c : s)
      if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_' &&
          c != '-' && c != '.' && c != '$')
        return false;
    return true;
  }

  static std::optional<ElemType> leadingType(const std::string &body,
                                             size_t &len) {
    for (size_t n : {4, 3, 2}) // bf16, i64, i8
      if (body.size() >= n)
        if (std::optional<ElemType> t = parseElemType(body.substr(0, n))) {
          char next = body.size() > n ? body[n] : '\0';
          if (next == '[' || next == ':' || next == '\0') {
            len = n;
            return t;
          }
        }
    return std::nullopt;
  }

  void parseBody(const std::string &body) {
    if (body[0] == '@') {
      spec.statedArray = true;
      spec.fill = ParamSpec::Fill::File;
      spec.file = body.substr(1);
      if (spec.file.empty())
        fail("'@' needs a file name");
      return;
    }
    size_t typeLen = 0;
    std::optional<ElemType> type = leadingType(body, typeLen);
    if (!type) {
      parseInit(body);
      return;
    }
    spec.type = type;
    std::string rest = body.substr(typeLen);
    if (rest.empty())
      fail("type '" + body + "' needs a value, e.g. " + body + ":1 or " + body +
           "[]:1,2");
    if (rest[0] == ':') { // TYPE:VALUE, a scalar
      spec.statedScalar = true;
      std::string value = rest.substr(1);
      if (value.find(',') != std::string::npos)
        fail("a scalar takes one value (for an array write " +
             std::string(elemTypeName(*type)) + "[]:" + value + ")");
      parseValues(value);
      return;
    }
    // TYPE[COUNT?] with an optional :INIT.
    spec.statedArray = true;
    size_t close = rest.find(']');
    if (close == std::string::npos)
      fail("missing ']'");
    std::string countText = rest.substr(1, close - 1);
    if (!countText.empty()) {
      std::optional<Number> n = parseNumber(countText);
      if (!n || !n->isInt || n->i < 0)
        fail("array count '" + countText + "' is not a non-negative integer");
      spec.count = n->i;
    }
    std::string after = rest.substr(close + 1);
    if (after.empty()) {
      if (!spec.count)
        fail("give a count or values, e.g. " +
             std::string(elemTypeName(*type)) + "[256] or " +
             elemTypeName(*type) + "[]:1,2,3");
      spec.fill = ParamSpec::Fill::Zeros;
      return;
    }
    if (after[0] != ':')
      fail("expected ':' after ']'");
    parseInit(after.substr(1));
    if (spec.count && spec.fill == ParamSpec::Fill::Values &&
        spec.values.size() > static_cast<size_t>(*spec.count))
      fail(std::to_string(spec.values.size()) + " values for a count of " +
           std::to_string(*spec.count));
  }

  // Values or a fill.
  void parseInit(const std::string &init) {
    if (init.empty())
      fail("no values after ':'");
    if (std::isalpha(static_cast<unsigned char>(init[0])) &&
        init.rfind("inf", 0) != 0 && init.rfind("nan", 0) != 0) {
      parseFill(init);
      return;
    }
    parseValues(init);
  }

  void parseValues(const std::string &text) {
    size_t start = 0;
    for (;;) {
      size_t comma = text.find(',', start);
      std::string item =
          text.substr(start, comma == std::string::npos ? std::string::npos
                                                        : comma - start);
      std::optional<Number> n = parseNumber(item);
      if (!n)
        fail("'" + item + "' is not a number");
      spec.values.push_back(*n);
      if (comma == std::string::npos)
        break;
      start = comma + 1;
    }
  }

  void parseFill(const std::string &text) {
    size_t open = text.find('(');
    std::string kind = text.substr(0, open);
    spec.statedArray = true;
    if (kind == "zeros")
      spec.fill = ParamSpec::Fill::Zeros;
    else if (kind == "ones")
      spec.fill = ParamSpec::Fill::Ones;
    else if (kind == "iota")
      spec.fill = ParamSpec::Fill::Iota;
    else if (kind == "random")
      spec.fill = ParamSpec::Fill::Random;
    else
      fail("unknown fill '" + kind +
           "' (expected numbers, zeros, ones, iota or random)");
    if (open == std::string::npos)
      return;
    if (text.back() != ')')
      fail("missing ')'");
    std::string args = text.substr(open + 1, text.size() - open - 2);
    size_t start = 0;
    bool first = true;
    while (start <= args.size() && !args.empty()) {
      size_t comma = args.find(',', start);
      std::string arg =
          args.substr(start, comma == std::string::npos ? std::string::npos
                                                        : comma - start);
      fillArg(arg, first);
      first = false;
      if (comma == std::string::npos)
        break;
      start = comma + 1;
    }
  }

  void fillArg(const std::string &arg, bool first) {
    size_t eq = arg.find('=');
    if (eq == std::string::npos) {
      std::optional<Number> n = parseNumber(arg);
      if (!first || !n || !n->isInt || n->i < 0)
        fail("fill argument '" + arg + "' is not a count");
      if (spec.count && *spec.count != n->i)
        fail("two different counts");
      spec.count = n->i;
      return;
    }
    std::string key = arg.substr(0, eq);
    std::optional<Number> n = parseNumber(arg.substr(eq + 1));
    if (!n)
      fail("'" + arg + "': value is not a number");
    if (spec.fill != ParamSpec::Fill::Random)
      fail("'" + key + "=' applies only to random");
    if (key == "seed" && n->isInt && n->i >= 0)
      spec.seed = static_cast<uint64_t>(n->i);
    else if (key == "lo")
      spec.lo = n->asDouble();
    else if (key == "hi")
      spec.hi = n->asDouble();
    else
      fail("unknown random argument '" + arg + "' (seed=N, lo=X, hi=X)");
  }
};

} // namespace

ParamSpec parseParamSpec(const std::string &text) {
  return SpecParser(text).run();
}

} // namespace wf::rt
