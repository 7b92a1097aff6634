// The CPU executor's thread-block clusters against hand-written kernels
// with the host kernel ABI: the blocks of a cluster run as one unit, each
// with its own shared memory, and the cluster words (async_op) work
// between them.
#include "common/Error.h"
#include "runtime/cpu/GridExecutor.h"

#include <catch2/catch.hpp>

#include <cstring>
#include <string>
#include <vector>

using namespace wf::rt;
using namespace wf::rt::cpu;

namespace {

template <typename T> T *arg(const uint64_t *args, int i) {
  return reinterpret_cast<T *>(args[i]);
}
template <typename T> uint64_t ptr(std::vector<T> &v) {
  return reinterpret_cast<uint64_t>(v.data());
}
int64_t linearTid(const WfHostCtx *c) {
  return c->tid[0] + c->bdim[0] * (c->tid[1] + c->bdim[1] * c->tid[2]);
}
int64_t linearBid(const WfHostCtx *c) {
  return c->bid[0] + c->gdim[0] * (c->bid[1] + c->gdim[1] * c->bid[2]);
}

// A word without operands (the cluster barrier).
void async(WfHostCtx *c, int kind) {
  uint64_t out = 0;
  c->async_op(c, kind, nullptr, &out, "'WORD', test:1:1");
}
uint64_t async2(WfHostCtx *c, int kind, uint64_t a, uint64_t b) {
  uint64_t in[2] = {a, b}, out = 0;
  c->async_op(c, kind + 256 * 2, in, &out, "'WORD', test:1:1");
  return out;
}
uint64_t async1(WfHostCtx *c, int kind, uint64_t a) {
  uint64_t in[1] = {a}, out = 0;
  c->async_op(c, kind + 256, in, &out, "'WORD', test:1:1");
  return out;
}
uint64_t shared(WfHostCtx *c, uint64_t offset) {
  return reinterpret_cast<uint64_t>(c->shared) + offset;
}

void run(WfHostKernelFn fn, std::vector<uint64_t> args, Dim3 grid, Dim3 block,
         Dim3 cluster, size_t sharedBytes, unsigned threads = 0) {
  GridLaunch l;
  l.entry = fn;
  l.args = args.data();
  l.grid = grid;
  l.block = block;
  l.cluster = cluster;
  l.sharedBytes = sharedBytes;
  ExecutorOptions o;
  o.threads = threads;
  runGrid(l, o);
}

std::string errorOf(WfHostKernelFn fn, Dim3 grid, Dim3 block, Dim3 cluster,
                    size_t sharedBytes, std::vector<uint64_t> args = {}) {
  try {
    run(fn, std::move(args), grid, block, cluster, sharedBytes);
  } catch (const wf::rt::Error &e) {
    return e.what();
  }
  return "";
}

// Thread 0 of each block: rank, size, cluster id, block id.
void identity(const uint64_t *args, WfHostCtx *c) {
  int64_t *out = arg<int64_t>(args, 0) + 8 * linearBid(c);
  if (linearTid(c) != 0)
    return;
  out[0] = c->cluster_rank;
  out[1] = c->cluster_size;
  out[2] = c->cluster_id[0];
  out[3] = c->cluster_id[1];
  out[4] = c->bid[0];
  out[5] = c->bid[1];
}

// Each block writes its id into shared memory; after the cluster barrier
// every thread reads the next rank's through MAPA and a DSMEM load. Odd
// threads return before the barrier (they count as arrived).
void neighbour(const uint64_t *args, WfHostCtx *c) {
  int64_t *out = arg<int64_t>(args, 0);
  int64_t t = linearTid(c), n = c->bdim[0];
  if (t == 0) {
    int32_t v = int32_t(100 + linearBid(c));
    std::memcpy(c->shared + 4, &v, 4);
  }
  if (t % 2)
    return;
  async(c, WF_ASYNC_CLUSTER_ARRIVE);
  async(c, WF_ASYNC_CLUSTER_WAIT);
  uint64_t next = uint64_t((c->cluster_rank + 1) % c->cluster_size);
  uint64_t d = async2(c, WF_ASYNC_MAPA, shared(c, 4), next);
  out[linearBid(c) * n + t] = int64_t(async1(c, WF_ASYNC_DSMEM_LOAD, d));
  async(c, WF_ASYNC_CLUSTER_SYNC);
}

// A DSMEM store one past the end of rank 1's 16 bytes.
void pastTheEnd(const uint64_t *, WfHostCtx *c) {
  uint64_t d = async2(c, WF_ASYNC_MAPA, shared(c, 0), 1);
  async2(c, WF_ASYNC_DSMEM_STORE, 7, d + 16);
}

// Block 1's thread 0 waits at BARRIER for thread 1, which waits at the
// cluster barrier for it: a deadlock across the two barriers.
void crossedBarriers(const uint64_t *, WfHostCtx *c) {
  if (c->cluster_rank == 1 && linearTid(c) == 0) {
    c->barrier(c);
    return;
  }
  async(c, WF_ASYNC_CLUSTER_SYNC);
}

} // namespace

TEST_CASE("cpu clusters: ranks, sizes and ids tile the grid", "[cpu]") {
  std::vector<int64_t> out(8 * 8, -1);
  run(identity, {ptr(out)}, {4, 2, 1}, {32, 1, 1}, {2, 2, 1}, 16);
  for (int y = 0; y < 2; ++y)
    for (int x = 0; x < 4; ++x) {
      const int64_t *o = &out[8 * (x + 4 * y)];
      CHECK(o[0] == x % 2 + 2 * (y % 2));
      CHECK(o[1] == 4);
      CHECK(o[2] == x / 2);
      CHECK(o[3] == y / 2);
      CHECK(o[4] == x);
      CHECK(o[5] == y);
    }
}

TEST_CASE("cpu clusters: DSMEM between the blocks of a cluster", "[cpu]") {
  unsigned workers = GENERATE(1u, 3u);
  const int n = 48; // warps never span two blocks
  std::vector<int64_t> out(6 * n, -1);
  run(neighbour, {ptr(out)}, {6, 1, 1}, {n, 1, 1}, {3, 1, 1}, 16, workers);
  for (int b = 0; b < 6; ++b)
    for (int t = 0; t < n; ++t) {
      int next = b / 3 * 3 + (b % 3 + 1) % 3;
      CHECK(out[b * n + t] == (t % 2 ? -1 : 100 + next));
    }
}

TEST_CASE("cpu clusters: bad accesses are reported, deadlocks named", "[cpu]") {
  CHECK_THAT(errorOf(pastTheEnd, {2, 1, 1}, {1, 1, 1}, {2, 1, 1}, 16),
             Catch::Contains("'WORD', test:1:1: the 4-byte access at shared "
                             "byte offset 16 of block rank 1 is outside its "
                             "16 bytes of shared memory"));
  std::string dead =
      errorOf(crossedBarriers, {2, 1, 1}, {2, 1, 1}, {2, 1, 1}, 16);
  CHECK_THAT(dead, Catch::Contains("deadlock: no thread of the cluster of "
                                   "blocks (0,0,0) to (1,0,0)"));
  CHECK_THAT(dead, Catch::Contains("at BARRIER"));
  CHECK_THAT(dead, Catch::Contains("on the cluster barrier (3 of the "
                                   "cluster's 4 live threads arrived)"));
  CHECK_THAT(errorOf(identity, {3, 1, 1}, {1, 1, 1}, {2, 1, 1}, 16, {0}),
             Catch::Contains("not a whole number of clusters"));
}
