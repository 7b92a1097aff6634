#include "runtime/Launch.h"

#include "common/Error.h"

#include <cmath>
#include <cstdlib>

namespace wf::rt {

std::string Dim3::str() const {
  return std::to_string(x) + "," + std::to_string(y) + "," + std::to_string(z);
}

double launchTimeout(const LaunchConfig &config) {
  auto valid = [](double s) { return std::isfinite(s) && s >= 0; };
  if (config.timeout) {
    if (!valid(*config.timeout))
      throw Error("timeout " + std::to_string(*config.timeout) +
                  ": expected a number of seconds, 0 or more (0: no limit)");
    return *config.timeout;
  }
  const char *env = std::getenv("WARPFORTH_TIMEOUT");
  if (!env || !*env)
    return 0;
  char *end = nullptr;
  double seconds = std::strtod(env, &end);
  if (*end != '\0' || !valid(seconds))
    throw Error(std::string("WARPFORTH_TIMEOUT '") + env +
                "': expected a number of seconds, 0 or more (0: no limit)");
  return seconds;
}

} // namespace wf::rt
