"""cross_entropy and linear_cross_entropy (kernels/loss/): the loss of rows
of logits against class targets, and the same after a linear layer
without its logits ever whole in memory."""

from __future__ import annotations

import math
import sys
from typing import Any, Iterator, Optional

from . import _common as c
from . import _config

REDUCTIONS = ("mean", "sum", "none")
# Class targets: int64 (torch's own) or int32 (copied to int64 first).
INT_TARGETS = ("int64", "torch.int64", "i32")


@_config.knobs("cross_entropy")
class CrossEntropyConfig(_config.Config):
    """cross_entropy's and linear_cross_entropy's knobs
    (ops.configure(cross_entropy=...))."""

    # Rows up to `short` columns: a group of at most 32 lanes a row
    # (several rows a 128-thread block); longer rows (vocabularies) a block
    # of `threads` a row, streamed twice where the gradient is made in the
    # same launch (the second read mostly from L2).
    # H200, bench/ops_loss.py (forward + backward, bf16 8192 x 128256):
    # 256 threads and 4 vectors in flight 0.91 of the copy rate; 256 and
    # 1: 0.87; 512 and 2 or 4: 0.79-0.80; 1024 and 2: 0.71.
    short: int = 1024
    threads: int = 256
    # Vectors a thread loads at once (their loads in flight together).
    unroll: int = 4
    # linear_cross_entropy: tokens a chunk (0: as many as keep a chunk's
    # logits within `chunk_bytes`, a multiple of 64, at least 64). Each
    # chunk's weight gradient GEMM reads and writes the whole accumulator
    # (vocab x hidden), so fewer, larger chunks cost less traffic; the
    # chunk's logits are the memory the op adds. On an H200
    # (bench/ops_loss.py, 8192 tokens x 4096 x 128256 bf16, forward and
    # backward): 1 GiB chunks (2) 42.0 ms, 4072 MiB at the peak; 256 MiB
    # chunks (8) 47.5 ms, 3321 MiB; stock torch 48.2 ms, 12024 MiB.
    chunk: int = 0
    chunk_bytes: int = 1 << 30
    # The weight's gradient summed over the chunks in float32 (then cast
    # to the weight's dtype once), as one GEMM over all tokens would: a
    # 16-bit sum would round once a chunk (H200, the shape above: 41.3 ms
    # and 3070 MiB summed in bf16).
    f32_weight_grad: bool = True

    @classmethod
    def variants(cls) -> Iterator[tuple[str, dict]]:
        """The loss kernel for each element type as the op picks it (lanes
        of a warp or a block of `threads` a row, 4-element or single
        accesses; the loss pass, the gradient pass and both; with and
        without the softcap), and the bench's sweep of threads and
        vectors in flight (4-element accesses, the two passes autograd
        runs, no softcap)."""
        cfg = cls()
        picked = [(32, 4), (4, 1), (1, 4), (cfg.threads, 4), (cfg.threads, 1)]
        sweep = [(256, 1), (256, 2), (512, 2), (512, 4), (1024, 2)]
        for dt in ("f32", "bf16", "f16"):
            for group, vw in picked:
                for loss, grad in ((1, 0), (0, 1), (1, 1)):
                    for cap in (0, 1):
                        yield "loss/cross_entropy.forth", {
                            "T": dt, "GROUP": group, "VW": vw,
                            "UNR": cfg.unroll, "LOSS": loss, "GRAD": grad,
                            "SOFTCAP": cap, "BLOCK": max(128, group)}
            for threads, unr in sweep:
                for loss, grad in ((1, 0), (0, 1)):
                    yield "loss/cross_entropy.forth", {
                        "T": dt, "GROUP": threads, "VW": 4, "UNR": unr,
                        "LOSS": loss, "GRAD": grad, "SOFTCAP": 0,
                        "BLOCK": threads}


_config.register(CrossEntropyConfig, __name__)
_plans = c.plans("cross_entropy")


def check_scalars(ignore_index: Any, label_smoothing: Any,
                  softcap: Any) -> tuple[int, float, float]:
    """(ignore_index, label_smoothing, softcap as a float, 0 for none),
    checked."""
    ignore = c.check_int("ignore_index", ignore_index, -(1 << 63),
                         (1 << 63) - 1)
    smooth = c.check_float("label_smoothing", label_smoothing, 0.0, 1.0)
    cap = 0.0 if softcap is None else c.check_float("softcap", softcap,
                                                   0.0)
    return ignore, smooth, cap


def check_reduction(reduction: Any) -> str:
    if reduction not in REDUCTIONS:
        raise ValueError(f"reduction: expected one of {REDUCTIONS}, got "
                         f"{reduction!r}")
    return reduction


def same_kind(x: Any, name: str, targets: Any) -> None:
    """targets a torch tensor where `x` is one, and not where it is not
    (a mix would leave the loss outside autograd)."""
    if c.is_torch(x) != c.is_torch(targets):
        raise TypeError(f"targets: {type(targets).__name__}, but {name} is "
                        f"{'a torch tensor' if c.is_torch(x) else 'not'}"
                        " (give both as torch tensors or both as numpy "
                        "arrays)")


def as_array(targets: Any) -> Any:
    """A numpy integer scalar (one row's target) as a 0-d array."""
    np = sys.modules.get("numpy")
    if np is not None and isinstance(targets, np.generic):
        return np.asarray(targets)
    return targets


def check_targets(targets: Any, a: c.Arg) -> Any:
    """The targets checked against `a` (the logits, or the hidden states:
    one a row, int64 or int32, same device), as int64."""
    t = c.arg(targets, "targets", dtypes=INT_TARGETS, min_dims=0)
    c.same_device(t, a)
    if t.shape != a.shape[:-1]:
        raise ValueError(f"targets: shape {t.shape}, expected "
                         f"{a.shape[:-1]} ({a.name}'s shape without its "
                         "last dimension)")
    if t.dtype == "i32":
        return targets.long() if t.is_torch else targets.astype("int64")
    return targets


def _vector_width(*arrays: c.Arg) -> int:
    """4 where the arrays start on a 4-element boundary (the kernel takes
    each row's unaligned head and tail one element at a time)."""
    return 4 if all(x.address % (4 * x.itemsize) == 0 for x in arrays) else 1


def _launch(b: c.PlanBuilder, a: c.Arg, rows: int, cols: int, loss: int,
            grad: int, args: list, checked: list) -> None:
    """One launch of kernels/loss/cross_entropy.forth over the rows: args
    are its parameters from X to CAP."""
    cfg = _config.get("cross_entropy")
    vw = _vector_width(*checked)
    if cols <= cfg.short:
        lanes = c.row_lanes(-(-cols // vw))
        block = 128
    else:
        lanes = block = cfg.threads
    cap = int(args[-1] > 0)
    k = c.kernel("loss/cross_entropy.forth", a,
                 {"LOSS": loss, "GRAD": grad, "GROUP": lanes, "VW": vw,
                  "UNR": cfg.unroll, "SOFTCAP": cap, "BLOCK": block,
                  "T": a.dtype})
    per = block // lanes
    b.launch(k, *args, grid=max(1, -(-rows // per)), block=block)


def _cross_entropy_rows_impl(logits: Any, targets: Any, ignore_index: int,
                             label_smoothing: float, softcap: float
                             ) -> tuple:
    """(losses, lse): each row's loss and log-sum-exp in float32, shape
    logits.shape[:-1] (see cross_entropy)."""
    ignore, smooth, cap = check_scalars(ignore_index, label_smoothing,
                                        softcap)
    objs = (logits, targets)
    pb = c.start(_plans, objs, 0, (ignore, smooth, cap))
    if type(pb) is tuple:
        return pb
    a = c.arg(logits, "logits")
    targets = as_array(targets)
    t = check_targets(targets, a)
    rows, cols = c.rows_cols(a)
    if cols == 0 and math.prod(a.shape[:-1]):
        raise ValueError("logits: a row of 0 classes has no loss")
    losses = pb.empty(a, a.shape[:-1], "f32")
    lse = pb.empty(a, a.shape[:-1], "f32")
    if rows:
        _launch(pb, a, rows, cols, 1, 0,
                [logits, t, losses, lse, logits, lse, rows, 0, rows, cols,
                 ignore, smooth, cap], [a])
    pb.store(_plans, losses, lse)
    return losses, lse


def _cross_entropy_backward_impl(logits: Any, targets: Any, lse: Any,
                                 dlosses: Any, ignore_index: int,
                                 label_smoothing: float, softcap: float,
                                 out: Any = None) -> Any:
    """The gradient of the logits for the rows' losses' gradient dlosses
    (float32, one a row, or one for all rows), given each row's lse from
    the forward; out may be logits itself (in place)."""
    ignore, smooth, cap = check_scalars(ignore_index, label_smoothing,
                                        softcap)
    objs = (logits, targets, lse, dlosses)
    if out is not None:
        objs = objs + (out,)
    pb = c.start(_plans, objs, len(objs) - 4, (ignore, smooth, cap))
    if type(pb) is tuple:
        return pb[0]
    a = c.arg(logits, "logits")
    targets = as_array(targets)
    t = check_targets(targets, a)
    rows, cols = c.rows_cols(a)
    la = c.arg(lse, "lse", dtypes=("f32",), min_dims=0)
    c.same_device(la, a)
    if la.shape != a.shape[:-1]:
        raise ValueError(f"lse: shape {la.shape}, expected {a.shape[:-1]}")
    da = c.arg(dlosses, "dlosses", dtypes=("f32",), min_dims=0)
    c.same_device(da, a)
    if da.numel not in (1, rows) or (da.numel != 1
                                      and da.shape != a.shape[:-1]):
        raise ValueError(f"dlosses: shape {da.shape}, expected "
                         f"{a.shape[:-1]} or one element")
    if out is None:
        out = pb.new(c.output(None, a, a.shape))
    else:
        out = c.output(out, a, a.shape)
        c.check_no_overlap([("out", out)], [("logits", logits)],
                           in_place=[("out", "logits")])
    if rows:
        stride = 0 if da.numel == 1 and rows != 1 else 1
        _launch(pb, a, rows, cols, 0, 1,
                [logits, t, lse, lse, out, dlosses, da.numel, stride, rows,
                 cols, ignore, smooth, cap], [a, c.arg(out, "out")])
    pb.store(_plans, out)
    return out


def cross_entropy_chunk(logits: Any, targets: Any, losses: Any,
                        gscale: Any, ignore: int, smooth: float,
                        cap: float) -> None:
    """linear_cross_entropy's chunk (its own (rows, C) buffer of logits,
    int64 targets, the chunk's rows of the float32 losses): the losses,
    and with gscale (float32, one element or one a row) the gradient times
    gscale written over the logits, in one launch."""
    a = c.arg(logits, "logits")
    rows, cols = c.rows_cols(a)
    lse = c.empty(a, (rows,), "f32")
    pb = c.PlanBuilder(None, ())
    if gscale is None:
        args = [logits, targets, losses, lse, logits, lse, rows, 0]
    else:
        n = c.arg(gscale, "gscale", dtypes=("f32",), min_dims=0).numel
        args = [logits, targets, losses, lse, logits, gscale, n,
                0 if n == 1 else 1]
    _launch(pb, a, rows, cols, 1, int(gscale is not None),
            args + [rows, cols, ignore, smooth, cap], [a])


def reduce_losses(losses: Any, targets: Any, ignore: int,
                  reduction: str) -> Any:
    """The rows' losses reduced as torch reduces them: 'mean' over the rows
    whose target is not ignore_index (NaN when there are none)."""
    if reduction == "none":
        return losses
    total = losses.sum()
    if reduction == "sum":
        return total
    count = (targets != ignore).sum()
    if c.is_torch(losses):
        return total / count
    import numpy as np
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.float32(total) / np.float32(count)


def _cross_entropy_impl(logits: Any, targets: Any, ignore_index: int = -100,
                        label_smoothing: float = 0.0,
                        reduction: str = "mean",
                        softcap: Optional[float] = None) -> Any:
    """Cross-entropy of rows of logits (..., C) (float32, bfloat16 or
    float16; math in float32) against class targets (...) (int64 or
    int32), as torch.nn.functional.cross_entropy with class indices:
    loss = lse - (1 - e) x_t - (e / C) sum_j x_j with label smoothing e,
    rows whose target is ignore_index count 0 and are left out of the
    mean (a mean over no rows is NaN, as torch gives). softcap: the logits
    become softcap * tanh(logits / softcap) first (Gemma 2's final-logit
    cap). The loss is float32 whatever the logits' dtype (torch returns
    the logits' dtype). A target outside [0, C) that is not ignore_index
    gives a NaN loss (torch raises; checking would cost a GPU sync).

    On torch tensors the gradient flows through autograd: one pass over
    the logits forward (losses and each row's log-sum-exp), one backward
    (reads the logits, writes their gradient); nothing of the logits'
    size is kept in between. On numpy arrays the loss only
    (cross_entropy_backward gives the gradient)."""
    ignore, smooth, cap = check_scalars(ignore_index, label_smoothing,
                                        softcap)
    reduction = check_reduction(reduction)
    targets = as_array(targets)
    losses, _ = _cross_entropy_rows_impl(logits, targets, ignore, smooth,
                                         cap)
    return reduce_losses(losses, targets, ignore, reduction)
