"""WarpForth from Python: compile WarpForth kernels and launch them on the GPU
(sharing memory and streams with PyTorch and CuPy) or on the CPU backend.

    import warpforth
    k = warpforth.Kernel.from_file("demo/attention-f32.forth",
                                   defines={"MAX_SEQ": 256})
    k(q, kk, v, o, 256, 64, grid=256, block=128)   # torch CUDA tensors

A pure-Python package: ctypes over libwarpforth.so (bindings/capi), found
through $WARPFORTH_LIB, next to this package, or in the checkout's build
folders.
"""

from ._device import Device, device, gpu_available
from ._kernel import Kernel, Param
from ._lib import WarpForthError
from .attention import attention, multihead_attention

__all__ = [
    "Device", "Kernel", "Param", "WarpForthError", "attention", "compile_ptx",
    "device", "gpu_available", "multihead_attention",
]


def compile_ptx(source: str, *, name: str = "<source>", defines=None,
                float=None, arch=None, include_dirs=None,
                checked: bool = False) -> str:
    """Compiles WarpForth source to PTX text (no device needed); `checked`
    is warpforthc's --check-bounds."""
    import ctypes

    from . import _lib

    lib = _lib.lib()
    opts, keep = _lib.compile_options(arch, defines, float, include_dirs,
                                      checked=checked)
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
