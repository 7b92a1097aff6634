"""softmax and softmax_backward over the last dimension
(kernels/softmax/)."""

from __future__ import annotations

from typing import Any

from . import _common as c

# How a row is split among threads, by its length: up to SHORT columns a
# group of GROUP <= 32 lanes per row (several rows per 128-thread block); up
# to LONG a block per row; longer rows with too few of them to fill the GPU
# split across blocks (two launches: partial states, then the write).
SHORT = 1024
BLOCK = 256
CHUNK = 8192         # columns per block when a row is split
MIN_BLOCKS = 264     # about two waves on a 132-SM H100


def _plan(rows: int, cols: int) -> tuple[str, int]:
    """('group', lanes per row) | ('block', threads) | ('split', chunks)."""
    if cols <= SHORT:
        lanes = 1
        while lanes < 32 and lanes * 4 < cols:
            lanes *= 2
        return "group", lanes
    if rows >= MIN_BLOCKS or cols <= 2 * CHUNK:
        return "block", BLOCK if cols <= 16384 else 1024
    return "split", -(-cols // CHUNK)


def _launch_rows(name: str, a: c.Arg, rows: int, cols: int, args: list,
                 out_args: list, part_per_row: int) -> None:
    how, n = _plan(rows, cols)
    if how == "split":
        part = c.empty(a, (rows * n * part_per_row,), "f32")
        for phase in (1, 2):
            k = c.kernel(f"softmax/{name}_split_{a.dtype}.forth", a,
                         {"PHASE": phase, "GROUP": 1024})
            k(*args, *out_args, part, rows, cols, CHUNK, grid=(n, rows),
              block=1024)
        return
    group = n
    block = 128 if how == "group" else n
    k = c.kernel(f"softmax/{name}_{a.dtype}.forth", a, {"GROUP": group})
    rows_per_block = block // group
    k(*args, *out_args, rows, cols,
      grid=max(1, -(-rows // rows_per_block)), block=block)


def softmax(x: Any, out: Any = None) -> Any:
    """Softmax over the last dimension of a contiguous float32, bfloat16 or
    float16 tensor (math in f32, result in x's dtype). Rows of -inf give
    NaN, as torch does; -inf elements of other rows give exact zeros."""
    a = c.arg(x, "x")
    out = c.output(out, a, a.shape)
    rows, cols = c.rows_cols(a)
    if rows and cols:
        _launch_rows("softmax", a, rows, cols, [x], [out], 2)
    return out


def softmax_backward(y: Any, dy: Any, out: Any = None) -> Any:
    """The gradient of softmax: dx = y * (dy - sum(dy * y)) over the last
    dimension, where y is softmax's output and dy the gradient of y."""
    a = c.arg(y, "y")
    b = c.arg(dy, "dy")
    c.same_place(a, b)
    c.same_shape(a, b)
    out = c.output(out, a, a.shape)
    rows, cols = c.rows_cols(a)
    if rows and cols:
        _launch_rows("softmax_backward", a, rows, cols, [y, dy], [out], 1)
    return out
