"""softmax and softmax_backward over the last dimension
(kernels/softmax/)."""

from __future__ import annotations

from typing import Any, Iterator, Optional

from . import _common as c
from . import _config

@_config.knobs("softmax")
class SoftmaxConfig(_config.Config):
    """softmax's and softmax_backward's knobs (ops.configure(softmax=...))."""

    # How a row is split among threads, by its length: up to `short`
    # columns a group of at most 32 lanes per row (several rows per
    # 128-thread block); longer rows a block per row, or, when there are
    # too few of them to fill the GPU, split across blocks (two launches:
    # partial states, then the write). Threads read VW = 4 consecutive
    # elements at a time where rows and pointers allow. The forward keeps a
    # row in registers where it fits (VPT vectors per thread, within the
    # register file: about 4 registers per value plus 10, 64K per SM) and
    # reads it once; otherwise it reads it twice.
    short: int = 1024
    chunk: int = 8192         # columns per block when a row is split
    # Threads per block when a row is streamed or split: the block merge
    # costs each thread two exponentials per warp (Nsight: 1024-thread
    # blocks made these passes compute-bound), 256 threads give 32+
    # elements per thread.
    stream_threads: int = 256
    min_blocks: int = 264     # about two waves on a 132-SM H100
    # values per thread in registers, by threads per block
    max_values: dict[int, int] = _config.field(
        {128: 64, 256: 64, 512: 32, 1024: 16})
    registers: bool = True    # tests turn it off to cover the streaming path
    # The forward keeps a row too long for registers in shared memory (as
    # f32) where it fits, so it reads it once and computes each exponential
    # once; 128 KiB leaves room on every sm_80+ GPU.
    shared_rows: bool = True
    max_shared_row: int = 128 << 10
    # Rows of `pipe_dtypes` from `pipe_min_cols` columns (by default those
    # too long for registers) go through softmax_pipe.forth instead: a
    # block of `pipe_threads` per SM runs a row after another, each in
    # registers as f32, while cp.async brings the next `pipe_nbuf` rows
    # into shared memory (fewer where they do not fit), so that loads never
    # wait for the arithmetic (a block per row holding a whole SM leaves
    # memory idle while it computes). `pipe_blocks` blocks at most (None:
    # one per SM on a GPU, `cpu_pipe_blocks` on the CPU backend, few so
    # that a block runs several rows there).
    pipe: bool = True
    # On an H100 (bench/ops_softmax.py, copy 3.01 TB/s), 4096x32768: bf16
    # 2.64 TB/s (shared rows 2.07), f16 2.66 (2.04), f32 2.83 (register or
    # shared rows 2.53); at 16384 columns f32 rows stay ahead (2.91 vs
    # 2.73).
    pipe_dtypes: tuple[str, ...] = ("bf16", "f16", "f32")
    pipe_nbuf: int = 2
    pipe_threads: int = 1024
    pipe_min_cols: int = 16385
    pipe_max_values: int = 32         # f32 registers a thread
    # Shared memory the pipelined rows may take: sm_80 GPUs give a block
    # 163 KiB, sm_90 227 KiB (compiled for sm_90 there, and on the CPU
    # backend).
    pipe_max_shared: dict[int, int] = _config.field(
        {80: 160 << 10, 90: 224 << 10})
    pipe_blocks: Optional[int] = None
    cpu_pipe_blocks: int = 3
    # A row split across blocks: with `split_regs` each thread loads its
    # part of the chunk into registers at once (chunk / stream_threads
    # values); `split_rev` runs the write phase in the reverse block order
    # (it first reads what the first phase read last, likelier in L2);
    # `split_batch` rows per pair of launches (0: all), so that the rows
    # one pair reads again fit in L2 (64 f32 rows of 128256 are 33 MB).
    split_regs: bool = True
    split_rev: bool = True
    split_batch: int = 0
    # The forward of a row the split path takes, in one launch where the
    # GPU runs thread-block clusters (sm_90+): softmax_cluster.forth, a
    # cluster of `cluster_blocks` blocks per row, each holding its chunk in
    # registers (at most `cluster_values` a thread), the row's max and sum
    # exchanged through distributed shared memory; each element is read
    # once. `cluster_cpu`: the same on the CPU backend (tests turn it on;
    # it runs clusters too). On an H100 (bench/ops_softmax.py, 64x128256,
    # same tensors): f32 2.16 TB/s against 2.10 for the split path; bf16
    # 1.69 against 1.89 (16-bit loads of 8 bytes; the row idles through
    # the two cluster barriers). Timed from CUDA-graph replays
    # (bench/ops_softmax.py --graphs --variants-only), which take the
    # launches out of both: f32 2.20 TB/s against 2.35 for the split path
    # on an H100 (torch 1.11 best), 2.65 against 2.93 on an H200, bf16
    # behind by as much; so no dtype takes it by default (tests and the
    # bench name the dtypes).
    cluster: bool = True
    cluster_dtypes: tuple[str, ...] = ()
    cluster_cpu: bool = False
    cluster_blocks: int = 8       # the portable cluster size
    cluster_values: int = 32      # f32 a thread: 64 registers, no spills

    @classmethod
    def variants(cls) -> Iterator[tuple[str, dict]]:
        """The softmax kernels for each element type (-D T): lane groups
        and blocks, registers at the largest sizes the ops use, streamed
        and shared rows; the split kernels' phases, vector widths and
        register loads; the cluster kernel's shapes (_cluster: 32 values a
        thread at most, 1024 threads an SM, and 4-block clusters); the
        pipelined rows with 1 to 32 values a thread (4 or 8 in a vector;
        the file's defaults are 32) and 1 to 3 rows in shared memory; the
        backward's split kernel with its defaults."""
        rows = [{"GROUP": 32, "VW": 4, "VPT": 8},
                {"GROUP": 256, "VW": 4, "VPT": 16},
                {"GROUP": 1024, "VW": 4, "VPT": 4},
                {"GROUP": 256, "VW": 4}, {"GROUP": 256, "VW": 1}]
        split = [{"PHASE": ph, "GROUP": 256, "VW": vw, "RVPT": rvpt,
                  "REV": ph - 1}
                 for ph in (1, 2) for vw, rvpt in (
                     (4, 0), (1, 0), (4, 8), (1, 32), (4, 4), (4, 16))]
        cluster = [{"CN": cn, "GROUP": g, "VW": vw, "RVPT": rvpt,
                    "MINB": 1024 // g}
                   for cn, g, vw, rvpt in (
                       (8, 512, 4, 8), (8, 512, 1, 32), (8, 1024, 4, 8),
                       (8, 1024, 1, 32), (8, 128, 4, 5), (4, 1024, 4, 8),
                       (8, 1024, 4, 4))]
        pipe_pv = {"f32": (1, 2, 5, 8), "bf16": (1, 2, 3, 4),
                   "f16": (1, 2, 3, 4)}
        for dt in ("f32", "bf16", "f16"):
            for file, vs in (
                    ("softmax", rows + [{"GROUP": 1024, "VW": 4, "SMEM": 1}]),
                    ("softmax_backward", rows[:2] + [
                        {"GROUP": 512, "VW": 4, "VPT": 4}]),
                    ("softmax_split", split),
                    ("softmax_cluster", cluster),
                    ("softmax_pipe", [{"PV": pv, "NBUF": nb}
                                      for pv in pipe_pv[dt]
                                      for nb in (1, 2, 3)]),
                    ("softmax_backward_split", [{}])):
                for v in vs:
                    yield f"softmax/{file}.forth", {"T": dt, **v}


def _plan(cfg: SoftmaxConfig, rows: int, cols: int, vw: int,
          arrays: int) -> tuple[str, int, int]:
    """(how, threads per row, vectors per thread in registers or 0) with how
    'group' (<= 32 lanes per row), 'block' (a block per row), 'shared' (a
    block per row, the row in shared memory) or 'split' (threads per row is
    then the number of chunks); `arrays` rows are held per thread (the
    backward holds y and dy)."""
    vectors = -(-cols // vw)
    if cols <= cfg.short:
        lanes = c.row_lanes(vectors)
        vpt = c.pow2(-(-vectors // lanes))
        return "group", lanes, vpt if cfg.registers else 0
    if rows < cfg.min_blocks and cols > 2 * cfg.chunk:
        return "split", -(-cols // cfg.chunk), 0
    threads = min(1024, max(256, c.pow2(-(-cols // 16))))
    vpt = c.pow2(-(-vectors // threads))
    if cfg.registers and vpt * vw * arrays <= cfg.max_values[threads]:
        return "block", threads, vpt
    if (cfg.shared_rows and arrays == 1 and vw == 4
            and 4 * cols <= cfg.max_shared_row):
        return "shared", 1024, 0
    # Streaming: every thread merges one state per warp after its loop, two
    # exponentials each, so fewer warps leave more of the work to the row.
    return "block", cfg.stream_threads, 0


def _vector_width(cols: int, *tensors: c.Arg) -> int:
    """4 when every row starts on a 4-element boundary in every tensor."""
    aligned = all(t.address % (4 * t.itemsize) == 0 for t in tensors)
    return 4 if cols % 4 == 0 and aligned else 1


def _arch(a: c.Arg) -> int:
    """90 for the CPU backend and sm_90+ GPUs, 80 for sm_80..89, else 0
    (no cp.async: no pipelined rows)."""
    sm = c.sm_of(a) or 90
    return 90 if sm >= 90 else 80 if sm >= 80 else 0


def _pipe(cfg: SoftmaxConfig, a: c.Arg, cols: int,
          checked: list[c.Arg]) -> tuple:
    """(16-byte vectors a thread of softmax_pipe.forth holds, rows in
    shared memory, arch) for these rows, or None where that kernel does not
    take them."""
    if (not cfg.pipe or a.dtype not in cfg.pipe_dtypes
            or cols < cfg.pipe_min_cols):
        return None
    ev = 16 // a.itemsize   # elements in a vector
    if cols % ev or any(t.address % 16 for t in checked):
        return None
    pv = -(-cols // (ev * cfg.pipe_threads))
    arch = _arch(a)
    if not arch:
        return None
    nbuf = min(cfg.pipe_nbuf,
               cfg.pipe_max_shared[arch] // (a.itemsize * cols))
    if pv * ev > cfg.pipe_max_values or nbuf < 1:
        return None
    return pv, nbuf, f"sm_{arch}"


def _cluster(cfg: SoftmaxConfig, a: c.Arg, cols: int, vw: int) -> tuple:
    """(threads a block, vectors a thread, columns a block, blocks an SM for
    launch-bounds) for softmax_cluster.forth, or None where it does not
    take these rows (no clusters, or a row too long for the registers of
    cluster_blocks blocks)."""
    if not cfg.cluster or a.dtype not in cfg.cluster_dtypes or (
            _arch(a) != 90 if a.on_gpu else not cfg.cluster_cpu):
        return None
    chunk = -(-cols // (cfg.cluster_blocks * vw)) * vw
    threads = min(1024, max(128, c.pow2(-(-chunk // cfg.cluster_values))))
    rvpt = -(-chunk // (threads * vw))
    if rvpt * vw > cfg.cluster_values:
        return None
    # 1024 threads an SM at 64 registers each
    return threads, rvpt, chunk, max(1, 1024 // threads)


def _launch_rows(cfg: SoftmaxConfig, b: c.PlanBuilder, name: str,
                 a: c.Arg, rows: int, cols: int, args: list, out_args: list,
                 part_per_row: int, checked: list[c.Arg]) -> None:
    vw = _vector_width(cols, *checked)
    how, n, vpt = _plan(cfg, rows, cols, vw, len(args))
    if how == "split":
        part = b.empty(a, (rows * n * part_per_row,), "f32")
        if name == "softmax_backward":
            for phase in (1, 2):
                # its split kernel reads one element at a time
                k = c.kernel(f"softmax/{name}_split.forth", a,
                             {"PHASE": phase, "GROUP": cfg.stream_threads,
                              "T": a.dtype})
                b.launch(k, *args, *out_args, part, rows, cols, cfg.chunk,
                         grid=(n, rows), block=cfg.stream_threads)
            return
        cl = _cluster(cfg, a, cols, vw) if name == "softmax" else None
        if cl:
            threads, rvpt, chunk, minb = cl
            k = c.kernel("softmax/softmax_cluster.forth", a,
                         {"CN": cfg.cluster_blocks, "GROUP": threads,
                          "VW": vw, "RVPT": rvpt, "MINB": minb,
                          "T": a.dtype},
                         arch="sm_90")
            b.launch(k, *args, *out_args, rows, cols, chunk,
                     grid=(cfg.cluster_blocks, rows), block=threads)
            return
        # Values a thread holds: up to 64 (ptxas: no spills at 64 with
        # 4-element vectors, 32 with single elements).
        values = cfg.chunk // cfg.stream_threads
        regs = cfg.split_regs and values <= (64 if vw == 4 else 32)
        rvpt = values // vw if regs else 0
        batch = cfg.split_batch or rows
        kernels = [c.kernel(f"softmax/{name}_split.forth", a,
                            {"PHASE": phase, "GROUP": cfg.stream_threads,
                             "VW": vw, "RVPT": rvpt,
                             "REV": int(cfg.split_rev and phase == 2),
                             "T": a.dtype})
                   for phase in (1, 2)]
        for row0 in range(0, rows, batch):
            for k in kernels:
                b.launch(k, *args, *out_args, part, rows, cols, cfg.chunk,
                         row0, grid=(n, min(batch, rows - row0)),
                         block=cfg.stream_threads)
        return
    pipe = None
    if name == "softmax" and (how == "shared" or how == "block" and vpt):
        pipe = _pipe(cfg, a, cols, checked)
    if pipe:
        pv, nbuf, arch = pipe
        k = c.kernel("softmax/softmax_pipe.forth", a,
                     {"GROUP": cfg.pipe_threads, "PV": pv, "NBUF": nbuf,
                      "T": a.dtype}, arch=arch)
        # As many rows for every block (4096 rows on 132 SMs: 128 blocks
        # of 32, not 4 of 32 and 128 of 31, which would leave the end of
        # the run to 4 SMs).
        per = -(-rows // (cfg.pipe_blocks or
                          c.sm_count(a, cfg.cpu_pipe_blocks)))
        b.launch(k, *args, *out_args, rows, cols, grid=-(-rows // per),
                 block=cfg.pipe_threads, shared=nbuf * a.itemsize * cols)
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


_config.register(SoftmaxConfig, __name__)
# Cached plans (ops/_common.py) by probe's key and the config's id.
_plans = c.plans("softmax")


def _softmax_impl(x: Any, out: Any = None) -> Any:
    """Softmax over the last dimension of a contiguous float32, bfloat16 or
    float16 tensor (math in f32, result in x's dtype). Rows of -inf give
    NaN, as torch does; -inf elements of other rows give exact zeros. out
    may be x itself (in place); an out that shares other memory with x is
    refused."""
    cfg = _config.get("softmax")
    objs = (x,) if out is None else (x, out)
    p = c.probe(objs, len(objs) - 1)
    key = None
    if p is not None:
        key = (p[0], cfg.id)
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
        _launch_rows(cfg, b, "softmax", a, rows, cols, [x], [out], 2,
                     [a, c.arg(out, "out")])
    b.store(_plans, out)
    return out


def _softmax_backward_impl(y: Any, dy: Any, out: Any = None) -> Any:
    """The gradient of softmax: dx = y * (dy - sum(dy * y)) over the last
    dimension, where y is softmax's output and dy the gradient of y. out
    may be y or dy itself (in place); an out that shares other memory
    with them is refused."""
    cfg = _config.get("softmax")
    objs = (y, dy) if out is None else (y, dy, out)
    p = c.probe(objs, len(objs) - 2)
    key = None
    if p is not None:
        key = (p[0], cfg.id)
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
        _launch_rows(cfg, pb, "softmax_backward", a, rows, cols, [y, dy],
                     [out], 1, [a, b, c.arg(out, "out")])
    pb.store(_plans, out)
    return out
