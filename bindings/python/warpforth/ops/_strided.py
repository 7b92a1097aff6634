"""Strided (B, H, N, d) tensors for the attention ops.

Models hand attention views, not dense tensors: HuggingFace's GPT-2 splits
one (B, N, 3 H d) projection into q, k and v and transposes each to
(B, H, N, d), so that q[b, h, n] lies at b N 3Hd + h d + n 3Hd. A copy of
each (and of their gradients) cost GPT-2 training 1.9 ms a step on an H100
(issue 15's profile), so the Hopper kernels read and write such views
where they lie (their tensor maps and stores take the strides), and the
others get dense copies made here.

Outputs follow their input's dimension order (`order`): out and dq like q,
dk and dv like k, dense where the input is, so that a caller's transpose
back to (B, N, H, d) is a view again, as torch's cuDNN attention does.
"""

from __future__ import annotations

import sys
from typing import Any

from . import _common as c


def order_of(strides: tuple) -> tuple:
    """The order, outermost first, of a (B, H, N, d) output's dimensions
    after an input with these strides: B, H and N by decreasing stride
    (ties, which only dimensions of size 1 make, in their own order), the
    features last. A dense input gives (0, 1, 2, 3)."""
    return tuple(sorted(range(3), key=lambda i: (-strides[i], i))) + (3,)


def order(a: c.Arg) -> tuple:
    return (0, 1, 2, 3) if a.strides is None else order_of(a.strides)


def _dense_strides(shape: tuple) -> tuple:
    st, n = [], 1
    for d in reversed(shape):
        st.append(n)
        n *= d
    return tuple(reversed(st))


def tma_ready(a: c.Arg) -> bool:
    """Whether the Hopper kernels take `a` where it lies: the features
    contiguous, every other stride (of a dimension longer than 1)
    non-negative and a multiple of 16 bytes, the address 16-byte aligned
    (TMA's rules, cuTensorMapEncodeTiled)."""
    if a.address % 16:
        return False
    if a.strides is None:
        return (a.shape[3] * a.itemsize) % 16 == 0
    if a.shape[3] > 1 and a.strides[3] != 1:
        return False
    return all(n == 1 or (s >= 0 and (s * a.itemsize) % 16 == 0)
               for n, s in zip(a.shape[:3], a.strides[:3]))


def strides3(a: c.Arg) -> tuple:
    """(batch, head, row) strides of `a` in elements, as the kernels take
    them; a dimension of size 1 gets its dense stride (the kernels never
    step along it, and TMA wants 16-byte multiples)."""
    dense = _dense_strides(a.shape)
    if a.strides is None:
        return dense[:3]
    return tuple(a.strides[i] if a.shape[i] > 1 else dense[i]
                 for i in range(3))


def flat(pb: c.PlanBuilder, a: c.Arg) -> Any:
    """What a launch passes for `a`: `a` itself where dense, else a 1-D
    dense view from its first element to its last (the kernels' params
    are that extent, 1 + sum((n - 1) stride)), which `pb` notes as `a`."""
    if a.strides is None:
        return a.value
    extent = a.shape[3] + sum((n - 1) * s
                              for n, s in zip(a.shape, strides3(a)))
    if a.is_torch:
        view = a.value.as_strided((extent,), (1,))
    else:
        np = sys.modules["numpy"]
        view = np.lib.stride_tricks.as_strided(
            a.value, shape=(extent,), strides=(a.value.itemsize,))
    return pb.view(view, a.value)


def dense(a: c.Arg) -> c.Arg:
    """`a`, or a dense copy of it where it is a strided view or not
    16-byte aligned (a fresh allocation is)."""
    if a.strides is None and a.address % 16 == 0:
        return a
    if a.is_torch:
        x = a.value.clone(memory_format=sys.modules["torch"].contiguous_format)
    else:
        x = sys.modules["numpy"].array(a.value, order="C", copy=True)
    return c.Arg(x, a.name, a.is_torch, a.on_gpu, a.gpu_ordinal, a.dtype,
                 a.shape)


def empty_in_order(pb: c.PlanBuilder, like: c.Arg, perm: tuple,
                   shape: tuple, zero: bool = False) -> Any:
    """A new output of `shape` and `like`'s dtype on its device, dense with
    its dimensions in the order `perm` (outermost first), seen as
    `shape`; zero-filled where `zero`."""
    x = c.empty(like, tuple(shape[p] for p in perm))
    if zero:
        x[...] = 0
    back = c.inverse_order(perm)
    if back is not None:
        x = x.permute(back) if like.is_torch else x.transpose(back)
    return pb.new(x, zero, perm)


def torch_empty_in_order(t: Any, perm: tuple, shape: tuple,
                         dtype: Any = None) -> Any:
    """empty_in_order for torch tensors alone (the custom ops' fake
    implementations, which must give the same strides)."""
    x = t.new_empty([shape[p] for p in perm], dtype=dtype or t.dtype)
    back = c.inverse_order(perm)
    return x if back is None else x.permute(back)


def torch_order(t: Any) -> tuple:
    """order() of a torch tensor (fake ones too)."""
    return (0, 1, 2, 3) if t.is_contiguous() else order_of(tuple(t.stride()))
