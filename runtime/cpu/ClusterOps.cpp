//===- ClusterOps.cpp - The cluster words on the CPU backend --------------===//
//
// CLUSTER-SYNC/ARRIVE/WAIT, MAPA, the DSMEM loads and stores,
// MBAR-ARRIVE-REMOTE and the multicast TMA loads, for the blocks of one
// cluster that BlockScheduler runs together. A cluster shared address is
// (rank, offset) under WF_DSMEM_TAG (common/HostABI.h); every access
// through one is checked against that block's shared memory, so a bad
// address is a reported fault, never a write into memory that is not the
// kernel's.
//
//===----------------------------------------------------------------------===//
#include "runtime/cpu/AsyncOps.h"
#include "runtime/cpu/BlockScheduler.h"
#include "runtime/cpu/Mbarrier.h"

#include <cstdio>
#include <cstring>

namespace wf::rt::cpu {

namespace {

std::string hexText(uint64_t v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(v));
  return buf;
}

uint64_t dsmemAddress(size_t rank, uint64_t offset) {
  return (uint64_t(WF_DSMEM_TAG) << WF_DSMEM_TAG_SHIFT) | uint64_t(rank) << 32 |
         (offset & 0xffffffffu);
}

bool isDsmemAddress(uint64_t addr) {
  return addr >> WF_DSMEM_TAG_SHIFT == WF_DSMEM_TAG;
}

} // namespace

void BlockScheduler::clusterOp(Thread &t, int64_t kind, size_t n,
                               const uint64_t *in, uint64_t *out,
                               const char *where) {
  std::string word = where;
  switch (kind) {
  case WF_ASYNC_CLUSTER_SYNC:
    clusterArrive(t, where);
    return clusterWait(t, where);
  case WF_ASYNC_CLUSTER_ARRIVE:
    return clusterArrive(t, where);
  case WF_ASYNC_CLUSTER_WAIT:
    return clusterWait(t, where);
  case WF_ASYNC_MAPA: {
    out[0] = 0;
    uint64_t offset = in[0] - reinterpret_cast<uint64_t>(t.ctx.shared);
    if (isDsmemAddress(in[0]))
      offset = in[0] & 0xffffffffu;
    else if (offset > launch_.sharedBytes) // one past the end may be mapped
      return report(t.ctx, word + ": address " + hexText(in[0]) +
                               " is not in the block's shared memory");
    auto rank = static_cast<int64_t>(in[1]);
    if (rank < 0 || uint64_t(rank) >= ctaCount_)
      return report(t.ctx, word + ": CTA rank " + std::to_string(rank) +
                               " is not below the cluster's " +
                               std::to_string(ctaCount_) + " blocks" +
                               (ctaCount_ == 1 ? " (the kernel declares no "
                                                 "'\\! cluster')"
                                               : ""));
    out[0] = dsmemAddress(size_t(rank), offset);
    return;
  }
  case WF_ASYNC_DSMEM_LOAD: {
    out[0] = 0;
    size_t cta = 0;
    uint64_t offset = 0;
    if (!dsmemAt(t, in[0], 4, word, cta, offset))
      return;
    if (sanitizer_) {
      std::string why =
          sanitizer_->access(indexOf(t), cta, offset, 4, WF_SAN_READ, where);
      if (!why.empty()) {
        fault_ = "sanitizer: " + why;
        return stopRunning();
      }
    }
    int32_t v;
    std::memcpy(&v, ctas_[cta].shared + offset, 4);
    out[0] = static_cast<uint64_t>(int64_t(v));
    return;
  }
  case WF_ASYNC_DSMEM_STORE: {
    size_t cta = 0;
    uint64_t offset = 0;
    if (!dsmemAt(t, in[1], 4, word, cta, offset))
      return;
    if (sanitizer_) {
      std::string why =
          sanitizer_->access(indexOf(t), cta, offset, 4, WF_SAN_WRITE, where);
      if (!why.empty()) {
        fault_ = "sanitizer: " + why;
        return stopRunning();
      }
    }
    auto v = static_cast<uint32_t>(in[0]);
    std::memcpy(ctas_[cta].shared + offset, &v, 4);
    return;
  }
  case WF_ASYNC_MBAR_ARRIVE_REMOTE: {
    size_t cta = 0;
    uint64_t offset = 0;
    if (!dsmemAt(t, in[0], 8, word, cta, offset))
      return;
    auto *m = reinterpret_cast<uint64_t *>(ctas_[cta].shared + offset);
    if (!mbar::initialized(*m))
      return report(t.ctx, word + ": the mbarrier at shared byte offset " +
                               mbarOffsetText(m, cta) +
                               " was never set up by MBAR-INIT");
    return updateMbar(t.ctx, m, cta, 1, 0, word);
  }
  case WF_ASYNC_TMA_LOAD_MC:
    t.where = where; // the sanitizer's site for the copies
    return tmaLoadMulticast(t, n, in, word);
  default:
    return;
  }
}

void BlockScheduler::clusterArrive(Thread &t, const char *where) {
  std::string word = where;
  if (t.clusterArrived)
    return report(t.ctx, word + ": the thread arrives at the cluster barrier "
                                "again before its CLUSTER-WAIT");
  t.clusterArrived = true;
  t.clusterPhase = clusterPhase_;
  if (sanitizer_)
    sanitizer_->clusterArrive(indexOf(t));
  ++clusterArrived_;
  ++epoch_;
  maybeCompleteClusterBarrier();
}

void BlockScheduler::clusterWait(Thread &t, const char *where) {
  std::string word = where;
  if (!t.clusterArrived)
    return report(t.ctx, word + ": the thread waits at the cluster barrier "
                                "without arriving first (CLUSTER-ARRIVE)");
  if (t.clusterPhase == clusterPhase_) {
    // Its phase is still open: sleep until maybeCompleteClusterBarrier.
    t.state = State::AtClusterBar;
    t.where = where;
    switchFiber(mode_, t.fiber, scheduler_);
  }
  t.clusterArrived = false;
  if (sanitizer_)
    sanitizer_->clusterAcquire(indexOf(t));
}

void BlockScheduler::maybeCompleteClusterBarrier() {
  if (clusterArrived_ == 0 || clusterArrived_ != live_)
    return;
  ++clusterPhase_;
  clusterArrived_ = 0;
  ++epoch_;
  if (sanitizer_)
    sanitizer_->clusterPhaseDone();
  for (Thread &o : threads_)
    if (o.state == State::AtClusterBar) {
      o.state = State::Ready;
      --warps_[o.warp].waiting;
    }
}

bool BlockScheduler::dsmemAt(Thread &t, uint64_t daddr, uint64_t bytes,
                             const std::string &word, size_t &cta,
                             uint64_t &offset) {
  uint64_t own = daddr - reinterpret_cast<uint64_t>(t.ctx.shared);
  if (isDsmemAddress(daddr)) {
    cta = size_t(daddr >> 32 & 0xff);
    offset = daddr & 0xffffffffu;
  } else if (own < launch_.sharedBytes) {
    // A plain shared address names the thread's own block, as a
    // shared::cta address does in the shared::cluster window.
    cta = t.cta;
    offset = own;
  } else {
    report(t.ctx, word + ": address " + hexText(daddr) +
                      " is no cluster shared address (MAPA gives one) and "
                      "not in the block's own shared memory");
    return false;
  }
  if (cta >= ctaCount_) {
    report(t.ctx, word + ": the address names block rank " +
                      std::to_string(cta) + " but the cluster has " +
                      std::to_string(ctaCount_) + " blocks");
    return false;
  }
  if (offset >= launch_.sharedBytes || launch_.sharedBytes - offset < bytes) {
    report(t.ctx,
           word + ": the " + std::to_string(bytes) +
               "-byte access at shared byte offset " + std::to_string(offset) +
               " of block rank " + std::to_string(cta) + " is outside its " +
               std::to_string(launch_.sharedBytes) + " bytes of shared memory");
    return false;
  }
  if (offset % bytes != 0) {
    report(t.ctx, word + ": shared byte offset " + std::to_string(offset) +
                      " of block rank " + std::to_string(cta) + " is not " +
                      std::to_string(bytes) +
                      "-byte aligned, which the GPU faults on");
    return false;
  }
  return true;
}

// Each block of the mask gets the whole box at the tile's offset, and its
// own mbarrier at the mbarrier's offset counts the box's bytes, as the GPU
// delivers a multicast load.
void BlockScheduler::tmaLoadMulticast(Thread &t, size_t n, const uint64_t *in,
                                      const std::string &word) {
  const WfTensorMap *map = tensorMapAt(in[n - 2]);
  if (!map)
    return report(t.ctx, word + ": its operand before the CTA mask is not a "
                                "tensor map (the name of a '\\! tmap' param)");
  size_t rank = n - 4;
  if (int64_t(rank) != map->rank)
    return report(t.ctx, word + ": tensor map '" + map->name + "' has " +
                             std::to_string(map->rank) + " dimensions, not " +
                             std::to_string(rank));
  uint64_t mask = in[n - 1];
  if (mask == 0 || mask > 0xffff || mask >> ctaCount_ != 0)
    return report(t.ctx, word + ": CTA mask " + hexText(mask) +
                             " names no block or one past the cluster's " +
                             std::to_string(ctaCount_) +
                             " (bit r: block rank r)");
  if (!mbarrierAt(&t.ctx, in[n - 4]))
    return; // reported by the kernel's own check
  uint64_t base = reinterpret_cast<uint64_t>(t.ctx.shared);
  uint64_t mbarOffset = in[n - 4] - base, tile = in[n - 3] - base;
  int64_t coords[WF_TMAP_MAX_RANK];
  for (size_t k = 0; k < rank; ++k)
    coords[k] = static_cast<int32_t>(in[k]);
  for (size_t r = 0; r < ctaCount_; ++r) {
    if (!(mask >> r & 1))
      continue;
    auto *m = reinterpret_cast<uint64_t *>(ctas_[r].shared + mbarOffset);
    if (!mbar::initialized(*m))
      return report(t.ctx, word + ": the mbarrier at shared byte offset " +
                               mbarOffsetText(m, r) +
                               " was never set up by MBAR-INIT (each block "
                               "of the mask sets up its own, then "
                               "CLUSTER-SYNC, before a multicast load)");
    std::string why = tmaCopy(TmaMode::Load, *map, coords, ctas_[r].shared,
                              launch_.sharedBytes, tile, word);
    if (!why.empty())
      return report(t.ctx, word + ": " + why);
    if (sanitizer_) {
      why = sanitizer_->tmaLoad(indexOf(t), r, tile,
                                uint64_t(tmaBoxBytes(*map)), m, t.where);
      if (!why.empty()) {
        fault_ = "sanitizer: " + why;
        return stopRunning();
      }
    }
    updateMbar(t.ctx, m, r, 0, -tmaBoxBytes(*map), word);
  }
}

} // namespace wf::rt::cpu
