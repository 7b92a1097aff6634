"""Devices: the GPU (CUDA primary context, shared with PyTorch and CuPy) or
the CPU executor, and raw memory on them."""

from __future__ import annotations

import ctypes
from typing import Optional

from . import _lib


class Device:
    """An open device. Prefer `warpforth.device(kind)`, which caches one
    Device per kind and ordinal, over constructing several."""

    def __init__(self, kind: str = "auto", ordinal: int = 0):
        if kind not in _lib.DEVICE_KINDS:
            raise ValueError(f"device {kind!r}: expected 'auto', 'gpu' or 'cpu'")
        ordinal = _lib.check_int(ordinal, "ordinal", 0, 2**31 - 1)
        lib = _lib.lib()
        self._lib = lib
        self._handle = _lib.check_handle(
            lib.wf_device_open(_lib.DEVICE_KINDS[kind], ordinal))
        self.ordinal = ordinal
        self.kind = "gpu" if lib.wf_device_get_kind(self._handle) == 1 else "cpu"
        self.name = lib.wf_device_name(self._handle).decode()

    def __repr__(self) -> str:
        return f"<warpforth.Device {self.kind}: {self.name}>"

    def __del__(self) -> None:
        handle, self._handle = getattr(self, "_handle", None), None
        if handle:
            self._lib.wf_device_close(handle)

    @property
    def handle(self) -> int:
        return self._handle

    @property
    def is_gpu(self) -> bool:
        return self.kind == "gpu"

    def alloc(self, nbytes: int) -> int:
        """Zero-filled device memory; returns its address."""
        nbytes = _lib.check_int(nbytes, "alloc: nbytes", 1, _lib.U64_MAX)
        addr = ctypes.c_uint64()
        _lib.check(self._lib.wf_alloc(self._handle, nbytes, ctypes.byref(addr)))
        return addr.value

    def free(self, addr: int) -> None:
        addr = _lib.check_int(addr, "free: addr", 0, _lib.U64_MAX)
        _lib.check(self._lib.wf_free(self._handle, addr))

    def upload(self, dst: int, src_addr: int, nbytes: int) -> None:
        """Copies `nbytes` from host address `src_addr` to device `dst`."""
        dst, src_addr, nbytes = _addresses("upload", dst, src_addr, nbytes)
        _lib.check(self._lib.wf_upload(self._handle, dst, src_addr, nbytes))

    def download(self, dst_addr: int, src: int, nbytes: int) -> None:
        """Copies `nbytes` from device `src` to host address `dst_addr`."""
        dst_addr, src, nbytes = _addresses("download", dst_addr, src, nbytes)
        _lib.check(self._lib.wf_download(self._handle, dst_addr, src, nbytes))

    def synchronize(self) -> None:
        _lib.check(self._lib.wf_synchronize(self._handle))


def _addresses(what: str, dst, src, nbytes) -> tuple[int, int, int]:
    return (_lib.check_int(dst, f"{what}: dst", 0, _lib.U64_MAX),
            _lib.check_int(src, f"{what}: src", 0, _lib.U64_MAX),
            _lib.check_int(nbytes, f"{what}: nbytes", 0, _lib.U64_MAX))


_devices: dict[tuple[str, int], Device] = {}


def device(kind: str = "auto", ordinal: int = 0) -> Device:
    """The shared Device of this kind ('auto', 'gpu', 'cpu'), opened once."""
    if isinstance(kind, Device):
        return kind
    dev = _devices.get((kind, ordinal))
    if dev is None:
        dev = Device(kind, ordinal)
        _devices[(kind, ordinal)] = dev
        # 'auto' resolves to a concrete kind; share that Device too.
        _devices.setdefault((dev.kind, ordinal), dev)
    return dev


def gpu_available() -> bool:
    return bool(_lib.lib().wf_gpu_available())


def _resolve(dev: Optional[object]) -> Device:
    return device() if dev is None else device(dev)  # type: ignore[arg-type]
