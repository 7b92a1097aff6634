"""softmax and softmax_backward over the last dimension
(kernels/softmax/)."""

from __future__ import annotations

from typing import Any

from . import _common as c

# How a row is split among threads, by its length: up to SHORT columns a
# group of at most 32 lanes per row (several rows per 128-thread block);
# longer rows a block per row, or, when there are too few of them to fill
# the GPU, split across blocks (two launches: partial states, then the
# write). Threads read VW = 4 consecutive elements at a time where rows and
# pointers allow. The forward keeps a row in registers where it fits (VPT
# vectors per thread, within the register file: about 4 registers per value
# plus 10, 64K per SM) and reads it once; otherwise it reads it twice.
SHORT = 1024
CHUNK = 8192         # columns per block when a row is split
# Threads per block when a row is streamed or split: the block merge costs
# each thread two exponentials per warp (Nsight: 1024-thread blocks made
# these passes compute-bound), 256 threads give 32+ elements per thread.
STREAM_THREADS = 256
MIN_BLOCKS = 264     # about two waves on a 132-SM H100
MAX_VALUES = {128: 64, 256: 64, 512: 32, 1024: 16}  # per thread, in registers
REGISTERS = True     # tests turn it off to cover the streaming path
# The forward keeps a row too long for registers in shared memory (as f32)
# where it fits, so it reads it once and computes each exponential once;
# 128 KiB leaves room on every sm_80+ GPU.
SHARED_ROWS = True
MAX_SHARED_ROW = 128 << 10
# Rows of PIPE_DTYPES from PIPE_MIN_COLS columns (by default those too long
# for registers) go through softmax_pipe.forth instead: a block of
# PIPE_THREADS per SM runs a row after another, each in registers as f32,
# while cp.async brings the next PIPE_NBUF rows into shared memory (fewer
# where they do not fit), so that loads never wait for the arithmetic (a
# block per row holding a whole SM leaves memory idle while it computes).
# PIPE_BLOCKS blocks at most (None: one per SM on a GPU, CPU_PIPE_BLOCKS on
# the CPU backend, few so that a block runs several rows there).
PIPE = True
# On an H100 (bench/ops_softmax.py, copy 3.01 TB/s), 4096x32768: bf16
# 2.64 TB/s (shared rows 2.07), f16 2.66 (2.04), f32 2.83 (register or
# shared rows 2.53); at 16384 columns f32 rows stay ahead (2.91 vs 2.73).
PIPE_DTYPES = ("bf16", "f16", "f32")
PIPE_NBUF = 2
PIPE_THREADS = 1024
PIPE_MIN_COLS = 16385
PIPE_MAX_VALUES = 32         # f32 registers a thread
# Shared memory the pipelined rows may take: sm_80 GPUs give a block 163
# KiB, sm_90 227 KiB (compiled for sm_90 there, and on the CPU backend).
PIPE_MAX_SHARED = {80: 160 << 10, 90: 224 << 10}
PIPE_BLOCKS = None
CPU_PIPE_BLOCKS = 3
# A row split across blocks: with SPLIT_REGS each thread loads its part of
# the chunk into registers at once (CHUNK / STREAM_THREADS values);
# SPLIT_REV runs the write phase in the reverse block order (it first reads
# what the first phase read last, likelier in L2); SPLIT_BATCH rows per
# pair of launches (0: all), so that the rows one pair reads again fit in
# L2 (64 f32 rows of 128256 are 33 MB).
SPLIT_REGS = True
SPLIT_REV = True
SPLIT_BATCH = 0
# The forward of a row the split path takes, in one launch where the GPU
# runs thread-block clusters (sm_90+): softmax_cluster.forth, a cluster
# of CLUSTER_BLOCKS blocks per row, each holding its chunk in registers (at
# most CLUSTER_VALUES a thread), the row's max and sum exchanged through
# distributed shared memory; each element is read once. CLUSTER_CPU: the
# same on the CPU backend (tests turn it on; it runs clusters too).
# On an H100 (bench/ops_softmax.py, 64x128256, same tensors): f32 2.16
# TB/s against 2.10 for the split path; bf16 1.69 against 1.89 (16-bit
# loads of 8 bytes; the row idles through the two cluster barriers).
# Timed from CUDA-graph replays (bench/ops_softmax.py --graphs
# --variants-only), which take the launches out of both: f32 2.20 TB/s
# against 2.35 for the split path on an H100 (torch 1.11 best), 2.65
# against 2.93 on an H200, bf16 behind by as much; so no dtype takes it by
# default (tests and the bench name the dtypes).
CLUSTER = True
CLUSTER_DTYPES: tuple = ()
CLUSTER_CPU = False
CLUSTER_BLOCKS = 8       # the portable cluster size
CLUSTER_VALUES = 32      # f32 a thread: 64 registers, no spills (ptxas)


def _pow2(n: int) -> int:
    p = 1
    while p < n:
        p *= 2
    return p


def _plan(rows: int, cols: int, vw: int,
          arrays: int) -> tuple[str, int, int]:
    """(how, threads per row, vectors per thread in registers or 0) with how
    'group' (<= 32 lanes per row), 'block' (a block per row), 'shared' (a
    block per row, the row in shared memory) or 'split' (threads per row is
    then the number of chunks); `arrays` rows are held per thread (the
    backward holds y and dy)."""
    vectors = -(-cols // vw)
    if cols <= SHORT:
        lanes = 1
        while lanes < 32 and lanes * 4 < vectors:
            lanes *= 2
        vpt = _pow2(-(-vectors // lanes))
        return "group", lanes, vpt if REGISTERS else 0
    if rows < MIN_BLOCKS and cols > 2 * CHUNK:
        return "split", -(-cols // CHUNK), 0
    threads = min(1024, max(256, _pow2(-(-cols // 16))))
    vpt = _pow2(-(-vectors // threads))
    if REGISTERS and vpt * vw * arrays <= MAX_VALUES[threads]:
        return "block", threads, vpt
    if SHARED_ROWS and arrays == 1 and vw == 4 and 4 * cols <= MAX_SHARED_ROW:
        return "shared", 1024, 0
    # Streaming: every thread merges one state per warp after its loop, two
    # exponentials each, so fewer warps leave more of the work to the row.
    return "block", STREAM_THREADS, 0


def _vector_width(cols: int, *tensors: c.Arg) -> int:
    """4 when every row starts on a 4-element boundary in every tensor."""
    aligned = all(t.address % (4 * t.itemsize) == 0 for t in tensors)
    return 4 if cols % 4 == 0 and aligned else 1


def _arch(a: c.Arg) -> int:
    """90 for the CPU backend and sm_90+ GPUs, 80 for sm_80..89, else 0
    (no cp.async: no pipelined rows)."""
    sm = c.sm_of(a) or 90
    return 90 if sm >= 90 else 80 if sm >= 80 else 0


def _pipe(a: c.Arg, cols: int, checked: list[c.Arg]) -> tuple:
    """(16-byte vectors a thread of softmax_pipe.forth holds, rows in
    shared memory, arch) for these rows, or None where that kernel does not
    take them."""
    if not PIPE or a.dtype not in PIPE_DTYPES or cols < PIPE_MIN_COLS:
        return None
    ev = 16 // a.itemsize   # elements in a vector
    if cols % ev or any(t.address % 16 for t in checked):
        return None
    pv = -(-cols // (ev * PIPE_THREADS))
    arch = _arch(a)
    if not arch:
        return None
    nbuf = min(PIPE_NBUF, PIPE_MAX_SHARED[arch] // (a.itemsize * cols))
    if pv * ev > PIPE_MAX_VALUES or nbuf < 1:
        return None
    return pv, nbuf, f"sm_{arch}"


def _cluster(a: c.Arg, cols: int, vw: int) -> tuple:
    """(threads a block, vectors a thread, columns a block, blocks an SM for
    launch-bounds) for softmax_cluster.forth, or None where it does not
    take these rows (no clusters, or a row too long for the registers of
    CLUSTER_BLOCKS blocks)."""
    if not CLUSTER or a.dtype not in CLUSTER_DTYPES or (
            _arch(a) != 90 if a.on_gpu else not CLUSTER_CPU):
        return None
    chunk = -(-cols // (CLUSTER_BLOCKS * vw)) * vw
    threads = min(1024, max(128, _pow2(-(-chunk // CLUSTER_VALUES))))
    rvpt = -(-chunk // (threads * vw))
    if rvpt * vw > CLUSTER_VALUES:
        return None
    # 1024 threads an SM at 64 registers each
    return threads, rvpt, chunk, max(1, 1024 // threads)


def _launch_rows(b: c.PlanBuilder, name: str, a: c.Arg, rows: int,
                 cols: int, args: list, out_args: list, part_per_row: int,
                 checked: list[c.Arg]) -> None:
    vw = _vector_width(cols, *checked)
    how, n, vpt = _plan(rows, cols, vw, len(args))
    if how == "split":
        part = b.empty(a, (rows * n * part_per_row,), "f32")
        if name == "softmax_backward":
            for phase in (1, 2):
                # its split kernel reads one element at a time
                k = c.kernel(f"softmax/{name}_split.forth", a,
                             {"PHASE": phase, "GROUP": STREAM_THREADS,
                              "T": a.dtype})
                b.launch(k, *args, *out_args, part, rows, cols, CHUNK,
                         grid=(n, rows), block=STREAM_THREADS)
            return
        cl = _cluster(a, cols, vw) if name == "softmax" else None
        if cl:
            threads, rvpt, chunk, minb = cl
            k = c.kernel("softmax/softmax_cluster.forth", a,
                         {"CN": CLUSTER_BLOCKS, "GROUP": threads, "VW": vw,
                          "RVPT": rvpt, "MINB": minb, "T": a.dtype},
                         arch="sm_90")
            b.launch(k, *args, *out_args, rows, cols, chunk,
                     grid=(CLUSTER_BLOCKS, rows), block=threads)
            return
        # Values a thread holds: up to 64 (ptxas: no spills at 64 with
        # 4-element vectors, 32 with single elements).
        values = CHUNK // STREAM_THREADS
        regs = SPLIT_REGS and values <= (64 if vw == 4 else 32)
        rvpt = values // vw if regs else 0
        batch = SPLIT_BATCH or rows
        kernels = [c.kernel(f"softmax/{name}_split.forth", a,
                            {"PHASE": phase, "GROUP": STREAM_THREADS,
                             "VW": vw, "RVPT": rvpt,
                             "REV": int(SPLIT_REV and phase == 2),
                             "T": a.dtype})
                   for phase in (1, 2)]
        for row0 in range(0, rows, batch):
            for k in kernels:
                b.launch(k, *args, *out_args, part, rows, cols, CHUNK, row0,
                         grid=(n, min(batch, rows - row0)),
                         block=STREAM_THREADS)
        return
    pipe = None
    if name == "softmax" and (how == "shared" or how == "block" and vpt):
        pipe = _pipe(a, cols, checked)
    if pipe:
        pv, nbuf, arch = pipe
        k = c.kernel("softmax/softmax_pipe.forth", a,
                     {"GROUP": PIPE_THREADS, "PV": pv, "NBUF": nbuf,
                      "T": a.dtype}, arch=arch)
        # As many rows for every block (4096 rows on 132 SMs: 128 blocks
        # of 32, not 4 of 32 and 128 of 31, which would leave the end of
        # the run to 4 SMs).
        per = -(-rows // (PIPE_BLOCKS or c.sm_count(a, CPU_PIPE_BLOCKS)))
        b.launch(k, *args, *out_args, rows, cols, grid=-(-rows // per),
                 block=PIPE_THREADS, shared=nbuf * a.itemsize * cols)
        return
    block = 128 if how == "group" else n
    defines = {"GROUP": n, "VPT": vpt, "VW": vw}
    shared = 16  # ROWBUF unused, but a launch must size it
    if how == "shared":
        defines["SMEM"] = 1
        shared = 4 * cols
    k = c.kernel(f"softmax/{name}.forth", a, {**defines, "T": a.dtype})
    rows_per_block = block // n
    b.launch(k, *args, *out_args, rows, cols,
             grid=max(1, -(-rows // rows_per_block)), block=block,
             shared=shared)


# Cached plans (ops/_common.py) by probe's key and the tunables above.
_plans = c.plans()


def _softmax_impl(x: Any, out: Any = None) -> Any:
    """Softmax over the last dimension of a contiguous float32, bfloat16 or
    float16 tensor (math in f32, result in x's dtype). Rows of -inf give
    NaN, as torch does; -inf elements of other rows give exact zeros. out
    may be x itself (in place); an out that shares other memory with x is
    refused."""
    objs = (x,) if out is None else (x, out)
    p = c.probe(objs, len(objs) - 1)
    key = None
    if p is not None:
        key = (p[0], c._version)
        plan = _plans.get(key)
        if plan is not None:
            done = plan.run(list(objs), p[1], p[2])
            if done is not None:
                return done[1]
    b = c.PlanBuilder(key, objs)
    a = c.arg(x, "x")
    if out is None:
        out = b.new(c.output(None, a, a.shape))
    else:
        out = c.output(out, a, a.shape)
        c.check_no_overlap([("out", out)], [("x", x)],
                           in_place=[("out", "x")])
    rows, cols = c.rows_cols(a)
    if rows and cols:
        _launch_rows(b, "softmax", a, rows, cols, [x], [out], 2,
                     [a, c.arg(out, "out")])
    b.store(_plans, out)
    return out


def _softmax_backward_impl(y: Any, dy: Any, out: Any = None) -> Any:
    """The gradient of softmax: dx = y * (dy - sum(dy * y)) over the last
    dimension, where y is softmax's output and dy the gradient of y. out
    may be y or dy itself (in place); an out that shares other memory
    with them is refused."""
    objs = (y, dy) if out is None else (y, dy, out)
    p = c.probe(objs, len(objs) - 2)
    key = None
    if p is not None:
        key = (p[0], c._version)
        plan = _plans.get(key)
        if plan is not None:
            done = plan.run(list(objs), p[1], p[2])
            if done is not None:
                return done[2]
    pb = c.PlanBuilder(key, objs)
    a = c.arg(y, "y")
    b = c.arg(dy, "dy")
    c.same_place(a, b)
    c.same_shape(a, b)
    if out is None:
        out = pb.new(c.output(None, a, a.shape))
    else:
        out = c.output(out, a, a.shape)
        c.check_no_overlap([("out", out)], [("y", y), ("dy", dy)],
                           in_place=[("out", "y"), ("out", "dy")])
    rows, cols = c.rows_cols(a)
    if rows and cols:
        _launch_rows(pb, "softmax_backward", a, rows, cols, [y, dy], [out],
                     1, [a, b, c.arg(out, "out")])
    pb.store(_plans, out)
    return out
