//===- Fiber.h - Stackful coroutines for the CPU executor -----------------===//
//
// Each GPU thread of a block runs on its own fiber so BARRIER and warp
// exchanges can suspend it mid-kernel and let its siblings catch up. On
// x86-64 the switch is a few hand-written instructions (callee-saved
// registers, MXCSR and the x87 control word); elsewhere, and on request,
// ucontext does it (slower: swapcontext makes a signal-mask system call).
//
//===----------------------------------------------------------------------===//
#ifndef WARPFORTH_RUNTIME_CPU_FIBER_H
#define WARPFORTH_RUNTIME_CPU_FIBER_H

#include <cstddef>
#include <memory>
#include <ucontext.h>

namespace wf::rt::cpu {

enum class SwitchMode { Native, Ucontext };

/// Whether this build has the hand-written switch; if not, Native falls
/// back to Ucontext.
bool hasNativeSwitch();

/// The mode to use by default: Native where it exists, unless the
/// environment variable WARPFORTH_CPU_FIBERS=ucontext asks otherwise.
SwitchMode defaultSwitchMode();

/// A fiber stack: an mmap'd region whose lowest page is inaccessible, so an
/// overflow faults at once instead of silently overwriting other memory.
class FiberStack {
public:
  explicit FiberStack(size_t bytes);
  ~FiberStack();
  FiberStack(const FiberStack &) = delete;
  FiberStack &operator=(const FiberStack &) = delete;

  /// The usable range, above the guard page.
  char *base() const { return base_; }
  size_t size() const { return size_; }
  /// The size asked for at construction.
  size_t requested() const { return requested_; }

private:
  size_t requested_ = 0;
  char *mapping_ = nullptr;
  size_t mappingBytes_ = 0;
  char *base_ = nullptr;
  size_t size_ = 0;
};

using FiberFn = void (*)(void *arg);

/// A suspended execution context: a saved stack pointer (Native) or a
/// ucontext_t (Ucontext).
struct FiberContext {
  void *sp = nullptr;
  std::unique_ptr<ucontext_t> uc;
  FiberFn fn = nullptr;
  void *arg = nullptr;
};

/// Makes `ctx` start fn(arg) on `stack` when first switched to. `fn` must
/// never return: it ends by switching away for the last time, after which
/// the context may be prepared again.
void prepareFiber(FiberContext &ctx, SwitchMode mode, FiberStack &stack,
                  FiberFn fn, void *arg);

/// Saves the running context into `from` and resumes `to`.
void switchFiber(SwitchMode mode, FiberContext &from, FiberContext &to);

} // namespace wf::rt::cpu

#endif
