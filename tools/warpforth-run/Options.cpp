#include "tools/warpforth-run/Options.h"

#include "common/Error.h"

#include <cctype>
#include <cerrno>
#include <cstdlib>

namespace wf::run {

rt::Dim3 parseDims(const std::string &text, const std::string &what) {
  uint32_t v[3] = {1, 1, 1};
  size_t start = 0;
  for (int i = 0;; ++i) {
    size_t comma = text.find(',', start);
    std::string item = text.substr(
        start, comma == std::string::npos ? std::string::npos : comma - start);
    errno = 0;
    char *end = nullptr;
    unsigned long long n = std::strtoull(item.c_str(), &end, 10);
    if (i >= 3 || item.empty() || *end != '\0' || item[0] == '-' ||
        errno == ERANGE || n == 0 || n > 0xFFFFFFFFull)
      throw rt::Error(what + " '" + text +
                      "': expected X, X,Y or X,Y,Z with each at least 1");
    v[i] = static_cast<uint32_t>(n);
    if (comma == std::string::npos)
      break;
    start = comma + 1;
  }
  return rt::Dim3{v[0], v[1], v[2]};
}

std::pair<std::string, std::string> splitAssignment(const std::string &text,
                                                    const std::string &what) {
  size_t eq = text.find('=');
  if (eq == std::string::npos || eq == 0 || eq + 1 == text.size())
    throw rt::Error(what + " '" + text + "': expected NAME=VALUE");
  return {text.substr(0, eq), text.substr(eq + 1)};
}

uint64_t parseByteCount(const std::string &text, const std::string &what) {
  bool hex =
      text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X');
  std::string digits = hex ? text.substr(2) : text;
  bool ok = !digits.empty();
  for (char c : digits)
    ok = ok && (hex ? std::isxdigit(static_cast<unsigned char>(c))
                    : std::isdigit(static_cast<unsigned char>(c)));
  errno = 0;
  unsigned long long n =
      ok ? std::strtoull(digits.c_str(), nullptr, hex ? 16 : 10) : 0;
  if (!ok || errno == ERANGE)
    throw rt::Error(what + " '" + text +
                    "': expected a byte count from 0 to 2^64-1");
  return n;
}

} // namespace wf::run
