#include "runtime/cpu/Fiber.h"

#include "common/Error.h"

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <sys/mman.h>
#include <unistd.h>

#if defined(__x86_64__) && defined(__linux__)
#define WF_NATIVE_FIBERS 1
// wf_fiber_switch(void **save, void *load): pushes the callee-saved
// registers and the FP control words, stores the stack pointer in *save,
// then pops the same frame off `load` and returns into that context.
// wf_fiber_entry is where a fresh fiber's first switch "returns" to; its
// frame (built by prepareFiber) holds the function in r13, its argument in
// r12.
asm(R"(
  .pushsection .text
  .globl wf_fiber_switch
  .hidden wf_fiber_switch
  .type wf_fiber_switch,@function
wf_fiber_switch:
  pushq %rbp
  pushq %rbx
  pushq %r12
  pushq %r13
  pushq %r14
  pushq %r15
  subq $8, %rsp
  stmxcsr (%rsp)
  fnstcw 4(%rsp)
  movq %rsp, (%rdi)
  movq %rsi, %rsp
  ldmxcsr (%rsp)
  fldcw 4(%rsp)
  addq $8, %rsp
  popq %r15
  popq %r14
  popq %r13
  popq %r12
  popq %rbx
  popq %rbp
  ret
  .size wf_fiber_switch,.-wf_fiber_switch

  .globl wf_fiber_entry
  .hidden wf_fiber_entry
  .type wf_fiber_entry,@function
wf_fiber_entry:
  movq %r12, %rdi
  andq $-16, %rsp
  callq *%r13
  ud2
  .size wf_fiber_entry,.-wf_fiber_entry
  .popsection
)");
extern "C" void wf_fiber_switch(void **save, void *load);
extern "C" void wf_fiber_entry();
#else
#define WF_NATIVE_FIBERS 0
#endif

namespace wf::rt::cpu {

bool hasNativeSwitch() { return WF_NATIVE_FIBERS; }

SwitchMode defaultSwitchMode() {
  const char *env = std::getenv("WARPFORTH_CPU_FIBERS");
  if (!hasNativeSwitch() || (env && std::strcmp(env, "ucontext") == 0))
    return SwitchMode::Ucontext;
  return SwitchMode::Native;
}

FiberStack::FiberStack(size_t bytes) : requested_(bytes) {
  size_t page = static_cast<size_t>(sysconf(_SC_PAGESIZE));
  size_ = (bytes + page - 1) / page * page;
  mappingBytes_ = size_ + page;
  void *m =
      mmap(nullptr, mappingBytes_, PROT_READ | PROT_WRITE,
           MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK, -1, 0);
  if (m == MAP_FAILED)
    throw Error("CPU executor: cannot map a " + std::to_string(size_ / 1024) +
                " KiB fiber stack");
  mapping_ = static_cast<char *>(m);
  // Stacks grow down: the guard goes at the low end.
  mprotect(mapping_, page, PROT_NONE);
  base_ = mapping_ + page;
}

FiberStack::~FiberStack() { munmap(mapping_, mappingBytes_); }

namespace {

// makecontext passes int arguments only: the context's address goes in two.
void ucontextEntry(unsigned hi, unsigned lo) {
  auto *ctx = reinterpret_cast<FiberContext *>(
      (static_cast<uintptr_t>(hi) << 32) | static_cast<uintptr_t>(lo));
  ctx->fn(ctx->arg);
  std::abort(); // fn must switch away for good instead of returning
}

ucontext_t &ucontextOf(FiberContext &ctx) {
  if (!ctx.uc)
    ctx.uc = std::make_unique<ucontext_t>();
  return *ctx.uc;
}

} // namespace

void prepareFiber(FiberContext &ctx, SwitchMode mode, FiberStack &stack,
                  FiberFn fn, void *arg) {
  ctx.fn = fn;
  ctx.arg = arg;
#if WF_NATIVE_FIBERS
  if (mode == SwitchMode::Native) {
    uintptr_t top = reinterpret_cast<uintptr_t>(stack.base() + stack.size());
    top &= ~uintptr_t(15);
    auto *frame = reinterpret_cast<uint64_t *>(top) - 8;
    uint32_t csr[2] = {0, 0};
    asm volatile("stmxcsr %0" : "=m"(csr[0]));
    asm volatile("fnstcw %0" : "=m"(csr[1]));
    std::memcpy(&frame[0], csr, sizeof(uint64_t)); // MXCSR, x87 CW
    frame[1] = 0;                                  // r15
    frame[2] = 0;                                  // r14
    frame[3] = reinterpret_cast<uint64_t>(fn);     // r13
    frame[4] = reinterpret_cast<uint64_t>(arg);    // r12
    frame[5] = 0;                                  // rbx
    frame[6] = 0;                                  // rbp
    frame[7] = reinterpret_cast<uint64_t>(&wf_fiber_entry);
    ctx.sp = frame;
    return;
  }
#endif
  (void)mode;
  ucontext_t &uc = ucontextOf(ctx);
  getcontext(&uc);
  uc.uc_stack.ss_sp = stack.base();
  uc.uc_stack.ss_size = stack.size();
  uc.uc_link = nullptr;
  uintptr_t self = reinterpret_cast<uintptr_t>(&ctx);
  makecontext(&uc, reinterpret_cast<void (*)()>(&ucontextEntry), 2,
              static_cast<unsigned>(self >> 32),
              static_cast<unsigned>(self & 0xFFFFFFFFu));
}

void switchFiber(SwitchMode mode, FiberContext &from, FiberContext &to) {
#if WF_NATIVE_FIBERS
  if (mode == SwitchMode::Native) {
    wf_fiber_switch(&from.sp, to.sp);
    return;
  }
#endif
  (void)mode;
  swapcontext(&ucontextOf(from), &ucontextOf(to));
}

} // namespace wf::rt::cpu
