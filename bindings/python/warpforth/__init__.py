"""WarpForth from Python: compile WarpForth kernels and launch them on the GPU
(sharing memory and streams with PyTorch and CuPy) or on the CPU backend.

    import warpforth
    k = warpforth.Kernel.from_file("demo/attention-f32.forth",
                                   defines={"MAX_SEQ": 256})
    k(q, kk, v, o, 256, 64, grid=256, block=128)   # torch CUDA tensors

A pure-Python package: ctypes over libwarpforth.so (bindings/capi), found
through $WARPFORTH_LIB, next to this package (pip install .), or in the
checkout's build folders. Compiled kernels are kept on disk
(warpforth.cache_dir(); WARPFORTH_CACHE=0 turns that off), and
warpforth.autotune picks the fastest of several sets of defines per shape.
"""

from ._autotune import Autotuner, autotune
from ._cache import cache_clear, cache_dir, cache_stats
from ._device import Device, device, gpu_available
from ._kernel import Kernel, Param
from ._lib import (LaunchTimeout, SanitizerError, WarpForthError,
                   WarpForthWarning)
from .attention import attention, multihead_attention


def _version() -> str:
    # One place: CMakeLists.txt's project(VERSION). An installed package
    # carries it in _version.py (written by its CMake install); a checkout
    # reads it from CMakeLists.txt, as the C library and warpforthc do.
    try:
        from ._version import __version__ as v
        return v
    except ImportError:
        pass
    import re

    from ._lib import repo_root
    try:
        text = (repo_root() / "CMakeLists.txt").read_text()
    except OSError:
        return "unknown"
    m = re.search(r"project\(WarpForth\s+VERSION\s+([0-9][0-9.]*)", text)
    return m.group(1) if m else "unknown"


__version__ = _version()


def __getattr__(name: str):
    # `warpforth.ops` after a plain `import warpforth`: the op library is
    # imported on first use (its modules, numpy, the torch registration),
    # so that importing the package stays cheap.
    if name == "ops":
        import importlib
        return importlib.import_module(".ops", __name__)
    raise AttributeError(f"module 'warpforth' has no attribute {name!r}")

__all__ = [
    "Autotuner", "Device", "Kernel", "LaunchTimeout", "Param",
    "SanitizerError", "WarpForthError", "WarpForthWarning", "attention",
    "autotune", "cache_clear", "cache_dir", "cache_stats", "compile_ptx",
    "device", "gpu_available", "multihead_attention", "ops",
]


def compile_ptx(source: str, *, name: str = "<source>", defines=None,
                float=None, arch=None, include_dirs=None,
                checked: bool = False, werror=None) -> str:
    """Compiles WarpForth source to PTX text (no device needed); `checked`
    is warpforthc's --check-bounds; `werror` as Kernel.from_source's."""
    import ctypes

    from . import _lib

    lib = _lib.lib()
    opts, keep = _lib.compile_options(arch, defines, float, include_dirs,
                                      checked=checked, werror=werror)
    ptr = lib.wf_compile_to_ptx(_lib.c_string(name, "name"),
                                _lib.c_string(source, "source"),
                                ctypes.byref(opts))
    del keep
    if not ptr:
        raise WarpForthError(_lib.last_error())
    try:
        return ctypes.string_at(ptr).decode()
    finally:
        lib.wf_string_free(ptr)
