"""apply_rotary (kernels/rotary/) and rotary_cos_sin: rotary position
embeddings the way HuggingFace transformers applies them."""

from __future__ import annotations

import math
from typing import Any, Optional

from . import _common as c

# Threads per block of apply_rotary: units of features along x, heads along
# y (kernels/rotary/rotary-rows.fs).
BLOCK = 256


def _out_pair(out: Any, qa: c.Arg, ka: c.Arg) -> tuple[Any, Any]:
    if out is None:
        return c.empty(qa, qa.shape), c.empty(ka, ka.shape)
    if not isinstance(out, (tuple, list)) or len(out) != 2:
        raise TypeError("out: expected a pair (q_out, k_out)")
    for o, like, name in ((out[0], qa, "out[0]"), (out[1], ka, "out[1]")):
        a = c.arg(o, name, dtypes=(like.dtype,))
        if a.shape != like.shape:
            raise ValueError(f"{name}: shape {a.shape}, expected {like.shape} "
                             f"(the shape of {like.name})")
        if a.on_gpu != like.on_gpu or a.gpu_ordinal != like.gpu_ordinal:
            raise ValueError(f"{name}: on {a.where()}, but {like.name} is on "
                             f"{like.where()}")
        if a.is_torch and o.requires_grad:
            raise ValueError(f"{name}: must not require grad")
    return out[0], out[1]


def apply_rotary(q: Any, k: Any, cos: Any, sin: Any,
                 out: Any = None) -> Any:
    """(The docstring is the implementation's, set below.)"""
    if out is None and c.compiling() and c.is_torch(q):
        from . import _torch_ops
        return _torch_ops.apply_rotary_op(q, k, cos, sin)
    return _apply_rotary_impl(q, k, cos, sin, out)


def _apply_rotary_impl(q: Any, k: Any, cos: Any, sin: Any,
                 out: Optional[tuple] = None) -> tuple[Any, Any]:
    """Rotary position embedding of q and k, as HuggingFace's
    apply_rotary_pos_emb with the rotate_half convention:

        q_out = q * cos + rotate_half(q) * sin     (k likewise)
        rotate_half(x) = cat(-x[..., r/2:r], x[..., :r/2])

    q is (B, Hq, N, d), k is (B, Hkv, N, d) with Hkv dividing Hq; cos and
    sin are (N, r) or (B, N, r) with r even and r <= d: only the first r
    features of each head rotate, the rest pass through unchanged (partial
    rotary, as GPT-NeoX and Phi use). All of one dtype (float32, bfloat16
    or float16; math in f32, one rounding to the dtype at the end), on one
    device. One launch does both q and k. Returns (q_out, k_out), new
    tensors unless out=(q_out, k_out) is given; out=(q, k) works in place
    (each thread reads the features it writes)."""
    objs: tuple = (q, k, cos, sin)
    if out is None:
        pb = c.start(_plans, objs, 0, BLOCK)
    elif type(out) in (tuple, list) and len(out) == 2:
        pb = c.start(_plans, objs + tuple(out), 2, BLOCK)
    else:
        pb = c.PlanBuilder(None, objs)
    if type(pb) is tuple:
        return pb
    qa = c.arg(q, "q", min_dims=4)
    ka = c.arg(k, "k", min_dims=4)
    ca = c.arg(cos, "cos", min_dims=2)
    sa = c.arg(sin, "sin", min_dims=2)
    c.same_place(qa, ka, ca, sa)
    if len(qa.shape) != 4:
        raise ValueError(f"q: expected (B, Hq, N, d), got shape {qa.shape}")
    b, hq, n, d = qa.shape
    if len(ka.shape) != 4 or (ka.shape[0], ka.shape[2], ka.shape[3]) != (
            b, n, d):
        raise ValueError(f"k: shape {ka.shape}, expected (B, Hkv, N, d) = "
                         f"({b}, Hkv, {n}, {d}) to match q {qa.shape}")
    hkv = ka.shape[1]
    if hkv == 0 or hq % hkv:
        raise ValueError(f"k: its {hkv} heads do not divide q's {hq} heads")
    if len(ca.shape) not in (2, 3) or ca.shape[-2] != n or (
            len(ca.shape) == 3 and ca.shape[0] != b):
        raise ValueError(f"cos: shape {ca.shape}, expected (N, r) = ({n}, r) "
                         f"or (B, N, r) = ({b}, {n}, r)")
    r = ca.shape[-1]
    if r % 2 or r == 0:
        raise ValueError(f"cos: its last dimension r = {r} must be even and "
                         "positive (r/2 pairs of features rotate)")
    if r > d:
        raise ValueError(f"cos: its last dimension r = {r} is larger than "
                         f"the head dimension d = {d} of q and k")
    c.same_shape(ca, sa)
    q_out, k_out = _out_pair(out, qa, ka)
    if out is None:
        pb.new(q_out)
        pb.new(k_out)
    if b * n * d == 0:
        pb.store(_plans, q_out, k_out)
        return q_out, k_out
    # Four elements per access (f32: 16 bytes, bf16 and f16: 8) where every
    # row, half and buffer is aligned to that.
    v = 1
    width = {"f32": 16, "bf16": 8, "f16": 8}.get(qa.dtype)
    outs = (c.arg(q_out, "out[0]"), c.arg(k_out, "out[1]"))
    if width and (r // 2) % 4 == 0 and (d - r) % 4 == 0 and all(
            t.address % width == 0 for t in (qa, ka, ca, sa) + outs):
        v = 4
    units = (r // 2) // v + (d - r) // v
    bx = min(units, BLOCK)
    by = max(1, min(hq + hkv, BLOCK // bx))
    csb = n * r if len(ca.shape) == 3 else 0
    kern = c.kernel(f"rotary/apply_rotary_{qa.dtype}.forth", qa,
                    {"V": v} if v != 1 else None)
    pb.launch(kern, q, k, cos, sin, q_out, k_out, b, hq, hkv, n, d, r, csb,
              grid=(n, b), block=(bx, by))
    pb.store(_plans, q_out, k_out)
    return q_out, k_out


# Cached plans (ops/_common.py).
_plans = c.plans()


def _dtype_code(dtype: Any) -> str:
    name = str(dtype)
    for code, names in (("f32", ("float32", "torch.float32", "f32")),
                        ("bf16", ("bfloat16", "torch.bfloat16", "bf16")),
                        ("f16", ("float16", "torch.float16", "f16"))):
        if name in names or getattr(dtype, "__name__", None) in names:
            return code
    raise TypeError(f"dtype: {name} is not supported; expected float32, "
                    "bfloat16 or float16")


def rotary_cos_sin(position_ids: Any, dim: int, base: float = 10000.0,
                   dtype: Any = "float32") -> tuple[Any, Any]:
    """The cos/sin cache of HuggingFace's rotary embedding (the default
    rope type), for apply_rotary:

        inv_freq = 1 / base ** (arange(0, dim, 2) / dim)       (f32)
        freqs = position_ids[..., None] * inv_freq              (f32)
        emb = cat(freqs, freqs); cos, sin = emb.cos(), emb.sin()

    then cast to dtype (float32, bfloat16 or float16; a torch dtype, numpy
    dtype or its name). position_ids is (N,) or (B, N) int64 (torch or
    numpy); the result is (N, dim) or (B, N, dim), on position_ids' device.

    inv_freq is computed on the host with torch (on position_ids' device)
    or numpy, as HF does; the rest in a kernel (kernels/rotary/
    rotary_cos_sin.forth). WarpForth has no sine or cosine word, so the
    kernel computes them in f64 with its own argument reduction (exact for
    angles up to about 2.6e7) and rounds to f32: within an ulp of the true
    value, where torch's f32 cos and sin may be 1 or 2 ulp off, so the
    cache can differ from HF's in the last bit of f32."""
    code = _dtype_code(dtype)
    if isinstance(dim, bool) or not isinstance(dim, int) or dim <= 0 \
            or dim % 2:
        raise ValueError(f"dim: expected a positive even int, got {dim!r}")
    if not isinstance(base, (int, float)) or not math.isfinite(base) \
            or base <= 0:
        raise ValueError(f"base: expected a positive number, got {base!r}")
    torch = c._torch()
    if torch is not None and isinstance(position_ids, torch.Tensor):
        if position_ids.dtype not in (torch.int64, torch.int32):
            raise TypeError(f"position_ids: dtype {position_ids.dtype} is "
                            "not supported; expected int64")
        if position_ids.dim() not in (1, 2):
            raise ValueError("position_ids: expected (N,) or (B, N), got "
                             f"shape {tuple(position_ids.shape)}")
        pos = position_ids.long().contiguous()
        inv_freq = 1.0 / (base ** (torch.arange(
            0, dim, 2, dtype=torch.int64, device=pos.device).float() / dim))
    else:
        import numpy as np
        if not hasattr(position_ids, "__array_interface__") or not hasattr(
                position_ids, "dtype"):
            raise TypeError("position_ids: expected a torch tensor or a numpy "
                            f"array, got {type(position_ids).__name__}")
        if position_ids.dtype not in (np.int64, np.int32):
            raise TypeError(f"position_ids: dtype {position_ids.dtype} is not "
                            "supported; expected int64")
        if position_ids.ndim not in (1, 2):
            raise ValueError("position_ids: expected (N,) or (B, N), got "
                             f"shape {position_ids.shape}")
        pos = np.ascontiguousarray(position_ids, dtype=np.int64)
        f32 = np.float32
        inv_freq = f32(1.0) / (f32(base) ** (
            np.arange(0, dim, 2, dtype=np.int64).astype(f32) / f32(dim)))
    pa = c.arg(pos, "position_ids", dtypes=("int64", "torch.int64"))
    shape = pa.shape + (dim,)
    cos, sin = c.empty(pa, shape, "f32"), c.empty(pa, shape, "f32")
    rows, half = pa.numel, dim // 2
    if rows:
        kern = c.kernel("rotary/rotary_cos_sin.forth", pa)
        kern(pos, inv_freq, cos, sin, rows, half,
             grid=-(-rows * half // 256), block=256)
    if code == "f32":
        return cos, sin
    if pa.is_torch:
        tdt = {"bf16": torch.bfloat16, "f16": torch.float16}[code]
        return cos.to(tdt), sin.to(tdt)
    import numpy as np
    if code == "bf16":
        import ml_dtypes
        return cos.astype(ml_dtypes.bfloat16), sin.astype(ml_dtypes.bfloat16)
    return cos.astype(np.float16), sin.astype(np.float16)


c.document(apply_rotary, _apply_rotary_impl)
