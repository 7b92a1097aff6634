#include "runtime/cpu/BlockScheduler.h"

#include "common/Error.h"
#include "runtime/CheckReport.h"
#include "runtime/cpu/AsyncOps.h"
#include "runtime/cpu/Mbarrier.h"
#include "runtime/cpu/StackPool.h"
#include "runtime/cpu/WarpCollective.h"
#include "runtime/cpu/WarpgroupMma.h"

#include <algorithm>

#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace wf::rt::cpu {

namespace {
// Loop iterations between two polls of a thread (HostABI.h's loop_poll):
// a poll costs a clock read, an iteration as little as a nanosecond.
constexpr int64_t kLoopPollInterval = 4096;
} // namespace

BlockScheduler::BlockScheduler(const GridLaunch &launch, SwitchMode mode,
                               size_t stackBytes)
    : launch_(launch), mode_(mode), stackBytes_(stackBytes),
      ctaThreads_(launch.block.count()), ctaCount_(launch.cluster.count()),
      threadCount_(ctaThreads_ * ctaCount_), threads_(threadCount_),
      ctas_(ctaCount_) {
  // Shared memory is never null, even when unused, and its base is always
  // 16 mod 32: 16-byte aligned, as the code generator assumes, and never
  // more by chance, so a kernel that needs more fails on every run. Each
  // block of a cluster has its own allocation: an access past one block's
  // memory is caught, never served by a neighbour's.
  sharedAlloc_ = (launch.sharedBytes + 15) / 16 * 16;
  if (sharedAlloc_ == 0)
    sharedAlloc_ = 16;
  for (Cta &cta : ctas_) {
    cta.alloc.reset(static_cast<char *>(
        std::aligned_alloc(kSharedSkew * 2, sharedAlloc_ + kSharedSkew)));
    if (!cta.alloc)
      throw Error("CPU executor: cannot allocate " +
                  std::to_string(launch.sharedBytes) +
                  " bytes of shared memory");
    cta.shared = cta.alloc.get() + kSharedSkew;
  }
  // Warps never span two blocks: each block's threads start a new warp.
  size_t ctaWarps = (ctaThreads_ + WF_WARP_SIZE - 1) / WF_WARP_SIZE;
  warps_.resize(ctaCount_ * ctaWarps);
  for (size_t w = 0; w < warps_.size(); ++w) {
    size_t ctaFirst = w / ctaWarps * ctaThreads_;
    warps_[w].first = ctaFirst + w % ctaWarps * WF_WARP_SIZE;
    warps_[w].end =
        std::min(warps_[w].first + WF_WARP_SIZE, ctaFirst + ctaThreads_);
  }

  const Dim3 &b = launch.block;
  for (size_t i = 0; i < threadCount_; ++i) {
    Thread &t = threads_[i];
    t.owner = this;
    t.cta = i / ctaThreads_;
    size_t local = i % ctaThreads_;
    t.warp = t.cta * ctaWarps + local / WF_WARP_SIZE;
    WfHostCtx &c = t.ctx;
    c.tid[0] = static_cast<int64_t>(local % b.x);
    c.tid[1] = static_cast<int64_t>(local / b.x % b.y);
    c.tid[2] = static_cast<int64_t>(local / (uint64_t(b.x) * b.y));
    c.bdim[0] = b.x;
    c.bdim[1] = b.y;
    c.bdim[2] = b.z;
    c.gdim[0] = launch.grid.x;
    c.gdim[1] = launch.grid.y;
    c.gdim[2] = launch.grid.z;
    c.shared = ctas_[t.cta].shared;
    c.cluster_rank = static_cast<int64_t>(t.cta);
    c.cluster_size = static_cast<int64_t>(ctaCount_);
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
    c.index_out_of_range = &indexHook;
    c.wgmma = &wgmmaHook;
    c.async_op = &asyncHook;
    c.loop_poll_interval = kLoopPollInterval;
    c.loop_poll = &loopPollHook;
    c.sanitize = &sanitizeHook;
  }
  if (launch.sanitize)
    sanitizer_ = std::make_unique<Sanitizer>(
        ctaCount_, ctaThreads_, launch.sharedBytes,
        [this](size_t i) { return threadName(i); },
        [this](size_t r) { return blockName(r); });
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
  s.stopRunning();
}

void BlockScheduler::outOfBoundsHook(WfHostCtx *ctx, const char *what,
                                     uint64_t offset, uint64_t size) {
  BlockScheduler &s = *static_cast<Thread *>(ctx->sched)->owner;
  if (!s.fault_.empty())
    return;
  s.fault_ =
      outOfBoundsText(what, offset, size, threadText(ctx->tid, ctx->bid));
  s.stopRunning();
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
  s.stopRunning();
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
            (op & 8 ? "-RS" : "") +
            " needs whole warpgroups of 128 threads, and the block has " +
            std::to_string(threads);
  else
    error = warpgroupMma(op, descA, descB, scaleD != 0, ctx->shared,
                         ctx->shared_bytes, static_cast<unsigned>(linear % 128),
                         acc);
  if (!error.empty() && s.fault_.empty()) {
    s.fault_ = error + " " + threadText(ctx->tid, ctx->bid);
    s.stopRunning();
  }
}

void BlockScheduler::assertHook(WfHostCtx *ctx, const char *where) {
  BlockScheduler &s = *static_cast<Thread *>(ctx->sched)->owner;
  if (!s.fault_.empty())
    return;
  s.fault_ = assertText(where, threadText(ctx->tid, ctx->bid));
  s.stopRunning();
}

void BlockScheduler::indexHook(WfHostCtx *ctx, const char *what, int64_t index,
                               uint64_t count) {
  BlockScheduler &s = *static_cast<Thread *>(ctx->sched)->owner;
  if (!s.fault_.empty())
    return;
  s.fault_ = indexText(what, index, count, threadText(ctx->tid, ctx->bid));
  s.stopRunning();
}

void BlockScheduler::loopPollHook(WfHostCtx *ctx, const char *site) {
  Thread &t = *static_cast<Thread *>(ctx->sched);
  BlockScheduler &s = *t.owner;
  LaunchStop::Reason reason = s.stopping_;
  if (reason == LaunchStop::Reason::None && s.launch_.stop)
    reason = s.launch_.stop->check();
  if (reason != LaunchStop::Reason::None)
    s.abortBlock(t, site, reason);
}

void BlockScheduler::abortBlock(Thread &t, const char *site,
                                LaunchStop::Reason reason) {
  stopping_ = reason;
  // Threads not started yet, or resumed from a barrier, report their loop
  // at its first iteration (a running one at its next poll).
  for (Thread &o : threads_)
    o.ctx.loop_poll_interval = 1;
  t.where = site;
  t.state = State::Stopped;
  stopRunning(); // the thread running now is t; never resumed
}

std::string BlockScheduler::stopText() const {
  struct Group {
    std::string what;
    size_t cta = 0;
    size_t count = 0;
    int64_t lo[3], hi[3];
  };
  std::vector<Group> groups;
  for (const Thread &t : threads_) {
    std::string what;
    switch (t.state) {
    case State::Stopped:
      what = std::string("at ") + t.where;
      break;
    case State::AtBarrier:
      what = "waiting at BARRIER";
      break;
    case State::AtExchange:
      what = "waiting at a warp-wide word (shuffle, MMA, ...)";
      break;
    case State::AtMbar:
    case State::AtNamedBar:
    case State::AtClusterBar:
    case State::AtRegs:
      what = std::string("waiting at ") + t.where;
      break;
    default:
      continue;
    }
    auto it = std::find_if(groups.begin(), groups.end(), [&](const Group &g) {
      return g.cta == t.cta && g.what == what;
    });
    if (it == groups.end()) {
      groups.push_back({what, t.cta, 0, {}, {}});
      it = groups.end() - 1;
      for (int k = 0; k < 3; ++k)
        it->lo[k] = it->hi[k] = t.ctx.tid[k];
    }
    ++it->count;
    for (int k = 0; k < 3; ++k) {
      it->lo[k] = std::min(it->lo[k], t.ctx.tid[k]);
      it->hi[k] = std::max(it->hi[k], t.ctx.tid[k]);
    }
  }
  auto coords = [](const int64_t *lo, const int64_t *hi) {
    std::string text = "(";
    for (int k = 0; k < 3; ++k)
      text += (k ? "," : "") + std::to_string(lo[k]) +
              (hi[k] != lo[k] ? ".." + std::to_string(hi[k]) : "");
    return text + ")";
  };
  std::string text;
  for (const Group &g : groups) {
    uint64_t box = 1;
    for (int k = 0; k < 3; ++k)
      box *= static_cast<uint64_t>(g.hi[k] - g.lo[k] + 1);
    std::string who =
        g.count == 1 ? "thread " + coords(g.lo, g.lo)
        : g.count == box
            ? "threads " + coords(g.lo, g.hi)
            : std::to_string(g.count) + " threads in " + coords(g.lo, g.hi);
    const int64_t *bid = threads_[g.cta * ctaThreads_].ctx.bid;
    text += "\n  " + who + " of block " + coords(bid, bid) + " " + g.what;
  }
  return text;
}

void BlockScheduler::report(const WfHostCtx &ctx, const std::string &why) {
  if (fault_.empty())
    fault_ = why + " " + threadText(ctx.tid, ctx.bid);
  stopRunning();
}

void BlockScheduler::stopRunning() {
  if (running_)
    switchFiber(mode_, running_->fiber, scheduler_); // never resumed
}

uint64_t *BlockScheduler::mbarrierAt(WfHostCtx *ctx, uint64_t addr) {
  uint64_t offset = addr - reinterpret_cast<uint64_t>(ctx->shared);
  if (offset >= ctx->shared_bytes || ctx->shared_bytes - offset < 8 ||
      addr % 8 != 0)
    return nullptr; // reported by the kernel's own check
  return reinterpret_cast<uint64_t *>(addr);
}

std::string BlockScheduler::mbarOffsetText(const uint64_t *m,
                                           size_t cta) const {
  return std::to_string(reinterpret_cast<uint64_t>(m) -
                        reinterpret_cast<uint64_t>(ctas_[cta].shared)) +
         (ctaCount_ > 1 ? " of block rank " + std::to_string(cta) : "");
}

void BlockScheduler::updateMbar(const WfHostCtx &ctx, uint64_t *m, size_t cta,
                                int64_t arrivals, int64_t bytes,
                                const std::string &word) {
  int64_t t2 = mbar::tx(*m) + bytes;
  if (arrivals > mbar::pending(*m))
    return report(ctx, word +
                           ": more arrivals on the mbarrier at "
                           "shared byte offset " +
                           mbarOffsetText(m, cta) + " than its count of " +
                           std::to_string(mbar::expected(*m)));
  if (t2 > mbar::kMaxCount || t2 < -mbar::kMaxCount)
    return report(ctx, word +
                           ": the transaction count of the mbarrier "
                           "at shared byte offset " +
                           mbarOffsetText(m, cta) + " leaves its range (" +
                           std::to_string(t2) + " bytes)");
  if (sanitizer_ && arrivals > 0)
    sanitizer_->mbarArrive(indexOf(*static_cast<Thread *>(ctx.sched)), m);
  unsigned phase = mbar::phase(*m);
  *m = mbar::update(*m, arrivals, bytes);
  ++epoch_;
  if (sanitizer_ && mbar::phase(*m) != phase)
    sanitizer_->mbarPhaseDone(m);
}

const WfTensorMap *BlockScheduler::tensorMapAt(uint64_t addr) const {
  for (size_t k = 0; k < launch_.tensorMapCount; ++k)
    if (reinterpret_cast<uint64_t>(&launch_.tensorMaps[k]) == addr)
      return &launch_.tensorMaps[k];
  return nullptr;
}

void BlockScheduler::asyncHook(WfHostCtx *ctx, int64_t op, const uint64_t *in,
                               uint64_t *out, const char *where) {
  Thread &t = *static_cast<Thread *>(ctx->sched);
  BlockScheduler &s = *t.owner;
  int64_t kind = op & 255;
  size_t n = static_cast<size_t>(op >> 8);
  if (kind == WF_ASYNC_MBAR_WAIT_CLUSTER) // the CPU has no scopes to tell
    kind = WF_ASYNC_MBAR_WAIT;
  if (kind == WF_ASYNC_SETMAXNREG)
    return s.setMaxNReg(t, static_cast<int64_t>(in[0]),
                        static_cast<int64_t>(in[1]), where);
  // The cluster words, CLUSTER-SYNC .. TMA-LOAD-MC (ClusterOps.cpp).
  if (kind >= WF_ASYNC_CLUSTER_SYNC && kind <= WF_ASYNC_TMA_LOAD_MC)
    return s.clusterOp(t, kind, n, in, out, where);
  std::string word = where;
  // The mbarrier operand, set up by MBAR-INIT.
  auto barrier = [&](uint64_t addr) -> uint64_t * {
    uint64_t *m = s.mbarrierAt(ctx, addr);
    if (m && !mbar::initialized(*m)) {
      s.report(*ctx, word + ": the mbarrier at shared byte offset " +
                         s.mbarOffsetText(m, t.cta) +
                         " was never set up by MBAR-INIT");
      return nullptr;
    }
    return m;
  };
  auto update = [&](uint64_t *m, int64_t arrivals, int64_t bytes) {
    s.updateMbar(*ctx, m, t.cta, arrivals, bytes, word);
  };
  switch (kind) {
  case WF_ASYNC_MBAR_INIT: {
    uint64_t *m = s.mbarrierAt(ctx, in[1]);
    auto count = static_cast<int64_t>(in[0]);
    if (!m)
      return;
    if (count < 1 || count > mbar::kMaxCount)
      return s.report(*ctx, word + ": arrival count " + std::to_string(count) +
                                " is not from 1 to " +
                                std::to_string(mbar::kMaxCount));
    *m = mbar::init(count);
    ++s.epoch_;
    if (s.sanitizer_)
      s.sanitizer_->mbarInit(m);
    return;
  }
  case WF_ASYNC_MBAR_ARRIVE:
  case WF_ASYNC_MBAR_ARRIVE_TX: {
    uint64_t *m = barrier(in[n - 1]);
    int64_t bytes = kind == WF_ASYNC_MBAR_ARRIVE_TX ? int64_t(in[0]) : 0;
    if (!m)
      return;
    if (bytes < 0 || bytes > mbar::kMaxCount)
      return s.report(*ctx, word + ": " + std::to_string(bytes) +
                                " transaction bytes is not from 0 to " +
                                std::to_string(mbar::kMaxCount));
    update(m, 1, bytes);
    return;
  }
  case WF_ASYNC_MBAR_WAIT:
  case WF_ASYNC_MBAR_TRY_WAIT: {
    bool tryWait = kind == WF_ASYNC_MBAR_TRY_WAIT;
    out[0] = 0;
    uint64_t *m = barrier(in[1]);
    if (!m)
      return;
    unsigned parity = static_cast<unsigned>(in[0] & 1);
    if (mbar::phase(*m) == parity) {
      t.state = State::AtMbar;
      t.mbar = m;
      t.parity = parity;
      t.tryWait = tryWait;
      t.waitResult = ~uint64_t(0);
      t.where = where;
      switchFiber(s.mode_, t.fiber, s.scheduler_);
      if (tryWait)
        out[0] = t.waitResult;
      if (s.sanitizer_ && t.waitResult)
        s.sanitizer_->mbarAcquire(s.indexOf(t), m);
      return;
    }
    out[0] = ~uint64_t(0);
    if (s.sanitizer_)
      s.sanitizer_->mbarAcquire(s.indexOf(t), m);
    return;
  }
  case WF_ASYNC_BAR_SYNC_N:
  case WF_ASYNC_BAR_ARRIVE_N:
    s.namedBarrier(t, static_cast<int64_t>(in[0]), static_cast<int64_t>(in[1]),
                   kind == WF_ASYNC_BAR_SYNC_N, where);
    return;
  case WF_ASYNC_TMA_LOAD:
  case WF_ASYNC_TMA_STORE:
  case WF_ASYNC_TMA_REDUCE_ADD: {
    bool load = kind == WF_ASYNC_TMA_LOAD;
    const WfTensorMap *map = s.tensorMapAt(in[n - 1]);
    if (!map)
      return s.report(*ctx, word + ": its last operand is not a tensor map "
                                   "(the name of a '\\! tmap' param)");
    size_t rank = n - (load ? 3 : 2);
    if (int64_t(rank) != map->rank)
      return s.report(*ctx, word + ": tensor map '" + map->name + "' has " +
                                std::to_string(map->rank) +
                                " dimensions, not " + std::to_string(rank));
    uint64_t *m = nullptr;
    if (load && !(m = barrier(in[n - 3])))
      return;
    // The GPU takes coordinates as 32-bit integers.
    int64_t coords[WF_TMAP_MAX_RANK];
    for (size_t k = 0; k < rank; ++k)
      coords[k] = static_cast<int32_t>(in[k]);
    uint64_t tile = in[n - 2] - reinterpret_cast<uint64_t>(ctx->shared);
    TmaMode mode = load                         ? TmaMode::Load
                   : kind == WF_ASYNC_TMA_STORE ? TmaMode::Store
                                                : TmaMode::ReduceAdd;
    std::string why =
        tmaCopy(mode, *map, coords, ctx->shared, ctx->shared_bytes, tile, word);
    if (!why.empty())
      return s.report(*ctx, word + ": " + why);
    if (load && s.sanitizer_) {
      why = s.sanitizer_->tmaLoad(s.indexOf(t), t.cta, tile,
                                  uint64_t(tmaBoxBytes(*map)), m, where);
      if (!why.empty()) {
        s.fault_ = "sanitizer: " + why;
        return s.stopRunning();
      }
    }
    if (load)
      update(m, 0, -tmaBoxBytes(*map));
    return;
  }
  default: // fences, TMA store groups: the CPU's copies are done at once
    return;
  }
}

void BlockScheduler::namedBarrier(Thread &t, int64_t id, int64_t count,
                                  bool sync, const char *where) {
  std::string word = where;
  if (id < 0 || id > 15)
    return report(t.ctx, word + ": barrier id " + std::to_string(id) +
                             " is not from 0 to 15");
  if (count < 32 || count > 1024 || count % 32 != 0)
    return report(t.ctx, word + ": thread count " + std::to_string(count) +
                             " is not a multiple of 32 from 32 to 1024");
  Cta &cta = ctas_[t.cta];
  NamedBarrier &b = cta.named[id];
  if (b.arrived == 0)
    b.expected = static_cast<uint32_t>(count);
  else if (b.expected != count)
    return report(t.ctx, word + ": barrier " + std::to_string(id) + " counts " +
                             std::to_string(count) + " threads here but " +
                             std::to_string(b.expected) +
                             " for the threads already there");
  ++b.arrived;
  ++epoch_;
  if (sanitizer_)
    sanitizer_->namedArrive(indexOf(t), t.cta, id);
  if (b.arrived == b.expected) {
    if (sanitizer_) {
      std::vector<size_t> syncing;
      for (size_t i = t.cta * ctaThreads_; i < (t.cta + 1) * ctaThreads_; ++i)
        if (threads_[i].state == State::AtNamedBar &&
            threads_[i].namedBar == id)
          syncing.push_back(i);
      if (sync)
        syncing.push_back(indexOf(t));
      sanitizer_->namedComplete(t.cta, id, syncing);
    }
    for (size_t i = t.cta * ctaThreads_; i < (t.cta + 1) * ctaThreads_; ++i) {
      Thread &o = threads_[i];
      if (o.state == State::AtNamedBar && o.namedBar == id) {
        o.state = State::Ready;
        --warps_[o.warp].waiting;
      }
    }
    b.arrived = 0;
    return;
  }
  if (!sync)
    return;
  t.state = State::AtNamedBar;
  t.namedBar = static_cast<int>(id);
  t.where = where;
  switchFiber(mode_, t.fiber, scheduler_);
}

void BlockScheduler::setMaxNReg(Thread &t, int64_t n, int64_t atLaunch,
                                const char *where) {
  if (atLaunch <= 0)
    return;
  std::string word = where;
  Warp &w = warps_[t.warp];
  if (w.regs < 0)
    w.regs = atLaunch;
  int64_t want = n < 0 ? -n : n;
  if (want == w.regs) // another lane of the warp made the move
    return;
  Cta &cta = ctas_[t.cta];
  auto lanes = static_cast<int64_t>(w.end - w.first);
  if (n < 0) {
    if (want > w.regs)
      return report(t.ctx, word + ": " + std::to_string(want) +
                               " registers is more than the warp's " +
                               std::to_string(w.regs));
    cta.regFree += (w.regs - want) * lanes;
    w.regs = want;
    ++epoch_;
    return grantRegisters(t.cta);
  }
  if (want < w.regs)
    return report(t.ctx, word + ": " + std::to_string(want) +
                             " registers is fewer than the warp's " +
                             std::to_string(w.regs));
  int64_t need = (want - w.regs) * lanes;
  if (cta.regFree >= need) {
    cta.regFree -= need;
    w.regs = want;
    return;
  }
  t.state = State::AtRegs;
  t.regWant = want;
  t.where = where;
  switchFiber(mode_, t.fiber, scheduler_);
}

void BlockScheduler::grantRegisters(size_t ctaIndex) {
  Cta &cta = ctas_[ctaIndex];
  for (size_t i = ctaIndex * ctaThreads_; i < (ctaIndex + 1) * ctaThreads_;
       ++i) {
    Thread &o = threads_[i];
    if (o.state != State::AtRegs)
      continue;
    Warp &w = warps_[o.warp];
    int64_t need = (o.regWant - w.regs) * static_cast<int64_t>(w.end - w.first);
    if (cta.regFree < need)
      continue;
    cta.regFree -= need;
    w.regs = o.regWant;
    o.state = State::Ready;
    --w.waiting;
  }
}

bool BlockScheduler::wakeWaiters() {
  bool woke = false;
  for (size_t i = 0; i < threadCount_; ++i) {
    Thread &t = threads_[i];
    if (t.state != State::AtMbar || mbar::phase(*t.mbar) == t.parity)
      continue;
    t.state = State::Ready;
    t.waitResult = ~uint64_t(0);
    --warps_[t.warp].waiting;
    woke = true;
  }
  return woke;
}

std::string BlockScheduler::deadlockText() const {
  // One line per (state, word, barrier): how many threads, the first one.
  struct Group {
    std::string what;
    size_t count = 0;
    size_t first = 0;
  };
  std::vector<Group> groups;
  for (size_t i = 0; i < threadCount_; ++i) {
    const Thread &t = threads_[i];
    std::string what;
    switch (t.state) {
    case State::AtMbar: {
      uint64_t m = *t.mbar;
      what = "at " + std::string(t.where) + " for phase parity " +
             std::to_string(t.parity) +
             " of the mbarrier at shared byte "
             "offset " +
             mbarOffsetText(t.mbar, t.cta) + " (its current phase has parity " +
             std::to_string(mbar::phase(m)) + " and waits for " +
             std::to_string(mbar::pending(m)) + " of " +
             std::to_string(mbar::expected(m)) + " arrivals and " +
             std::to_string(mbar::tx(m)) + " transaction bytes)";
      break;
    }
    case State::AtNamedBar: {
      const NamedBarrier &nb = ctas_[t.cta].named[t.namedBar];
      what = "at " + std::string(t.where) + " on barrier " +
             std::to_string(t.namedBar) + " (" + std::to_string(nb.arrived) +
             " of " + std::to_string(nb.expected) + " threads arrived)";
      break;
    }
    case State::AtRegs:
      what = "at " + std::string(t.where) + " for " +
             std::to_string(t.regWant) + " registers a thread (its warp has " +
             std::to_string(warps_[t.warp].regs) + "; its block's pool holds " +
             std::to_string(ctas_[t.cta].regFree) +
             " freed by SETMAXNREG-DEC: on the GPU it waits forever; the "
             "registers at launch come from the launch bounds)";
      break;
    case State::AtClusterBar:
      what = "at " + std::string(t.where) + " on the cluster barrier (" +
             std::to_string(clusterArrived_) + " of the cluster's " +
             std::to_string(live_) + " live threads arrived)";
      break;
    case State::AtBarrier:
      what = "at BARRIER";
      break;
    case State::AtExchange:
      what = "at a warp-wide word";
      break;
    default:
      continue;
    }
    // Blocks of a cluster are told apart: a group is one block's.
    what += " #" + std::to_string(t.cta);
    auto it = std::find_if(groups.begin(), groups.end(),
                           [&](const Group &g) { return g.what == what; });
    if (it == groups.end())
      groups.push_back({what, 1, i});
    else
      ++it->count;
  }
  auto blockText = [](const int64_t *bid) {
    return "(" + std::to_string(bid[0]) + "," + std::to_string(bid[1]) + "," +
           std::to_string(bid[2]) + ")";
  };
  std::string where =
      threads_.empty() ? "" : "block " + blockText(threads_[0].ctx.bid);
  if (ctaCount_ > 1)
    where = "the cluster of blocks " + blockText(threads_.front().ctx.bid) +
            " to " + blockText(threads_.back().ctx.bid);
  std::string text = "deadlock: no thread of " + where +
                     " can go on (every live thread waits for what no "
                     "other thread will do):";
  for (const Group &g : groups) {
    const Thread &t = threads_[g.first];
    std::string what = g.what.substr(0, g.what.rfind(" #"));
    text += "\n  " + std::to_string(g.count) +
            (g.count == 1 ? " thread " : " threads, the first ") +
            threadText(t.ctx.tid, t.ctx.bid) + " " + what;
  }
  return text;
}

void BlockScheduler::resume(Thread &t) {
  if (!t.started) {
    // A thread takes a stack only when it starts and gives it back when it
    // returns, so a kernel without barriers runs on a single stack.
    t.stack = takeStack();
    prepareFiber(t.fiber, mode_, *t.stack, &threadMain, &t);
    t.started = true;
  }
  running_ = &t;
  switchFiber(mode_, scheduler_, t.fiber);
  running_ = nullptr;
}

void BlockScheduler::run(uint64_t linearCluster) {
  // Clusters tile the grid: cluster (cx,cy,cz) holds the blocks from
  // (cx,cy,cz) * dims on; rank r is its block (r % dx, r / dx % dy, ...).
  const Dim3 &g = launch_.grid, &cl = launch_.cluster;
  uint64_t gx = g.x / cl.x, gy = g.y / cl.y;
  int64_t cid[3] = {static_cast<int64_t>(linearCluster % gx),
                    static_cast<int64_t>(linearCluster / gx % gy),
                    static_cast<int64_t>(linearCluster / (gx * gy))};
  for (size_t r = 0; r < ctaCount_; ++r) {
    Cta &cta = ctas_[r];
    std::memset(cta.alloc.get() + kSharedSkew, 0, sharedAlloc_);
    cta.live = ctaThreads_;
    cta.atBarrier = 0;
    cta.regFree = 0;
    for (NamedBarrier &b : cta.named)
      b = NamedBarrier{};
  }
  for (Thread &t : threads_) {
    int64_t rank[3] = {static_cast<int64_t>(t.cta % cl.x),
                       static_cast<int64_t>(t.cta / cl.x % cl.y),
                       static_cast<int64_t>(t.cta / (uint64_t(cl.x) * cl.y))};
    const int64_t dims[3] = {cl.x, cl.y, cl.z};
    for (int k = 0; k < 3; ++k) {
      t.ctx.bid[k] = cid[k] * dims[k] + rank[k];
      t.ctx.cluster_id[k] = cid[k];
    }
    t.state = State::Ready;
    t.started = false;
    t.clusterArrived = false;
    t.ctx.loop_poll_interval = kLoopPollInterval;
    t.barrierSite = t.warpSite = nullptr;
  }
  stopping_ = LaunchStop::Reason::None;
  if (sanitizer_)
    sanitizer_->startRun();
  for (Warp &w : warps_) {
    w.live = static_cast<uint32_t>(w.end - w.first);
    w.atBarrier = w.atExchange = w.waiting = 0;
    w.regs = -1;
  }
  live_ = threadCount_;
  clusterArrived_ = clusterPhase_ = 0;
  epoch_ = timeoutEpoch_ = 0;

  while (live_ > 0) {
    bool ranAny = false;
    wakeWaiters();
    for (size_t i = 0; i < threadCount_; ++i) {
      if (threads_[i].state != State::Ready)
        continue;
      resume(threads_[i]);
      ranAny = true;
      // The first fault ends the run: the thread that made it stopped.
      if (!fault_.empty())
        throw Error(fault_);
      afterYield(i);
      if (!fault_.empty())
        throw Error(fault_);
    }
    if (stopping_ != LaunchStop::Reason::None) {
      // Run the others to their loop polls, barriers or ends (each at
      // most one poll interval away), then say where every thread is.
      if (std::any_of(threads_.begin(), threads_.end(),
                      [](const Thread &t) { return t.state == State::Ready; }))
        continue;
      throw LaunchStopped(stopping_ == LaunchStop::Reason::Timeout
                              ? LaunchStopped::Reason::Timeout
                              : LaunchStopped::Reason::Interrupt,
                          stopText());
    }
    if (ranAny || wakeWaiters())
      continue;
    // No thread can go on. MBAR-TRY-WAITs time out (false) once per
    // change of state, so a kernel that polls can do something else.
    bool timedOut = false;
    if (epoch_ != timeoutEpoch_)
      for (Thread &t : threads_) {
        if (t.state == State::AtMbar && t.tryWait) {
          t.waitResult = 0;
          t.state = State::Ready;
          --warps_[t.warp].waiting;
          timedOut = true;
        }
      }
    timeoutEpoch_ = epoch_;
    if (timedOut)
      continue;
    // A fault (a refused TMA copy, say) often causes the deadlock: report
    // the cause.
    throw Error(fault_.empty() ? deadlockText() : fault_);
  }
  if (!fault_.empty())
    throw Error(fault_);
}

void BlockScheduler::afterYield(size_t index) {
  Thread &t = threads_[index];
  Warp &w = warps_[t.warp];
  Cta &cta = ctas_[t.cta];
  switch (t.state) {
  case State::Done:
    freeStacks_.push_back(t.stack);
    t.stack = nullptr;
    --live_;
    --cta.live;
    --w.live;
    // A returned thread counts as arrived at the cluster barrier.
    if (t.clusterArrived && t.clusterPhase == clusterPhase_)
      --clusterArrived_;
    t.clusterArrived = false;
    maybeCompleteClusterBarrier();
    break;
  case State::AtBarrier:
    ++cta.atBarrier;
    ++w.atBarrier;
    break;
  case State::AtExchange:
    ++w.atExchange;
    break;
  case State::AtMbar:
  case State::AtNamedBar:
  case State::AtClusterBar:
  case State::AtRegs:
    ++w.waiting;
    break;
  case State::Ready:
  case State::Stopped:
    break;
  }
  // What may unblock a thread (a wait itself does not: a polling loop of
  // MBAR-TRY-WAITs that nothing else serves is a deadlock too).
  if (t.state == State::Done || t.state == State::AtBarrier ||
      t.state == State::AtExchange)
    ++epoch_;
  // Only this thread's move can have completed its warp's exchange or the
  // block's barrier.
  if (w.atExchange > 0 && w.atExchange + w.atBarrier + w.waiting == w.live) {
    if (sanitizer_) {
      std::string why = checkWarp(t.warp);
      if (!why.empty())
        throw Error(why);
      sanitizeWarp(t.warp);
    }
    completeExchange(t.warp);
  }
  if (cta.atBarrier > 0 && cta.atBarrier == cta.live) {
    if (sanitizer_) {
      std::string why = checkBarrier(t.cta);
      if (!why.empty())
        throw Error(why);
      sanitizeBarrier(t.cta);
    }
    releaseBarrier(cta);
  }
}

void BlockScheduler::releaseBarrier(Cta &cta) {
  size_t r = static_cast<size_t>(&cta - ctas_.data());
  for (size_t i = r * ctaThreads_; i < (r + 1) * ctaThreads_; ++i)
    if (threads_[i].state == State::AtBarrier)
      threads_[i].state = State::Ready;
  for (Warp &w : warps_)
    if (w.first >= r * ctaThreads_ && w.first < (r + 1) * ctaThreads_)
      w.atBarrier = 0;
  cta.atBarrier = 0;
}

void BlockScheduler::completeExchange(size_t warp) {
  size_t first = warps_[warp].first, end = warps_[warp].end;
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
