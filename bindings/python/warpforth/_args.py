"""Turning Python objects into kernel arguments.

Arrays are recognised by protocol, so neither torch nor CuPy nor numpy is
imported here unless the caller already uses it:

- torch tensors: `data_ptr()`, dtype, `is_cuda`;
- `__cuda_array_interface__` (CuPy, Numba, ...): device memory;
- `__array_interface__` (numpy): host memory;
- the buffer protocol (`array.array`, `bytearray`, `memoryview`): host memory.

Host memory goes to the CPU backend as is (its buffers are host pointers).
On the GPU it is staged: copied to device memory before the launch and back
after it (see Kernel.__call__)."""

from __future__ import annotations

import ctypes
import numbers
import sys
from dataclasses import dataclass, field
from typing import Any, Optional

from . import _lib

_TYPESTR = {  # (kind, itemsize) of an array-interface typestr
    ("f", 2): 4, ("f", 4): 6, ("f", 8): 7,
    ("i", 1): 0, ("i", 2): 1, ("i", 4): 2, ("i", 8): 3,
    # Unsigned and bool data feed the signed type of their width, as .npy
    # uint8 files feed i8 params in warpforth-run.
    ("u", 1): 0, ("u", 2): 1, ("u", 4): 2, ("u", 8): 3, ("b", 1): 0,
}
_BF16 = 5  # wf_elem_type
_TORCH = {
    "torch.float16": 4, "torch.bfloat16": 5, "torch.float32": 6,
    "torch.float64": 7, "torch.int8": 0, "torch.uint8": 0, "torch.bool": 0,
    "torch.int16": 1, "torch.int32": 2, "torch.int64": 3,
}


@dataclass
class ArrayRef:
    """Where an array's data lies, and what it holds."""
    addr: int
    nbytes: int
    type: int                    # wf_elem_type
    on_gpu: bool
    writable: bool = True
    stream: Optional[int] = None  # the producer's current stream, if known
    gpu_ordinal: Optional[int] = None
    keep: Any = field(default=None, repr=False)  # keeps a ctypes view alive


def type_name(t: int) -> str:
    return _lib.TYPE_NAMES[t] if 0 <= t < len(_lib.TYPE_NAMES) else "?"


def _is_torch(obj: Any) -> bool:
    torch = sys.modules.get("torch")
    return torch is not None and isinstance(obj, torch.Tensor)


def _from_typestr(typestr: str, what: str) -> int:
    order, kind, size = typestr[0], typestr[1], int(typestr[2:])
    if order == ">":
        raise TypeError(f"{what}: big-endian data is not supported")
    t = _TYPESTR.get((kind, size))
    if t is None:
        raise TypeError(f"{what}: dtype {typestr!r} has no WarpForth type")
    return t


def _c_contiguous(shape, strides, itemsize: int) -> bool:
    if strides is None:
        return True
    expected = itemsize
    for dim, stride in zip(reversed(shape), reversed(strides)):
        if dim != 1 and stride != expected:
            return False
        expected *= dim
    return True


def _nelems(shape) -> int:
    n = 1
    for d in shape:
        n *= d
    return n


# Launches are on the hot path of a model (a small kernel runs in tens of
# microseconds): the torch lookups below are the cheap ones, measured.
_torch_codes: dict = {}  # torch.dtype -> wf_elem_type, filled as seen
_numpy_codes: dict = {}  # numpy dtype -> wf_elem_type, filled as seen


def ndarray_type() -> Any:
    """numpy.ndarray when numpy is imported (else a type nothing is)."""
    np = sys.modules.get("numpy")
    return np.ndarray if np is not None else _Never


class _Never:
    pass


def _torch_stream(ordinal: int) -> int:
    """The current torch stream's CUstream on GPU `ordinal`: the private
    raw-stream call takes 0.3 us where torch.cuda.current_stream takes 6."""
    return (_stream_query or _find_stream_query())(ordinal)


_stream_query: Any = None  # ordinal -> CUstream, found once


def _find_stream_query() -> Any:
    global _stream_query
    torch = sys.modules["torch"]
    raw = getattr(torch._C, "_cuda_getCurrentRawStream", None)
    if raw is None:  # (a torch without it: the public, slower call)
        def raw(ordinal: int) -> int:
            return torch.cuda.current_stream(ordinal).cuda_stream
    _stream_query = raw
    return raw


def torch_code(dtype: Any) -> Optional[int]:
    """The wf_elem_type of a torch dtype (None: it has none), noted in
    _torch_codes for Kernel._pack."""
    code = _torch_codes.get(dtype)
    if code is None:
        code = _TORCH.get(str(dtype))
        if code is not None:
            _torch_codes[dtype] = code
    return code


def numpy_code(a: Any) -> Optional[int]:
    """The wf_elem_type of a numpy array's dtype (None: it has none),
    noted in _numpy_codes for Kernel._pack."""
    code = _numpy_codes.get(a.dtype)
    if code is None:
        try:
            code = _numpy_type(a, a.__array_interface__["typestr"], "")
        except (TypeError, ValueError):
            return None
        _numpy_codes[a.dtype] = code
    return code


def _torch_ref(t: Any, what: str) -> ArrayRef:
    code = _torch_codes.get(t.dtype)
    if code is None:
        code = _TORCH.get(str(t.dtype))
        if code is None:
            raise TypeError(f"{what}: {t.dtype} has no WarpForth type")
        _torch_codes[t.dtype] = code
    if not t.is_contiguous():
        raise ValueError(f"{what}: tensor is not contiguous (call .contiguous())")
    ref = ArrayRef(t.data_ptr(), t.numel() * t.element_size(), code, t.is_cuda)
    if ref.on_gpu:
        ref.gpu_ordinal = t.get_device()
        ref.stream = _torch_stream(ref.gpu_ordinal)
    return ref


def _cuda_interface_ref(obj: Any, what: str) -> ArrayRef:
    cai = obj.__cuda_array_interface__
    typestr, shape = cai["typestr"], tuple(cai["shape"])
    itemsize = int(typestr[2:])
    if not _c_contiguous(shape, cai.get("strides"), itemsize):
        raise ValueError(f"{what}: array is not C-contiguous")
    addr, readonly = cai["data"]
    ref = ArrayRef(addr or 0, _nelems(shape) * itemsize,
                   _from_typestr(typestr, what), True, not readonly)
    cupy = sys.modules.get("cupy")
    if cupy is not None and isinstance(obj, cupy.ndarray):
        ref.stream = cupy.cuda.get_current_stream().ptr
        ref.gpu_ordinal = obj.device.id
    return ref


def _array_interface_ref(obj: Any, what: str) -> ArrayRef:
    ai = obj.__array_interface__
    typestr, shape = ai["typestr"], tuple(ai["shape"])
    itemsize = int(typestr[2:])
    if not _c_contiguous(shape, ai.get("strides"), itemsize):
        raise ValueError(f"{what}: array is not C-contiguous")
    addr, readonly = ai["data"]
    t = _numpy_type(obj, typestr, what)
    np = sys.modules.get("numpy")
    if np is not None and type(obj) is np.ndarray:
        _numpy_codes[obj.dtype] = t  # Kernel._pack's lookup
    return ArrayRef(addr or 0, _nelems(shape) * itemsize, t, False,
                    not readonly)


def _numpy_type(obj: Any, typestr: str, what: str) -> int:
    # numpy has no bf16; ml_dtypes adds one, which the array interface
    # shows only as two opaque bytes ('<V2'): its dtype has the name.
    if typestr[1:] == "V2" and getattr(getattr(obj, "dtype", None), "name",
                                       None) == "bfloat16":
        return _BF16
    try:
        return _from_typestr(typestr, what)
    except TypeError:
        if typestr[1] == "V":
            raise TypeError(f"{what}: dtype {getattr(obj, 'dtype', typestr)} "
                            f"has no WarpForth type (for bf16 use "
                            f"ml_dtypes.bfloat16)") from None
        raise


def _buffer_ref(obj: Any, what: str) -> ArrayRef:
    mv = memoryview(obj)
    if not mv.c_contiguous:
        raise ValueError(f"{what}: buffer is not C-contiguous")
    fmt = mv.format.lstrip("@=<")
    if fmt in ("e", "f", "d"):
        t = {"e": 4, "f": 6, "d": 7}[fmt]
    elif fmt in ("b", "B", "?", "c", "h", "H", "i", "I", "l", "L", "q", "Q"):
        t = {1: 0, 2: 1, 4: 2, 8: 3}[mv.itemsize]
    else:
        raise TypeError(f"{what}: buffer format {mv.format!r} has no WarpForth type")
    if mv.readonly:
        # ctypes can only take the address of writable buffers. The launch
        # refuses read-only arrays; the copy just carries the facts there.
        view = (ctypes.c_char * mv.nbytes).from_buffer_copy(mv)
        return ArrayRef(ctypes.addressof(view), mv.nbytes, t, False, False,
                        keep=view)
    view = (ctypes.c_char * mv.nbytes).from_buffer(mv.cast("B"))
    return ArrayRef(ctypes.addressof(view), mv.nbytes, t, False, keep=view)


def array_ref(obj: Any, what: str) -> Optional[ArrayRef]:
    """The ArrayRef of an array-like object, or None if it is not one."""
    if _is_torch(obj):
        return _torch_ref(obj, what)
    if hasattr(obj, "__cuda_array_interface__"):
        return _cuda_interface_ref(obj, what)
    if hasattr(obj, "__array_interface__"):
        return _array_interface_ref(obj, what)
    try:
        memoryview(obj)
    except TypeError:
        return None
    return _buffer_ref(obj, what)


_I64_MIN, _I64_MAX = -2**63, 2**63 - 1


def _int64(v: int, what: str) -> int:
    """`v` for a 64-bit slot: the signed range, or the unsigned one as a bit
    pattern (0xFFFFFFFFFFFFFFFF is -1, as in warpforth-run). Anything wider
    would be cut to its low 64 bits by ctypes: refused."""
    if _I64_MIN <= v <= _I64_MAX:
        return v
    if _I64_MAX < v <= _lib.U64_MAX:
        return v - 2**64
    raise ValueError(f"{what}: {v} does not fit in 64 bits")


def scalar_arg(value: Any, what: str) -> _lib.Arg:
    """A wf_arg for a Python or numpy number (or a 0-d tensor)."""
    if type(value) is int and _I64_MIN <= value <= _I64_MAX:  # common case
        return _lib.Arg(_lib.ARG_INT, _lib.TYPE_NONE, 0, 0, value, 0.0)
    if type(value) is float:
        return _lib.Arg(_lib.ARG_FLOAT, _lib.TYPE_NONE, 0, 0, 0, value)
    if _is_torch(value) and value.dim() == 0:
        value = value.item()
    if isinstance(value, (bool, numbers.Integral)):
        return _lib.Arg(_lib.ARG_INT, _lib.TYPE_NONE, 0, 0,
                        _int64(int(value), what), 0.0)
    if isinstance(value, numbers.Real):
        return _lib.Arg(_lib.ARG_FLOAT, _lib.TYPE_NONE, 0, 0, 0, float(value))
    raise TypeError(f"{what} is a scalar; got {type(value).__name__}")


def stream_handle(stream: Any) -> int:
    """A CUstream from an int, a torch.cuda.Stream or a CuPy stream."""
    if stream is None:
        return 0
    if isinstance(stream, int):
        return _lib.check_int(stream, "stream", 0, _lib.U64_MAX)
    for attr in ("cuda_stream", "ptr", "handle"):
        if hasattr(stream, attr):
            return _lib.check_int(int(getattr(stream, attr)), "stream", 0,
                                  _lib.U64_MAX)
    raise TypeError(f"stream: cannot get a CUstream from {type(stream).__name__}")
