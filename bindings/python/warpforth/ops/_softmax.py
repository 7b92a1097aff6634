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


def _launch_rows(b: c.PlanBuilder, name: str, a: c.Arg, rows: int,
                 cols: int, args: list, out_args: list, part_per_row: int,
                 checked: list[c.Arg]) -> None:
    vw = _vector_width(cols, *checked)
    how, n, vpt = _plan(rows, cols, vw, len(args))
    if how == "split":
        part = b.empty(a, (rows * n * part_per_row,), "f32")
        for phase in (1, 2):
            defines = {"PHASE": phase, "GROUP": STREAM_THREADS, "VW": vw}
            if name == "softmax_backward":
                defines.pop("VW")  # its split kernel reads one at a time
            k = c.kernel(f"softmax/{name}_split_{a.dtype}.forth", a, defines)
            b.launch(k, *args, *out_args, part, rows, cols, CHUNK,
                     grid=(n, rows), block=STREAM_THREADS)
        return
    block = 128 if how == "group" else n
    defines = {"GROUP": n, "VPT": vpt, "VW": vw}
    shared = 16  # ROWBUF unused, but a launch must size it
    if how == "shared":
        defines["SMEM"] = 1
        shared = 4 * cols
    k = c.kernel(f"softmax/{name}_{a.dtype}.forth", a, defines)
    rows_per_block = block // n
    b.launch(k, *args, *out_args, rows, cols,
             grid=max(1, -(-rows // rows_per_block)), block=block,
             shared=shared)


# Cached plans (ops/_common.py) by probe's key and the tunables above.
_plans = c.plans()


def softmax(x: Any, out: Any = None) -> Any:
    """(The docstring is the implementation's, set below.)"""
    if out is None and c.compiling() and c.is_torch(x):
        from . import _torch_ops
        return _torch_ops.softmax_op(x)
    return _softmax_impl(x, out)


def _softmax_impl(x: Any, out: Any = None) -> Any:
    """Softmax over the last dimension of a contiguous float32, bfloat16 or
    float16 tensor (math in f32, result in x's dtype). Rows of -inf give
    NaN, as torch does; -inf elements of other rows give exact zeros."""
    objs = (x,) if out is None else (x, out)
    p = c.probe(objs, len(objs) - 1)
    key = None
    if p is not None:
        key = (p[0], REGISTERS, SHARED_ROWS)
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
    rows, cols = c.rows_cols(a)
    if rows and cols:
        _launch_rows(b, "softmax", a, rows, cols, [x], [out], 2,
                     [a, c.arg(out, "out")])
    b.store(_plans)
    return out


def softmax_backward(y: Any, dy: Any, out: Any = None) -> Any:
    """(The docstring is the implementation's, set below.)"""
    if out is None and c.compiling() and c.is_torch(y):
        from . import _torch_ops
        return _torch_ops.softmax_backward_op(y, dy)
    return _softmax_backward_impl(y, dy, out)


def _softmax_backward_impl(y: Any, dy: Any, out: Any = None) -> Any:
    """The gradient of softmax: dx = y * (dy - sum(dy * y)) over the last
    dimension, where y is softmax's output and dy the gradient of y."""
    objs = (y, dy) if out is None else (y, dy, out)
    p = c.probe(objs, len(objs) - 2)
    key = None
    if p is not None:
        key = (p[0], REGISTERS, SHARED_ROWS)
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
    rows, cols = c.rows_cols(a)
    if rows and cols:
        _launch_rows(pb, "softmax_backward", a, rows, cols, [y, dy], [out],
                     1, [a, b, c.arg(out, "out")])
    pb.store(_plans)
    return out


c.document(softmax, _softmax_impl)


c.document(softmax_backward, _softmax_backward_impl)
