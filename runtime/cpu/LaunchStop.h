//===- LaunchStop.h - When a CPU launch must stop before it finishes ------===//
//
// A kernel thread in a loop never yields to the executor by itself, so a
// loop that never ends would hang the process. The host code polls at loop
// iterations (HostABI.h's loop_poll) and the executor at each block; both
// ask a LaunchStop whether the launch's deadline has passed or Ctrl-C came.
//
//===----------------------------------------------------------------------===//
#ifndef WARPFORTH_RUNTIME_CPU_LAUNCHSTOP_H
#define WARPFORTH_RUNTIME_CPU_LAUNCHSTOP_H

#include <atomic>
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>

namespace wf::rt::cpu {

/// One launch's stop condition, shared by its worker threads.
class LaunchStop {
public:
  enum class Reason { None, Timeout, Interrupt };

  /// `timeoutSeconds` 0: no deadline. SIGINTs counted from now on stop it.
  explicit LaunchStop(double timeoutSeconds);
  /// Whether the launch must stop, and why; once it must, it always must.
  /// Cheap enough for every few thousand loop iterations.
  Reason check();
  /// Whether a SIGINT came since construction (the launch finished anyway).
  bool interrupted() const;
  double timeoutSeconds() const { return timeoutSeconds_; }
  /// "timed out after 0.5 s" / "interrupted (Ctrl-C)".
  std::string text(Reason reason) const;

private:
  double timeoutSeconds_;
  std::optional<std::chrono::steady_clock::time_point> deadline_;
  uint64_t interruptsAtStart_;
  std::atomic<int> reason_{0};
};

/// Catches SIGINT while it lives, counting it for LaunchStop, and puts the
/// previous handling back afterwards (the Python interpreter's handler
/// cannot run while a ctypes call runs). Scopes nest and may live on
/// several threads at once: the first installs, the last restores. A
/// process that ignores SIGINT keeps ignoring it.
class InterruptScope {
public:
  InterruptScope();
  ~InterruptScope();
  InterruptScope(const InterruptScope &) = delete;
  InterruptScope &operator=(const InterruptScope &) = delete;
};

/// SIGINTs caught by InterruptScope so far in this process.
uint64_t interruptCount();

} // namespace wf::rt::cpu

#endif
