"""linear_cross_entropy: the cross-entropy of hidden @ weight.T (+ bias)
against class targets, chunked over the tokens so that the logits are
never whole in memory (Liger Kernel's fused linear cross-entropy). A
chunk's logits come from torch's GEMM (numpy's on arrays); the loss
kernel (kernels/loss/) then writes the chunk's gradient over them, and
two GEMMs take it to the hidden states' and the weight's gradients."""

from __future__ import annotations

from typing import Any, Optional

from . import _common as c
from . import _config, _loss

# Which gradients a call makes (the op's `grads`): bit 0 the hidden
# states', bit 1 the weight's (and the bias's).
GRAD_HIDDEN = 1
GRAD_WEIGHT = 2


def _chunk_rows(n: int, vocab: int, itemsize: int) -> int:
    cfg = _config.get("cross_entropy")
    if cfg.chunk:
        return max(1, min(cfg.chunk, n))
    rows = cfg.chunk_bytes // max(1, vocab * itemsize) // 64 * 64
    return max(1, min(max(64, rows), n))


class _Torch:
    """The dense algebra on torch tensors (GEMMs in the inputs' dtype with
    float32 accumulation, as torch.mm does)."""

    def __init__(self, like: Any):
        import torch
        self.torch = torch
        self.like = like

    def zeros(self, shape: tuple, f32: bool = False) -> Any:
        t = self.like
        return t.new_zeros(shape, dtype=self.torch.float32 if f32 else None)

    def empty(self, shape: tuple, f32: bool = False) -> Any:
        t = self.like
        return t.new_empty(shape, dtype=self.torch.float32 if f32 else None)

    def logits(self, h: Any, w: Any, b: Any) -> Any:
        return (self.torch.mm(h, w.t()) if b is None
                else self.torch.addmm(b, h, w.t()))

    def mm_into(self, g: Any, w: Any, out: Any) -> None:
        self.torch.mm(g, w, out=out)

    def add_gw(self, acc: Any, g: Any, h: Any, first: bool) -> None:
        """acc += g.T @ h (acc = g.T @ h when first: no read of acc), acc
        float32 or the inputs' dtype."""
        f32 = self.torch.float32
        if acc.dtype == g.dtype:
            if first:
                self.torch.mm(g.t(), h, out=acc)
            else:
                acc.addmm_(g.t(), h)
        elif acc.is_cuda:
            # bf16/f16 in, float32 out: cuBLAS reads and writes acc in f32.
            if first:
                self.torch.mm(g.t(), h, out_dtype=f32, out=acc)
            else:
                self.torch.addmm(acc, g.t(), h, out_dtype=f32, out=acc)
        else:
            acc.addmm_(g.t().float(), h.float(), beta=0 if first else 1)

    def add_gb(self, acc: Any, g: Any) -> None:
        acc += g.sum(0, dtype=self.torch.float32)

    def cast(self, x: Any, like: Any) -> Any:
        return x.to(like.dtype)

    def scale(self, count: Any) -> Any:
        return (1.0 / count.float()).reshape(1)

    def ones1(self) -> Any:
        return self.like.new_ones((1,), dtype=self.torch.float32)


class _Numpy:
    """The same on numpy arrays (GEMMs in float32, rounded to the inputs'
    dtype as a GPU GEMM's output is)."""

    def __init__(self, like: Any):
        import numpy as np
        self.np = np
        self.like = like

    def zeros(self, shape: tuple, f32: bool = False) -> Any:
        return self.np.zeros(shape, self.np.float32 if f32
                             else self.like.dtype)

    def empty(self, shape: tuple, f32: bool = False) -> Any:
        return self.np.empty(shape, self.np.float32 if f32
                             else self.like.dtype)

    def logits(self, h: Any, w: Any, b: Any) -> Any:
        f = self.np.float32
        x = h.astype(f) @ w.astype(f).T
        if b is not None:
            x += b.astype(f)
        return x.astype(h.dtype)

    def mm_into(self, g: Any, w: Any, out: Any) -> None:
        f = self.np.float32
        out[...] = (g.astype(f) @ w.astype(f)).astype(out.dtype)

    def add_gw(self, acc: Any, g: Any, h: Any) -> None:
        f = self.np.float32
        acc += (g.astype(f).T @ h.astype(f)).astype(acc.dtype)

    def add_gb(self, acc: Any, g: Any) -> None:
        acc += g.astype(self.np.float32).sum(0).astype(acc.dtype)

    def cast(self, x: Any, like: Any) -> Any:
        return x.astype(like.dtype)

    def scale(self, count: Any) -> Any:
        return self.np.full((1,), 1.0 / float(count) if count else
                            float("nan"), self.np.float32)

    def ones1(self) -> Any:
        return self.np.ones((1,), self.np.float32)


def _check(hidden: Any, weight: Any, bias: Any, targets: Any) -> tuple:
    """(hidden as (N, H), weight, bias, targets as (N,) int64, the hidden
    states' Arg)."""
    h = c.arg(hidden, "hidden")
    w = c.arg(weight, "weight", min_dims=2)
    c.same_place(h, w)
    if len(w.shape) != 2:
        raise ValueError(f"weight: expected (vocab, hidden), got shape "
                         f"{w.shape}")
    if h.shape[-1] != w.shape[1]:
        raise ValueError(f"weight: shape {w.shape}, but hidden has "
                         f"{h.shape[-1]} features (its last dimension)")
    if bias is not None:
        b = c.arg(bias, "bias")
        c.same_place(h, b)
        if b.shape != (w.shape[0],):
            raise ValueError(f"bias: shape {b.shape}, expected "
                             f"({w.shape[0]},)")
    targets = _loss.check_targets(_loss.as_array(targets), h)
    n = h.numel // h.shape[-1] if h.shape[-1] else 0
    return hidden.reshape(n, h.shape[-1]), weight, bias, \
        targets.reshape(n), h


def linear_cross_entropy_impl(hidden: Any, weight: Any, bias: Any,
                              targets: Any, ignore_index: int,
                              label_smoothing: float, softcap: float,
                              reduction: str, grads: int,
                              dlosses: Any = None) -> tuple:
    """(loss, dhidden, dweight, dbias): the loss reduced as `reduction`
    says, and the gradients that `grads` asks for (GRAD_HIDDEN,
    GRAD_WEIGHT bits) of that loss, made in the same pass over the chunks
    (the mean's 1/count and the sum's 1 as the kernel's gradient scale;
    none with reduction 'none', whose backward makes them); or, with dlosses (float32, one a row: the backward of reduction
    'none'), the gradients of sum(dlosses * losses). Gradients not asked
    for are empty arrays of shape (0,)."""
    ignore, smooth, cap = _loss.check_scalars(ignore_index, label_smoothing,
                                              softcap)
    reduction = _loss.check_reduction(reduction)
    shape = c.arg(hidden, "hidden").shape[:-1]
    hidden, weight, bias, targets, h = _check(hidden, weight, bias, targets)
    xp = _Torch(hidden) if h.is_torch else _Numpy(hidden)
    n, vocab = hidden.shape[0], weight.shape[0]
    if vocab == 0 and n:
        raise ValueError("weight: a vocabulary of 0 classes has no loss")
    if dlosses is None and reduction == "none":
        grads = 0   # its gradients come from the backward (dlosses)
    gscale = None
    if grads:
        if dlosses is not None:
            gscale = dlosses.reshape(n)
        elif reduction == "mean":
            gscale = xp.scale((targets != ignore).sum())
        else:
            gscale = xp.ones1()
    # Every row of the losses and of dh is written by a chunk: no fill.
    losses = xp.empty((n,), f32=True)
    cfg = _config.get("cross_entropy")
    dh = (xp.empty((n, hidden.shape[1])) if grads & GRAD_HIDDEN
          else xp.zeros((0,)))
    wide = cfg.f32_weight_grad and h.dtype != "f32"
    # The first chunk writes it whole (no zero fill: 2 GB at Llama's
    # vocab); without tokens it is zero.
    dw = ((xp.empty if n else xp.zeros)(weight.shape, f32=wide)
          if grads & GRAD_WEIGHT else xp.zeros((0,)))
    db = (xp.zeros((vocab,), f32=True)
          if grads & GRAD_WEIGHT and bias is not None else xp.zeros((0,)))
    step = _chunk_rows(n, vocab, h.itemsize)
    for r0 in range(0, n, step):
        r1 = min(n, r0 + step)
        hc = hidden[r0:r1]
        x = xp.logits(hc, weight, bias)
        gs = gscale if gscale is None or gscale.shape[0] == 1 \
            else gscale[r0:r1]
        _loss.cross_entropy_chunk(x, targets[r0:r1], losses[r0:r1], gs,
                                  ignore, smooth, cap)
        if grads & GRAD_HIDDEN:
            xp.mm_into(x, weight, dh[r0:r1])
        if grads & GRAD_WEIGHT:
            xp.add_gw(dw, x, hc, r0 == 0)
            if bias is not None:
                xp.add_gb(db, x)
    if grads & GRAD_WEIGHT:
        if wide:
            dw = xp.cast(dw, weight)
        if bias is not None:
            db = xp.cast(db, bias)
    if grads & GRAD_HIDDEN:
        dh = dh.reshape(tuple(shape) + (hidden.shape[1],))
    loss = _loss.reduce_losses(losses, targets, ignore, reduction)
    if reduction == "none":
        loss = loss.reshape(shape)
    return loss, dh, dw, db


def _linear_cross_entropy_impl(hidden: Any, weight: Any, targets: Any,
                               bias: Any = None, ignore_index: int = -100,
                               label_smoothing: float = 0.0,
                               reduction: str = "mean",
                               softcap: Optional[float] = None) -> Any:
    """Cross-entropy of the logits hidden @ weight.T (+ bias) against
    class targets, without the logits ever whole in memory:
    hidden (..., H), weight (V, H), bias (V,) or None, all of one dtype
    (float32, bfloat16 or float16), targets (...) int64 or int32; the rest
    as cross_entropy (torch's rules for ignore_index, label_smoothing and
    reduction; softcap as Gemma 2's final-logit cap). The tokens go in
    chunks (ops.config("cross_entropy").chunk / chunk_bytes): a chunk's
    logits by the GEMM (torch's on tensors), its loss and gradient by one
    launch of the loss kernel over them, written over them.

    On torch tensors with autograd, a mean or sum loss makes the
    gradients of the hidden states, the weight and the bias in the same
    pass as the loss (3 GEMMs a chunk, the backward only scales them by
    the incoming gradient, as Liger Kernel does); reduction 'none' makes
    them in the backward (the logits once more). The weight's gradient is
    summed over the chunks in float32 (f32_weight_grad). On numpy arrays
    the loss only."""
    loss, *_ = linear_cross_entropy_impl(hidden, weight, bias, targets,
                                         ignore_index, label_smoothing,
                                         softcap, reduction, 0)
    return loss
