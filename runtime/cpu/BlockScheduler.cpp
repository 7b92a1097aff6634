#include "runtime/cpu/BlockScheduler.h"

#include "common/Error.h"
#include "runtime/CheckReport.h"
#include "runtime/cpu/StackPool.h"
#include "runtime/cpu/WarpCollective.h"
#include "runtime/cpu/WarpgroupMma.h"

#include <algorithm>

#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace wf::rt::cpu {

BlockScheduler::BlockScheduler(const GridLaunch &launch, SwitchMode mode,
                               size_t stackBytes)
    : launch_(launch), mode_(mode), stackBytes_(stackBytes),
      threadCount_(launch.block.count()), threads_(threadCount_),
      warps_((threadCount_ + WF_WARP_SIZE - 1) / WF_WARP_SIZE),
      shared_(nullptr, &std::free) {
  // Shared memory is never null, even when unused, and its base is always
  // 16 mod 32: 16-byte aligned, as the code generator assumes, and never
  // more by chance, so a kernel that needs more fails on every run.
  sharedAlloc_ = (launch.sharedBytes + 15) / 16 * 16;
  if (sharedAlloc_ == 0)
    sharedAlloc_ = 16;
  shared_.reset(static_cast<char *>(
      std::aligned_alloc(kSharedSkew * 2, sharedAlloc_ + kSharedSkew)));
  if (!shared_)
    throw Error("CPU executor: cannot allocate " +
                std::to_string(launch.sharedBytes) + " bytes of shared memory");

  const Dim3 &b = launch.block;
  for (size_t i = 0; i < threadCount_; ++i) {
    Thread &t = threads_[i];
    t.owner = this;
    WfHostCtx &c = t.ctx;
    c.tid[0] = static_cast<int64_t>(i % b.x);
    c.tid[1] = static_cast<int64_t>(i / b.x % b.y);
    c.tid[2] = static_cast<int64_t>(i / (uint64_t(b.x) * b.y));
    c.bdim[0] = b.x;
    c.bdim[1] = b.y;
    c.bdim[2] = b.z;
    c.gdim[0] = launch.grid.x;
    c.gdim[1] = launch.grid.y;
    c.gdim[2] = launch.grid.z;
    c.shared = shared_.get() + kSharedSkew;
    c.sched = &t;
    c.barrier = &barrierHook;
    c.warp_exchange = &exchangeHook;
    c.warp_collective = &collectiveHook;
    c.fault = &faultHook;
    c.arg_bytes = launch.argBytes;
    c.shared_bytes = launch.sharedBytes;
    c.scratch = scratch_;
    c.out_of_bounds = &outOfBoundsHook;
    c.wild_access = &wildAccessHook;
    c.assert_failed = &assertHook;
    c.wgmma = &wgmmaHook;
  }
}

BlockScheduler::~BlockScheduler() { returnStacks(ownedStacks_); }

FiberStack *BlockScheduler::takeStack() {
  if (!freeStacks_.empty()) {
    FiberStack *s = freeStacks_.back();
    freeStacks_.pop_back();
    return s;
  }
  ownedStacks_.push_back(cpu::takeStack(stackBytes_));
  return ownedStacks_.back().get();
}

void BlockScheduler::threadMain(void *arg) {
  Thread &t = *static_cast<Thread *>(arg);
  BlockScheduler &s = *t.owner;
  s.launch_.entry(s.launch_.args, &t.ctx);
  t.state = State::Done;
  switchFiber(s.mode_, t.fiber, s.scheduler_); // never resumed
}

void BlockScheduler::barrierHook(WfHostCtx *ctx) {
  Thread &t = *static_cast<Thread *>(ctx->sched);
  t.state = State::AtBarrier;
  switchFiber(t.owner->mode_, t.fiber, t.owner->scheduler_);
}

uint64_t BlockScheduler::exchangeHook(WfHostCtx *ctx, uint64_t value,
                                      int64_t lane) {
  Thread &t = *static_cast<Thread *>(ctx->sched);
  t.offer = value;
  t.srcLane = lane;
  t.collIn = nullptr;
  t.state = State::AtExchange;
  switchFiber(t.owner->mode_, t.fiber, t.owner->scheduler_);
  return t.result;
}

void BlockScheduler::collectiveHook(WfHostCtx *ctx, int64_t op,
                                    const uint64_t *in, uint64_t *out) {
  Thread &t = *static_cast<Thread *>(ctx->sched);
  t.collIn = in;
  t.collOut = out;
  t.collOp = op;
  t.state = State::AtExchange;
  switchFiber(t.owner->mode_, t.fiber, t.owner->scheduler_);
}
void BlockScheduler::faultHook(WfHostCtx *ctx, const char *what,
                               uint64_t addr) {
  BlockScheduler &s = *static_cast<Thread *>(ctx->sched)->owner;
  if (!s.fault_.empty())
    return; // the first one is reported
  char hex[32];
  std::snprintf(hex, sizeof hex, "0x%llx",
                static_cast<unsigned long long>(addr));
  s.fault_ = "misaligned address " + std::string(hex) + ": " + what + " " +
             threadText(ctx->tid, ctx->bid);
}

void BlockScheduler::outOfBoundsHook(WfHostCtx *ctx, const char *what,
                                     uint64_t offset, uint64_t size) {
  BlockScheduler &s = *static_cast<Thread *>(ctx->sched)->owner;
  if (!s.fault_.empty())
    return;
  s.fault_ =
      outOfBoundsText(what, offset, size, threadText(ctx->tid, ctx->bid));
}

void BlockScheduler::wildAccessHook(WfHostCtx *ctx, const char *what,
                                    const char *where, uint64_t addr, uint64_t,
                                    const char *const *names) {
  BlockScheduler &s = *static_cast<Thread *>(ctx->sched)->owner;
  if (!s.fault_.empty())
    return;
  // Name the buffer the access starts in (it runs past its end), if any.
  std::string region;
  uint64_t offset = addr, size = 0;
  for (size_t i = 0; names && s.launch_.argBytes && i < s.launch_.argCount;
       ++i) {
    uint64_t base = s.launch_.args[i], n = s.launch_.argBytes[i];
    if (names[i] && addr - base < n) {
      region = "param '" + std::string(names[i]) + "'";
      offset = addr - base;
      size = n;
      break;
    }
  }
  uint64_t shared = reinterpret_cast<uint64_t>(ctx->shared);
  if (region.empty() && addr - shared < ctx->shared_bytes) {
    region = "shared memory";
    offset = addr - shared;
    size = ctx->shared_bytes;
  }
  s.fault_ = wildAccessText(what, where, region, offset, size,
                            threadText(ctx->tid, ctx->bid));
}

// wgmma needs no exchange: each thread reads what its accumulators need
// from shared memory itself. The GPU runs it by whole warpgroups.
void BlockScheduler::wgmmaHook(WfHostCtx *ctx, int64_t op, uint64_t descA,
                               uint64_t descB, int64_t scaleD, float *acc) {
  BlockScheduler &s = *static_cast<Thread *>(ctx->sched)->owner;
  int64_t threads = ctx->bdim[0] * ctx->bdim[1] * ctx->bdim[2];
  int64_t linear =
      ctx->tid[0] + ctx->bdim[0] * (ctx->tid[1] + ctx->bdim[1] * ctx->tid[2]);
  std::string error;
  if (threads % 128)
    error = std::string(op & 1 ? "WGMMA-F16" : "WGMMA-BF16") +
            " needs whole warpgroups of 128 threads, and the block has " +
            std::to_string(threads);
  else
    error = warpgroupMma(op, descA, descB, scaleD != 0, ctx->shared,
                         ctx->shared_bytes, static_cast<unsigned>(linear % 128),
                         acc);
  if (!error.empty() && s.fault_.empty())
    s.fault_ = error + " " + threadText(ctx->tid, ctx->bid);
}

void BlockScheduler::assertHook(WfHostCtx *ctx, const char *where) {
  BlockScheduler &s = *static_cast<Thread *>(ctx->sched)->owner;
  if (!s.fault_.empty())
    return;
  s.fault_ = assertText(where, threadText(ctx->tid, ctx->bid));
}

void BlockScheduler::resume(Thread &t) {
  if (!t.started) {
    // A thread takes a stack only when it starts and gives it back when it
    // returns, so a kernel without barriers runs on a single stack.
    t.stack = takeStack();
    prepareFiber(t.fiber, mode_, *t.stack, &threadMain, &t);
    t.started = true;
  }
  switchFiber(mode_, scheduler_, t.fiber);
}

void BlockScheduler::run(uint64_t linearBlock) {
  const Dim3 &g = launch_.grid;
  int64_t bid[3] = {static_cast<int64_t>(linearBlock % g.x),
                    static_cast<int64_t>(linearBlock / g.x % g.y),
                    static_cast<int64_t>(linearBlock / (uint64_t(g.x) * g.y))};
  std::memset(shared_.get() + kSharedSkew, 0, sharedAlloc_);
  for (Thread &t : threads_) {
    std::memcpy(t.ctx.bid, bid, sizeof bid);
    t.state = State::Ready;
    t.started = false;
  }
  for (size_t w = 0; w < warps_.size(); ++w) {
    size_t lanes = threadCount_ - w * WF_WARP_SIZE;
    warps_[w] =
        Warp{static_cast<uint32_t>(lanes < WF_WARP_SIZE ? lanes : WF_WARP_SIZE),
             0, 0};
  }
  live_ = threadCount_;
  atBarrier_ = 0;

  while (live_ > 0) {
    bool ranAny = false;
    for (size_t i = 0; i < threadCount_; ++i) {
      if (threads_[i].state != State::Ready)
        continue;
      resume(threads_[i]);
      ranAny = true;
      afterYield(i);
    }
    if (!ranAny) // cannot happen (see the header); fail loudly if it does
      throw Error("CPU executor: block " + std::to_string(linearBlock) +
                  " stalled with " + std::to_string(live_) + " live threads");
  }
  if (!fault_.empty())
    throw Error(fault_);
}

void BlockScheduler::afterYield(size_t index) {
  Thread &t = threads_[index];
  Warp &w = warps_[index / WF_WARP_SIZE];
  switch (t.state) {
  case State::Done:
    freeStacks_.push_back(t.stack);
    t.stack = nullptr;
    --live_;
    --w.live;
    break;
  case State::AtBarrier:
    ++atBarrier_;
    ++w.atBarrier;
    break;
  case State::AtExchange:
    ++w.atExchange;
    break;
  case State::Ready:
    break;
  }
  // Only this thread's move can have completed its warp's exchange or the
  // block's barrier.
  if (w.atExchange > 0 && w.atExchange + w.atBarrier == w.live)
    completeExchange(index / WF_WARP_SIZE);
  if (atBarrier_ > 0 && atBarrier_ == live_)
    releaseBarrier();
}

void BlockScheduler::releaseBarrier() {
  for (Thread &t : threads_)
    if (t.state == State::AtBarrier)
      t.state = State::Ready;
  for (Warp &w : warps_)
    w.atBarrier = 0;
  atBarrier_ = 0;
}

void BlockScheduler::completeExchange(size_t warp) {
  size_t first = warp * WF_WARP_SIZE;
  size_t end =
      first + WF_WARP_SIZE < threadCount_ ? first + WF_WARP_SIZE : threadCount_;
  completeCollective(first, end);
  for (size_t i = first; i < end; ++i) {
    Thread &t = threads_[i];
    if (t.state != State::AtExchange || t.collIn)
      continue;
    t.result = t.offer;
    if (t.srcLane >= 0 && t.srcLane < WF_WARP_SIZE) {
      size_t src = first + static_cast<size_t>(t.srcLane);
      if (src < end && threads_[src].state == State::AtExchange &&
          !threads_[src].collIn)
        t.result = threads_[src].offer;
    }
  }
  for (size_t i = first; i < end; ++i)
    if (threads_[i].state == State::AtExchange)
      threads_[i].state = State::Ready;
  warps_[warp].atExchange = 0;
}

void BlockScheduler::completeCollective(size_t first, size_t end) {
  WarpOperands in{};
  std::array<bool, WF_WARP_SIZE> present{};
  const Thread *lead = nullptr;
  for (size_t i = first; i < end; ++i) {
    const Thread &t = threads_[i];
    if (t.state != State::AtExchange || !t.collIn)
      continue;
    if (!lead)
      lead = &t;
    // The lanes of a warp meet at one warp-wide word; on the GPU lanes at
    // different ones (or some at a shuffle) are undefined behaviour.
    if (t.collOp != lead->collOp && fault_.empty())
      fault_ = "lanes of one warp reached different warp-wide words "
               "(MMA, LDMATRIX, STMATRIX): " +
               threadText(t.ctx.tid, t.ctx.bid);
    std::copy(t.collIn, t.collIn + WF_WARP_COLLECTIVE_IN,
              in[i - first].begin());
    present[i - first] = true;
  }
  if (!lead)
    return;
  WarpResults out{};
  std::string fault = runWarpCollective(lead->collOp, in, present, out);
  if (!fault.empty() && fault_.empty())
    fault_ = fault + " " + threadText(lead->ctx.tid, lead->ctx.bid);
  for (size_t i = first; i < end; ++i) {
    Thread &t = threads_[i];
    if (t.state == State::AtExchange && t.collIn)
      std::copy(out[i - first].begin(), out[i - first].end(), t.collOut);
  }
}
} // namespace wf::rt::cpu
