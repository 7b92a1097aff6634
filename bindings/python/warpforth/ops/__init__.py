"""Transformer kernels written in WarpForth (kernels/), callable on torch
tensors (CUDA tensors run on the GPU on torch's current stream, zero copy)
and on numpy arrays or CPU tensors (the CPU backend):

    from warpforth import ops
    y = ops.softmax(x)                       # any (..., n), f32/bf16/f16
    dx = ops.softmax_backward(y, dy)

Outputs are allocated unless out= is given; arguments are checked for
shape, dtype, contiguity and device, with errors that name them."""

from ._softmax import softmax, softmax_backward
from ._rotary import apply_rotary, rotary_cos_sin
from ._scores import attention_scores

__all__ = ["softmax", "softmax_backward"]
__all__ += ["apply_rotary", "rotary_cos_sin", "attention_scores"]
