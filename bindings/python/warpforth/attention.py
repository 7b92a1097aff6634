"""The demo's causal attention kernels (demo/attention*.forth) as functions.

    o = warpforth.attention(q, k, v)            # (seq_len, head_dim)
    o = warpforth.multihead_attention(q, k, v)  # (..., seq_len, head_dim), f32

Kernels are compiled on first use and cached per device, dtype and MAX_SEQ
(rounded up to a power of two, so a few sizes share one compile)."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any, Optional

from ._args import array_ref, type_name
from ._device import Device, _resolve
from ._kernel import Kernel
from ._lib import repo_root

_cache: dict[tuple, Kernel] = {}


def demo_dir() -> Path:
    """Where the demo kernels are: $WARPFORTH_DEMO_DIR, else the installed
    package's demo/ (pip install), else the checkout's demo/ folder."""
    env = os.environ.get("WARPFORTH_DEMO_DIR")
    if env:
        return Path(env)
    installed = Path(__file__).resolve().parent / "demo"
    return installed if installed.is_dir() else repo_root() / "demo"


def _max_seq(seq_len: int) -> int:
    m = 16
    while m < seq_len:
        m *= 2
    return m


def _kernel(file: str, dev: Device, seq_len: int) -> Kernel:
    max_seq = _max_seq(seq_len)
    key = (file, dev.kind, dev.ordinal, max_seq)
    k = _cache.get(key)
    if k is None:
        k = Kernel.from_file(demo_dir() / file, device=dev,
                             defines={"MAX_SEQ": max_seq})
        _cache[key] = k
    return k


def _shape(x: Any, what: str) -> tuple:
    shape = getattr(x, "shape", None)
    if shape is None:
        raise TypeError(f"{what}: needs an array with a shape (torch, CuPy, "
                        "numpy), or pass seq_len= and head_dim=")
    return tuple(shape)


def _empty_like(x: Any) -> Any:
    torch = sys.modules.get("torch")
    if torch is not None and isinstance(x, torch.Tensor):
        return torch.empty_like(x, memory_format=torch.contiguous_format)
    mod = sys.modules.get(type(x).__module__.split(".")[0])
    if mod is not None and hasattr(mod, "empty_like"):  # cupy, numpy
        return mod.empty_like(x)
    raise TypeError(f"cannot allocate an output like {type(x).__name__}; "
                    "pass out=")


def _default_device(x: Any, device: Any) -> Device:
    if device is not None:
        return _resolve(device)
    ref = array_ref(x, "q")
    return _resolve("gpu" if ref is not None and ref.on_gpu else "cpu")


def _default_block(seq_len: int) -> int:
    # The score and softmax loops stride over the row; 128 threads keep a
    # block busy without idling most of it on short rows.
    return 128 if seq_len > 64 else 64


def attention(q: Any, k: Any, v: Any, out: Any = None, *,
              seq_len: Optional[int] = None, head_dim: Optional[int] = None,
              block: Optional[int] = None, device: Any = None,
              stream: Any = None) -> Any:
    """Causal softmax(q k^T / sqrt(d)) v for one head: q, k, v are
    (seq_len, head_dim), f64 (demo/attention.forth) or f32
    (demo/attention-f32.forth). Runs where the data is (GPU memory on the
    GPU, host memory on the CPU) unless `device` says otherwise."""
    if seq_len is None or head_dim is None:
        shape = _shape(q, "q")
        if len(shape) != 2:
            raise ValueError(f"q: expected (seq_len, head_dim), got {shape}")
        seq_len, head_dim = shape
    ref = array_ref(q, "q")
    if ref is None:
        raise TypeError(f"q: not an array ({type(q).__name__})")
    files = {"f64": "attention.forth", "f32": "attention-f32.forth"}
    dtype = type_name(ref.type)
    if dtype not in files:
        raise TypeError(f"q: {dtype}; attention takes f32 or f64")
    dev = _default_device(q, device)
    kern = _kernel(files[dtype], dev, seq_len)
    if out is None:
        out = _empty_like(q)
    kern(q, k, v, out, seq_len, head_dim, grid=seq_len,
         block=block or _default_block(seq_len), stream=stream)
    return out


def multihead_attention(q: Any, k: Any, v: Any, out: Any = None, *,
                        block: Optional[int] = None, device: Any = None,
                        stream: Any = None) -> Any:
    """Causal attention for every head in one launch (f32,
    demo/attention-mh-f32.forth): q, k, v are contiguous (..., seq_len,
    head_dim); the leading dimensions (batch, heads) fold into one grid
    dimension."""
    shape = _shape(q, "q")
    if len(shape) < 2:
        raise ValueError(f"q: expected (..., seq_len, head_dim), got {shape}")
    seq_len, head_dim = shape[-2], shape[-1]
    heads = 1
    for d in shape[:-2]:
        heads *= d
    dev = _default_device(q, device)
    kern = _kernel("attention-mh-f32.forth", dev, seq_len)
    if out is None:
        out = _empty_like(q)
    kern(q, k, v, out, seq_len, head_dim, heads, grid=(seq_len, heads),
         block=block or _default_block(seq_len), stream=stream)
    return out
