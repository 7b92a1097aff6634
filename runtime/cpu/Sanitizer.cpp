//===- Sanitizer.cpp - Race, initialization checks for the CPU backend ---===//
#include "runtime/cpu/Sanitizer.h"

#include "common/HostABI.h"

#include <algorithm>
#include <cstdio>
#include <cstring>

namespace wf::rt::cpu {

void VectorClock::resize(size_t slots) {
  v_.assign(slots, 0);
  in_.assign(slots, 0);
  known_.clear();
}

void VectorClock::raise(uint32_t slot, uint32_t value) {
  if (!in_[slot]) {
    in_[slot] = 1;
    known_.push_back(slot);
  }
  v_[slot] = std::max(v_[slot], value);
}

void VectorClock::join(const VectorClock &other) {
  for (uint32_t s : other.known_)
    raise(s, other.v_[s]);
}

void VectorClock::forget() {
  for (uint32_t s : known_)
    in_[s] = 0;
  known_.clear();
}

void VectorClock::clear() {
  for (uint32_t s : known_) {
    in_[s] = 0;
    v_[s] = 0;
  }
  known_.clear();
}

Sanitizer::Sanitizer(size_t ctaCount, size_t ctaThreads, uint64_t sharedBytes,
                     std::function<std::string(size_t)> name,
                     std::function<std::string(size_t)> block)
    : ctaCount_(ctaCount), ctaThreads_(ctaThreads),
      threadCount_(ctaCount * ctaThreads), slots_(threadCount_ + ctaCount),
      sharedBytes_(sharedBytes), name_(std::move(name)),
      block_(std::move(block)), shadow_(ctaCount), threads_(threadCount_),
      epoch_(ctaCount, 1), tmaClock_(ctaCount, 0), named_(ctaCount * 16) {
  for (std::vector<Cell> &s : shadow_)
    s.resize(sharedBytes);
  for (size_t i = 0; i < threadCount_; ++i) {
    threads_[i].vc.resize(slots_);
    threads_[i].cta = i / ctaThreads;
  }
  for (VectorClock &c : named_)
    c.resize(slots_);
  cluster_.current.resize(slots_);
  cluster_.done.resize(slots_);
  scratch_.resize(slots_);
  // A cluster's blocks meet through the cluster barrier and DSMEM, which
  // BARRIER's epochs do not cover: BARRIER passes on those clocks too.
  async_ = ctaCount > 1;
}

void Sanitizer::startRun() {
  // Stamps of earlier runs have epochs below the new base: not valid.
  runBase_ = maxEpoch_ + 1;
  maxEpoch_ = runBase_;
  std::fill(epoch_.begin(), epoch_.end(), runBase_);
  for (size_t i = 0; i < threadCount_; ++i) {
    ThreadState &t = threads_[i];
    t.vc.forget();
    t.copies.clear();
    t.groups = 0;
    tick(i);
  }
  mbars_.clear();
  for (VectorClock &c : named_)
    c.clear();
  cluster_.current.clear();
  cluster_.done.clear();
}

void Sanitizer::tick(size_t thread) {
  ThreadState &t = threads_[thread];
  ++t.clock;
  t.vc.raise(static_cast<uint32_t>(thread), t.clock);
}

void Sanitizer::release(size_t thread, VectorClock &into) {
  into.join(threads_[thread].vc);
  tick(thread);
}

bool Sanitizer::ordered(size_t thread, const Stamp &s) const {
  if (s.flags & Pending)
    return false;
  const ThreadState &t = threads_[thread];
  if (!(s.flags & Async)) {
    if (s.slot == thread)
      return true; // program order
    if (s.slot / ctaThreads_ == t.cta && s.epoch < epoch_[t.cta])
      return true; // a BARRIER of the block since
  }
  return t.vc.at(s.slot) >= s.clock;
}

Sanitizer::Stamp Sanitizer::stamp(size_t thread, int kind,
                                  const char *site) const {
  const ThreadState &t = threads_[thread];
  Stamp s;
  s.site = site;
  s.clock = t.clock;
  s.epoch = epoch_[t.cta];
  s.slot = static_cast<uint32_t>(thread);
  s.thread = static_cast<uint16_t>(thread);
  s.kind = static_cast<uint8_t>(kind);
  s.flags = Valid;
  return s;
}

namespace {

std::string hex(uint64_t v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(v));
  return buf;
}

const char *noun(int kind) {
  switch (kind) {
  case WF_SAN_READ:
    return "read";
  case WF_SAN_ATOMIC:
    return "atomic";
  default:
    return "write";
  }
}

} // namespace

std::string Sanitizer::accessText(const Stamp &s) const {
  std::string who = name_(s.thread);
  switch (s.kind) {
  case WF_SAN_READ:
    return who + " read at " + s.site;
  case WF_SAN_WRITE:
    return who + " wrote at " + s.site;
  case WF_SAN_ATOMIC:
    return who + " did an atomic at " + s.site;
  case WF_SAN_CP_ASYNC:
    return who + " copied to them at " + s.site +
           (s.flags & Pending ? " (a CP-ASYNC not yet waited for by its "
                                "CP-ASYNC-WAIT)"
                              : "");
  default:
    return who + "'s TMA load wrote them at " + s.site +
           " (complete only for threads that waited on its mbarrier)";
  }
}

std::string Sanitizer::raceText(const Stamp &before, const Stamp &now,
                                size_t cta, uint64_t first,
                                uint64_t last) const {
  std::string what =
      std::string(noun(now.kind)) + " after " +
      noun(before.kind == kTma || before.kind == WF_SAN_CP_ASYNC ? WF_SAN_WRITE
                                                                 : before.kind);
  if (before.flags & Pending)
    what += " of a CP-ASYNC destination before its CP-ASYNC-WAIT";
  return "race (" + what + ") on shared memory bytes " + hex(first) + ".." +
         hex(last) + " of " + block_(cta) + ": " + accessText(before) + ", " +
         accessText(now) + " with no synchronisation between";
}

std::string Sanitizer::access(size_t thread, size_t cta, uint64_t offset,
                              uint64_t bytes, int kind, const char *site) {
  if (bytes == 0 || offset >= sharedBytes_ || sharedBytes_ - offset < bytes)
    return ""; // out of bounds: reported (and redirected) by the bounds check
  Stamp now = stamp(thread, kind, site);
  if (kind == WF_SAN_CP_ASYNC) {
    now.flags |= Async | Pending;
    threads_[thread].copies.push_back(
        {cta, offset, threads_[thread].groups, site});
  }
  std::vector<Cell> &shadow = shadow_[cta];
  uint64_t end = offset + bytes;
  Cell before{}, after{};
  for (uint64_t i = offset; i < end; ++i) {
    Cell &c = shadow[i];
    // Bytes with the same history as the previous one need no new check.
    if (i > offset && std::memcmp(&c, &before, sizeof c) == 0) {
      c = after;
      continue;
    }
    before = c;
    const Stamp *conflict = nullptr;
    bool uninitialized = false;
    bool writeValid = valid(c.write), readValid = valid(c.read);
    if (kind == WF_SAN_READ || kind == WF_SAN_ATOMIC) {
      if (!writeValid)
        uninitialized = true;
      else if (!ordered(thread, c.write) &&
               !(kind == WF_SAN_ATOMIC && c.write.kind == WF_SAN_ATOMIC &&
                 !(c.write.flags & Pending)))
        conflict = &c.write;
    } else if (writeValid && !ordered(thread, c.write)) {
      conflict = &c.write;
    }
    if (!conflict && !uninitialized && kind != WF_SAN_READ && readValid &&
        !ordered(thread, c.read))
      conflict = &c.read;
    if (conflict || uninitialized) {
      // The bytes from here on with the same history, for the report.
      uint64_t last = i;
      while (last + 1 < end &&
             std::memcmp(&shadow[last + 1], &before, sizeof before) == 0)
        ++last;
      if (conflict)
        return raceText(*conflict, now, cta, i, last);
      return "uninitialized read of shared memory bytes " + hex(i) + ".." +
             hex(last) + " of " + block_(cta) + ": " + name_(thread) +
             (kind == WF_SAN_ATOMIC ? " did an atomic at " : " read at ") +
             site + ", and no thread of the block has written them before " +
             "(one that writes them later, unordered, races with it)";
    }
    if (kind == WF_SAN_READ) {
      // Keep one read: this one when the remembered read is ordered
      // before it, else the remembered one (which a write must wait for).
      if (!readValid || ordered(thread, c.read))
        c.read = now;
    } else {
      c.write = now;
      c.read.flags = 0;
    }
    after = c;
  }
  return "";
}

void Sanitizer::cpAsyncCommit(size_t thread) { ++threads_[thread].groups; }

void Sanitizer::cpAsyncWait(size_t thread, uint64_t n) {
  ThreadState &t = threads_[thread];
  std::vector<ThreadState::Copy> open;
  for (const ThreadState::Copy &c : t.copies) {
    if (c.group + n >= t.groups) {
      open.push_back(c);
      continue;
    }
    // Complete: from now on the bytes are this thread's write, which a
    // BARRIER passes on like any other.
    std::vector<Cell> &shadow = shadow_[c.cta];
    for (uint64_t i = c.offset; i < c.offset + 16 && i < sharedBytes_; ++i) {
      Stamp &w = shadow[i].write;
      if ((w.flags & Pending) && w.slot == thread) {
        w = stamp(thread, WF_SAN_CP_ASYNC, c.site);
      }
    }
  }
  t.copies.swap(open);
}

std::string Sanitizer::tmaLoad(size_t thread, size_t cta, uint64_t offset,
                               uint64_t bytes, const void *mbar,
                               const char *site) {
  async_ = true;
  if (offset >= sharedBytes_ || sharedBytes_ - offset < bytes)
    return "";
  // Checked as a write by the issuing thread (what it and others read
  // before must be ordered before the issue), then stamped with the
  // block's TMA slot, which the mbarrier's phase passes on.
  std::vector<Cell> &shadow = shadow_[cta];
  uint32_t clock = ++tmaClock_[cta];
  Stamp now = stamp(thread, kTma, site);
  now.slot = static_cast<uint32_t>(threadCount_ + cta);
  now.clock = clock;
  now.flags |= Async;
  for (uint64_t i = offset; i < offset + bytes; ++i) {
    Cell &c = shadow[i];
    const Stamp *conflict = nullptr;
    if (valid(c.write) && !ordered(thread, c.write))
      conflict = &c.write;
    else if (valid(c.read) && !ordered(thread, c.read))
      conflict = &c.read;
    if (conflict)
      return raceText(*conflict, now, cta, i, i);
    c.write = now;
    c.read.flags = 0;
  }
  Phases &p = mbarPhases(mbar);
  p.current.raise(now.slot, clock);
  return "";
}

void Sanitizer::barrier(size_t cta, const std::vector<size_t> &threads) {
  maxEpoch_ = std::max(maxEpoch_, ++epoch_[cta]);
  // Accesses of the block's own threads are ordered by the epoch; what the
  // threads know of other slots (TMA loads, other blocks) is pooled.
  scratch_.clear();
  if (async_)
    for (size_t t : threads)
      for (uint32_t s : threads_[t].vc.known())
        if (s >= threadCount_ || s / ctaThreads_ != cta)
          scratch_.raise(s, threads_[t].vc.at(s));
  for (size_t t : threads) {
    threads_[t].vc.forget();
    threads_[t].vc.join(scratch_);
    tick(t);
  }
}

void Sanitizer::warpSync(const std::vector<size_t> &lanes) {
  scratch_.clear();
  for (size_t l : lanes)
    scratch_.join(threads_[l].vc);
  for (size_t l : lanes) {
    threads_[l].vc.join(scratch_);
    tick(l);
  }
}

void Sanitizer::namedArrive(size_t thread, size_t cta, int64_t id) {
  release(thread, named_[cta * 16 + size_t(id)]);
}

void Sanitizer::namedComplete(size_t cta, int64_t id,
                              const std::vector<size_t> &syncing) {
  VectorClock &acc = named_[cta * 16 + size_t(id)];
  for (size_t t : syncing)
    threads_[t].vc.join(acc);
  acc.clear();
}

Sanitizer::Phases &Sanitizer::mbarPhases(const void *mbar) {
  Phases &p = mbars_[mbar];
  if (!p.current.sized()) {
    p.current.resize(slots_);
    p.done.resize(slots_);
  }
  return p;
}

void Sanitizer::mbarInit(const void *mbar) { mbars_.erase(mbar); }

// The thread's own accesses and the TMA loads it knows complete, not other
// threads' accesses it acquired: compute-sanitizer's racecheck orders a
// waiter after the accesses of the threads that arrived, not after what
// those threads had learnt of others (a lane's read, WARP-SYNC, then lane 0
// arriving is a hazard there, measured on an H200: docs/sanitizer.md), and
// the CPU sanitizer is to report what racecheck reports. TMA loads, which
// racecheck does not see, stay passed on: a consumer that waited for a
// stage's load and then frees the stage orders that load before the next.
void Sanitizer::mbarArrive(size_t thread, const void *mbar) {
  VectorClock &phase = mbarPhases(mbar).current;
  const VectorClock &vc = threads_[thread].vc;
  phase.raise(uint32_t(thread), threads_[thread].clock);
  for (uint32_t s : vc.known())
    if (s >= threadCount_)
      phase.raise(s, vc.at(s));
  tick(thread);
}

void Sanitizer::mbarPhaseDone(const void *mbar) {
  auto it = mbars_.find(mbar);
  if (it == mbars_.end())
    return;
  it->second.done.clear();
  it->second.done.join(it->second.current);
  it->second.current.clear();
}

void Sanitizer::mbarAcquire(size_t thread, const void *mbar) {
  auto it = mbars_.find(mbar);
  if (it != mbars_.end())
    threads_[thread].vc.join(it->second.done);
}

void Sanitizer::clusterArrive(size_t thread) {
  release(thread, cluster_.current);
}

void Sanitizer::clusterPhaseDone() {
  cluster_.done.clear();
  cluster_.done.join(cluster_.current);
  cluster_.current.clear();
}

void Sanitizer::clusterAcquire(size_t thread) {
  threads_[thread].vc.join(cluster_.done);
}

} // namespace wf::rt::cpu
