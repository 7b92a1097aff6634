//===- BlockScheduler.h - One cluster of thread blocks on fibers ----------===//
//
// Runs the threads of one cluster of blocks (one block when the kernel
// declares no '\! cluster') round-robin on fibers, interleaved as one
// block's threads are, so that cluster barriers, remote mbarrier arrivals
// and distributed shared memory work between them. Each block has its own
// shared memory, BARRIER, named barriers and warps; it gives BARRIER and
// the warp exchange their GPU meaning:
//  - barrier: a thread waits until every live thread of the block (one that
//    has not returned) is waiting too; returned threads count as arrived, so
//    an early exit cannot deadlock the block.
//  - warp exchange: a warp is 32 consecutive linear thread ids (x fastest,
//    then y, then z). An exchange completes once every live lane of the warp
//    is blocked; lanes at the exchange read the value lane srcLane offered,
//    or their own value when srcLane is out of range, absent, exited or
//    waiting at a barrier instead. Results are copied out when a round
//    completes, so back-to-back exchanges never mix.
//  - MMA-TF32 is an exchange too: once the warp is blocked, every lane at an
//    MMA gets its part of D computed from the fragments of all lanes at an
//    MMA (the others count as zeros, see WarpMma.h).
//  - sm_90's mbarriers and named barriers (AsyncOps.h, Mbarrier.h): a thread
//    at MBAR-WAIT sleeps until the phase completes, one at BAR-SYNC-N until
//    its barrier's count of threads has arrived; for warp exchanges such
//    threads count as absent, as lanes that have diverged would be.
//  - the cluster barrier (CLUSTER-ARRIVE, CLUSTER-WAIT; ClusterOps.cpp):
//    a phase completes once every live thread of the cluster has arrived
//    (returned threads count as arrived, as for BARRIER); a thread at
//    CLUSTER-WAIT sleeps until the phase it arrived in has completed.
//  - SETMAXNREG-DEC and -INC move registers between a warp and its
//    block's pool (the registers its threads got at launch, from the
//    launch bounds), the first lane to reach one moving the whole warp's:
//    an increase waits until the pool holds enough, as on the GPU, where
//    one that decreases never free stays blocked forever. Registers of
//    returned threads do not go back to the pool.
// Without mbarriers, named and cluster barriers, every live thread blocked
// means some barrier or exchange can complete, so the block cannot stall.
// With them it can: when no thread can go on, the launch fails naming what
// each thread waits for (a deadlock), after waking MBAR-TRY-WAITs with a
// false flag once (their time limit) if anything changed since the last
// time.
//
//===----------------------------------------------------------------------===//
#ifndef WARPFORTH_RUNTIME_CPU_BLOCKSCHEDULER_H
#define WARPFORTH_RUNTIME_CPU_BLOCKSCHEDULER_H

#include "common/HostABI.h"
#include "runtime/Launch.h"
#include "runtime/cpu/Fiber.h"
#include "runtime/cpu/LaunchStop.h"
#include "runtime/cpu/Sanitizer.h"

#include <string>

#include <cstdint>
#include <cstdlib>
#include <memory>
#include <vector>

namespace wf::rt::cpu {

/// One grid launch as the CPU executor sees it.
struct GridLaunch {
  WfHostKernelFn entry = nullptr;
  const uint64_t *args = nullptr;     ///< one slot per param (HostABI.h)
  const uint64_t *argBytes = nullptr; ///< each array's buffer size
  size_t argCount = 0;                ///< slots in args and argBytes
  Dim3 grid;
  Dim3 block;
  Dim3 cluster;           ///< blocks per cluster (1,1,1 when none)
  size_t sharedBytes = 0; ///< static + dynamic, per block
  /// The launch's tensor maps, which '\! tmap' params' slots point to.
  const WfTensorMap *tensorMaps = nullptr;
  size_t tensorMapCount = 0;
  /// The launch's deadline and Ctrl-C, polled in loops; null: never stops.
  LaunchStop *stop = nullptr;
  /// The kernel was compiled in sanitize mode (Sanitizer.h).
  bool sanitize = false;
};

/// Runs the clusters of one launch, one at a time; each worker thread owns
/// one, reusing its fiber stacks and shared memory from cluster to cluster.
class BlockScheduler {
public:
  BlockScheduler(const GridLaunch &launch, SwitchMode mode, size_t stackBytes);
  ~BlockScheduler();
  BlockScheduler(const BlockScheduler &) = delete;
  BlockScheduler &operator=(const BlockScheduler &) = delete;

  /// Runs the cluster with this linear id in the grid of clusters (x
  /// fastest; a block's id when clusters are single blocks) to completion.
  void run(uint64_t linearCluster);

private:
  enum class State {
    Ready,
    AtBarrier,
    AtExchange,
    AtMbar,
    AtNamedBar,
    AtClusterBar,
    AtRegs,
    Stopped, // parked at a loop poll when the launch stopped: never resumed
    Done
  };

  struct Thread {
    WfHostCtx ctx{};
    FiberContext fiber;
    FiberStack *stack = nullptr;
    BlockScheduler *owner = nullptr;
    size_t cta = 0;  // its block's rank in the cluster
    size_t warp = 0; // its warp's index in warps_
    State state = State::Ready;
    bool started = false;
    uint64_t offer = 0;
    uint64_t result = 0;
    int64_t srcLane = 0;
    // Non-null: this exchange is a warp-wide word (HostABI.h) `op`.
    const uint64_t *collIn = nullptr;
    uint64_t *collOut = nullptr;
    int64_t collOp = 0;
    // AtMbar: the mbarrier, the parity waited for, a try (MBAR-TRY-WAIT's
    // flag goes to waitResult); AtNamedBar: the barrier id. `where`: the
    // word and its source position.
    uint64_t *mbar = nullptr;
    unsigned parity = 0;
    bool tryWait = false;
    uint64_t waitResult = 0;
    int namedBar = 0;
    const char *where = "";
    // CLUSTER-ARRIVE done and CLUSTER-WAIT not yet: the phase it arrived in.
    bool clusterArrived = false;
    uint64_t clusterPhase = 0;
    // AtRegs: the registers a thread its SETMAXNREG-INC asked for.
    int64_t regWant = 0;
    // Sanitize mode: the site of its latest BARRIER and warp-wide word.
    const char *barrierSite = nullptr;
    const char *warpSite = nullptr;
  };

  struct NamedBarrier {
    uint32_t arrived = 0;
    uint32_t expected = 0; // the thread count, from the first arrival
  };

  struct Warp {
    uint32_t live = 0;
    uint32_t atBarrier = 0;
    uint32_t atExchange = 0;
    uint32_t waiting = 0;      // at an mbarrier, a named or cluster barrier
    size_t first = 0, end = 0; // its threads' indices in threads_
    int64_t regs = -1; // registers a thread (SETMAXNREG; -1: as at launch)
  };

  /// One block of the cluster: its shared memory and its barriers.
  struct Cta {
    std::unique_ptr<char, void (*)(void *)> alloc{nullptr, &std::free};
    char *shared = nullptr; // 16 mod 32 (kSharedSkew)
    uint64_t live = 0;
    uint64_t atBarrier = 0;
    NamedBarrier named[16];
    int64_t regFree = 0; // registers freed by SETMAXNREG-DEC, not yet taken
  };

  static void threadMain(void *arg);
  static void barrierHook(WfHostCtx *ctx);
  static uint64_t exchangeHook(WfHostCtx *ctx, uint64_t value, int64_t lane);
  static void collectiveHook(WfHostCtx *ctx, int64_t op, const uint64_t *in,
                             uint64_t *out);
  static void faultHook(WfHostCtx *ctx, const char *what, uint64_t addr);
  static void outOfBoundsHook(WfHostCtx *ctx, const char *what, uint64_t offset,
                              uint64_t size);
  static void wildAccessHook(WfHostCtx *ctx, const char *what,
                             const char *where, uint64_t addr, uint64_t bytes,
                             const char *const *names);
  static void assertHook(WfHostCtx *ctx, const char *where);
  static void indexHook(WfHostCtx *ctx, const char *what, int64_t index,
                        uint64_t count);
  static void wgmmaHook(WfHostCtx *ctx, int64_t op, uint64_t descA,
                        uint64_t descB, int64_t scaleD, float *acc);
  static void asyncHook(WfHostCtx *ctx, int64_t op, const uint64_t *in,
                        uint64_t *out, const char *where);
  static void loopPollHook(WfHostCtx *ctx, const char *site);
  /// Parks thread `t` at loop `site` for good when the launch must stop
  /// (`reason`): every other thread is made to poll at its next loop
  /// iteration, and run() fails with where each one is (stopText). The
  /// fibers are abandoned, which is safe: the JIT code has no destructors.
  void abortBlock(Thread &t, const char *site, LaunchStop::Reason reason);
  /// Where every thread not yet returned is, grouped: "threads (0..127,0,0)
  /// of block (3,0,0) at k.forth:7:5 in the loop at 'BEGIN'", one a line.
  std::string stopText() const;
  // Sanitize mode (SanitizeHooks.cpp).
  static void sanitizeHook(WfHostCtx *ctx, uint64_t addr, uint64_t bytes,
                           int64_t kind, const char *site);
  /// A fault stops the thread that made it: it switches back to the
  /// scheduler for good, and the run fails at once (no destructors to run
  /// in kernel code, so its fiber is simply abandoned).
  void stopRunning();
  /// The index of `t` in threads_.
  size_t indexOf(const Thread &t) const {
    return static_cast<size_t>(&t - threads_.data());
  }
  /// "thread (x,y,z) (linear L)" and "block (x,y,z)", for reports.
  std::string threadName(size_t index) const;
  std::string blockName(size_t cta) const;
  /// Sanitize mode: a BARRIER of CTA `cta` that every live thread has
  /// reached: "" or why it is wrong (different sites, exited threads).
  std::string checkBarrier(size_t cta) const;
  /// Sanitize mode: a warp exchange about to complete: "" or the lanes
  /// missing from it.
  std::string checkWarp(size_t warp) const;
  /// Sanitize mode: orders the threads of a completed barrier / exchange.
  void sanitizeBarrier(size_t cta);
  void sanitizeWarp(size_t warp);
  /// Records the first fault of the block (`why` and the thread).
  void report(const WfHostCtx &ctx, const std::string &why);
  /// The mbarrier at `addr` if it is 8 bytes of shared memory (an address
  /// outside was reported by the kernel's own check), else null.
  uint64_t *mbarrierAt(WfHostCtx *ctx, uint64_t addr);
  void namedBarrier(Thread &t, int64_t id, int64_t count, bool sync,
                    const char *where);
  /// SETMAXNREG-INC (n > 0) or -DEC (n < 0) with `atLaunch` registers a
  /// thread at launch (0: not counted).
  void setMaxNReg(Thread &t, int64_t n, int64_t atLaunch, const char *where);
  /// Gives waiting SETMAXNREG-INCs of CTA `cta` what its pool now covers.
  void grantRegisters(size_t cta);
  /// Adds arrivals and transaction bytes to mbarrier `m` of CTA `cta`, as
  /// the GPU counts them; a count out of range is reported for `word`.
  void updateMbar(const WfHostCtx &ctx, uint64_t *m, size_t cta,
                  int64_t arrivals, int64_t bytes, const std::string &word);
  /// `m`'s byte offset in CTA `cta`'s shared memory, as text.
  std::string mbarOffsetText(const uint64_t *m, size_t cta) const;
  /// The cluster words (ClusterOps.cpp): `kind` a WfAsyncOp from
  /// WF_ASYNC_CLUSTER_SYNC on.
  void clusterOp(Thread &t, int64_t kind, size_t n, const uint64_t *in,
                 uint64_t *out, const char *where);
  void clusterArrive(Thread &t, const char *where);
  void clusterWait(Thread &t, const char *where);
  /// Ends the cluster barrier's phase if every live thread has arrived.
  void maybeCompleteClusterBarrier();
  /// The CTA and byte offset a cluster shared address names, checked for a
  /// `bytes`-wide access (aligned to `bytes`); false after reporting why.
  bool dsmemAt(Thread &t, uint64_t daddr, uint64_t bytes,
               const std::string &word, size_t &cta, uint64_t &offset);
  void tmaLoadMulticast(Thread &t, size_t n, const uint64_t *in,
                        const std::string &word);
  /// The launch's tensor map at `addr` (a '\! tmap' slot), else null.
  const WfTensorMap *tensorMapAt(uint64_t addr) const;
  /// Wakes the threads whose mbarrier phase has completed; true if any.
  bool wakeWaiters();
  /// The deadlock's description: what every blocked thread waits for.
  std::string deadlockText() const;

  void resume(Thread &t);
  void afterYield(size_t index);
  void releaseBarrier(Cta &cta);
  void completeExchange(size_t warp);
  void completeCollective(size_t first, size_t end);
  FiberStack *takeStack();

  GridLaunch launch_;
  SwitchMode mode_;
  size_t stackBytes_;
  size_t ctaThreads_;           // threads per block
  size_t ctaCount_;             // blocks per cluster
  size_t threadCount_;          // of the cluster: ctaCount_ * ctaThreads_
  std::vector<Thread> threads_; // block by block
  std::vector<Warp> warps_;     // block by block
  std::vector<Cta> ctas_;
  uint64_t live_ = 0;           // of the cluster
  uint64_t clusterArrived_ = 0; // live threads arrived in this phase
  uint64_t clusterPhase_ = 0;   // completed cluster barrier phases
  uint64_t epoch_ = 0;          // counts events that may unblock a thread
  uint64_t timeoutEpoch_ = 0;   // epoch_ when try-waits last timed out
  FiberContext scheduler_;
  std::vector<std::unique_ptr<FiberStack>> ownedStacks_;
  std::vector<FiberStack *> freeStacks_;
  std::string fault_; // the first fault a thread reported, if any
  LaunchStop::Reason stopping_ = LaunchStop::Reason::None;
  std::unique_ptr<Sanitizer> sanitizer_;    // sanitize mode only
  Thread *running_ = nullptr;               // the fiber running now, if any
  alignas(16) char scratch_[64] = {};       // where out-of-bounds accesses go
  static constexpr size_t kSharedSkew = 16; // the base is 16 mod 32
  size_t sharedAlloc_ = 0;
};

} // namespace wf::rt::cpu

#endif
