"""The torch ops' plans replayed in C++ (native_replay.cpp): the kernel that
torch's dispatcher runs for torch.ops.warpforth.<op>, which launches a
plan the op's Python implementation made for the same key without
entering Python, and calls that implementation (torch.ops.warpforth.
_py_<op>) on a miss. A call's host time about halves (GPT-2's attention
as a compiled graph calls it: forward 44 -> 22 us, backward 75 -> 31;
bench/attention_overhead.py), which a compiled training step, waiting
for its host, gains.

Built on first use with the C++ compiler torch's extensions use (c++, or
$CXX) against the installed torch, once per torch version and source
(kept in the compile cache's folder, `warpforth.cache_dir()`/native);
WARPFORTH_NATIVE=0 turns it off, and where it cannot be built the ops run
through Python as before (one warning says why).

The C++ keys hold the tensors (dtype, shape, strides, device, address
alignment, aliasing), the scalar arguments and the id of the ops' current
configs together (ops/_config.py combination_id, handed over by
wf_native_set_config whenever it changes): a plan made under other configs
never replays, and one made under configs set again does. Nothing is
cleared when a config changes; ops.clear_plans() forgets every plan.

Plans run below autograd, on the current stream of the tensors' GPU (CPU
tensors: the CPU backend; torch releases the GIL around the call). While
a CUDA graph is captured, plans with a stream counter go to Python (the
graph needs a zeroed cell of its own), as do calls on a stream without
its counter yet."""

from __future__ import annotations

import ctypes
import hashlib
import os
import re
import subprocess
import sys
import tempfile
import warnings
from array import array
from pathlib import Path
from typing import Any, Optional

from .. import _lib
from .._cache import (UntrustedPath, cache_dir, file_problem,
                      private_folder)
from . import _common as c
from . import _config

_SOURCE = Path(__file__).with_name("native_replay.cpp")
_state: Any = None   # None: not tried; False: not available; else the CDLL
_cuda = False


def _scalar_types() -> dict:
    """torch dtype -> c10::ScalarType (an enum whose values are fixed)."""
    torch = sys.modules["torch"]
    return {torch.uint8: 0, torch.int8: 1, torch.int16: 2, torch.int32: 3,
            torch.int64: 4, torch.float16: 5, torch.float32: 6,
            torch.float64: 7, torch.bool: 11, torch.bfloat16: 15}


_SCALAR: dict = {}
_kept: set = set()   # the kernels of the plans C++ holds (their handles)


def _cuda_include(torch: Any) -> Optional[str]:
    """A folder with cuda_runtime_api.h (c10/cuda's headers include it):
    the CUDA toolkit's, else that of the nvidia wheels torch came with."""
    if torch.version.cuda is None:
        return None
    home = os.environ.get("CUDA_HOME") or os.environ.get("CUDA_PATH") or \
        "/usr/local/cuda"
    roots = [os.path.join(home, "include")]
    nvidia = Path(torch.__file__).parent.parent / "nvidia"
    roots += [str(p) for p in sorted(nvidia.glob("*/include"))]
    for r in roots:
        if os.path.exists(os.path.join(r, "cuda_runtime_api.h")):
            return r
    return None


def _build(torch: Any) -> Path:
    """The shared library, compiled unless this torch's build of this
    source is already in the cache folder. (The include and library
    folders are torch.utils.cpp_extension's, whose import costs a second
    and warns on machines without a GPU.)"""
    global _cuda
    cuda_inc = _cuda_include(torch)
    _cuda = cuda_inc is not None
    cxx = os.environ.get("CXX", "c++")
    abi = int(torch._C._GLIBCXX_USE_CXX11_ABI)
    flags = ["-O2", "-std=c++20", "-shared", "-fPIC", "-w",
             f"-D_GLIBCXX_USE_CXX11_ABI={abi}"]
    root = Path(torch.__file__).parent
    for inc in (root / "include", root / "include/torch/csrc/api/include"):
        flags += ["-isystem", str(inc)]
    lib = root / "lib"
    libs = [f"-L{lib}", f"-Wl,-rpath,{lib}", "-lc10", "-ltorch_cpu"]
    if _cuda:
        flags += ["-DWF_NATIVE_CUDA", "-isystem", cuda_inc]
        libs += ["-lc10_cuda"]
    source = _SOURCE.read_bytes()
    tag = hashlib.sha256(source + repr((cxx, flags, libs, torch.__version__))
                         .encode()).hexdigest()[:16]
    base = cache_dir()
    # A folder only this user can write (made 0700 and checked, a link or
    # another user's folder refused: the temporary folder is shared), and a
    # library of this user's that nobody else can write: it runs in this
    # process.
    folder = private_folder(
        (base / "native") if base else Path(tempfile.gettempdir()) /
        f"warpforth-native-{os.getuid()}", follow=False)
    # One build a torch version is kept: the version leads the name.
    version = re.sub(r"[^0-9A-Za-z.]", "_", torch.__version__)
    path = folder / f"replay-{version}-{tag}.so"
    if os.path.lexists(path):
        return _trusted(path)
    print(f"warpforth: building the native op path for torch "
          f"{torch.__version__} (once, about a minute)", file=sys.stderr)
    fd, tmp = tempfile.mkstemp(suffix=".so", dir=folder)
    os.close(fd)
    try:
        done = subprocess.run([cxx, *flags, str(_SOURCE), "-o", tmp, *libs],
                              capture_output=True, text=True)
        if done.returncode != 0:
            raise RuntimeError(f"{cxx} failed: {done.stderr.strip()[-2000:]}")
        os.chmod(tmp, 0o700)    # the compiler may have made it anew
        os.replace(tmp, path)   # whole, or not there: builds may race
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)
    # Earlier builds for this torch (an older source or compiler): a
    # process that loaded one keeps its mapping.
    for old in folder.glob(f"replay-{version}-*.so"):
        if old != path:
            old.unlink(missing_ok=True)
    return _trusted(path)


def _trusted(library: Path) -> Path:
    """`library`, when it is this user's and nobody else can write it."""
    problem = file_problem(library)
    if problem is not None:
        raise UntrustedPath(f"the library '{library}' is {problem}")
    return library


def load() -> Optional[Any]:
    """The native library, built and loaded on first use; None where it is
    turned off or cannot be built (a warning says why, once)."""
    global _state
    if _state is not None:
        return _state or None
    _state = False
    if os.environ.get("WARPFORTH_NATIVE", "1") == "0":
        return None
    torch = sys.modules["torch"]
    try:
        path = _build(torch)
        torch.ops.load_library(str(path))
        lib = ctypes.CDLL(str(path))
    except Exception as e:  # noqa: BLE001 (any failure: Python's path)
        warnings.warn(f"warpforth: the native op path is not available "
                      f"({e}); the torch ops run through Python "
                      f"(WARPFORTH_NATIVE=0 skips this)", stacklevel=3)
        return None
    wl = _lib.lib()
    lib.wf_native_init(ctypes.cast(wl.wf_kernel_launch_packed, ctypes.c_void_p),
                       ctypes.cast(wl.wf_last_error, ctypes.c_void_p))
    lib.wf_native_register.argtypes = [ctypes.c_char_p, ctypes.c_int]
    lib.wf_native_offer.argtypes = [ctypes.c_void_p, ctypes.c_size_t]
    lib.wf_native_set_counter.argtypes = [ctypes.c_int64] * 4
    lib.wf_native_set_config.argtypes = [ctypes.c_int64]
    lib.wf_native_error.restype = ctypes.c_char_p
    _SCALAR.update(_scalar_types())
    _state = lib
    for key, (_t, addr) in c.counters().items():
        lib.wf_native_set_counter(*key, addr)
    c.on_counter(lambda key, addr: lib.wf_native_set_counter(*key, addr))
    c.on_clear(lib.wf_native_clear)
    lib.wf_native_set_config(_config.combination_id())
    _config.on_change(lib.wf_native_set_config)
    return lib


def register(name: str) -> bool:
    """Puts the C++ kernel behind torch.ops.warpforth.<name> (CPU and CUDA
    tensors); False where the native path is not available."""
    lib = load()
    if lib is None:
        return False
    if lib.wf_native_register(name.encode(), 1 if _cuda else 0):
        raise RuntimeError(f"warpforth: registering {name}: "
                           f"{lib.wf_native_error().decode()}")
    return True


def exporting(impl: Any) -> Any:
    """`impl` (an op's Python implementation) as torch.ops.warpforth._py_<op>
    runs it: the plan it ran or made, when it did all of the call's work
    (exactly one plan, on the op's own tensors, returning what the call
    returns), is offered to the C++ kernel that called it."""
    def run(*args: Any) -> Any:
        saved = c.plan_events
        c.plan_events = events = []
        try:
            result = impl(*args)
        finally:
            c.plan_events = saved
        if len(events) == 1 and _state:
            _offer(events[0], args, result)
        return result
    return run


def _offer(event: tuple, args: tuple, result: Any) -> None:
    plan, objs, n_in = event
    tensor = sys.modules["torch"].Tensor
    tensors = [a for a in args if isinstance(a, tensor)]
    if n_in != len(tensors) or any(o is not t for o, t in zip(objs, tensors)):
        return
    results = result if isinstance(result, tuple) else (result,)
    if len(results) != len(plan.result) or any(
            r is not objs[i] for r, i in zip(results, plan.result)):
        return
    words = pack_plan(plan, n_in)
    if words is not None:
        if _state.wf_native_offer(words.buffer_info()[0], len(words)) < 0:
            raise RuntimeError("warpforth: a plan the native path refused: "
                               f"{_state.wf_native_error().decode()}")


def pack_plan(plan: Any, n_in: int) -> Optional[array]:
    """`plan` (ops/_common.py Plan) as native_replay.cpp reads it (int64
    words), or None where it holds something only Python can make."""
    w = array("q", [n_in, len(plan.makes), len(plan.steps), len(plan.result)])
    for make in plan.makes:
        if type(make) is tuple:
            w.extend((2, make[0], make[1]))
        elif type(make) is c._CounterMake:
            w.extend((3, make.ordinal, make.cells))
        else:
            desc = getattr(make, "native", None)
            if desc is None or desc[1] not in _SCALAR:
                return None
            zero, dtype, device, sizes, strides = desc
            w.extend((1 if zero else 0, _SCALAR[dtype],
                      1 if device.type == "cuda" else 0,
                      -1 if device.index is None else device.index,
                      len(sizes), *sizes, *strides))
    for launch, idx in plan.steps:
        desc = getattr(launch, "native", None)
        if desc is None:
            return None
        handle, packed, offsets, nparams, wait = desc
        _kept.add(launch.kernel)   # the handle outlives every plan
        w.extend((handle, nparams, wait, len(offsets), *offsets, len(packed)))
        pad = packed + bytes(-len(packed) % 8)
        w.frombytes(pad)
        w.extend(idx)
    w.extend(plan.result)
    return w


def stats() -> Optional[dict]:
    """{'hits', 'misses', 'offers', 'plans'} of the C++ kernel in this
    process, or None where the native path is not loaded."""
    if not _state:
        return None
    out = (ctypes.c_int64 * 4)()
    _state.wf_native_stats(out)
    return dict(zip(("hits", "misses", "offers", "plans"), out))
