"""The compile cache (bindings/load/CompileCache.h, in the C library):
compiled kernels on disk, so that a new process pays no compile.

    warpforth.cache_dir()      # $WARPFORTH_CACHE_DIR, else ~/.cache/warpforth
    warpforth.cache_stats()    # {'hits': .., 'misses': .., 'stores': .., 'corrupt': ..}

WARPFORTH_CACHE=0 turns it off. Autotuning results (warpforth.autotune)
are kept beside the compiled kernels, in autotune/, and the torch ops'
native library in native/.

Trust: the cache holds code this process runs (the CPU backend links its
host objects in), so it is used only while the folder is this user's and
nobody else can write it (PrivateFolder.h): a folder owned by another user
or writable by group or others turns the cache off for the process, with
one warning naming the folder and why. The folders it makes are 0700."""

from __future__ import annotations

import ctypes
import os
import re
import stat
import warnings
from pathlib import Path
from typing import Optional

from . import _lib


def cache_dir() -> Optional[Path]:
    """The cache folder the environment names now, or None when the cache is
    off (WARPFORTH_CACHE=0, or the folder is refused as another user's or
    writable by group or others: a warning on stderr said so)."""
    d = _lib.lib().wf_cache_dir().decode()
    return Path(d) if d else None


def cache_stats() -> dict:
    """This process's compile-cache lookups: hits, misses (no entry, or its
    INCLUDEd files changed), stores (entries written) and corrupt (entries
    refused and rebuilt)."""
    s = _lib.CacheStats()
    _lib.lib().wf_cache_get_stats(ctypes.byref(s))
    return {name: getattr(s, name) for name, _ in _lib.CacheStats._fields_}


# What the cache writes, and nothing else: cache_clear removes these only
# (WARPFORTH_CACHE_DIR may name a folder that holds other files too).
_ENTRY_FOLDER = re.compile(r"[0-9a-f]{2}")
_ENTRY = re.compile(r"([0-9a-f]{32})\.wfc(\.tmp\..*)?")
_OWN_FILES = {
    "autotune": re.compile(r"[0-9a-f]{32}[.-].*"),
    "native": re.compile(r"replay-.*\.so|tmp.*\.so"),
}


def cache_clear() -> None:
    """Removes the cache's entries (compiled kernels, autotuning results and
    native builds): the files the cache wrote, by their names, and its
    subfolders once empty. Anything else in the folder is left alone."""
    d = cache_dir()
    if d is None or not d.is_dir():
        return
    for sub in os.scandir(d):
        if not sub.is_dir(follow_symlinks=False):
            continue
        if _ENTRY_FOLDER.fullmatch(sub.name):
            ours = lambda n, p=sub.name: (  # noqa: E731
                (m := _ENTRY.fullmatch(n)) is not None
                and m.group(1).startswith(p))
        elif sub.name in _OWN_FILES:
            ours = _OWN_FILES[sub.name].fullmatch
        else:
            continue
        for f in os.scandir(sub.path):
            if ours(f.name) and not f.is_dir(follow_symlinks=False):
                Path(f.path).unlink(missing_ok=True)
        try:
            os.rmdir(sub.path)   # only if nothing else is left in it
        except OSError:
            pass


def folder_problem(path: Path, *, follow: bool = True) -> Optional[str]:
    """Why the folder `path` may not hold what this process loads or trusts
    (the rules of bindings/load/PrivateFolder.h), or None when it may: it
    must be a folder of this user (effective uid) that group and others
    cannot write; `follow=False` also refuses a symbolic link. Nothing at
    `path` is None too."""
    try:
        st = os.stat(path) if follow else os.lstat(path)
    except FileNotFoundError:
        return None
    except OSError as e:
        return f"cannot be examined: {e.strerror}"
    if stat.S_ISLNK(st.st_mode):
        return "a symbolic link"
    if not stat.S_ISDIR(st.st_mode):
        return "not a folder"
    return _owner_problem(st)


def file_problem(path: Path) -> Optional[str]:
    """The same for a file this process loads (not a link, a regular file,
    this user's, not writable by group or others); None when it may."""
    try:
        st = os.lstat(path)
    except OSError as e:
        return f"cannot be examined: {e.strerror}"
    if not stat.S_ISREG(st.st_mode):
        return "not a regular file (a link, device or folder)"
    return _owner_problem(st)


def _owner_problem(st: os.stat_result) -> Optional[str]:
    me = os.geteuid()
    if st.st_uid != me:
        return f"owned by uid {st.st_uid}, not by this user (uid {me})"
    if st.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
        return (f"writable by group or others "
                f"(mode {stat.S_IMODE(st.st_mode):04o})")
    return None


class UntrustedPath(OSError):
    """A folder or file another user could write (folder_problem)."""


def private_folder(path: Path, *, follow: bool = True) -> Path:
    """Makes `path` and its missing parents with mode 0700, checks it
    afterwards (folder_problem: one made meanwhile by someone else is
    refused like any other) and returns it; raises UntrustedPath naming the
    folder and why."""
    path = Path(path)
    missing = []
    p = path
    while not os.path.lexists(p) and p != p.parent:
        missing.append(p)
        p = p.parent
    for p in reversed(missing):
        try:
            os.mkdir(p, 0o700)
        except FileExistsError:
            pass
    problem = folder_problem(path, follow=follow)
    if problem is None and not path.is_dir():
        problem = "not made"
    if problem is not None:
        raise UntrustedPath(f"the folder '{path}' is {problem}")
    return path


_warned: set = set()


def subfolder(name: str) -> Optional[Path]:
    """cache_dir() / name, made private (0700) if missing, or None when the
    cache is off or that folder is not to be trusted (one warning says
    why)."""
    d = cache_dir()
    if d is None:
        return None
    try:
        return private_folder(d / name)
    except OSError as e:
        if isinstance(e, UntrustedPath) and str(e) not in _warned:
            _warned.add(str(e))
            warnings.warn(f"warpforth: not using the cache's {name}/ "
                          f"folder: {e} (another user could write it)",
                          stacklevel=3)
        return None


def compiler_id() -> str:
    """'warpforth VERSION build BUILD-ID': the compiler build cache entries
    belong to."""
    return _lib.lib().wf_compiler_id().decode()
