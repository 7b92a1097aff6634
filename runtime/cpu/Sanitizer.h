//===- Sanitizer.h - Race, initialization checks for the CPU backend -----===//
//
// Sanitize mode (a kernel compiled with CompileOptions::sanitize): the host
// code tells the executor of every shared-memory access (WfHostCtx::
// sanitize), and the block scheduler tells this class of every
// synchronisation, so that it can find what a GPU would do differently from
// the CPU's fibers, which switch only at barriers and exchanges:
//  - a race: two accesses to the same shared bytes by different threads, at
//    least one a write (atomics do not race with atomics), that no
//    synchronisation orders. Ordering is happens-before: a vector clock per
//    thread (plus one slot per block for its TMA loads), joined by the
//    synchronising words (warp-wide words, named barriers, mbarrier phases,
//    the cluster barrier); a BARRIER orders every access of the block before
//    it with every one after, which an epoch per block says without joining
//    clocks. Lanes of a warp are not ordered by program order.
//  - an uninitialized read: shared bytes no thread of the block wrote in
//    this run (cp.async, TMA and DSMEM writes count).
//  - a cp.async destination read or written before its CP-ASYNC-WAIT.
// Each shared byte remembers its last write and one read (the last read
// ordered after the previous one, else the older), so every report is
// real but a race with an earlier, forgotten reader can be missed.
//
//===----------------------------------------------------------------------===//
#ifndef WARPFORTH_RUNTIME_CPU_SANITIZER_H
#define WARPFORTH_RUNTIME_CPU_SANITIZER_H

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace wf::rt::cpu {

/// A vector clock with the list of the slots it knows, so that joins cost
/// what the clocks hold rather than the cluster's thread count.
class VectorClock {
public:
  void resize(size_t slots);
  uint32_t at(size_t slot) const { return v_.empty() ? 0 : v_[slot]; }
  bool sized() const { return !v_.empty(); }
  void raise(uint32_t slot, uint32_t value);
  void join(const VectorClock &other);
  /// Forgets which slots it knows (the values stay: they remain true).
  void forget();
  /// Forgets the slots and their values (an accumulator's reset).
  void clear();
  const std::vector<uint32_t> &known() const { return known_; }

private:
  std::vector<uint32_t> v_;
  std::vector<uint8_t> in_;
  std::vector<uint32_t> known_;
};

class Sanitizer {
public:
  /// `name(thread)`: "thread (x,y,z) (linear L)"; `block(cta)`: "block
  /// (x,y,z)".
  Sanitizer(size_t ctaCount, size_t ctaThreads, uint64_t sharedBytes,
            std::function<std::string(size_t)> name,
            std::function<std::string(size_t)> block);

  /// A new run of the cluster: no shared byte written, no sync pending.
  void startRun();

  /// An access of `bytes` at byte `offset` of CTA `cta`'s shared memory by
  /// `thread`; `kind` is WF_SAN_READ, _WRITE, _ATOMIC or _CP_ASYNC. Returns
  /// "" or the report.
  std::string access(size_t thread, size_t cta, uint64_t offset, uint64_t bytes,
                     int kind, const char *site);
  void cpAsyncCommit(size_t thread);
  /// CP-ASYNC-WAIT n: the copies of all but the newest n groups complete.
  void cpAsyncWait(size_t thread, uint64_t n);

  /// A TMA load into [offset, offset+bytes) of CTA `cta` issued by
  /// `thread`, completing through mbarrier `mbar`. Returns "" or the report.
  std::string tmaLoad(size_t thread, size_t cta, uint64_t offset,
                      uint64_t bytes, const void *mbar, const char *site);

  /// Every participant of a BARRIER of CTA `cta` has arrived.
  void barrier(size_t cta, const std::vector<size_t> &threads);
  /// The lanes of a warp-wide word: each is ordered after all the others'
  /// earlier accesses.
  void warpSync(const std::vector<size_t> &lanes);
  /// Named barrier `id` of CTA `cta`: an arrival releases, the completion
  /// orders every arrival before the syncing threads' next accesses.
  void namedArrive(size_t thread, size_t cta, int64_t id);
  void namedComplete(size_t cta, int64_t id,
                     const std::vector<size_t> &syncing);
  /// mbarriers: MBAR-INIT forgets; an arrival releases the arriving
  /// thread's own accesses (not what it acquired from other threads) to the
  /// current phase; a completed phase is what a successful wait acquires.
  void mbarInit(const void *mbar);
  void mbarArrive(size_t thread, const void *mbar);
  void mbarPhaseDone(const void *mbar);
  void mbarAcquire(size_t thread, const void *mbar);
  /// The cluster barrier: arrive releases, the completed phase is acquired
  /// by CLUSTER-WAIT.
  void clusterArrive(size_t thread);
  void clusterPhaseDone();
  void clusterAcquire(size_t thread);

private:
  enum Flags : uint8_t {
    Valid = 1,
    Async = 2,   // completes asynchronously: no BARRIER orders it
    Pending = 4, // a cp.async its thread has not waited for
  };
  struct Stamp {
    const char *site = nullptr;
    uint32_t clock = 0;
    uint32_t epoch = 0;  // the accessor's block's BARRIER count: valid
                         // in this run when >= runBase_
    uint32_t slot = 0;   // its clock's slot: thread, or a block's TMA
    uint16_t thread = 0; // who issued it (for reports)
    uint8_t kind = 0;    // WF_SAN_*, or kTma
    uint8_t flags = 0;
  };
  struct Cell {
    Stamp write, read;
  };
  struct ThreadState {
    VectorClock vc;
    uint32_t clock = 1;
    size_t cta = 0;
    // cp.async copies not yet waited for: CTA, offset, group, site.
    struct Copy {
      size_t cta;
      uint64_t offset;
      uint64_t group;
      const char *site;
    };
    std::vector<Copy> copies;
    uint64_t groups = 0; // committed cp.async groups
  };
  struct Phases {
    VectorClock current, done;
  };

  static constexpr uint8_t kTma = 4;

  bool valid(const Stamp &s) const {
    return (s.flags & Valid) && s.epoch >= runBase_;
  }
  bool ordered(size_t thread, const Stamp &s) const;
  Stamp stamp(size_t thread, int kind, const char *site) const;
  void tick(size_t thread);
  void release(size_t thread, VectorClock &into);
  Phases &mbarPhases(const void *mbar);
  std::string raceText(const Stamp &before, const Stamp &now, size_t cta,
                       uint64_t first, uint64_t last) const;
  std::string accessText(const Stamp &s) const;

  size_t ctaCount_, ctaThreads_, threadCount_, slots_;
  uint64_t sharedBytes_;
  std::function<std::string(size_t)> name_, block_;
  std::vector<std::vector<Cell>> shadow_; // per CTA, per shared byte
  std::vector<ThreadState> threads_;
  std::vector<uint32_t> epoch_;    // per CTA
  std::vector<uint32_t> tmaClock_; // per CTA: its TMA loads' slot's clock
  uint32_t runBase_ = 1, maxEpoch_ = 1;
  bool async_ = false; // TMA or a cluster: BARRIER joins clocks too
  std::map<const void *, Phases> mbars_;
  std::vector<VectorClock> named_; // per CTA, 16 each
  Phases cluster_;
  VectorClock scratch_;
};

} // namespace wf::rt::cpu

#endif
