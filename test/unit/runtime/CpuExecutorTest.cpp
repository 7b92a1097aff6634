// The CPU executor against hand-written kernels with the host kernel ABI:
// each one does what a compiled WarpForth kernel does through WfHostCtx.
#include "runtime/cpu/GridExecutor.h"

#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <cstring>
#include <vector>

using namespace wf::rt;
using namespace wf::rt::cpu;

namespace {

int64_t linearTid(const WfHostCtx *c) {
  return c->tid[0] + c->bdim[0] * (c->tid[1] + c->bdim[1] * c->tid[2]);
}
int64_t linearBid(const WfHostCtx *c) {
  return c->bid[0] + c->gdim[0] * (c->bid[1] + c->gdim[1] * c->bid[2]);
}
int64_t blockThreads(const WfHostCtx *c) {
  return c->bdim[0] * c->bdim[1] * c->bdim[2];
}
template <typename T> T *arg(const uint64_t *args, int i) {
  return reinterpret_cast<T *>(args[i]);
}

void run(WfHostKernelFn fn, std::vector<uint64_t> args, Dim3 grid, Dim3 block,
         size_t shared, SwitchMode mode, unsigned threads = 0) {
  GridLaunch l;
  l.entry = fn;
  l.args = args.data();
  l.grid = grid;
  l.block = block;
  l.sharedBytes = shared;
  ExecutorOptions o;
  o.mode = mode;
  o.threads = threads;
  runGrid(l, o);
}

template <typename T> uint64_t ptr(std::vector<T> &v) {
  return reinterpret_cast<uint64_t>(v.data());
}

SwitchMode anyMode() {
  return GENERATE(SwitchMode::Native, SwitchMode::Ucontext);
}

// Tree sum of one block's inputs in shared memory: log2(n) barriers.
void blockSum(const uint64_t *args, WfHostCtx *c) {
  const int64_t *in = arg<int64_t>(args, 0);
  int64_t *out = arg<int64_t>(args, 1);
  auto *sh = reinterpret_cast<int64_t *>(c->shared);
  int64_t t = linearTid(c), n = blockThreads(c);
  sh[t] = in[linearBid(c) * n + t];
  c->barrier(c);
  for (int64_t s = n / 2; s > 0; s /= 2) {
    if (t < s)
      sh[t] += sh[t + s];
    c->barrier(c);
  }
  if (t == 0)
    out[linearBid(c)] = sh[0];
}

// Butterfly sum over a warp: every lane ends with the sum of all lanes.
void warpSum(const uint64_t *args, WfHostCtx *c) {
  int64_t *out = arg<int64_t>(args, 0);
  int64_t t = linearTid(c);
  uint64_t v = static_cast<uint64_t>(t % WF_WARP_SIZE + 1);
  for (int off = 16; off > 0; off /= 2)
    v += c->warp_exchange(c, v, (t % WF_WARP_SIZE) ^ off);
  out[linearBid(c) * blockThreads(c) + t] = static_cast<int64_t>(v);
}

// Rotates values around the warp `steps` times; back-to-back exchanges.
void warpRotate(const uint64_t *args, WfHostCtx *c) {
  int64_t *out = arg<int64_t>(args, 0);
  int64_t steps = static_cast<int64_t>(args[1]);
  int64_t lane = linearTid(c) % WF_WARP_SIZE;
  uint64_t v = static_cast<uint64_t>(lane);
  for (int64_t k = 0; k < steps; ++k)
    v = c->warp_exchange(c, v, (lane + 1) % WF_WARP_SIZE);
  out[linearTid(c)] = static_cast<int64_t>(v);
}

// Records every index a thread sees.
void indexing(const uint64_t *args, WfHostCtx *c) {
  int64_t *out = arg<int64_t>(args, 0);
  int64_t g = linearBid(c) * blockThreads(c) + linearTid(c);
  int64_t *rec = out + g * 6;
  for (int d = 0; d < 3; ++d) {
    rec[d] = c->tid[d];
    rec[3 + d] = c->bid[d];
  }
}

// Odd threads return at once; even ones meet at two barriers and exchange
// through shared memory. Thread 2 leaves between the barriers.
void earlyExit(const uint64_t *args, WfHostCtx *c) {
  int64_t *out = arg<int64_t>(args, 0);
  auto *sh = reinterpret_cast<int64_t *>(c->shared);
  int64_t t = linearTid(c), n = blockThreads(c);
  if (t % 2)
    return;
  sh[t] = t * 10;
  c->barrier(c);
  if (t == 2)
    return;
  int64_t partner = (t + 2) % n;
  int64_t got = sh[partner];
  c->barrier(c);
  out[linearBid(c) * n + t] = got + 1;
}

// Half a warp exchanges while the other half waits at a barrier: the
// exchange must complete (the waiting lanes count as absent) and the
// barrier must release afterwards.
void divergent(const uint64_t *args, WfHostCtx *c) {
  int64_t *out = arg<int64_t>(args, 0);
  int64_t lane = linearTid(c) % WF_WARP_SIZE;
  int64_t v = lane * 100;
  if (lane < 16) {
    // Lanes 0..7 read lanes 8..15 (present); lanes 8..15 read 16..23
    // (at the barrier: absent, so their own value).
    v = static_cast<int64_t>(
        c->warp_exchange(c, static_cast<uint64_t>(v), lane + 8));
  }
  c->barrier(c);
  out[linearTid(c)] = v;
}

// Checks shared memory is zeroed for each block and 16-byte aligned, then
// dirties it for whichever block runs next on this worker.
void sharedFresh(const uint64_t *args, WfHostCtx *c) {
  int64_t *out = arg<int64_t>(args, 0);
  size_t bytes = static_cast<size_t>(args[1]);
  if (linearTid(c) == 0) {
    bool zero = reinterpret_cast<uintptr_t>(c->shared) % 16 == 0;
    for (size_t i = 0; i < bytes; ++i)
      zero = zero && c->shared[i] == 0;
    out[linearBid(c)] = zero;
  }
  c->barrier(c);
  std::memset(c->shared, 0xAB, bytes);
}

int recurse(int depth) {
  volatile char pad[1024];
  pad[0] = static_cast<char>(depth);
  return depth == 0 ? pad[0] : recurse(depth - 1) + 1 + pad[0] * 0;
}

// Uses ~100 KiB of fiber stack, around a barrier.
void deepStack(const uint64_t *args, WfHostCtx *c) {
  int64_t *out = arg<int64_t>(args, 0);
  int r = recurse(100);
  c->barrier(c);
  out[linearTid(c)] = r;
}

// Six barriers per thread with a little work between: the scheduling
// benchmark.
void sixBarriers(const uint64_t *args, WfHostCtx *c) {
  int64_t *out = arg<int64_t>(args, 0);
  auto *sh = reinterpret_cast<int64_t *>(c->shared);
  int64_t t = linearTid(c);
  sh[t] = t;
  for (int k = 0; k < 6; ++k) {
    c->barrier(c);
    sh[t] += 1;
  }
  if (t == 0)
    out[linearBid(c)] = sh[0];
}

} // namespace

TEST_CASE("cpu executor: block reduction with barriers", "[cpu]") {
  SwitchMode mode = anyMode();
  const int blocks = 8, threads = 128;
  std::vector<int64_t> in(blocks * threads), out(blocks, -1);
  for (size_t i = 0; i < in.size(); ++i)
    in[i] = static_cast<int64_t>(i);
  run(blockSum, {ptr(in), ptr(out)}, {blocks, 1, 1}, {threads, 1, 1},
      threads * sizeof(int64_t), mode);
  for (int b = 0; b < blocks; ++b) {
    int64_t first = b * threads, last = first + threads - 1;
    CHECK(out[b] == (first + last) * threads / 2);
  }
}

TEST_CASE("cpu executor: warp butterfly sum", "[cpu]") {
  SwitchMode mode = anyMode();
  std::vector<int64_t> out(2 * 64, -1);
  run(warpSum, {ptr(out)}, {2, 1, 1}, {64, 1, 1}, 0, mode);
  for (int64_t v : out)
    REQUIRE(v == 528); // 1 + 2 + ... + 32
}

TEST_CASE("cpu executor: back-to-back exchanges do not mix", "[cpu]") {
  SwitchMode mode = anyMode();
  for (int64_t steps : {1, 5, 32, 33}) {
    std::vector<int64_t> out(64, -1);
    run(warpRotate, {ptr(out), static_cast<uint64_t>(steps)}, {1, 1, 1},
        {64, 1, 1}, 0, mode);
    for (int64_t t = 0; t < 64; ++t)
      REQUIRE(out[t] == (t % 32 + steps) % 32);
  }
}

TEST_CASE("cpu executor: partial warps read their own value for missing "
          "lanes",
          "[cpu]") {
  SwitchMode mode = anyMode();
  // 40 threads: warp 1 has lanes 0..7, so lane k+1 for k=7 is missing.
  std::vector<int64_t> out(40, -1);
  run(warpRotate, {ptr(out), 1}, {1, 1, 1}, {40, 1, 1}, 0, mode);
  for (int64_t t = 0; t < 32; ++t)
    CHECK(out[t] == (t + 1) % 32);
  for (int64_t lane = 0; lane < 7; ++lane)
    CHECK(out[32 + lane] == lane + 1);
  CHECK(out[39] == 7); // lane 8 does not exist: own value
}

TEST_CASE("cpu executor: 3-D grid and block indexing", "[cpu]") {
  SwitchMode mode = anyMode();
  Dim3 grid{2, 3, 4}, block{4, 2, 3};
  size_t total = grid.count() * block.count();
  std::vector<int64_t> out(total * 6, -1);
  run(indexing, {ptr(out)}, grid, block, 0, mode);
  size_t g = 0;
  for (uint32_t bz = 0; bz < grid.z; ++bz)
    for (uint32_t by = 0; by < grid.y; ++by)
      for (uint32_t bx = 0; bx < grid.x; ++bx)
        for (uint32_t tz = 0; tz < block.z; ++tz)
          for (uint32_t ty = 0; ty < block.y; ++ty)
            for (uint32_t tx = 0; tx < block.x; ++tx, ++g) {
              const int64_t *r = &out[g * 6];
              int64_t want[6] = {tx, ty, tz, bx, by, bz};
              for (int d = 0; d < 6; ++d)
                REQUIRE(r[d] == want[d]);
            }
}

TEST_CASE("cpu executor: threads exiting early do not deadlock barriers",
          "[cpu]") {
  SwitchMode mode = anyMode();
  const int n = 16;
  std::vector<int64_t> out(2 * n, -1);
  run(earlyExit, {ptr(out)}, {2, 1, 1}, {n, 1, 1}, n * sizeof(int64_t), mode);
  for (int b = 0; b < 2; ++b)
    for (int t = 0; t < n; ++t) {
      int64_t want = -1;
      if (t % 2 == 0 && t != 2)
        want = ((t + 2) % n) * 10 + 1;
      CHECK(out[b * n + t] == want);
    }
}

TEST_CASE("cpu executor: an exchange completes while lanes wait at a "
          "barrier",
          "[cpu]") {
  SwitchMode mode = anyMode();
  std::vector<int64_t> out(32, -1);
  run(divergent, {ptr(out)}, {1, 1, 1}, {32, 1, 1}, 0, mode);
  for (int64_t lane = 0; lane < 8; ++lane)
    CHECK(out[lane] == (lane + 8) * 100);
  for (int64_t lane = 8; lane < 32; ++lane)
    CHECK(out[lane] == lane * 100);
}

TEST_CASE("cpu executor: shared memory is zeroed per block", "[cpu]") {
  SwitchMode mode = anyMode();
  const size_t bytes = 100;
  std::vector<int64_t> out(64, -1);
  run(sharedFresh, {ptr(out), bytes}, {64, 1, 1}, {8, 1, 1}, bytes, mode, 2);
  for (int64_t v : out)
    REQUIRE(v == 1);
}

TEST_CASE("cpu executor: fibers have room for deep calls", "[cpu]") {
  SwitchMode mode = anyMode();
  std::vector<int64_t> out(64, -1);
  run(deepStack, {ptr(out)}, {1, 1, 1}, {64, 1, 1}, 0, mode);
  for (int64_t v : out)
    REQUIRE(v == 100);
}

TEST_CASE("cpu executor: worker counts give the same answer", "[cpu]") {
  const int blocks = 37, threads = 32;
  std::vector<int64_t> in(blocks * threads);
  for (size_t i = 0; i < in.size(); ++i)
    in[i] = static_cast<int64_t>(i % 7);
  std::vector<int64_t> one(blocks), many(blocks);
  run(blockSum, {ptr(in), ptr(one)}, {blocks, 1, 1}, {threads, 1, 1},
      threads * 8, SwitchMode::Native, 1);
  run(blockSum, {ptr(in), ptr(many)}, {blocks, 1, 1}, {threads, 1, 1},
      threads * 8, SwitchMode::Native, 5);
  CHECK(one == many);
  int64_t total = 0;
  for (int64_t v : one)
    total += v;
  int64_t want = 0;
  for (int64_t v : in)
    want += v;
  CHECK(total == want);
}

TEST_CASE("cpu executor: WARPFORTH_CPU_THREADS sets the worker count",
          "[cpu]") {
  setenv("WARPFORTH_CPU_THREADS", "3", 1);
  CHECK(resolveOptions({}).threads == 3);
  unsetenv("WARPFORTH_CPU_THREADS");
  CHECK(resolveOptions({}).threads >= 1);
  ExecutorOptions explicitOne;
  explicitOne.threads = 1;
  CHECK(resolveOptions(explicitOne).threads == 1);
  CHECK(resolveOptions({}).stackBytes == 256 * 1024);
}

TEST_CASE("cpu executor: 1024 blocks x 128 threads x 6 barriers",
          "[cpu][perf]") {
  const int blocks = 1024, threads = 128;
  std::vector<int64_t> out(blocks, -1);
  auto start = std::chrono::steady_clock::now();
  run(sixBarriers, {ptr(out)}, {blocks, 1, 1}, {threads, 1, 1},
      threads * sizeof(int64_t), SwitchMode::Native);
  double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  for (int64_t v : out)
    REQUIRE(v == 6);
  // ~0.9 million fiber switches; a generous bound for loaded CI machines.
  WARN("1024x128 threads, 6 barriers each: " << seconds * 1000 << " ms");
  CHECK(seconds < 1.0);
}
