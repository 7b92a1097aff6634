"""Transformer kernels written in WarpForth (kernels/), callable on torch
tensors (CUDA tensors run on the GPU on torch's current stream, zero copy)
and on numpy arrays or CPU tensors (the CPU backend):

    from warpforth import ops
    y = ops.softmax(x)                       # any (..., n), f32/bf16/f16
    dx = ops.softmax_backward(y, dy)

Outputs are allocated unless out= is given; arguments are checked for
shape, dtype, contiguity and device, with errors that name them."""

from ._softmax import softmax, softmax_backward

__all__ = ["softmax", "softmax_backward"]

# Sampling: HuggingFace's top-k and top-p logits warpers (kernels/topk/).
from ._topk import top_k_mask, top_p_mask  # noqa: E402

__all__ += ["top_k_mask", "top_p_mask"]
