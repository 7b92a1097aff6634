"""Kernels: compiled or loaded once, then called like functions."""

from __future__ import annotations

import collections.abc
import ctypes
import numbers
import os
import struct
import sys
import warnings
from dataclasses import dataclass
from typing import Any, Optional, Sequence, Union

from . import _lib
from . import _args
from ._args import ArrayRef, array_ref, scalar_arg, stream_handle, type_name
from ._device import Device, _resolve

Dims = Union[int, Sequence[int]]


@dataclass(frozen=True)
class Param:
    name: str
    is_array: bool
    type: str   # "f32", "i64", ...
    size: str   # the size expression of an array ("" if undeclared)

    @property
    def type_code(self) -> int:
        return _lib.TYPE_NAMES.index(self.type)


_U3 = ctypes.c_uint32 * 3


def _dim3(d: Dims, what: str) -> tuple[int, int, int]:
    if type(d) is int and 1 <= d <= _lib.U32_MAX:  # the common case
        return (d, 1, 1)
    if isinstance(d, numbers.Integral) and not isinstance(d, bool):
        dims = [d]
    elif isinstance(d, collections.abc.Sequence) and not isinstance(
            d, (str, bytes)):
        dims = list(d)
    else:
        # A string would be read digit by digit, a float truncated.
        raise TypeError(f"{what}: expected an int or 1 to 3 ints, got "
                        f"{type(d).__name__} {d!r}")
    if not 1 <= len(dims) <= 3:
        raise ValueError(f"{what}: expected 1 to 3 dimensions, got {dims}")
    out = [_lib.check_int(x, what, 1, _lib.U32_MAX) for x in dims]
    out += [1] * (3 - len(out))
    return (out[0], out[1], out[2])


def _shared(shared: Any) -> int:
    if type(shared) is int and 0 <= shared <= _lib.U64_MAX:
        return shared
    return _lib.check_int(shared, "shared", 0, _lib.U64_MAX)


class Kernel:
    """A kernel loaded on a device. Call it with its arguments in signature
    order (or by param name), plus grid=, block=, shared= and stream=."""

    def __init__(self, handle: int, dev: Device):
        self._dev = dev  # the C kernel keeps its device alive; so do we
        self._lib = dev._lib
        self._handle = handle
        lib = self._lib
        self.name: str = lib.wf_kernel_name(handle).decode()
        self.signature: str = lib.wf_kernel_signature(handle).decode()
        # A checked kernel (checked=True) reports its first out-of-bounds
        # access when the launch is waited for: its launches wait, so the
        # error comes from the call that made it.
        self.checked: bool = "\n// @checked\n" in self.signature
        # Compiled in sanitize mode (sanitize=True or WARPFORTH_SANITIZE).
        self.sanitized: bool = "\n// @sanitize\n" in self.signature
        self.params: list[Param] = []
        for i in range(lib.wf_kernel_num_params(handle)):
            self.params.append(Param(
                lib.wf_kernel_param_name(handle, i).decode(),
                lib.wf_kernel_param_is_array(handle, i) == 1,
                type_name(lib.wf_kernel_param_type(handle, i)),
                lib.wf_kernel_param_size(handle, i).decode()))
        # Per-param facts the launch path reads every call.
        self._whats = [f"kernel '{self.name}': param '{p.name}'"
                       for p in self.params]
        self._index = {p.name: i for i, p in enumerate(self.params)}
        self._type_codes = [p.type_code if p.is_array else -1
                            for p in self.params]
        self._args_type = _lib.Arg * max(1, len(self.params))
        self._on_gpu = dev.is_gpu
        self._ordinal = dev.ordinal
        # The launch path (_pack): the config and one wf_arg per param in
        # one bytes object, by a struct made once per kernel, handed to
        # wf_kernel_launch_packed in one ctypes call.
        self._nparams = len(self.params)
        self._packer = struct.Struct("<3I3IQQ" + "iiQQqd" * self._nparams)
        self._launch_packed = lib.wf_kernel_launch_packed
        # Launcher's call: the same function without argtypes (a handle
        # made once as a c_void_p, bytes and two small ints need none),
        # which saves ctypes' per-argument conversions.
        self._launch_raw = _lib.raw_launch_packed()
        self._handle_ptr = ctypes.c_void_p(handle)
        self._consts: dict = {}
        ft = lib.wf_kernel_float_type(handle)
        self.float_type: Optional[str] = type_name(ft) if ft >= 0 else None
        self.shared_bytes: int = lib.wf_kernel_shared_bytes(handle)
        #: The compiler's warnings as text ("" when none; see _warn).
        self.warnings: str = ""
        #: The block shape the kernel requires ('\\! block X Y Z'), None
        #: when any will do; calls without block= launch with it.
        self.block: Optional[tuple[int, int, int]] = None
        for line in self.signature.splitlines():
            parts = line.split()
            if len(parts) == 5 and parts[1] == "@block":
                self.block = (int(parts[2]), int(parts[3]), int(parts[4]))
        self._default_block = self.block or (1, 1, 1)
        # Seconds a call may run (None: WARPFORTH_TIMEOUT's, if set; 0: no
        # limit); a call's own timeout= wins. See __call__.
        self.timeout: Optional[float] = None

    # ---- construction -------------------------------------------------

    @classmethod
    def from_file(cls, path: Union[str, os.PathLike], *,
                  defines: Optional[dict] = None, float: Optional[str] = None,
                  device: Any = "auto", arch: Optional[str] = None,
                  include_dirs: Optional[list] = None,
                  checked: bool = False,
                  werror: Optional[bool] = None,
                  timeout: Optional[float] = None,
                  sanitize: bool = False) -> "Kernel":
        """Compiles a .forth file for `device` ('auto', 'gpu', 'cpu' or a
        Device): PTX on the GPU, host code on the CPU. `checked=True` is
        warpforthc's --check-bounds: on the GPU every access is checked and
        the first one outside its buffer fails the launch (the CPU always
        checks); ASSERT is compiled in on both. The compiler's warnings are
        issued as one warpforth.WarpForthWarning; `werror=True` (default:
        WARPFORTH_WERROR=1) makes them errors (WarpForthError). `timeout` sets the
        kernel's `timeout` (seconds a call may run, see __call__).
        `sanitize=True` is warpforth-run's --sanitize: on the CPU a launch
        that races on shared memory, diverges at a barrier or warp-wide word
        or reads shared memory nobody wrote raises SanitizerError (no effect
        on the GPU; WARPFORTH_SANITIZE=1 does it for every CPU kernel)."""
        dev = _resolve(device)
        opts, keep = _lib.compile_options(arch, defines, float, include_dirs,
                                          checked=checked, werror=werror,
                                          sanitize=sanitize)
        handle = dev._lib.wf_kernel_compile_file(
            dev.handle, _lib.c_string(path, "path"), ctypes.byref(opts))
        del keep
        return cls(_lib.check_handle(handle), dev)._warn()._with_timeout(timeout)

    @classmethod
    def from_source(cls, source: str, *, name: str = "<source>",
                    defines: Optional[dict] = None, float: Optional[str] = None,
                    device: Any = "auto", arch: Optional[str] = None,
                    include_dirs: Optional[list] = None,
                    checked: bool = False,
                    werror: Optional[bool] = None,
                    timeout: Optional[float] = None,
                    sanitize: bool = False) -> "Kernel":
        """from_file for source text; `checked`, `werror`, `timeout` and
        `sanitize` as there."""
        dev = _resolve(device)
        opts, keep = _lib.compile_options(arch, defines, float, include_dirs,
                                          checked=checked, werror=werror,
                                          sanitize=sanitize)
        handle = dev._lib.wf_kernel_compile_source(
            dev.handle, _lib.c_string(name, "name"),
            _lib.c_string(source, "source"), ctypes.byref(opts))
        del keep
        return cls(_lib.check_handle(handle), dev)._warn()._with_timeout(timeout)

    @classmethod
    def from_ptx(cls, ptx: str, *, device: Any = "gpu",
                 timeout: Optional[float] = None) -> "Kernel":
        """Loads PTX from warpforthc (it carries the signature block)."""
        dev = _resolve(device)
        handle = dev._lib.wf_kernel_load_ptx(dev.handle,
                                             _lib.c_string(ptx, "ptx"))
        return cls(_lib.check_handle(handle), dev)._with_timeout(timeout)

    def _with_timeout(self, timeout: Optional[float]) -> "Kernel":
        if timeout is not None:
            self.timeout = _timeout(timeout)
        return self

    def _warn(self) -> "Kernel":
        """Issues the compile's warnings (one WarpForthWarning, located as
        warpforthc prints them; a compile-cache hit has them too) at the
        caller of from_file / from_source."""
        self.warnings = self._lib.wf_kernel_warnings(
            self._handle).decode(errors="replace")
        if self.warnings:
            warnings.warn(self.warnings.rstrip("\n"), _lib.WarpForthWarning,
                          stacklevel=3)
        return self

    def __del__(self) -> None:
        handle, self._handle = getattr(self, "_handle", None), None
        if handle:
            self._lib.wf_kernel_release(handle)

    def __repr__(self) -> str:
        params = ", ".join(
            f"{p.name}: {p.type}[{p.size}]" if p.is_array else f"{p.name}: {p.type}"
            for p in self.params)
        return f"<warpforth.Kernel {self.name}({params}) on {self._dev.kind}>"

    @property
    def device(self) -> Device:
        return self._dev

    @property
    def ptx(self) -> str:
        """The PTX text (GPU kernels compiled or loaded from PTX; else "")."""
        return self._lib.wf_kernel_ptx(self._handle).decode()

    @property
    def consts(self) -> dict:
        """Every integer compile-time constant of the signature (`\\! const`
        values after -D overrides), by name."""
        out = {}
        for line in self.signature.splitlines():
            parts = line.split()
            if len(parts) == 4 and parts[1] == "@const":
                try:
                    out[parts[2]] = int(parts[3])
                except ValueError:
                    pass
        return out

    def const(self, name: str) -> Optional[int]:
        """An integer compile-time constant from the signature (MAX_SEQ)."""
        try:
            return self._consts[name]
        except KeyError:
            pass
        value = ctypes.c_int64()
        found = self._lib.wf_kernel_const(
            self._handle, _lib.c_string(name, "name"), ctypes.byref(value))
        # A kernel's constants never change: ops read them every call.
        self._consts[name] = result = value.value if found == 0 else None
        return result

    # ---- launching ----------------------------------------------------

    def __call__(self, *args: Any, grid: Dims = 1,
                 block: Optional[Dims] = None, shared: int = 0,
                 stream: Any = None, timeout: Optional[float] = None,
                 **named: Any) -> None:
        """Launches the kernel: asynchronously on the GPU (on `stream`, else
        the current torch/CuPy stream of the first such argument, else the
        default stream), synchronously on the CPU. Host arrays passed to a
        GPU kernel are staged, which makes that launch synchronous.
        `grid` and `block` are an int (x) or 1 to 3 ints (x, y, z); grid
        defaults to 1, block to the kernel's '\\! block' shape (else 1).

        `timeout` (seconds; default the kernel's `timeout`, else the
        environment's WARPFORTH_TIMEOUT; 0: no limit): a CPU launch that
        runs longer is stopped and raises LaunchTimeout naming the loop
        each thread is in; on the GPU the call waits for the kernel and
        raises LaunchTimeout when it gives up (the kernel runs on; its
        context is unusable until it finishes or the process exits).
        Ctrl-C stops a CPU launch with KeyboardInterrupt."""
        if timeout is None:
            timeout = self.timeout
        if (timeout is None and not named and len(args) == self._nparams
                and not self.checked):
            packed = self._pack(args, grid, block, shared, stream)
            if packed is not None:
                if self._launch_packed(self._handle, packed, self._nparams, 0):
                    raise _lib.error()
                return
        if timeout is None:
            self._launch(args, named, grid, block, shared, stream, timed=False)
            return
        with _TimeoutScope(self._lib, timeout):
            self._launch(args, named, grid, block, shared, stream,
                         timed=False, wait=True)

    def _pack(self, args: Sequence[Any], grid: Dims, block: Dims,
              shared: Any, stream: Any) -> Optional[bytes]:
        """The launch as wf_kernel_launch_packed's buffer, for the common
        cases only: ints and floats for scalars; exact torch tensors and
        numpy arrays, contiguous, of the param's type, already where the
        kernel runs. None for anything else: _launch then checks, stages
        or raises as it always has. The runtime checks sizes either way."""
        flat: list = []
        implied = 0
        on_gpu = self._on_gpu
        torch = sys.modules.get("torch")
        tensor = torch.Tensor if torch is not None else None
        for v, code in zip(args, self._type_codes):
            t = type(v)
            if code < 0:  # a scalar param
                if t is int:
                    if not -0x8000000000000000 <= v <= 0x7FFFFFFFFFFFFFFF:
                        return None
                    flat += (1, -1, 0, 0, v, 0.0)
                elif t is float:
                    flat += (2, -1, 0, 0, 0, v)
                else:
                    return None
            elif t is tensor:
                if ((_args._torch_codes.get(v.dtype)
                     or _args.torch_code(v.dtype)) != code
                        or not v.is_contiguous()):
                    return None
                if v.is_cuda:
                    if not on_gpu or v.get_device() != self._ordinal:
                        return None
                    if not implied and stream is None:
                        implied = _args._torch_stream(self._ordinal)
                elif on_gpu:
                    return None
                flat += (0, code, v.data_ptr(), v.nbytes, 0, 0.0)
            elif t is _args.ndarray_type():
                if on_gpu or (_args._numpy_codes.get(v.dtype)
                              or _args.numpy_code(v)) != code:
                    return None
                flags = v.flags
                if not (flags.c_contiguous and flags.writeable):
                    return None
                flat += (0, code, v.__array_interface__["data"][0] or 0,
                         v.nbytes, 0, 0.0)
            else:
                return None
        if type(grid) is int and 0 < grid <= 0xFFFFFFFF:
            g = (grid, 1, 1)
        else:
            g = _dim3(grid, "grid")
        if type(block) is int and 0 < block <= 0xFFFFFFFF:
            b = (block, 1, 1)
        elif block is None:
            b = self._default_block
        else:
            b = _dim3(block, "block")
        if stream is not None:
            implied = stream_handle(stream) if on_gpu else 0
        return self._packer.pack(g[0], g[1], g[2], b[0], b[1], b[2],
                                 _shared(shared), implied, *flat)

    def launcher(self, args: Sequence[Any], grid: Dims,
                 block: Optional[Dims], shared: Any = 0) -> Optional[tuple]:
        """A launch of these arguments made ready to repeat: (launch,
        values), where launch(stream, *addresses) launches the kernel with
        this grid, block, shared size and these scalars, each array param
        at the address given (in param order, with the same byte size and
        type as here), and values are this call's own stream and addresses.
        None where _pack is (the general path's cases). The ops keep one
        per cached plan (ops/_common.py): a call then packs one bytes
        object from chunks made here and makes one ctypes call."""
        if len(args) != self._nparams:
            return None
        packed = self._pack(args, grid, block, shared, None)
        if packed is None:
            return None
        # Variable 8-byte fields: the stream (at 32), then each array
        # param's address (at 8 in its 40-byte wf_arg).
        offsets = [32] + [40 + 40 * i + 8
                          for i, code in enumerate(self._type_codes)
                          if code >= 0]
        values = tuple(struct.unpack_from("<Q", packed, o)[0]
                       for o in offsets)
        chunks, prev = [], 0
        for o in offsets:
            chunks.append(packed[prev:o])
            prev = o + 8
        chunks.append(packed[prev:])
        pack = struct.Struct("<" + "".join(f"{len(c)}sQ" for c in chunks[:-1])
                             + f"{len(chunks[-1])}s").pack
        make = _launch_makers.get(len(offsets))
        if make is None:
            make = _launch_makers[len(offsets)] = _launch_maker(len(offsets))
        launch = make(self._launch_raw, self._handle_ptr, pack, chunks,
                      self._nparams, 1 if self.checked else 0, _lib.check,
                      self)
        # The same launch for C++ (ops/_native.py): the handle, this call's
        # bytes and where the stream and the addresses go.
        launch.native = (self._handle_ptr.value, packed, offsets,
                         self._nparams, 1 if self.checked else 0)
        return launch, values

    def time(self, *args: Any, grid: Dims = 1, block: Optional[Dims] = None,
             shared: int = 0, stream: Any = None,
             timeout: Optional[float] = None, **named: Any) -> float:
        """Runs the kernel once and returns its time in microseconds (CUDA
        events on the GPU, a steady clock on the CPU). `timeout` as in
        __call__ (on the CPU only: the GPU's timed launch waits)."""
        if timeout is None:
            timeout = self.timeout
        if timeout is None:
            return self._launch(args, named, grid, block, shared, stream,
                                timed=True)
        with _TimeoutScope(self._lib, timeout):
            return self._launch(args, named, grid, block, shared, stream,
                                timed=True)

    def _bind(self, args: Sequence[Any], named: dict) -> Sequence[Any]:
        if not named and len(args) == len(self.params):
            return args
        if len(args) > len(self.params):
            raise TypeError(f"kernel '{self.name}' takes {len(self.params)} "
                            f"params; got {len(args)} arguments")
        values: list[Any] = list(args) + [_MISSING] * (len(self.params) - len(args))
        index = self._index
        for name, value in named.items():
            if name not in index:
                raise TypeError(f"kernel '{self.name}' has no param '{name}'")
            if values[index[name]] is not _MISSING:
                raise TypeError(f"param '{name}' given twice")
            values[index[name]] = value
        missing = [p.name for p, v in zip(self.params, values) if v is _MISSING]
        if missing:
            raise TypeError(f"kernel '{self.name}': no value for "
                            + ", ".join(missing))
        return values

    def _array_arg(self, i: int, ref: ArrayRef, staged: list,
                   what: str) -> _lib.Arg:
        p = self.params[i]
        if not ref.writable:
            # The signature does not say which params the kernel stores to,
            # so any array param may be written: never hand it read-only
            # memory (a numpy view of bytes, a frozen array, bytes itself).
            raise ValueError(f"{what}: the array is read-only, and the kernel "
                             f"may store to any array param; pass a writable "
                             f"one (numpy: a.copy(); bytes: bytearray(b))")
        if ref.type != self._type_codes[i]:
            raise TypeError(f"{what}: argument is {type_name(ref.type)}, "
                            f"signature says {p.type}")
        addr = ref.addr
        if ref.on_gpu and not self._on_gpu:
            raise ValueError(f"{what}: GPU memory passed to a CPU kernel")
        if ref.on_gpu and ref.gpu_ordinal not in (None, self._dev.ordinal):
            raise ValueError(f"{what}: memory on GPU {ref.gpu_ordinal}, "
                             f"kernel on GPU {self._dev.ordinal}")
        if not ref.on_gpu and self._on_gpu:
            addr = self._dev.alloc(max(1, ref.nbytes))
            staged.append((addr, ref))
            if ref.nbytes:
                self._dev.upload(addr, ref.addr, ref.nbytes)
        return _lib.Arg(_lib.ARG_BUFFER, ref.type, addr, ref.nbytes, 0, 0.0)

    def _launch(self, args, named, grid, block, shared, stream, timed,
                wait=False):
        values = self._bind(args, named)
        c_args = self._args_type()
        staged: list[tuple[int, ArrayRef]] = []
        implied_stream: Optional[int] = None
        try:
            for i, (p, v) in enumerate(zip(self.params, values)):
                what = self._whats[i]
                if not p.is_array:
                    c_args[i] = scalar_arg(v, what)
                    continue
                # Numbers (numpy scalars have an __array_interface__ too)
                # are never arrays.
                ref = None if isinstance(v, numbers.Number) else array_ref(v, what)
                if ref is None:
                    raise TypeError(f"{what} is an array of {p.type}; got "
                                    f"{type(v).__name__}")
                c_args[i] = self._array_arg(i, ref, staged, what)
                if implied_stream is None and ref.stream is not None:
                    implied_stream = ref.stream
            handle = stream_handle(stream) if stream is not None else (implied_stream or 0)
            if block is None:
                block = self._default_block
            cfg = _lib.LaunchConfig(_U3(*_dim3(grid, "grid")),
                                    _U3(*_dim3(block, "block")), _shared(shared),
                                    handle if self._on_gpu else None)
            result = self._run(cfg, c_args, len(values), timed,
                               bool(staged) or wait)
            # Host arrays come back whole: which params a kernel writes is
            # not in its signature.
            for addr, ref in staged:
                if ref.nbytes:
                    self._dev.download(ref.addr, addr, ref.nbytes)
            return result
        finally:
            # After a GPU fault the context is gone and freeing fails too:
            # keep the fault as the error the caller sees.
            failing = sys.exc_info()[0] is not None
            for addr, ref in staged:
                try:
                    self._dev.free(addr)
                except _lib.WarpForthError:
                    if not failing:
                        raise

    def _run(self, cfg, c_args, n, timed, staged):
        lib, h = self._lib, self._handle
        micros = None
        if timed:
            t = ctypes.c_double()
            _lib.check(lib.wf_kernel_time(h, ctypes.byref(cfg), c_args, n,
                                          ctypes.byref(t)))
            micros = t.value
        elif staged or self.checked:
            _lib.check(lib.wf_kernel_run(h, ctypes.byref(cfg), c_args, n))
        else:
            _lib.check(lib.wf_kernel_launch(h, ctypes.byref(cfg), c_args, n))
        return micros


_MISSING = object()


def _timeout(value: Any) -> float:
    """A timeout in seconds, checked: a number, 0 (no limit) or more."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"timeout: expected a number of seconds, got "
                        f"{type(value).__name__} {value!r}")
    v = float(value)
    if not 0 <= v < float("inf"):
        raise ValueError(f"timeout: {value!r} is not a number of seconds, "
                         f"0 (no limit) or more")
    return v


class _TimeoutScope:
    """This thread's launch timeout in the library for one call."""

    def __init__(self, lib: Any, seconds: Any):
        self._lib = lib
        self._seconds = _timeout(seconds)

    def __enter__(self) -> None:
        self._previous = self._lib.wf_get_launch_timeout()
        _lib.check(self._lib.wf_set_launch_timeout(self._seconds))

    def __exit__(self, *exc: Any) -> None:
        self._lib.wf_set_launch_timeout(self._previous)


# Kernel.launcher's functions, by the number of 8-byte fields they fill (the
# stream and each array's address): made once per count, as namedtuple
# makes its classes, so that a launch is one struct.pack of fixed chunks
# and those fields, without loops or lists.
_launch_makers: dict = {}


def _launch_maker(n: int) -> Any:
    names = ["stream"] + [f"a{i}" for i in range(n - 1)]
    fields = ", ".join(f"c{i}, {v}" for i, v in enumerate(names))
    src = (f"def make(fn, handle, pack, chunks, nparams, wait, check, keep):\n"
           f"    {', '.join(f'c{i}' for i in range(n + 1))}, = chunks\n"
           f"    def launch({', '.join(names)}):\n"
           f"        if fn(handle, pack({fields}, c{n}), nparams, wait):\n"
           f"            check(1)\n"
           f"    launch.kernel = keep  # keeps the handle alive\n"
           f"    return launch\n")
    scope: dict = {}
    exec(src, scope)  # noqa: S102 (our own text, made from a count)
    return scope["make"]
