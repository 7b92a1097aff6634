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
  // The warp-wide words: each live lane offers in[] (up to 10 values) and
  // receives out[] (up to 4) once the whole warp has arrived at the same
  // word, `op` (WfWarpOp below). MMA: in = a0..a3 b0 b1 then the
  // accumulators, as 32-bit patterns (f32 bits, or two packed 16-bit
  // values), the PTX fragment layout; absent lanes contribute zeros.
  // ldmatrix: in = this lane's row address; stmatrix: the row address, then
  // the registers.
  void (*warp_collective)(
      WfHostCtx *ctx, int64_t op, const uint64_t *in,
      uint64_t *out); // A fault the GPU would raise (a vector access or
                      // CP-ASYNC at a misaligned
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
  // WGMMA-BF16 / WGMMA-F16 (sm_90a wgmma.mma_async.m64nNk16): `op` is
  // ir::wgmmaImm (bit 0 f16, bit 1 M-major A, bit 2 N-major B, bit 3 A
  // from registers, N from bit 8); the descriptors address this block's
  // shared memory; with A from registers `desc_a` is instead the address
  // of 16 cells: a0..a3 of lane 4g, then of 4g+1, 4g+2, 4g+3 (g: this
  // thread's LANE-ID / 4), which hold its two rows of A; `acc` holds
  // this thread's N/2 accumulators (PTX's fragment layout), updated in
  // place (D = A*B, or A*B + D when scale_d is nonzero). A descriptor the
  // GPU would fault on is reported through `fault`.
  void (*wgmma)(WfHostCtx *ctx, int64_t op, uint64_t desc_a, uint64_t desc_b,
                int64_t scale_d, float *acc);
  // sm_90's asynchronous words (Primitives.def, family Async): `op` is the
  // ir::AsyncKind plus 256 times the operand count (at most
  // WF_ASYNC_MAX_IN), in[] the operands in
  // the word's order (shared addresses as host pointers, a tensor map as
  // the WfTensorMap the runtime passed in its param's slot, a float cell
  // as its f32 bits), out[0] the result (MBAR-TRY-WAIT's flag, MAPA's
  // address, a DSMEM load's 32 bits). `where` is "'WORD', file:line:col". A
  // wait switches fibers until it can go on; errors fail the launch once the
  // block is done (runtime/cpu/AsyncOps.cpp).
  void (*async_op)(WfHostCtx *ctx, int64_t op, const uint64_t *in,
                   uint64_t *out, const char *where);
  // The thread's cluster (sm_90, '\! cluster X Y Z'; a kernel without one
  // runs in clusters of 1): its block's rank in the cluster (x fastest),
  // the cluster's block count, and the cluster's index in the grid of
  // clusters (CLUSTER-RANK, CLUSTER-SIZE, CLUSTER-ID-X/Y/Z).
  int64_t cluster_rank;
  int64_t cluster_size;
  int64_t cluster_id[3];
  // A computed register-array index outside the array (`index` as the
  // kernel had it, `count` the array's elements); `what` names the array,
  // its word and the source position. The read gives element 0 and the
  // write is dropped, the thread goes on, and the launch fails once the
  // block is finished.
  void (*index_out_of_range)(WfHostCtx *ctx, const char *what, int64_t index,
                             uint64_t count);
  // Loops: every `loop_poll_interval` iterations (of any of the kernel's
  // loops, counted per thread from its start) the kernel calls `loop_poll`
  // with the loop's "file:line:col in the loop at 'WORD'". When the launch
  // must stop (a timeout, Ctrl-C) it never returns: the executor abandons
  // the thread's fiber and fails the launch naming where each thread was.
  // A thread in a loop yields nowhere else. It touches no kernel-visible
  // memory when it returns.
  int64_t loop_poll_interval;
  void (*loop_poll)(WfHostCtx *ctx, const char *site);
  // Sanitize mode only (a kernel compiled with CompileOptions::sanitize;
  // runtime/cpu/Sanitizer.h): called before every shared-memory access and
  // every non-atomic global store with its host address, its byte count and
  // `kind` (WfSanitizeKind), and before each BARRIER, warp-wide word and
  // cp.async commit/wait with `addr` 0; `site` is "file:line:col 'WORD'". A
  // race or other fault it finds stops the thread and fails the launch.
  void (*sanitize)(WfHostCtx *ctx, uint64_t addr, uint64_t bytes, int64_t kind,
                   const char *site);
};

// sanitize's `kind`.
enum WfSanitizeKind {
  WF_SAN_READ = 0,
  WF_SAN_WRITE = 1,
  WF_SAN_ATOMIC = 2,
  WF_SAN_CP_ASYNC = 3,   // CP-ASYNC's 16 shared bytes, written when waited
  WF_SAN_BARRIER = 8,    // the next BARRIER's site
  WF_SAN_WARP = 9,       // the next shuffle or warp-wide word's site
  WF_SAN_CP_COMMIT = 10, // CP-ASYNC-COMMIT
  WF_SAN_CP_WAIT = 11,   // CP-ASYNC-WAIT, `bytes` its group count
  WF_SAN_GLOBAL = 16,    // with READ/WRITE: the address is global memory
};

// What a '\! tmap' param's slot points to on the CPU: the runtime's
// description of the tensor map that the GPU gets as a CUtensorMap. Dims,
// strides and box innermost first, as cuTensorMapEncodeTiled takes them.
#define WF_TMAP_MAX_RANK 5
typedef struct WfTensorMap {
  char *base;                        // the buffer
  int64_t rank;                      // 1..5
  int64_t elemBytes;                 // 1, 2, 4 or 8
  int64_t swizzle;                   // 0, 32, 64 or 128 bytes
  int64_t dims[WF_TMAP_MAX_RANK];    // elements
  int64_t strides[WF_TMAP_MAX_RANK]; // bytes; strides[0] = elemBytes
  int64_t box[WF_TMAP_MAX_RANK];     // elements
  const char *name;                  // the param's name
  int64_t elemType;                  // common/ElemType.h's ElemType
} WfTensorMap;

// warp_collective's `op`: an MMA kind (ir::MmaKind's order), or ldmatrix /
// stmatrix plus the matrix count (1, 2, 4) plus WF_WARP_TRANS.
enum WfWarpOp {
  WF_WARP_MMA_TF32 = 0,
  WF_WARP_MMA_BF16 = 1,
  WF_WARP_MMA_F16 = 2,
  WF_WARP_MMA_F16_F16 = 3,
  WF_WARP_LDMATRIX = 16,
  WF_WARP_STMATRIX = 32,
  WF_WARP_TRANS = 8,
};
// async_op's `op & 255`: ir::AsyncKind's value, both expanded from
// common/AsyncKinds.def (WF_ASYNC_MBAR_INIT, ... WF_ASYNC_TMA_REDUCE_ADD).
enum WfAsyncOp {
#define ASYNC_KIND(Enum, CName) WF_ASYNC_##CName,
#include "common/AsyncKinds.def"
#undef ASYNC_KIND
  // Not an ir::AsyncKind: SETMAXNREG-INC (in[0] > 0) or -DEC (in[0] < 0)
  // to |in[0]| registers a thread, in[1] the registers a thread has at
  // launch (from '\! launch-bounds'; 0: unknown, nothing is counted).
  WF_ASYNC_SETMAXNREG = 32,
};
// The most operands an async word has (TMA-LOAD-MC-5D).
#define WF_ASYNC_MAX_IN 9
// A cluster shared address on the CPU (MAPA's result): this tag in bits
// 40..63, the CTA's rank in bits 32..39, the byte offset in its shared
// memory in bits 0..31. No host pointer has the tag, so the executor can
// tell it from a plain shared address (which names the thread's own CTA,
// as a shared::cta address does on the GPU).
#define WF_DSMEM_TAG 0xD5D5D5ull
#define WF_DSMEM_TAG_SHIFT 40
#define WF_WARP_COLLECTIVE_IN 10
#define WF_WARP_COLLECTIVE_OUT 4

typedef void (*WfHostKernelFn)(const uint64_t *args, WfHostCtx *ctx);

#ifdef __cplusplus
}
#endif

#endif
