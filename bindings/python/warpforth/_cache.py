"""The compile cache (bindings/load/CompileCache.h, in the C library):
compiled kernels on disk, so that a new process pays no compile.

    warpforth.cache_dir()      # $WARPFORTH_CACHE_DIR, else ~/.cache/warpforth
    warpforth.cache_stats()    # {'hits': .., 'misses': .., 'stores': .., 'corrupt': ..}

WARPFORTH_CACHE=0 turns it off. Autotuning results (warpforth.autotune)
are kept beside the compiled kernels, in autotune/."""

from __future__ import annotations

import ctypes
import shutil
from pathlib import Path
from typing import Optional

from . import _lib


def cache_dir() -> Optional[Path]:
    """The cache folder the environment names now, or None when the cache is
    off (WARPFORTH_CACHE=0)."""
    d = _lib.lib().wf_cache_dir().decode()
    return Path(d) if d else None


def cache_stats() -> dict:
    """This process's compile-cache lookups: hits, misses (no entry, or its
    INCLUDEd files changed), stores (entries written) and corrupt (entries
    refused and rebuilt)."""
    s = _lib.CacheStats()
    _lib.lib().wf_cache_get_stats(ctypes.byref(s))
    return {name: getattr(s, name) for name, _ in _lib.CacheStats._fields_}


def cache_clear() -> None:
    """Removes every entry (compiled kernels and autotuning results)."""
    d = cache_dir()
    if d is not None and d.is_dir():
        for child in d.iterdir():
            if child.is_dir():
                shutil.rmtree(child, ignore_errors=True)
            else:
                child.unlink(missing_ok=True)


def compiler_id() -> str:
    """'warpforth VERSION build BUILD-ID': the compiler build cache entries
    belong to."""
    return _lib.lib().wf_compiler_id().decode()
