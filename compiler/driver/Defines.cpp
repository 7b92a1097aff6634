//===- Defines.cpp --------------------------------------------------------===//
#include "compiler/driver/Defines.h"

namespace wf {

std::optional<std::string>
addDefine(std::map<std::string, std::string> &defines,
          const std::string &spec) {
  size_t eq = spec.find('=');
  if (spec.empty() || eq == 0)
    return "-D needs NAME=VALUE, got '" + spec + "'";
  if (eq == std::string::npos) {
    defines[spec] = "1";
    return std::nullopt;
  }
  std::string name = spec.substr(0, eq), value = spec.substr(eq + 1);
  if (value.empty())
    return "-D '" + spec + "': no value for '" + name + "' (write " + name +
           "=VALUE, or " + name + " alone for 1)";
  if (value.find('=') != std::string::npos)
    return "-D '" + spec + "': the value of '" + name + "' ('" + value +
           "') holds a '=' (write " + name + "=VALUE)";
  defines[name] = value;
  return std::nullopt;
}

} // namespace wf
