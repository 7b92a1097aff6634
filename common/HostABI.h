//===- HostABI.h - How CPU-compiled kernels talk to the CPU executor ------===//
//
// The contract between code that warpforthc compiles for the host CPU and the
// runtime's CPU executor. Plain C so both sides (generated LLVM IR and C++)
// agree on the layout; the compiler reads field offsets with offsetof.
//
// A host kernel is one function per kernel:
//   void entry(const uint64_t *args, WfHostCtx *ctx);
// `args` holds one 64-bit slot per kernel param, in header order: an array
// param's slot holds the buffer's address, a scalar's slot holds the value's
// bytes in its low bytes (little endian, as memcpy would put them).
// The executor calls `entry` once per GPU thread, each on its own fiber, with
// `ctx` describing that thread.
//
//===----------------------------------------------------------------------===//
#ifndef WARPFORTH_COMMON_HOSTABI_H
#define WARPFORTH_COMMON_HOSTABI_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define WF_WARP_SIZE 32

typedef struct WfHostCtx WfHostCtx;

struct WfHostCtx {
  int64_t tid[3];  // TID-X/Y/Z
  int64_t bid[3];  // BID-X/Y/Z
  int64_t bdim[3]; // BDIM-X/Y/Z
  int64_t gdim[3]; // GDIM-X/Y/Z
  char *shared;    // this block's shared memory (static, then dynamic)
  void *sched;     // the executor's private state for this thread
  // BARRIER: returns once every live thread of the block has arrived.
  void (*barrier)(WfHostCtx *ctx);
  // Warp exchange behind every shuffle: each live lane of the warp offers
  // `value`; returns the value lane `srcLane` (0..31) offered, or the
  // caller's own value when that lane does not exist or has exited.
  uint64_t (*warp_exchange)(WfHostCtx *ctx, uint64_t value, int64_t srcLane);
  // MMA-TF32: each live lane offers in[10] = a0..a3 b0 b1 c0..c3 (its part
  // of the m16n8k8 fragments, PTX layout) and receives out[4] = d0..d3 once
  // the whole warp has arrived. A and B are used at TF32 precision (low 13
  // mantissa bits dropped); absent lanes contribute zeros.
  void (*warp_mma_tf32)(WfHostCtx *ctx, const float *in, float *out);
  // A fault the GPU would raise (a vector access or CP-ASYNC at a misaligned
  // address): `what` names the access and where the kernel makes it. The
  // thread goes on (the access is done unaligned) and the launch fails once
  // the block is finished, as the GPU's launch would.
  void (*fault)(WfHostCtx *ctx, const char *what, uint64_t addr);
  // Bounds, for the same reason: each param's buffer size in bytes (0 for
  // scalars) and the block's shared bytes. An access outside them calls
  // `out_of_bounds` (byte offset and size of the region) and is redirected
  // to `scratch` (64 bytes, 16-aligned), so the thread goes on harmlessly
  // and the launch fails once the block is finished.
  const uint64_t *arg_bytes;
  uint64_t shared_bytes;
  char *scratch;
  void (*out_of_bounds)(WfHostCtx *ctx, const char *what, uint64_t offset,
                        uint64_t size);
  // An access whose param the compiler could not tell (an address read
  // from memory, or one of two params) that lies in no array param's
  // buffer and not in shared memory. `what` is "8-byte store to", `where`
  // the source position, `names` each param's name (null for scalars), so
  // the executor can say which buffer the access starts in, if any. The
  // access is redirected to `scratch` as above.
  void (*wild_access)(WfHostCtx *ctx, const char *what, const char *where,
                      uint64_t addr, uint64_t bytes, const char *const *names);
  // A failed ASSERT at `where` (file:line:col); the thread goes on and the
  // launch fails once the block is finished.
  void (*assert_failed)(WfHostCtx *ctx, const char *where);
};

typedef void (*WfHostKernelFn)(const uint64_t *args, WfHostCtx *ctx);

#ifdef __cplusplus
}
#endif

#endif
