"""Finding and loading libwarpforth.so, and the ctypes prototypes of its C API
(bindings/capi/warpforth_c.h). Everything else in the package goes through
`lib()` and `check()` from here."""

from __future__ import annotations

import ctypes
import numbers
import os
from pathlib import Path
from typing import Optional

API_VERSION = 3

# wf_elem_type, in the order of warpforth_c.h.
TYPE_NONE = -1
TYPE_NAMES = ["i8", "i16", "i32", "i64", "f16", "bf16", "f32", "f64"]
TYPE_SIZES = [1, 2, 4, 8, 2, 2, 4, 8]

ARG_BUFFER, ARG_INT, ARG_FLOAT = 0, 1, 2
DEVICE_KINDS = {"auto": 0, "gpu": 1, "cpu": 2}
FLOAT_MODES = {None: 0, "f32": 1, "f64": 2}


class WarpForthError(RuntimeError):
    """A failure reported by the compiler or the runtime; the message is the
    library's complete text (diagnostics, or the runtime's error)."""


class WarpForthWarning(UserWarning):
    """A compiler warning (a likely mistake that still compiles: a local
    hiding a param, an integer where a float word expects a float). Issued
    through `warnings.warn`, once per compile, with the located text
    warpforthc prints. `werror=True` or WARPFORTH_WERROR=1 makes warnings
    compile errors instead."""


class LaunchTimeout(WarpForthError):
    """A launch ran longer than its timeout (timeout=, Kernel.timeout or
    WARPFORTH_TIMEOUT). On the CPU it was stopped, and the message says
    where each thread was; on the GPU the kernel runs on and its context
    stays busy until it finishes or the process exits."""


class SanitizerError(WarpForthError):
    """A CPU launch in sanitize mode found a race on shared memory, a
    barrier or warp-wide word that not every thread reaches, or a read of
    shared memory no thread wrote (docs/sanitizer.md)."""


# wf_last_error_kind's codes (warpforth_c.h).
ERROR_TIMEOUT, ERROR_INTERRUPTED = 2, 3


class CompileOptions(ctypes.Structure):
    _fields_ = [
        ("arch", ctypes.c_char_p),
        ("opt_level", ctypes.c_int),
        ("float_mode", ctypes.c_int),
        ("line_info", ctypes.c_int),
        ("defines", ctypes.POINTER(ctypes.c_char_p)),
        ("num_defines", ctypes.c_size_t),
        ("include_dirs", ctypes.POINTER(ctypes.c_char_p)),
        ("num_include_dirs", ctypes.c_size_t),
        ("check_bounds", ctypes.c_int),
        ("werror", ctypes.c_int),
        ("sanitize", ctypes.c_int),
    ]


class LaunchConfig(ctypes.Structure):
    _fields_ = [
        ("grid", ctypes.c_uint32 * 3),
        ("block", ctypes.c_uint32 * 3),
        ("shared_bytes", ctypes.c_uint64),
        ("stream", ctypes.c_void_p),
    ]


class Arg(ctypes.Structure):
    _fields_ = [
        ("kind", ctypes.c_int32),
        ("type", ctypes.c_int32),
        ("addr", ctypes.c_uint64),
        ("bytes", ctypes.c_uint64),
        ("i", ctypes.c_int64),
        ("f", ctypes.c_double),
    ]


class CacheStats(ctypes.Structure):
    _fields_ = [(n, ctypes.c_uint64)
                for n in ("hits", "misses", "stores", "corrupt")]


_P = ctypes.c_void_p
_S = ctypes.c_char_p
_I = ctypes.c_int
_SZ = ctypes.c_size_t
_U64 = ctypes.c_uint64
_ARGS = ctypes.POINTER(Arg)
_CFG = ctypes.POINTER(LaunchConfig)
_OPTS = ctypes.POINTER(CompileOptions)

# name: (restype, argtypes)
_PROTOTYPES = {
    "wf_last_error": (_S, []),
    "wf_last_error_kind": (_I, []),
    "wf_set_launch_timeout": (_I, [ctypes.c_double]),
    "wf_get_launch_timeout": (ctypes.c_double, []),
    "wf_api_version": (_I, []),
    "wf_gpu_available": (_I, []),
    "wf_device_open": (_P, [_I, _I]),
    "wf_device_close": (None, [_P]),
    "wf_device_get_kind": (_I, [_P]),
    "wf_device_name": (_S, [_P]),
    "wf_alloc": (_I, [_P, _SZ, ctypes.POINTER(_U64)]),
    "wf_free": (_I, [_P, _U64]),
    "wf_upload": (_I, [_P, _U64, _P, _SZ]),
    "wf_download": (_I, [_P, _P, _U64, _SZ]),
    "wf_synchronize": (_I, [_P]),
    "wf_kernel_compile_file": (_P, [_P, _S, _OPTS]),
    "wf_kernel_compile_source": (_P, [_P, _S, _S, _OPTS]),
    "wf_kernel_load_ptx": (_P, [_P, _S]),
    # Returns malloc'd memory, so c_void_p (not c_char_p, which would copy
    # the text and lose the pointer that wf_string_free needs).
    "wf_compile_to_ptx": (_P, [_S, _S, _OPTS]),
    "wf_string_free": (None, [_P]),
    "wf_kernel_release": (None, [_P]),
    "wf_kernel_name": (_S, [_P]),
    "wf_kernel_signature": (_S, [_P]),
    "wf_kernel_ptx": (_S, [_P]),
    "wf_kernel_warnings": (_S, [_P]),
    "wf_kernel_float_type": (_I, [_P]),
    "wf_kernel_shared_bytes": (ctypes.c_int64, [_P]),
    "wf_kernel_num_params": (_I, [_P]),
    "wf_kernel_param_name": (_S, [_P, _I]),
    "wf_kernel_param_is_array": (_I, [_P, _I]),
    "wf_kernel_param_type": (_I, [_P, _I]),
    "wf_kernel_param_size": (_S, [_P, _I]),
    "wf_kernel_const": (_I, [_P, _S, ctypes.POINTER(ctypes.c_int64)]),
    "wf_kernel_launch": (_I, [_P, _CFG, _ARGS, _SZ]),
    "wf_kernel_run": (_I, [_P, _CFG, _ARGS, _SZ]),
    "wf_kernel_time": (_I, [_P, _CFG, _ARGS, _SZ, ctypes.POINTER(ctypes.c_double)]),
    # The launch path: config and args packed into one bytes object.
    "wf_kernel_launch_packed": (_I, [_P, _S, _SZ, _I]),
    "wf_version": (_S, []),
    "wf_compiler_id": (_S, []),
    "wf_cache_get_stats": (None, [ctypes.POINTER(CacheStats)]),
    "wf_cache_dir": (_S, []),
    "wf_tool_main": (_I, [_I, _I, ctypes.POINTER(ctypes.c_char_p)]),
}

_lib: Optional[ctypes.CDLL] = None


def repo_root() -> Path:
    """The WarpForth checkout: bindings/python/warpforth/../../.."""
    return Path(__file__).resolve().parents[3]


def in_checkout() -> bool:
    """Whether this package is the checkout's bindings/python/warpforth
    (not an installed copy)."""
    root = repo_root()
    return ((root / "CMakeLists.txt").is_file()
            and (root / "bindings" / "python" / "warpforth").is_dir())


def _candidates() -> list[Path]:
    env = os.environ.get("WARPFORTH_LIB")
    if env:
        p = Path(env)
        # A folder holding the library is as good as the file itself.
        return [p / "libwarpforth.so" if p.is_dir() else p]
    here = Path(__file__).resolve().parent
    found = [here / "libwarpforth.so"]
    if not in_checkout():
        return found
    root = repo_root()
    # Any build folder of the checkout (build/, build-*/), newest first.
    builds = sorted(root.glob("build*/**/libwarpforth.so"),
                    key=lambda p: p.stat().st_mtime, reverse=True)
    return found + builds


def lib() -> ctypes.CDLL:
    """The loaded library, with its prototypes set (loaded on first use)."""
    global _lib
    if _lib is not None:
        return _lib
    tried = []
    for path in _candidates():
        if not path.is_file():
            tried.append(str(path))
            continue
        handle = ctypes.CDLL(str(path))
        for name, (restype, argtypes) in _PROTOTYPES.items():
            fn = getattr(handle, name)
            fn.restype = restype
            fn.argtypes = argtypes
        version = handle.wf_api_version()
        if version != API_VERSION:
            raise WarpForthError(
                f"{path} has C API version {version}; this package needs "
                f"{API_VERSION}")
        _lib = handle
        return handle
    raise WarpForthError(
        "libwarpforth.so not found (set WARPFORTH_LIB to its path); tried: "
        + ", ".join(tried))


_raw_launch: Optional[object] = None


def raw_launch_packed():
    """wf_kernel_launch_packed without argtypes (Kernel.launcher's launches:
    a c_void_p handle, bytes and two small ints)."""
    global _raw_launch
    if _raw_launch is None:
        fn = lib()["wf_kernel_launch_packed"]  # a new function object
        fn.restype = ctypes.c_int
        _raw_launch = fn
    return _raw_launch


def last_error() -> str:
    return lib().wf_last_error().decode(errors="replace")


def error() -> BaseException:
    """The library's last error as the exception to raise: LaunchTimeout for
    a launch past its timeout, KeyboardInterrupt for Ctrl-C during a CPU
    launch (the library caught the SIGINT, so Python's handler never saw
    it), SanitizerError for a sanitize-mode report, else WarpForthError."""
    kind = lib().wf_last_error_kind()
    message = last_error()
    if kind == ERROR_INTERRUPTED:
        return KeyboardInterrupt(message)
    if kind == ERROR_TIMEOUT:
        return LaunchTimeout(message)
    if "sanitizer: " in message:
        return SanitizerError(message)
    return WarpForthError(message)


def check(status: int) -> None:
    """Raises the library's last error unless a C call returned 0."""
    if status != 0:
        raise error()


def check_handle(handle: Optional[int]) -> int:
    """Raises the library's last error when a C call returned NULL."""
    if not handle:
        raise error()
    return handle


U32_MAX = 2**32 - 1
U64_MAX = 2**64 - 1


def check_int(value, what: str, lo: int, hi: int) -> int:
    """`value` as an int in [lo, hi]. Raises TypeError or ValueError naming
    `what` where ctypes would truncate it silently (or take a bool or a
    string for a number)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{what}: expected an int, got "
                        f"{type(value).__name__} {value!r}")
    v = int(value)
    if not lo <= v <= hi:
        raise ValueError(f"{what}: {v} is out of range ({lo} to {hi})")
    return v


def c_string(text, what: str) -> bytes:
    """`text` (str or os.PathLike) as a NUL-terminated C string; a NUL
    inside it would end the string early, so it is refused."""
    if isinstance(text, os.PathLike):
        text = os.fspath(text)
    if isinstance(text, bytes):
        data = text
    elif isinstance(text, str):
        data = text.encode()
    else:
        raise TypeError(f"{what}: expected a str, got {type(text).__name__}")
    nul = data.find(b"\0")
    if nul >= 0:
        raise ValueError(f"{what}: contains a NUL character at byte {nul}, "
                         f"which would cut it short")
    return data


def compile_options(arch: Optional[str] = None,
                    defines: Optional[dict] = None,
                    float: Optional[str] = None,
                    include_dirs: Optional[list] = None,
                    opt_level: int = 0,
                    line_info: bool = False,
                    checked: bool = False,
                    werror: Optional[bool] = None,
                    sanitize: bool = False) -> tuple[CompileOptions, list]:
    """A CompileOptions struct, and the ctypes buffers it points into (keep
    them alive until the call that uses the struct returns). `werror` None
    is the environment's WARPFORTH_WERROR."""
    if float not in FLOAT_MODES:
        raise ValueError(f"float={float!r}: expected None, 'f32' or 'f64'")
    # {NAME: VALUE} is -D NAME=VALUE and {NAME: None} is -D NAME (NAME=1);
    # the library parses them as -D does (compiler/driver/Defines.h).
    defs = [c_string(str(k) if v is None else f"{k}={v}", f"defines[{k!r}]")
            for k, v in (defines or {}).items()]
    dirs = [c_string(os.fspath(d), "include_dirs") for d in (include_dirs or [])]
    def_array = (ctypes.c_char_p * max(1, len(defs)))(*defs)
    dir_array = (ctypes.c_char_p * max(1, len(dirs)))(*dirs)
    opts = CompileOptions(
        c_string(arch, "arch") if arch else None, opt_level, FLOAT_MODES[float],
        1 if line_info else 0,
        ctypes.cast(def_array, ctypes.POINTER(ctypes.c_char_p)), len(defs),
        ctypes.cast(dir_array, ctypes.POINTER(ctypes.c_char_p)), len(dirs),
        1 if checked else 0, 1 if werror_wanted(werror) else 0,
        1 if sanitize else 0)
    return opts, [def_array, dir_array]


def werror_wanted(werror: Optional[bool]) -> bool:
    """werror=True/False as given; None: WARPFORTH_WERROR=1 (or on, true,
    yes) turns warnings into errors for every compile of the process."""
    if werror is not None:
        if not isinstance(werror, bool):
            raise TypeError(f"werror: expected a bool, got "
                            f"{type(werror).__name__} {werror!r}")
        return werror
    value = os.environ.get("WARPFORTH_WERROR", "").strip().lower()
    if value in ("", "0", "off", "false", "no"):
        return False
    if value in ("1", "on", "true", "yes"):
        return True
    raise WarpForthError(f"WARPFORTH_WERROR={value!r}: expected 1 or 0")
