#include "runtime/Launch.h"

namespace wf::rt {

std::string Dim3::str() const {
  return std::to_string(x) + "," + std::to_string(y) + "," + std::to_string(z);
}

} // namespace wf::rt
