"""The ops as torch custom ops (torch.library), each with a fake (meta)
implementation, so that torch.compile(fullgraph=True) sees one opaque op
instead of tracing into ctypes and CUDA graphs capture them;
flash_attention has its backward (ops.flash_attention_backward)
registered for autograd. Imported on first use with torch tensors; needs
torch >= 2.4."""

from __future__ import annotations

from typing import Optional

import torch

from . import (_attention, _attention_backward, _decode, _rotary, _scores,
               _softmax, _strided, _topk)


@torch.library.custom_op("warpforth::flash_attention", mutates_args=())
def flash_attention_op(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor,
                       causal: bool, scale: float
                       ) -> tuple[torch.Tensor, torch.Tensor]:
    return _attention.flash_attention_impl(q, k, v, causal, scale,
                                           return_lse=True)


@flash_attention_op.register_fake
def _(q, k, v, causal, scale):
    # The output's strides are the op's (ops/_strided.py: q's order).
    return (_strided.torch_empty_in_order(q, _strided.torch_order(q),
                                          q.shape),
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
    # dq in q's order, dk and dv in k's (ops/_strided.py).
    pk = _strided.torch_order(k)
    return (_strided.torch_empty_in_order(q, _strided.torch_order(q),
                                          q.shape),
            _strided.torch_empty_in_order(k, pk, k.shape),
            _strided.torch_empty_in_order(v, pk, v.shape))


def _setup_context(ctx, inputs, output):
    q, k, v, causal, scale = inputs
    out, lse = output
    ctx.save_for_backward(q, k, v, out, lse)
    ctx.causal, ctx.scale = causal, scale
    ctx.mark_non_differentiable(lse)


def _backward(ctx, dout, _dlse):
    q, k, v, out, lse = ctx.saved_tensors
    # dout as autograd gives it (the op reads strided views).
    dq, dk, dv = flash_attention_backward_op(
        dout, q, k, v, out, lse, ctx.causal, ctx.scale)
    return dq, dk, dv, None, None


flash_attention_op.register_autograd(_backward, setup_context=_setup_context)


class FlashAttentionLseFunction(torch.autograd.Function):
    """flash_attention's autograd in eager mode: the custom op's forward
    and backward without torch.library's dispatch, which cost more than
    the kernels at GPT-2's shapes (H100, B8 H12 N1024 d64 bf16, CPU time a
    call: forward 95 us through the custom op against 52 us, backward 389
    against 150; bench/attention_overhead.py). torch.compile still sees
    the custom op (ops/_attention.py picks). Returns (o, lse)."""

    @staticmethod
    def forward(ctx, q, k, v, causal, scale):
        o, lse = _attention.flash_attention_impl(q, k, v, causal, scale,
                                                 return_lse=True)
        ctx.save_for_backward(q, k, v, o, lse)
        ctx.causal, ctx.scale = causal, scale
        ctx.mark_non_differentiable(lse)
        # lse's gradient stays None instead of a zero tensor made for
        # every backward (a fill kernel and ~14 us of host time).
        ctx.set_materialize_grads(False)
        return o, lse

    @staticmethod
    def backward(ctx, dout, _dlse):
        if dout is None:   # o itself unused: no gradient reaches q, k, v
            return None, None, None, None, None
        q, k, v, out, lse = ctx.saved_tensors
        dq, dk, dv = _attention_backward.flash_attention_backward(
            dout, q, k, v, out, lse, ctx.causal, ctx.scale)
        return dq, dk, dv, None, None


class FlashAttentionFunction(torch.autograd.Function):
    """The same returning o alone (what models call): lse, an intermediate
    here, is kept on ctx instead of being a second output, which autograd
    would wrap and mark (host time in a launch-bound forward)."""

    @staticmethod
    def forward(ctx, q, k, v, causal, scale):
        o, lse = _attention.flash_attention_impl(q, k, v, causal, scale,
                                                 return_lse=True)
        ctx.save_for_backward(q, k, v, o)
        ctx.lse, ctx.causal, ctx.scale = lse, causal, scale
        return o

    @staticmethod
    def backward(ctx, dout):
        q, k, v, out = ctx.saved_tensors
        dq, dk, dv = _attention_backward.flash_attention_backward(
            dout, q, k, v, out, ctx.lse, ctx.causal, ctx.scale)
        return dq, dk, dv, None, None


# The other ops: one custom op each (outputs allocated inside, as the ops
# do without out=), with the fake implementation torch.compile traces.


@torch.library.custom_op("warpforth::softmax", mutates_args=())
def softmax_op(x: torch.Tensor) -> torch.Tensor:
    return _softmax._softmax_impl(x)


@softmax_op.register_fake
def _(x):
    return torch.empty_like(x)


@torch.library.custom_op("warpforth::softmax_backward", mutates_args=())
def softmax_backward_op(y: torch.Tensor, dy: torch.Tensor) -> torch.Tensor:
    return _softmax._softmax_backward_impl(y, dy)


@softmax_backward_op.register_fake
def _(y, dy):
    return torch.empty_like(y)


@torch.library.custom_op("warpforth::top_k_mask", mutates_args=())
def top_k_mask_op(logits: torch.Tensor, k: int) -> torch.Tensor:
    return _topk._top_k_mask_impl(logits, k)


@top_k_mask_op.register_fake
def _(logits, k):
    return torch.empty_like(logits)


@torch.library.custom_op("warpforth::top_p_mask", mutates_args=())
def top_p_mask_op(logits: torch.Tensor, p: float,
                  min_tokens_to_keep: int) -> torch.Tensor:
    return _topk._top_p_mask_impl(logits, p, min_tokens_to_keep)


@top_p_mask_op.register_fake
def _(logits, p, min_tokens_to_keep):
    return torch.empty_like(logits)


@torch.library.custom_op("warpforth::attention_scores", mutates_args=())
def attention_scores_op(q: torch.Tensor, k: torch.Tensor, causal: bool,
                        scale: float) -> torch.Tensor:
    return _scores._attention_scores_impl(q, k, causal, scale)


@attention_scores_op.register_fake
def _(q, k, causal, scale):
    return q.new_empty(q.shape[:3] + k.shape[2:3])


@torch.library.custom_op("warpforth::apply_rotary", mutates_args=())
def apply_rotary_op(q: torch.Tensor, k: torch.Tensor, cos: torch.Tensor,
                    sin: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    return _rotary._apply_rotary_impl(q, k, cos, sin)


@apply_rotary_op.register_fake
def _(q, k, cos, sin):
    return torch.empty_like(q), torch.empty_like(k)


@torch.library.custom_op("warpforth::decode_attention", mutates_args=())
def decode_attention_op(q: torch.Tensor, k_cache: torch.Tensor,
                        v_cache: torch.Tensor, cache_seqlens: torch.Tensor,
                        block_table: Optional[torch.Tensor],
                        scale: Optional[float], num_splits: Optional[int]
                        ) -> tuple[torch.Tensor, torch.Tensor]:
    return _decode._decode_attention_impl(
        q, k_cache, v_cache, cache_seqlens, block_table, scale, num_splits,
        return_lse=True)


@decode_attention_op.register_fake
def _(q, k_cache, v_cache, cache_seqlens, block_table, scale, num_splits):
    return (torch.empty_like(q),
            q.new_empty(q.shape[:3], dtype=torch.float32))
