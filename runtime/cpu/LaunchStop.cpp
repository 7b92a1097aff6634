#include "runtime/cpu/LaunchStop.h"

#include <csignal>
#include <cstdio>
#include <mutex>

namespace wf::rt::cpu {

namespace {

std::atomic<uint64_t> interrupts{0};
static_assert(std::atomic<uint64_t>::is_always_lock_free,
              "the SIGINT handler needs an async-signal-safe counter");

extern "C" void onInterrupt(int) {
  interrupts.fetch_add(1, std::memory_order_relaxed);
}

std::mutex scopeMutex;
int scopes = 0;         // InterruptScopes alive
bool installed = false; // whether the outermost one installed onInterrupt
struct sigaction previous;

} // namespace

uint64_t interruptCount() { return interrupts.load(std::memory_order_relaxed); }

LaunchStop::LaunchStop(double timeoutSeconds)
    : timeoutSeconds_(timeoutSeconds), interruptsAtStart_(interruptCount()) {
  if (timeoutSeconds > 0)
    deadline_ = std::chrono::steady_clock::now() +
                std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                    std::chrono::duration<double>(timeoutSeconds));
}

bool LaunchStop::interrupted() const {
  return interruptCount() != interruptsAtStart_;
}

LaunchStop::Reason LaunchStop::check() {
  int r = reason_.load(std::memory_order_relaxed);
  if (r)
    return static_cast<Reason>(r);
  Reason now = Reason::None;
  if (interrupted())
    now = Reason::Interrupt;
  else if (deadline_ && std::chrono::steady_clock::now() >= *deadline_)
    now = Reason::Timeout;
  if (now == Reason::None)
    return now;
  int expected = 0;
  reason_.compare_exchange_strong(expected, static_cast<int>(now));
  return static_cast<Reason>(reason_.load());
}

std::string LaunchStop::text(Reason reason) const {
  if (reason == Reason::Interrupt)
    return "interrupted (Ctrl-C)";
  char seconds[32];
  std::snprintf(seconds, sizeof seconds, "%g", timeoutSeconds_);
  return std::string("timed out after ") + seconds + " s";
}

InterruptScope::InterruptScope() {
  std::lock_guard<std::mutex> lock(scopeMutex);
  if (scopes++ > 0)
    return;
  struct sigaction now {};
  sigaction(SIGINT, nullptr, &now);
  if (now.sa_handler == SIG_IGN && !(now.sa_flags & SA_SIGINFO))
    return; // ignored on purpose (nohup, a background job): leave it so
  struct sigaction ours {};
  ours.sa_handler = &onInterrupt;
  sigemptyset(&ours.sa_mask);
  ours.sa_flags = SA_RESTART;
  installed = sigaction(SIGINT, &ours, &previous) == 0;
}

InterruptScope::~InterruptScope() {
  std::lock_guard<std::mutex> lock(scopeMutex);
  if (--scopes > 0 || !installed)
    return;
  installed = false;
  // Put the previous handling back unless someone replaced ours meanwhile.
  struct sigaction now {};
  sigaction(SIGINT, nullptr, &now);
  if (!(now.sa_flags & SA_SIGINFO) && now.sa_handler == &onInterrupt)
    sigaction(SIGINT, &previous, nullptr);
}

} // namespace wf::rt::cpu
