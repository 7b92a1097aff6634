//===- SanitizeHooks.cpp - The block scheduler's side of sanitize mode ----===//
//
// The WfHostCtx::sanitize callback, and the barrier and warp checks the
// scheduler makes when a BARRIER or a warp exchange completes (what the
// GPU would hang on or compute differently; docs/sanitizer.md).
//
//===----------------------------------------------------------------------===//
#include "runtime/cpu/BlockScheduler.h"

#include "common/Error.h"

#include <map>

namespace wf::rt::cpu {

namespace {

std::string dims(const int64_t *v) {
  return "(" + std::to_string(v[0]) + "," + std::to_string(v[1]) + "," +
         std::to_string(v[2]) + ")";
}

/// "0..15, 20, 32..47" for ascending numbers.
std::string ranges(const std::vector<size_t> &n) {
  std::string text;
  for (size_t i = 0; i < n.size();) {
    size_t j = i;
    while (j + 1 < n.size() && n[j + 1] == n[j] + 1)
      ++j;
    if (!text.empty())
      text += ", ";
    text += std::to_string(n[i]);
    if (j > i)
      text += ".." + std::to_string(n[j]);
    i = j + 1;
  }
  return text;
}

} // namespace

std::string BlockScheduler::threadName(size_t index) const {
  const Thread &t = threads_[index];
  return "thread " + dims(t.ctx.tid) + " (linear " +
         std::to_string(index % ctaThreads_) + ")";
}

std::string BlockScheduler::blockName(size_t cta) const {
  return "block " + dims(threads_[cta * ctaThreads_].ctx.bid);
}

void BlockScheduler::sanitizeHook(WfHostCtx *ctx, uint64_t addr, uint64_t bytes,
                                  int64_t kind, const char *site) {
  Thread &t = *static_cast<Thread *>(ctx->sched);
  BlockScheduler &s = *t.owner;
  if (!s.sanitizer_)
    return;
  Sanitizer &san = *s.sanitizer_;
  switch (kind) {
  case WF_SAN_BARRIER:
    t.barrierSite = site;
    return;
  case WF_SAN_WARP:
    t.warpSite = site;
    return;
  case WF_SAN_CP_COMMIT:
    return san.cpAsyncCommit(s.indexOf(t));
  case WF_SAN_CP_WAIT:
    return san.cpAsyncWait(s.indexOf(t), bytes);
  default:
    break;
  }
  if (kind & WF_SAN_GLOBAL)
    return; // global write-write races: not checked (docs/sanitizer.md)
  uint64_t offset = addr - reinterpret_cast<uint64_t>(ctx->shared);
  std::string why = san.access(s.indexOf(t), t.cta, offset, bytes,
                               static_cast<int>(kind), site);
  if (why.empty())
    return;
  if (s.fault_.empty())
    s.fault_ = "sanitizer: " + why;
  s.stopRunning();
}

std::string BlockScheduler::checkBarrier(size_t cta) const {
  // Where each thread of the block stopped: a BARRIER's site, or exited.
  std::map<std::string, std::vector<size_t>> groups;
  size_t first = cta * ctaThreads_;
  for (size_t i = first; i < first + ctaThreads_; ++i) {
    const Thread &t = threads_[i];
    std::string where =
        t.state == State::Done
            ? "exited"
            : "wait at " +
                  std::string(t.barrierSite ? t.barrierSite : "'BARRIER'");
    groups[where].push_back(i - first);
  }
  if (groups.size() == 1)
    return "";
  std::string text = "sanitizer: barrier divergence in " + blockName(cta) +
                     ": not every thread reaches the same BARRIER (on the "
                     "GPU the block hangs or the barrier orders nothing):";
  for (const auto &[where, threads] : groups)
    text += "\n  " + std::to_string(threads.size()) +
            (threads.size() == 1 ? " thread" : " threads") + " (linear " +
            ranges(threads) + ") " + where;
  return text;
}

std::string BlockScheduler::checkWarp(size_t warp) const {
  const Warp &w = warps_[warp];
  const Thread *lead = nullptr;
  std::map<std::string, std::vector<size_t>> missing;
  for (size_t lane = 0; lane < WF_WARP_SIZE; ++lane) {
    size_t i = w.first + lane;
    if (i >= w.end) {
      missing["do not exist (the block's " + std::to_string(ctaThreads_) +
              " threads are not a multiple of 32)"]
          .push_back(lane);
      continue;
    }
    const Thread &t = threads_[i];
    switch (t.state) {
    case State::AtExchange:
      if (!lead)
        lead = &t;
      continue;
    case State::Done:
      missing["exited"].push_back(lane);
      continue;
    case State::AtBarrier:
      missing["wait at " +
              std::string(t.barrierSite ? t.barrierSite : "'BARRIER'")]
          .push_back(lane);
      continue;
    default:
      missing["wait at " + std::string(t.where)].push_back(lane);
      continue;
    }
  }
  if (missing.empty() || !lead)
    return "";
  // A shuffle (not an .aligned warp-wide word such as an MMA or LDMATRIX)
  // waits only for the lanes that have not exited, on sm_70 and later; a
  // lane that does not exist (a partial last warp) counts as exited. So
  // such lanes are wrong only when a lane at the shuffle reads one of them
  // (the value is undefined): FWARP-SUM in a block of 48 is reported, a
  // shuffle whose sources all exist is not.
  std::string readsText;
  if (!lead->collIn) {
    std::vector<bool> gone(WF_WARP_SIZE, false);
    for (const auto &[why, lanes] : missing)
      if (why == "exited" || why.rfind("do not exist", 0) == 0)
        for (size_t lane : lanes)
          gone[lane] = true;
    std::vector<std::string> reads;
    for (size_t lane = 0; lane < WF_WARP_SIZE && w.first + lane < w.end;
         ++lane) {
      const Thread &t = threads_[w.first + lane];
      if (t.state == State::AtExchange && t.srcLane >= 0 &&
          t.srcLane < WF_WARP_SIZE && gone[t.srcLane])
        reads.push_back(std::to_string(lane) + " reads lane " +
                        std::to_string(t.srcLane));
    }
    for (auto it = missing.begin(); it != missing.end();)
      it = it->first == "exited" || it->first.rfind("do not exist", 0) == 0
               ? (reads.empty() ? missing.erase(it) : std::next(it))
               : std::next(it);
    if (missing.empty())
      return "";
    for (size_t k = 0; k < reads.size() && k < 4; ++k)
      readsText += (k ? ", lane " : "\n  lane ") + reads[k];
    if (reads.size() > 4)
      readsText += ", ...";
    if (!reads.empty())
      readsText += " (an undefined value on the GPU)";
  }
  size_t cta = lead->cta, base = w.first - cta * ctaThreads_;
  std::string text =
      "sanitizer: incomplete warp at " +
      std::string(lead->warpSite ? lead->warpSite : "a warp-wide word") +
      " in " + blockName(cta) + ", warp " + std::to_string(base / 32) +
      " (linear " + std::to_string(base) + ".." + std::to_string(base + 31) +
      "): every lane must take part (the GPU's word waits for all 32 or "
      "gives undefined values); first lane there: " +
      threadName(indexOf(*lead)) + ":";
  for (const auto &[why, lanes] : missing)
    text += "\n  lanes " + ranges(lanes) + " " + why;
  return text + readsText;
}

void BlockScheduler::sanitizeBarrier(size_t cta) {
  std::vector<size_t> at;
  for (size_t i = cta * ctaThreads_; i < (cta + 1) * ctaThreads_; ++i)
    if (threads_[i].state == State::AtBarrier)
      at.push_back(i);
  sanitizer_->barrier(cta, at);
}

void BlockScheduler::sanitizeWarp(size_t warp) {
  std::vector<size_t> lanes;
  for (size_t i = warps_[warp].first; i < warps_[warp].end; ++i)
    if (threads_[i].state == State::AtExchange)
      lanes.push_back(i);
  sanitizer_->warpSync(lanes);
}

} // namespace wf::rt::cpu
