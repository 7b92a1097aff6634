"""Transformer kernels written in WarpForth (kernels/), callable on torch
tensors (CUDA tensors run on the GPU on torch's current stream, zero copy)
and on numpy arrays or CPU tensors (the CPU backend):

    from warpforth import ops
    y = ops.softmax(x)                       # any (..., n), f32/bf16/f16
    dx = ops.softmax_backward(y, dy)
    q2, k2 = ops.apply_rotary(q, k, cos, sin)
    s = ops.attention_scores(q, k, causal=True)
    o = ops.flash_attention(q, k, v, causal=True)   # GQA: k, v (B, Hkv, N, d)
    o, lse = ops.flash_attention(q, k, v, causal=True, return_lse=True)
    dq, dk, dv = ops.flash_attention_backward(do, q, k, v, o, lse, True)
    o = ops.flash_attention_varlen(q, k, v, cu_seqlens_q, cu_seqlens_k)
    ops.append_kv(k_cache, v_cache, k_new, v_new, cache_seqlens)
    o = ops.decode_attention(q, k_cache, v_cache, cache_seqlens)
    masked = ops.top_k_mask(logits, 50)
    loss = ops.cross_entropy(logits, targets)   # autograd on torch tensors
    loss = ops.linear_cross_entropy(hidden, lm_head.weight, targets)
    y, h = ops.rms_norm(x, w, residual=r)    # h = x + r, the new stream
    y = ops.layer_norm(x, w, b)
    a = ops.swiglu(gate, up)                 # silu(gate) * up; geglu

Outputs are allocated unless out= is given; arguments are checked for
shape, dtype, contiguity and device, with errors that name them.

Each op's tunables are one frozen config (ops.config("softmax"), a
SoftmaxConfig): ops.configure(softmax=...) sets it, `with
ops.tuned(softmax={"pipe": False}):` for a block (ops/_config.py)."""

from ._api import flash_attention
from ._attention_backward import flash_attention_backward
# Packed sequences of different lengths (FlashAttention's varlen API).
from ._api import flash_attention_varlen
from ._attention_varlen import flash_attention_varlen_backward
# Generation: flash-decoding against a (paged) KV cache (kernels/decode/).
from ._api import decode_attention
from ._decode import append_kv
from ._api import apply_rotary
from ._rotary import rotary_cos_sin
from ._api import attention_scores
from ._api import softmax, softmax_backward
# Losses: cross-entropy of logits, and after a linear layer without the
# logits (kernels/loss/).
from ._api import cross_entropy, cross_entropy_backward, linear_cross_entropy
# Norms with a fused residual add, and gated activations (kernels/norm/,
# kernels/activation/), each with its backward.
from ._api import (layer_norm, layer_norm_backward, rms_norm,
                   rms_norm_backward)
from ._api import geglu, geglu_backward, swiglu, swiglu_backward
# Sampling: HuggingFace's top-k and top-p logits warpers (kernels/topk/).
from ._api import top_k_mask, top_p_mask
# Tuning: one frozen config per op (ops/_config.py), e.g.
#     with ops.tuned(softmax={"pipe": False}): ...
from ._config import configure, get as config, tuned
from ._attention import AttentionConfig
from ._attention_backward import AttentionBackwardConfig
from ._loss import CrossEntropyConfig
from ._decode import DecodeConfig
from ._glu import GluConfig
from ._norm import NormConfig
from ._rotary import RotaryConfig
from ._scores import ScoresConfig
from ._softmax import SoftmaxConfig
from ._topk import TopkConfig

__all__ = ["append_kv", "apply_rotary", "attention_scores", "cross_entropy",
           "cross_entropy_backward", "linear_cross_entropy",
           "decode_attention", "flash_attention", "flash_attention_backward",
           "flash_attention_varlen", "flash_attention_varlen_backward",
           "geglu", "geglu_backward", "layer_norm", "layer_norm_backward",
           "rms_norm", "rms_norm_backward",
           "rotary_cos_sin", "softmax", "softmax_backward", "swiglu",
           "swiglu_backward", "top_k_mask", "top_p_mask",
           "config", "configure", "tuned", "AttentionConfig",
           "AttentionBackwardConfig", "CrossEntropyConfig", "DecodeConfig",
           "GluConfig", "NormConfig", "RotaryConfig", "ScoresConfig",
           "SoftmaxConfig", "TopkConfig"]
