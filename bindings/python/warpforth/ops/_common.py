"""What every op shares: reading its tensor arguments (torch tensors on the
GPU or CPU, numpy arrays), checking them with errors that name the
argument, allocating outputs, and the compiled kernels of kernels/.

An op runs where its data is: CUDA tensors on the GPU (zero copy, on
torch's current stream), numpy arrays and CPU tensors on the CPU backend.
"""

from __future__ import annotations

import math
import numbers
import os
import re
import sys
from pathlib import Path
from typing import Any, Optional, Sequence

from .._device import Device, device
from .. import _args
from .._kernel import Kernel
from .._lib import repo_root
from . import _config

# dtype name (torch's str(dtype) or numpy's dtype.name) -> kernel suffix
_DTYPES = {
    "torch.float32": "f32", "torch.bfloat16": "bf16", "torch.float16": "f16",
    "float32": "f32", "bfloat16": "bf16", "float16": "f16",
    "torch.int32": "i32", "int32": "i32",
}
FLOAT_DTYPES = ("f32", "bf16", "f16")
_LONG = {"f32": "float32", "bf16": "bfloat16", "f16": "float16",
         "i32": "int32"}


def dtype_name(dtype: str) -> str:
    """The name users know a dtype by."""
    return _LONG.get(dtype, dtype)


def kernels_dir() -> Path:
    """The kernel library: $WARPFORTH_KERNELS_DIR, else the installed
    package's kernels/ (pip install), else the checkout's kernels/."""
    env = os.environ.get("WARPFORTH_KERNELS_DIR")
    if env:
        return Path(env)
    installed = Path(__file__).resolve().parents[1] / "kernels"
    return installed if installed.is_dir() else repo_root() / "kernels"


class Arg:
    """A checked tensor argument. (A plain class with slots: ops build
    several per call, and a frozen dataclass costs microseconds.)"""
    __slots__ = ("value", "name", "is_torch", "on_gpu", "gpu_ordinal",
                 "dtype", "shape", "strides")

    def __init__(self, value: Any, name: str, is_torch: bool, on_gpu: bool,
                 gpu_ordinal: int, dtype: str, shape: tuple,
                 strides: Optional[tuple] = None):
        self.value = value
        self.name = name
        self.is_torch = is_torch
        self.on_gpu = on_gpu
        self.gpu_ordinal = gpu_ordinal
        self.dtype = dtype      # 'f32', 'bf16', 'f16', or the raw name otherwise
        self.shape = shape
        # In elements, for a strided view (arg(strided=True)); None: dense.
        self.strides = strides

    def __repr__(self) -> str:
        return (f"Arg({self.name}: {self.dtype}{list(self.shape)} on "
                f"{self.where()})")

    @property
    def numel(self) -> int:
        n = 1
        for d in self.shape:
            n *= d
        return n

    @property
    def address(self) -> int:
        if self.is_torch:
            return self.value.data_ptr()
        return self.value.__array_interface__["data"][0]

    @property
    def itemsize(self) -> int:
        return 4 if self.dtype in ("f32", "i32") else 2

    def where(self) -> str:
        return f"cuda:{self.gpu_ordinal}" if self.on_gpu else "cpu"


def _torch() -> Any:
    return sys.modules.get("torch")


def is_real(x: Any, none_ok: bool = False) -> bool:
    """A number (not a bool), or None where allowed."""
    return (none_ok and x is None) or (
        not isinstance(x, bool) and isinstance(x, numbers.Real))


def is_int(x: Any) -> bool:
    return not isinstance(x, bool) and isinstance(x, numbers.Integral)


# ---- scalar arguments: one checking path for every op -----------------
#
# Python and numpy scalars are accepted alike (np.float32(0.125) as 0.125);
# bool is refused where a number is expected (True is no scale), and
# every error names the argument and the range it must lie in.

def _scalar_type(value: Any) -> str:
    return f"{type(value).__name__} {value!r}"


def check_int(name: str, value: Any, lo: int,
              hi: Optional[int] = None) -> int:
    """`value` (a Python or numpy integer, not a bool) as an int in
    [lo, hi] (hi None: no upper bound). TypeError or ValueError naming
    `name` and the range otherwise."""
    if type(value) is int and lo <= value and (hi is None or value <= hi):
        return value     # the common case, first
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{name}: expected an integer, got "
                        f"{_scalar_type(value)}")
    v = int(value)
    if v < lo or (hi is not None and v > hi):
        raise ValueError(f"{name}: must be at least {lo}, got {v}"
                         if hi is None else
                         f"{name}: must be in [{lo}, {hi}], got {v}")
    return v


def check_float(name: str, value: Any, lo: Optional[float] = None,
                hi: Optional[float] = None, lo_open: bool = False) -> float:
    """`value` (a Python or numpy real number, not a bool) as a finite
    float in [lo, hi] ((lo, hi] with lo_open; None: unbounded there).
    TypeError or ValueError naming `name` and the range otherwise (NaN and
    the infinities are out of every range)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name}: expected a number, got "
                        f"{_scalar_type(value)}")
    v = float(value)
    if not (math.isfinite(v)
            and (lo is None or (v > lo if lo_open else v >= lo))
            and (hi is None or v <= hi)):
        if lo is None and hi is None:
            raise ValueError(f"{name}: must be a finite number, got "
                             f"{value!r}")
        where = ("(" if lo_open or lo is None else "[") + (
            "-inf" if lo is None else f"{lo:g}") + ", " + (
            "inf)" if hi is None else f"{hi:g}]")
        raise ValueError(f"{name}: must be in {where}, got {value!r}")
    return v


# What the ops take for "no limit" (top_k_mask's k, top_p_mask's
# min_tokens_to_keep past the row keep all of it): larger values are
# clamped to it, which keeps them within a torch op's int64.
KEEP_ALL = 1 << 62


def check_scale(value: Any) -> Optional[float]:
    """The attention ops' scale: None (1/sqrt(d)) or a finite number."""
    return None if value is None else check_float("scale", value)


def check_window(value: Any) -> tuple[int, int]:
    """The attention ops' window: (left, right), each -1 (unlimited) or a
    count of keys >= 0 (FlashAttention's window_size)."""
    if (not isinstance(value, (tuple, list)) or len(value) != 2 or any(
            isinstance(x, bool) or not isinstance(x, numbers.Integral)
            for x in value)):
        raise TypeError("window: expected (left, right), two integers, got "
                        f"{value!r}")
    left, right = int(value[0]), int(value[1])
    if left < -1 or right < -1:
        raise ValueError("window: each side is -1 (unlimited) or a number "
                         f"of keys >= 0, got {(left, right)}")
    return left, right


def check_softcap(value: Any) -> float:
    """The attention ops' softcap: 0 (none) or a finite number > 0."""
    cap = check_float("softcap", value, 0.0)
    return cap


def check_bool(name: str, value: Any) -> bool:
    """A flag: a bool, a numpy bool, or the integers 0 and 1 (a string
    such as "False" would be true)."""
    if type(value) is bool:
        return value
    np = sys.modules.get("numpy")
    if np is not None and isinstance(value, np.bool_):
        return bool(value)
    if isinstance(value, numbers.Integral) and int(value) in (0, 1):
        return bool(value)
    raise TypeError(f"{name}: expected a bool, got {_scalar_type(value)}")


def check_grid(name: str, what: str, n: int, limit: int = 65535) -> None:
    """A count the kernels launch as a grid's y or z dimension (at most
    65535 on a GPU): refused before the launch, naming the argument."""
    if n > limit:
        raise ValueError(f"{name}: {what} {n} is more than {limit}, the "
                         "most a launch's grid takes there")


# ---- outputs that overlap inputs -----------------------------------------

def _extent(x: Any) -> tuple:
    """(address, byte strides, shape, itemsize) of a torch tensor or a
    numpy-like array."""
    if is_torch(x):
        item = x.element_size()
        return (x.data_ptr(), tuple(s * item for s in x.stride()),
                tuple(x.shape), item)
    ai = x.__array_interface__
    shape = tuple(ai["shape"])
    item = x.dtype.itemsize
    strides = ai.get("strides")
    if strides is None:
        strides, n = [], item
        for d in reversed(shape):
            strides.append(n)
            n *= d
        strides = tuple(reversed(strides))
    return ai["data"][0], tuple(strides), shape, item


def _byte_range(e: tuple) -> tuple[int, int]:
    """The bytes [first, end) that an extent spans (empty: (0, 0))."""
    addr, strides, shape, item = e
    if any(n == 0 for n in shape):
        return 0, 0
    lo = hi = addr
    for n, s in zip(shape, strides):
        if s < 0:
            lo += (n - 1) * s
        else:
            hi += (n - 1) * s
    return lo, hi + item


class _Bytes:
    """An extent as a numpy array of bytes (never read: np.shares_memory
    looks at addresses and strides alone)."""

    def __init__(self, e: tuple):
        addr, strides, shape, item = e
        self.__array_interface__ = {
            "shape": shape + (item,), "typestr": "|u1",
            "data": (addr, True), "strides": strides + (1,), "version": 3}


def overlaps(a: Any, b: Any) -> bool:
    """Whether the arrays or tensors a and b share a byte: by their byte
    ranges, and where those meet and either is not dense, exactly
    (numpy.shares_memory over their addresses and strides; without numpy,
    or where that is too hard, meeting ranges count as sharing)."""
    ea, eb = _extent(a), _extent(b)
    (alo, ahi), (blo, bhi) = _byte_range(ea), _byte_range(eb)
    if alo >= bhi or blo >= ahi:
        return False
    if all(_args._c_contiguous(shape, strides, item)
           for _, strides, shape, item in (ea, eb)):
        return True
    np = sys.modules.get("numpy")
    if np is None:
        return True
    try:
        return bool(np.shares_memory(np.asarray(_Bytes(ea)),
                                     np.asarray(_Bytes(eb))))
    except Exception:   # numpy.exceptions.TooHardError
        return True


def _same_view(a: Any, b: Any) -> bool:
    ea, eb = _extent(a), _extent(b)
    return ea == eb


def check_no_overlap(outs: Sequence[tuple], ins: Sequence[tuple],
                     in_place: Sequence[tuple] = ()) -> None:
    """Refuses an output that shares memory with an input, or with another
    output, naming both: `outs` and `ins` are (name, array) pairs (None
    arrays skipped). An output that is exactly an input (the same address,
    shape and strides) where (output name, input name) is in `in_place`
    (the ops whose threads read each element before they write it) is
    allowed. Runs on an op's checking path; its plans' keys (probe) tell
    overlapping outputs from others, so a replayed plan never skips it."""
    seen: list = []
    for oname, o in outs:
        if o is None:
            continue
        for iname, x in list(ins) + seen:
            if x is None or not overlaps(o, x):
                continue
            if (oname, iname) in in_place and _same_view(o, x):
                continue
            allowed = [f"{p[0]}={p[1]}" for p in in_place]
            raise ValueError(
                f"{oname} overlaps {iname}: an output must not share memory "
                "with an input or another output" + (
                    f" (in place only as {' or '.join(allowed)})"
                    if allowed else ""))
        seen.append((oname, o))


def document(public: Any, impl: Any) -> None:
    """Gives an op's public function its implementation's docstring and
    the note on its torch custom op (ops/_torch_ops.py)."""
    public.__doc__ = (impl.__doc__ or "") + f"""

    Under torch.compile (on torch tensors, without out=) this is the
    custom op torch.ops.warpforth.{public.__name__}: opaque to
    torch.compile(fullgraph=True), capturable in a CUDA graph."""


def compiling() -> bool:
    """Whether torch.compile is tracing this call: the ops then go through
    their torch custom ops (ops/_torch_ops.py), which it sees as opaque.
    Eager calls take them only where their kernel is C++ (ops/_api.py
    use_torch_op):
    with the Python implementation as their kernel, torch.library's
    dispatch costs tens of microseconds a call (an H100: softmax with out=
    34 us through it)."""
    torch = _torch()
    return torch is not None and torch.compiler.is_compiling()


def is_torch(x: Any) -> bool:
    """Whether x is a torch tensor (without importing torch)."""
    torch = _torch()
    return torch is not None and isinstance(x, torch.Tensor)


# dtype object (torch.dtype or numpy dtype) -> our name ('f32', ...), or
# the dtype's own name for others: str(torch dtype) and numpy's dtype.name
# cost microseconds each, and ops read two or three per call.
_dtype_names: dict = {}


def _dtype_name(dtype: Any, is_torch: bool) -> str:
    name = _dtype_names.get(dtype)
    if name is None:
        raw = str(dtype) if is_torch else dtype.name
        name = _DTYPES.get(raw, raw)
        _dtype_names[dtype] = name
    return name


def arg(x: Any, name: str, dtypes: Sequence[str] = FLOAT_DTYPES,
        min_dims: int = 1, strided: bool = False) -> Arg:
    """Checks that `x` is a contiguous torch tensor or numpy array of one of
    `dtypes` with at least `min_dims` dimensions; with `strided` any
    strided view will do (its strides in Arg.strides; ops/_strided.py)."""
    torch = _torch()
    np = sys.modules.get("numpy")
    if np is not None and type(x) is np.ndarray:
        # (hasattr(x, "__array_interface__") below builds that dict.)
        dtype = _dtype_name(x.dtype, False)
        strides = None
        if not x.flags.c_contiguous:
            if not strided:
                raise ValueError(f"{name}: the array is not C-contiguous "
                                 "(use numpy.ascontiguousarray)")
            if any(s % x.itemsize for s in x.strides):
                raise ValueError(f"{name}: strides {x.strides} (bytes) are "
                                 "not multiples of the element size")
            strides = tuple(s // x.itemsize for s in x.strides)
        a = Arg(x, name, False, False, -1, dtype, x.shape, strides)
    elif torch is not None and isinstance(x, torch.Tensor):
        dtype = _dtype_name(x.dtype, True)
        strides = None
        if not x.is_contiguous():
            if not strided:
                raise ValueError(f"{name}: the tensor is not contiguous "
                                 "(call .contiguous())")
            strides = tuple(x.stride())
        cuda = x.is_cuda
        a = Arg(x, name, True, cuda, x.get_device() if cuda else -1,
                dtype, tuple(x.shape), strides)
    elif hasattr(x, "__array_interface__") and hasattr(x, "dtype"):
        dtype = _dtype_name(x.dtype, False)
        if not x.flags.c_contiguous:
            raise ValueError(f"{name}: the array is not C-contiguous "
                             "(use numpy.ascontiguousarray)")
        a = Arg(x, name, False, False, -1, dtype, x.shape)
    else:
        raise TypeError(f"{name}: expected a torch tensor or a numpy array, "
                        f"got {type(x).__name__}")
    if a.dtype not in dtypes:
        raise TypeError(f"{name}: dtype {dtype_name(a.dtype)} is not "
                        "supported; expected "
                        + ", ".join(dtype_name(d) for d in dtypes))
    if len(a.shape) < min_dims:
        raise ValueError(f"{name}: expected at least {min_dims} "
                         f"dimension{'s' if min_dims > 1 else ''}, got shape "
                         f"{a.shape}")
    return a


def same_device(a: Arg, like: Arg) -> None:
    """`a` (an index or statistics tensor of any dtype) on `like`'s
    device; ValueError naming both otherwise."""
    if a.on_gpu != like.on_gpu or a.gpu_ordinal != like.gpu_ordinal:
        raise ValueError(f"{a.name}: on {a.where()}, but {like.name} is on "
                         f"{like.where()}")


def same_place(first: Arg, *others: Arg) -> None:
    """All arguments on one device, of one dtype."""
    for o in others:
        if o.on_gpu != first.on_gpu or o.gpu_ordinal != first.gpu_ordinal:
            raise ValueError(f"{o.name}: on {o.where()}, but {first.name} is "
                             f"on {first.where()}")
        if o.dtype != first.dtype:
            raise TypeError(f"{o.name}: dtype {dtype_name(o.dtype)}, but "
                            f"{first.name} is {dtype_name(first.dtype)}")


def same_shape(first: Arg, *others: Arg) -> None:
    for o in others:
        if o.shape != first.shape:
            raise ValueError(f"{o.name}: shape {o.shape}, expected "
                             f"{first.shape} (the shape of {first.name})")


def empty(like: Arg, shape: tuple, dtype: Optional[str] = None) -> Any:
    """A new output on `like`'s device, of `like`'s dtype unless given."""
    dtype = dtype or like.dtype
    if like.is_torch:
        torch = _torch()
        tdt = {"f32": torch.float32, "bf16": torch.bfloat16,
               "f16": torch.float16, "i64": torch.int64,
               "i32": torch.int32}[dtype]
        return torch.empty(shape, dtype=tdt, device=like.value.device)
    import numpy as np
    if dtype == "bf16":
        import ml_dtypes
        return np.empty(shape, dtype=ml_dtypes.bfloat16)
    return np.empty(shape, dtype={"f32": np.float32, "f16": np.float16,
                                  "i64": np.int64, "i32": np.int32}[dtype])


def output(out: Any, like: Arg, shape: tuple,
           dtype: Optional[str] = None, strided: bool = False) -> Any:
    """`out` checked against the output the op makes (a strided view
    allowed where `strided`), or a new one."""
    if out is None:
        return empty(like, shape, dtype)
    o = arg(out, "out", dtypes=(dtype or like.dtype,), strided=strided)
    if o.shape != tuple(shape):
        raise ValueError(f"out: shape {o.shape}, expected {tuple(shape)}")
    if o.on_gpu != like.on_gpu or o.gpu_ordinal != like.gpu_ordinal:
        raise ValueError(f"out: on {o.where()}, but {like.name} is on "
                         f"{like.where()}")
    if o.is_torch and o.value.requires_grad:
        raise ValueError("out: must not require grad")
    return out


def pow2(n: int) -> int:
    """The least power of two >= n (1 for n <= 1)."""
    p = 1
    while p < n:
        p *= 2
    return p


def row_lanes(vectors: int) -> int:
    """Lanes of a warp for a short row of `vectors` accesses (the row-wise
    ops' group layout): the fewest powers of two, up to 32, that leave a
    lane at most 4 of them."""
    lanes = 1
    while lanes < 32 and lanes * 4 < vectors:
        lanes *= 2
    return lanes


def rows_cols(a: Arg) -> tuple[int, int]:
    """A contiguous (..., cols) tensor as rows x cols."""
    cols = a.shape[-1]
    return (a.numel // cols if cols else 0), cols


_kernels: dict[tuple, Kernel] = {}


def device_of(on: Arg) -> Device:
    """The device `on` lives on: its GPU, or the CPU backend."""
    return device("gpu", on.gpu_ordinal) if on.on_gpu else device("cpu")


def parse_sm(name: str) -> Optional[int]:
    """The compute capability in an architecture or device name ('sm_90',
    'NVIDIA H100 (sm_90)') as 90, or None where it names none."""
    m = re.search(r"sm_(\d+)", name)
    return None if m is None else int(m.group(1))


def sm_of(on: Arg) -> Optional[int]:
    """The compute capability of the GPU `on` lives on (90 for an H100);
    None on the CPU backend, or where the device's name does not say."""
    return parse_sm(device_of(on).name) if on.on_gpu else None


_sms: dict = {}


def sm_count(on: Arg, default: int) -> int:
    """The multiprocessors of the GPU `on` lives on (torch tells it for
    CUDA tensors), else `default` (the CPU backend, other arrays)."""
    if not (on.on_gpu and on.is_torch):
        return default
    n = _sms.get(on.gpu_ordinal)
    if n is None:
        n = _torch().cuda.get_device_properties(
            on.value.device).multi_processor_count
        _sms[on.gpu_ordinal] = n
    return n


# The same kernels by (file, on GPU, ordinal, defines in the caller's
# order, arch): one lookup per launch, no sorting; _kernels is the truth.
_by_call: dict[tuple, Kernel] = {}


def kernel(file: str, on: Arg, defines: Optional[dict] = None,
           arch: Optional[str] = None) -> Kernel:
    """kernels/<file>, compiled once per device, defines and arch (None:
    the compiler's default, sm_80). A new process finds it in the compile
    cache (warpforth.cache_dir()) instead of compiling it again."""
    fast = (file, on.on_gpu, on.gpu_ordinal,
            tuple(defines.items()) if defines else (), arch)
    k = _by_call.get(fast)
    if k is not None:
        return k
    dev = device_of(on)
    key = (file, dev.kind, dev.ordinal,
           tuple(sorted((defines or {}).items())), arch)
    k = _kernels.get(key)
    if k is None:
        k = Kernel.from_file(kernels_dir() / file, device=dev,
                             defines=defines, arch=arch)
        _kernels[key] = k
    _by_call[fast] = k
    return k


# ---- the hot path: plans cached by what the checks looked at ------------
#
# An op's first call with given dtypes, shapes, device, alignments and
# other arguments runs its checks, picks its kernels and launch shapes and
# records them as a Plan (PlanBuilder); later calls with the same facts
# (probe's key, plus the op's own arguments and configs) skip all of it:
# they read each tensor's dtype, shape, contiguity, device and address once
# (probe), find the plan in a dict and run it, one struct.pack and one
# ctypes call per launch (Kernel.launcher). Everything a check depends on
# is in the key, so a call that would fail a check misses the cache and
# takes the checking path, which raises as it always has.

# Plans built and stored ("built"), and slow-path calls that made none
# ("uncached": a key-less call, a value-dependent one, a plan that could
# not be stored). The tests read them; nothing here is timed.
plan_stats = {"built": 0, "uncached": 0}
MAX_PLANS = 4096   # per op; past it the op's cache starts again

_ndarray: Any = None   # numpy.ndarray, once numpy is imported
_tensor: Any = None    # torch.Tensor, once torch is imported


def _find_types() -> bool:
    """Notes numpy's and torch's array types once they are imported;
    whether that found a new one."""
    global _ndarray, _tensor
    before = (_ndarray, _tensor)
    np = sys.modules.get("numpy")
    torch = sys.modules.get("torch")
    _ndarray = np.ndarray if np is not None else None
    _tensor = torch.Tensor if torch is not None else None
    return (_ndarray, _tensor) != before


def probe(xs: tuple, outs: int = 0) -> Optional[tuple]:
    """(key, addresses, stream) of an op's tensors `xs`, when each is an
    exact torch.Tensor (all on one device; the last `outs`, the op's
    outputs, not requiring grad) or each an exact numpy.ndarray
    (writeable); else None (the op then checks everything and raises
    where it always did). The key holds each tensor's dtype and shape (and
    strides where it is not contiguous: ops that take strided views make
    plans for them, the others refuse them on their checking path), the
    device (the CUDA ordinal, or -1) and the low four bits of every
    address (alignment); the stream is torch's current one on that GPU,
    else 0."""
    t = type(xs[0])
    key: list = []
    addrs: list = []
    low = 0
    if t is _tensor:
        dev = xs[0].get_device()
        for x in xs:
            if type(x) is not t or x.get_device() != dev:
                return None
            a = x.data_ptr()
            key.append(x.dtype)
            key.append(x.shape)
            if not x.is_contiguous():
                key.append(("strides", x.stride()))
            addrs.append(a)
            low = (low << 4) | (a & 15)
        if outs:
            for x in xs[-outs:]:
                if x.requires_grad:
                    return None
        key.append(dev)
        key.append(low)
        if len(set(addrs)) != len(addrs):
            key.append(_aliases(addrs))
        if outs:
            _overlap_key(xs, addrs, outs, key)
        return (tuple(key), addrs,
                _args._torch_stream(dev) if dev >= 0 else 0)
    if t is _ndarray:
        for x in xs:
            if type(x) is not t:
                return None
            f = x.flags
            if not f.writeable:
                return None
            a = x.__array_interface__["data"][0]
            key.append(x.dtype)
            key.append(x.shape)
            if not f.c_contiguous:
                key.append(("strides", x.strides))
            addrs.append(a)
            low = (low << 4) | (a & 15)
        key.append(-1)
        key.append(low)
        if len(set(addrs)) != len(addrs):
            key.append(_aliases(addrs))
        if outs:
            _overlap_key(xs, addrs, outs, key)
        return tuple(key), addrs, 0
    if t is not None and _find_types() and t in (_ndarray, _tensor):
        return probe(xs, outs)
    return None


def _overlap_key(xs: tuple, addrs: list, outs: int, key: list) -> None:
    """Notes in `key` which outputs (the last `outs` of xs) have bytes in
    the range of an earlier tensor: such a call (out= overlapping an
    input, or in place) never replays a plan made without that overlap,
    and its checks (check_no_overlap) decide."""
    spans = []
    for x, a in zip(xs, addrs):
        if type(x) is _tensor:
            dense = x.is_contiguous()
            n = x.numel() * x.element_size() if dense else 0
        else:
            dense = x.flags.c_contiguous
            n = x.nbytes
        spans.append((a, a + n) if dense else _byte_range(_extent(x)))
    hits = tuple((i, j) for i in range(len(xs) - outs, len(xs))
                 for j in range(i)
                 if spans[i][0] < spans[j][1] and spans[j][0] < spans[i][1])
    if hits:
        key.append(("overlap", hits))


def _aliases(addrs: list) -> tuple:
    """Which tensors share an address (out=x, in place): each one's first
    position with that address. A plan records each array by the first
    position holding it, which is right for every call with this pattern."""
    return tuple(addrs.index(a) for a in addrs)


def _maker(x: Any, zero: bool, perm: Optional[tuple] = None) -> Any:
    """A function that makes a new buffer like `x` (shape, dtype, device;
    zero-filled where `zero`), with its address; with `perm` (as
    ops/_strided.py allocates) a dense buffer of the dimensions in that
    order, outermost first, seen in the logical order."""
    dtype = x.dtype
    perm = perm or tuple(range(len(x.shape)))
    shape = tuple(x.shape[p] for p in perm)
    back = inverse_order(perm)
    if type(x) is _tensor:
        torch = _torch()
        device = x.device
        if not zero:
            # One call for the permuted buffer: torch.empty_strided takes
            # 2.0 us on an H100's host where torch.empty takes 3.2 and a
            # permute 2.7 more (a plan makes several a call).
            size, strides = tuple(x.shape), x.stride()

            def make_strided() -> tuple:
                t = torch.empty_strided(size, strides, dtype=dtype,
                                        device=device)
                return t, t.data_ptr()
            return make_strided

        def make() -> tuple:
            t = torch.zeros(shape, dtype=dtype, device=device)
            if back is not None:
                t = t.permute(back)
            return t, t.data_ptr()
        return make
    np = sys.modules["numpy"]
    new = np.zeros if zero else np.empty

    def make_np() -> tuple:
        a = new(shape, dtype)
        if back is not None:
            a = a.transpose(back)
        return a, a.__array_interface__["data"][0]
    return make_np


def inverse_order(perm: tuple) -> Optional[tuple]:
    """The permutation from dimensions in the order `perm` back to the
    logical order; None where `perm` is the identity."""
    if perm == tuple(range(len(perm))):
        return None
    back = [0] * len(perm)
    for i, p in enumerate(perm):
        back[p] = i
    return tuple(back)


# Counters that kernels leave at 0 when they end (the Hopper forward's DYN
# tickets: its last block clears them), one per (GPU, stream, cells): a
# launch finds its counter at 0 without a fill kernel and an allocation
# before it (torch.zeros: 9 us of host time on an H100's host, a third
# of the forward's at GPT-2's shape). One a stream, because launches on
# two streams may run at once; those on one stream run one after the
# other (the kernels using them launch without programmatic dependent
# launch). torch's streams come from fixed pools, so the handles, and
# these, stay few; MAX_COUNTERS bounds them anyway.
_counters: dict = {}
MAX_COUNTERS = 256


def _capturing() -> bool:
    return _torch().cuda.is_current_stream_capturing()


def _counter(ordinal: int, stream: int, cells: int) -> Optional[tuple]:
    """(tensor, address) of the (GPU, stream)'s counter of `cells` i64
    cells, made on first use (cleared before this returns); None past
    MAX_COUNTERS. Not for a CUDA graph's
    capture: a graph may be replayed on any stream, next to launches on
    the capturing one, so it takes a zeroed cell of its own."""
    key = (ordinal, stream, cells)
    made = _counters.get(key)
    if made is None:
        torch = _torch()
        if len(_counters) >= MAX_COUNTERS:
            return None
        # Raw device memory (Device.alloc clears it), not torch's caching
        # allocator, which hands allocations to a CUDA graph tree's pool
        # during its warm-up (torch.compile's reduce-overhead), where one
        # that outlives the tree's tracking is an error.
        dev = device("gpu", ordinal)
        addr = dev.alloc(8 * cells)
        dev.synchronize()    # cleared before a launch on any stream
        t = torch.as_tensor(_RawCells(addr, cells), device=f"cuda:{ordinal}")
        made = _counters[key] = (t, addr)
        for tell in _counter_watchers:
            tell(key, addr)
    return made


_counter_watchers: list = []


def counters() -> dict:
    """The counters made so far: (GPU, stream, cells) -> (tensor, address)."""
    return dict(_counters)


def on_counter(tell: Any) -> None:
    """Calls tell((GPU, stream, cells), address) for each new counter (the
    native path keeps their addresses, ops/_native.py)."""
    _counter_watchers.append(tell)


class _RawCells:
    """i64 cells at a device address, for torch.as_tensor (no copy)."""

    def __init__(self, addr: int, cells: int):
        self.__cuda_array_interface__ = {
            "shape": (cells,), "typestr": "<i8", "data": (addr, False),
            "version": 2}


class _CounterMake:
    """A plan's counter (PlanBuilder.counter): found by the call's stream."""
    __slots__ = ("ordinal", "cells")

    def __init__(self, ordinal: int, cells: int):
        self.ordinal = ordinal
        self.cells = cells


class Plan:
    """An op's work for one key: buffers to make (outputs and scratch),
    then launches, each reading its arrays from the op's tensors followed
    by those buffers; `result` says which of them the op returns."""
    __slots__ = ("makes", "steps", "result")

    def __init__(self, makes: list, steps: list, result: tuple = ()):
        # Each a function () -> (buffer, address), or (i, offset): a part
        # of buffer i (PlanBuilder.scratch), which launches take by address.
        self.makes = makes
        self.steps = steps   # (launch, indices into tensors + buffers)
        self.result = result  # indices into tensors + buffers

    def run(self, objs: list, addrs: list, stream: int) -> Optional[list]:
        """Runs the plan on `objs` (probe's tensors) at `addrs`; returns
        objs with the new buffers appended, or None (nothing launched)
        where a new buffer is less aligned than the plan's was (16 bytes):
        the caller then takes its checking path."""
        n_in = len(objs)
        for make in self.makes:
            if type(make) is tuple:
                objs.append(None)
                addrs.append(addrs[make[0]] + make[1])
                continue
            if type(make) is _CounterMake:
                if _capturing():
                    return None
                made = _counter(make.ordinal, stream, make.cells)
                if made is None:
                    return None
                objs.append(None)
                addrs.append(made[1])
                continue
            obj, a = make()
            if a & 15:
                return None
            objs.append(obj)
            addrs.append(a)
        for launch, idx in self.steps:
            launch(stream, *[addrs[i] for i in idx])
        if plan_events is not None:
            plan_events.append((self, objs, n_in))
        return objs


# While a torch op's Python implementation runs for the native path
# (ops/_native.py exporting): each plan run or made, with the objects it
# ran on (inputs first, then its buffers) and the number of inputs.
plan_events: Optional[list] = None


class PlanBuilder:
    """Records an op's checking path as a Plan while it runs it: new
    buffers through empty()/zeros() (or new()), launches through launch().
    With key None it only runs (no plan is kept). Arrays a launch reads
    must be the op's tensors (`objs`, probe's order) or buffers made here;
    another one (or an argument Kernel.launcher does not take) makes the
    plan unstorable. store() keeps the plan under the key."""

    def __init__(self, key: Any, objs: tuple):
        self.key = key
        self.objs = list(objs)
        self.n_in = len(objs)
        self.makes: list = []
        self.steps: list = []
        self.ok = key is not None
        # id(view) -> (index in objs, view): views at an array's own
        # address (ops/_strided.py's flat ones) that launches take for it.
        self.views: dict = {}
        # Indices of objs that a plan does not make as objects (scratch
        # parts): never a result.
        self.internal: set = set()

    def view(self, view: Any, of: Any) -> Any:
        """Notes `view` (at `of`'s address) as standing for `of`, one of
        the op's tensors or buffers, in later launches."""
        if self.ok:
            i = next((i for i, o in enumerate(self.objs) if o is of), None)
            if i is None or _address(view) != _address(of):
                self.ok = False
            else:
                self.views[id(view)] = (i, view)
        return view

    def new(self, obj: Any, zero: bool = False,
            perm: Optional[tuple] = None) -> Any:
        """Notes `obj`, just made by the op, as a buffer each call makes
        (dense, or with `perm` its dimensions in that order)."""
        if self.ok:
            if (type(obj) not in (_ndarray, _tensor) or
                    _address(obj) & 15):
                self.ok = False
            else:
                make = _maker(obj, zero, perm)
                if type(obj) is _tensor:
                    # What native_replay.cpp makes instead (ops/_native.py).
                    make.native = (zero, obj.dtype, obj.device,
                                   tuple(obj.shape), obj.stride())
                self.makes.append(make)
                self.objs.append(obj)
        return obj

    def scratch(self, like: Arg, shapes: list, dtype: str) -> list:
        """Buffers of `shapes` for the op's kernels alone (never returned)
        as parts of one new allocation, each 16-byte aligned: one
        allocation a call instead of one a buffer (each costs microseconds
        of host time). Launches take the parts as buffers."""
        item = 2 if dtype in ("bf16", "f16") else 4
        sizes = [math.prod(s) for s in shapes]
        offsets, total = [], 0
        for n in sizes:
            offsets.append(total)
            total += -(-n * item // 16) * 16 // item
        base = self.empty(like, (max(total, 1),), dtype)
        parts = [base[o:o + n].reshape(s)
                 for o, n, s in zip(offsets, sizes, shapes)]
        if self.ok:
            i = len(self.objs) - 1   # base, just made
            for part, o in zip(parts, offsets):
                self.makes.append((i, o * item))
                self.objs.append(part)
                self.internal.add(len(self.objs) - 1)
        return parts

    def counter(self, like: Arg, cells: int) -> Any:
        """`cells` i64 cells at 0 for a kernel that leaves them at 0 when
        it ends: on a GPU (torch) the stream's counter (_counter), kept
        across calls; else a new zeroed buffer: while a CUDA graph is
        captured (the graph then zeroes its own), on the CPU backend
        (calls from two threads may run at once on its one "stream"),
        past MAX_COUNTERS."""
        if like.is_torch and like.on_gpu:
            ordinal = like.gpu_ordinal
            made = (None if _capturing() else
                    _counter(ordinal, _args._torch_stream(ordinal), cells))
            if made is not None:
                if self.ok:
                    self.makes.append(_CounterMake(ordinal, cells))
                    self.objs.append(made[0])
                    self.internal.add(len(self.objs) - 1)
                return made[0]
            # No plan zeroes a new cell each call where eager calls keep
            # the stream's counter.
            self.ok = False
        return self.empty(like, (cells,), "i64", zero=True)

    def empty(self, like: Arg, shape: tuple, dtype: Optional[str] = None,
              zero: bool = False) -> Any:
        x = empty(like, shape, dtype)
        if zero:
            if like.is_torch:
                x.zero_()
            else:
                x[...] = 0
        return self.new(x, zero)

    def launch(self, kern: Kernel, *args: Any, grid: Any, block: Any,
               shared: int = 0) -> None:
        if self.ok:
            made = kern.launcher(args, grid, block, shared)
            if made is not None:
                launch, values = made
                idx = []
                for v, code in zip(args, kern._type_codes):
                    if code >= 0:
                        i = next((i for i, o in enumerate(self.objs)
                                  if o is v), None)
                        if i is None and id(v) in self.views:
                            i = self.views[id(v)][0]
                        if i is None:
                            self.ok = False
                            break
                        idx.append(i)
                else:
                    self.steps.append((launch, tuple(idx)))
                launch(*values)
                return
            self.ok = False
        kern(*args, grid=grid, block=block, shared=shared)

    def copy_into(self, made: Any, out: Any) -> None:
        """Copies `made` (a kernel's dense result) into the op's output
        `out` where they differ (a strided output of a kernel that writes
        dense ones). A copy is no launch: the call keeps no plan."""
        if made is out:
            return
        self.ok = False
        if hasattr(out, "copy_"):
            out.copy_(made)
        else:
            out[...] = made

    def store(self, plans: dict, *results: Any) -> None:
        """Keeps the plan (when it can be kept); `results` are what the op
        returns, each one of its tensors or buffers (start() returns them
        for a later call)."""
        if self.ok:
            result = []
            for r in results:
                i = next((i for i, o in enumerate(self.objs) if o is r),
                         None)
                if i is None or i in self.internal:
                    self.ok = False
                    break
                result.append(i)
        if not self.ok:
            plan_stats["uncached"] += 1
            return
        if len(plans) >= MAX_PLANS:
            plans.clear()
        plan = plans[self.key] = Plan(self.makes, self.steps, tuple(result))
        plan_stats["built"] += 1
        if plan_events is not None:
            plan_events.append((plan, self.objs, self.n_in))


def start(plans: "Plans", objs: tuple, outs: int, extra: Any) -> Any:
    """An op's first step: the tuple of its results when a cached plan
    for these tensors (probe), `extra` (the op's other arguments,
    hashable) and its current configs (config_ids) ran; else a
    PlanBuilder for its checking path (keyless when probe gives None:
    nothing is then kept)."""
    p = probe(objs, outs)
    if p is None:
        return PlanBuilder(None, objs)
    key = (p[0], config_ids(plans.ops), extra)
    try:
        plan = plans.get(key)
    except TypeError:  # an unhashable argument: the checks will say
        return PlanBuilder(None, objs)
    if plan is not None:
        done = plan.run(list(objs), p[1], p[2])
        if done is not None:
            return tuple([done[i] for i in plan.result])
    return PlanBuilder(key, objs)


def _address(x: Any) -> int:
    if type(x) is _tensor:
        return x.data_ptr()
    return x.__array_interface__["data"][0]


class Plans(dict):
    """An op module's plan cache: key -> Plan, and the ops whose configs
    (ops/_config.py) its plans are made with (`ops`)."""
    __slots__ = ("ops",)


def config_ids(ops: tuple) -> Any:
    """The id of each of `ops`' current configs (one op: its id alone),
    for a plan key: a config set again finds the plans made under it."""
    current = _config._current
    if len(ops) == 1:
        return current[ops[0]].id
    return tuple([current[op].id for op in ops])


# Every op's plan cache (clear_plans empties them all).
_all_plans: list[dict] = []


def plans(*ops: str) -> Plans:
    """A new plan cache for an op module whose launches depend on the
    configs of `ops` (their ids are in its keys)."""
    d = Plans()
    d.ops = ops
    _all_plans.append(d)
    return d


def clear_plans() -> None:
    """Forgets every cached plan (after replacing kernels' launch functions,
    as bench/launch_overhead.py does to time the Python side alone). A
    config change needs none: plan keys hold the configs' ids."""
    for d in _all_plans:
        d.clear()
    for clear in _clear_watchers:
        clear()


_clear_watchers: list = []


def on_clear(clear: Any) -> None:
    """Calls clear() from clear_plans() (the native path's plans)."""
    _clear_watchers.append(clear)
