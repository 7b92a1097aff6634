"""flash_attention as torch custom ops (torch.library), so that autograd
differentiates it (the backward is ops.flash_attention_backward) and
torch.compile(fullgraph=True) sees one opaque op with a fake (meta)
implementation instead of tracing into ctypes. Imported on first use with
torch tensors; needs torch >= 2.4."""

from __future__ import annotations

import torch

from . import _attention, _attention_backward


@torch.library.custom_op("warpforth::flash_attention", mutates_args=())
def flash_attention_op(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor,
                       causal: bool, scale: float
                       ) -> tuple[torch.Tensor, torch.Tensor]:
    return _attention.flash_attention_impl(q, k, v, causal, scale,
                                           return_lse=True)


@flash_attention_op.register_fake
def _(q, k, v, causal, scale):
    return (torch.empty_like(q),
            q.new_empty(q.shape[:3], dtype=torch.float32))


@torch.library.custom_op("warpforth::flash_attention_backward",
                         mutates_args=())
def flash_attention_backward_op(
        dout: torch.Tensor, q: torch.Tensor, k: torch.Tensor,
        v: torch.Tensor, out: torch.Tensor, lse: torch.Tensor, causal: bool,
        scale: float) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    return _attention_backward.flash_attention_backward(
        dout, q, k, v, out, lse, causal, scale)


@flash_attention_backward_op.register_fake
def _(dout, q, k, v, out, lse, causal, scale):
    return torch.empty_like(q), torch.empty_like(k), torch.empty_like(v)


def _setup_context(ctx, inputs, output):
    q, k, v, causal, scale = inputs
    out, lse = output
    ctx.save_for_backward(q, k, v, out, lse)
    ctx.causal, ctx.scale = causal, scale
    ctx.mark_non_differentiable(lse)


def _backward(ctx, dout, _dlse):
    q, k, v, out, lse = ctx.saved_tensors
    dq, dk, dv = flash_attention_backward_op(
        dout.contiguous(), q, k, v, out, lse, ctx.causal, ctx.scale)
    return dq, dk, dv, None, None


flash_attention_op.register_autograd(_backward, setup_context=_setup_context)
