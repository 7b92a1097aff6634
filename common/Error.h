//===- Error.h - The one error type the runtime throws --------------------===//
//
// Every runtime failure (bad signature, bad argument, CUDA error, missing
// driver) is reported as a wf::rt::Error whose message is complete on its
// own: it names the kernel and param where there is one, so a tool can print
// what() and exit, and the coming C API can hand the text to Python as is.
//
//===----------------------------------------------------------------------===//
#ifndef WARPFORTH_COMMON_ERROR_H
#define WARPFORTH_COMMON_ERROR_H

#include <stdexcept>
#include <string>

namespace wf::rt {

class Error : public std::runtime_error {
public:
  explicit Error(const std::string &message) : std::runtime_error(message) {}
};

/// A launch stopped before it finished: its timeout passed, or Ctrl-C
/// (SIGINT) came while it ran. Callers tell it apart to exit with 130 or
/// raise KeyboardInterrupt.
class LaunchStopped : public Error {
public:
  enum class Reason { Timeout, Interrupt };
  LaunchStopped(Reason reason, const std::string &message)
      : Error(message), reason_(reason) {}
  Reason reason() const { return reason_; }

private:
  Reason reason_;
};

} // namespace wf::rt

#endif
