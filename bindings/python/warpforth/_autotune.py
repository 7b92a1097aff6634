"""Autotuning: one kernel, several sets of -D defines; the fastest set is
chosen on the first call for each key and reused from then on, in this
process and (through the cache folder) in the next ones.

    tuned = warpforth.autotune("scale.forth",
                               configs=[{"VPT": 1}, {"VPT": 4}],
                               key=["N"],
                               grid=lambda m: -(-m["N"] // (128 * m["VPT"])),
                               block=128)
    tuned(x, n, 2.5)          # times both on the first call for this N

- `kernel`: a .forth file (a path: str or os.PathLike), or source text (a
  str holding a newline).
- `configs`: dicts of defines, each merged over `defines`.
- `key`: param names; the key of a call is their values, a scalar's value
  or an array's shape (its length for buffers without one). A new key is
  tuned once.
- `grid`, `block`, `shared`: a value, or a function of `meta`, a dict of
  the kernel's constants (its `\\! const`s with the config's defines
  applied) and the call's arguments by param name (as Triton's grid
  functions).
- On a GPU each config that compiles is launched `warmup` times, then
  timed `rep` times (CUDA events around the kernel alone, as
  Kernel.time); the median decides. The winner is stored under the cache
  folder (warpforth.cache_dir() / "autotune"), one file per kernel,
  configs, key names and GPU name, so a new process does not time again;
  processes tuning other keys of one file merge their results under a
  lock (<file>.lock). A malformed file is ignored with a warning.
  Configs that fail to compile or launch are skipped.
- On the CPU backend timings say nothing about a GPU, so nothing is timed
  and the first config that compiles is used (deterministic, nothing
  stored); timing=True times there too (tests do). WARPFORTH_AUTOTUNE=0
  turns timing off everywhere.
- Timing runs the kernel on the call's own arguments several times: name
  in `restore` the array params a kernel updates in place (they are copied
  before and put back after timing).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import statistics
import sys
import tempfile
import warnings
from pathlib import Path
from typing import Any, Optional, Sequence, Union

from . import _cache
from ._device import Device, _resolve
from ._kernel import Kernel
from ._lib import WarpForthError


def _is_source(kernel: Any) -> bool:
    return isinstance(kernel, str) and "\n" in kernel


def _key_part(v: Any) -> Any:
    shape = getattr(v, "shape", None)
    if shape is not None and not isinstance(v, (int, float)):
        return [int(d) for d in shape]
    if isinstance(v, (bool, int)):
        return int(v)
    if isinstance(v, float):
        return v
    try:
        return len(v)
    except TypeError:
        return repr(v)


def _key_hashable(v: Any) -> Any:
    shape = getattr(v, "shape", None)
    if shape is not None and not isinstance(v, (int, float)):
        return tuple(shape)
    if isinstance(v, (bool, int, float)):
        return v
    try:
        return ("len", len(v))
    except TypeError:
        return repr(v)


class Autotuner:
    """What warpforth.autotune returns: call it like a Kernel (arguments in
    signature order or by name, plus stream=)."""

    def __init__(self, kernel: Union[str, os.PathLike], configs: Sequence[dict],
                 key: Sequence[str], *, grid: Any = 1, block: Any = 1,
                 shared: Any = 0, defines: Optional[dict] = None,
                 float: Optional[str] = None, arch: Optional[str] = None,
                 include_dirs: Optional[list] = None, name: str = "<source>",
                 device: Any = "auto", timing: Optional[bool] = None,
                 warmup: int = 1, rep: int = 5, restore: Sequence[str] = ()):
        if not configs:
            raise ValueError("autotune: configs is empty")
        self.configs = [dict(c) for c in configs]
        self.key = list(key)
        self._source = _is_source(kernel)
        self._kernel = kernel if self._source else os.fspath(kernel)
        self._name = name
        self._grid, self._block, self._shared = grid, block, shared
        self._defines = dict(defines or {})
        self._float, self._arch, self._include_dirs = float, arch, include_dirs
        self._device_arg = device
        self._timing = timing
        self._warmup, self._rep = max(0, warmup), max(1, rep)
        self._restore = list(restore)
        self._dev: Optional[Device] = None
        self._kernels: dict[int, Optional[Kernel]] = {}
        self._const_cache: dict[int, dict] = {}
        self._best: dict[str, int] = {}
        # The same choices by hashable key (shapes as tuples), and the
        # param names and key positions: the call path for known keys.
        self._known: dict[tuple, int] = {}
        self._fast: Optional[tuple] = None
        # What happened per key: 'timed', 'loaded' (from the cache folder)
        # or 'first' (no timing); tests and curious users read these.
        self.decisions: dict[str, str] = {}
        self.timings: dict[str, list] = {}  # key -> median us per config

    # ---- compiling --------------------------------------------------

    @property
    def device(self) -> Device:
        if self._dev is None:
            self._dev = _resolve(self._device_arg)
        return self._dev

    def _compile(self, i: int) -> Kernel:
        defines = {**self._defines, **self.configs[i]}
        kw = dict(defines=defines, float=self._float, device=self.device,
                  arch=self._arch, include_dirs=self._include_dirs)
        if self._source:
            return Kernel.from_source(self._kernel, name=self._name, **kw)
        return Kernel.from_file(self._kernel, **kw)

    def kernel(self, i: int) -> Optional[Kernel]:
        """Config i's kernel, compiled once; None if it does not compile."""
        if i not in self._kernels:
            try:
                self._kernels[i] = self._compile(i)
            except WarpForthError:
                self._kernels[i] = None
        return self._kernels[i]

    def _consts(self, i: int) -> dict:
        c = self._const_cache.get(i)
        if c is None:
            c = {**self._defines, **self.configs[i], **self.kernel(i).consts}
            self._const_cache[i] = c
        return c

    def _any_kernel(self) -> Kernel:
        for i in range(len(self.configs)):
            k = self.kernel(i)
            if k is not None:
                return k
        # Every config fails: show the first one's error.
        return self._compile(0)

    # ---- calling ----------------------------------------------------

    def _bind(self, k: Kernel, args: Sequence[Any], named: dict,
              partial: bool = False) -> dict:
        names = [p.name for p in k.params]
        if len(args) > len(names):
            raise TypeError(f"kernel '{k.name}' takes {len(names)} params; "
                            f"got {len(args)} arguments")
        values = dict(zip(names, args))
        for n, v in named.items():
            if n not in names:
                raise TypeError(f"kernel '{k.name}' has no param '{n}'")
            if n in values:
                raise TypeError(f"param '{n}' given twice")
            values[n] = v
        missing = [n for n in names if n not in values
                   and (not partial or n in self.key)]
        if missing:
            raise TypeError(f"kernel '{k.name}': no value for "
                            + ", ".join(missing))
        for n in self.key + self._restore:
            if n not in names:
                raise ValueError(f"autotune: '{n}' is not a param of "
                                 f"kernel '{k.name}' ({', '.join(names)})")
        return values

    def _launch_args(self, i: int, values: dict) -> dict:
        # The kernel's constants (its `\! const`s after the defines) and
        # the arguments.
        meta = {**self._consts(i), **values}
        out = {}
        for what, v in (("grid", self._grid), ("block", self._block),
                        ("shared", self._shared)):
            out[what] = v(meta) if callable(v) else v
        return out

    def best_config(self, *args: Any, **named: Any) -> dict:
        """The config that calls with these arguments use: the key params
        are enough when it is known; a new key needs them all (to time)."""
        values = self._bind(self._any_kernel(), args, named, partial=True)
        if self._key_of(values) not in self._best:
            values = self._bind(self._any_kernel(), args, named)
        return self.configs[self._choose(values)]

    def __call__(self, *args: Any, stream: Any = None, **named: Any) -> None:
        fast = self._fast
        if fast is not None and not named and len(args) == len(fast[0]):
            # A known key, all arguments by position: one dict lookup.
            names, key_index = fast
            i = self._known.get(tuple(_key_hashable(args[j])
                                      for j in key_index))
            if i is not None:
                values = dict(zip(names, args))
                self.kernel(i)(*args, stream=stream,
                               **self._launch_args(i, values))
                return
        values = self._bind(self._any_kernel(), args, named)
        i = self._choose(values)
        self._run(i, values, stream=stream)

    def _run(self, i: int, values: dict, timed: bool = False,
             stream: Any = None) -> Optional[float]:
        k = self.kernel(i)
        # Positional, in signature order: the Kernel's fast launch path.
        ordered = [values[p.name] for p in k.params]
        launch = self._launch_args(i, values)
        if timed:
            return k.time(*ordered, **launch)
        k(*ordered, stream=stream, **launch)
        return None

    # ---- choosing ---------------------------------------------------

    def _key_of(self, values: dict) -> str:
        return json.dumps([_key_part(values[n]) for n in self.key])

    def _timing_on(self) -> bool:
        if os.environ.get("WARPFORTH_AUTOTUNE", "1").lower() in (
                "0", "off", "false", "no"):
            return False
        if self._timing is not None:
            return self._timing
        return self.device.is_gpu

    def _choose(self, values: dict) -> int:
        key = self._key_of(values)
        i = self._best.get(key)
        if i is None:
            i = self._decide(key, values)
            self._best[key] = i
        self._known[tuple(_key_hashable(values[n]) for n in self.key)] = i
        if self._fast is None:
            names = [p.name for p in self._any_kernel().params]
            self._fast = (names, [names.index(n) for n in self.key])
        return i

    def _decide(self, key: str, values: dict) -> int:
        if not self._timing_on():
            i = next((j for j in range(len(self.configs))
                      if self.kernel(j) is not None), None)
            if i is None:
                self._compile(0)  # raises the first config's error
            self.decisions[key] = "first"
        else:
            i = self._load(key)
            if i is not None:
                self.decisions[key] = "loaded"
            else:
                i = self._tune(key, values)
                self.decisions[key] = "timed"
        return i

    def _tune(self, key: str, values: dict) -> int:
        saved = {n: _copy(values[n]) for n in self._restore}
        times: list = []
        try:
            for i in range(len(self.configs)):
                k = self.kernel(i)
                if k is None:
                    times.append(None)
                    continue
                try:
                    for _ in range(self._warmup):
                        self._run(i, values)
                    runs = [self._run(i, values, timed=True)
                            for _ in range(self._rep)]
                except (WarpForthError, ValueError):
                    # A config the launch refuses (too much shared memory,
                    # too many threads): not a candidate.
                    times.append(None)
                    continue
                times.append(statistics.median(runs))
        finally:
            for n, copy in saved.items():
                _restore(values[n], copy)
        self.timings[key] = times
        candidates = [(t, i) for i, t in enumerate(times) if t is not None]
        if not candidates:
            raise WarpForthError(
                f"autotune: none of the {len(self.configs)} configs could be "
                "compiled and launched; run one alone (kernel(i)) to see why")
        best = min(candidates)[1]
        self._save(key, best, times)
        return best

    # ---- the cache folder -------------------------------------------

    def _file(self) -> Optional[Path]:
        d = _cache.subfolder("autotune")   # private (0700), else None
        if d is None:
            return None
        if self._source:
            text, where = self._kernel, self._name
        else:
            try:
                # Bytes, decoded leniently: the compiler takes any bytes in
                # comments (a Latin-1 byte there must not stop tuning).
                text = Path(self._kernel).read_bytes().decode(
                    "utf-8", errors="surrogateescape")
            except OSError:
                return None
            where = str(Path(self._kernel).resolve())
        ident = json.dumps({
            "kernel": text, "where": where, "configs": self.configs,
            "key": self.key, "defines": self._defines, "float": self._float,
            "arch": self._arch, "include_dirs": [os.fspath(p) for p in
                                                 self._include_dirs or []],
            "compiler": _cache.compiler_id(), "device": self.device.name,
        }, sort_keys=True, default=str)
        digest = hashlib.sha256(ident.encode()).hexdigest()[:32]
        return d / f"{digest}.json"

    def _read(self, path: Path, warn: bool = True) -> dict:
        """The results file's contents, checked (_valid_results); {} where
        it is missing, or malformed (with one warning naming it, where
        `warn`): the keys are then tuned again."""
        try:
            text = path.read_bytes()
        except OSError:
            return {}  # missing or unreadable: tune again
        try:
            data = json.loads(text)
        except (ValueError, RecursionError):  # not JSON, or nested too deep
            data = None
        if _valid_results(data):
            return data
        if warn:
            warnings.warn(f"warpforth.autotune: ignoring the malformed "
                          f"results file {path} (its keys are tuned again)",
                          RuntimeWarning, stacklevel=2)
        return {}

    def _load(self, key: str) -> Optional[int]:
        path = self._file()
        if path is None:
            return None
        entry = self._read(path).get("results", {}).get(key)
        if entry is None:
            return None
        i = entry["index"]
        if (not 0 <= i < len(self.configs)
                or entry["config"] != json.loads(
                    json.dumps(self.configs[i], default=str))
                or self.kernel(i) is None):
            return None
        self.timings[key] = entry["times_us"]
        return i

    def _save(self, key: str, best: int, times: list) -> None:
        """Adds this key's result to the results file: under a lock on
        <file>.lock (other processes tuning other keys of the same file
        merge theirs in turn), re-reading the file under it, written whole
        (a temporary file renamed over the old one)."""
        path = self._file()
        if path is None:
            return
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            with _locked(path.with_name(path.name + ".lock")):
                data = self._read(path, warn=False)
                data.setdefault("device", self.device.name)
                data.setdefault("kernel", self._name if self._source
                                else self._kernel)
                data.setdefault("results", {})[key] = {
                    "index": best, "config": self.configs[best],
                    "times_us": times}
                fd, tmp = tempfile.mkstemp(dir=path.parent,
                                           prefix=path.name + ".tmp.")
                try:
                    with os.fdopen(fd, "w") as f:
                        json.dump(data, f, indent=1, sort_keys=True,
                                  default=str)
                    os.replace(tmp, path)
                except BaseException:
                    os.unlink(tmp)
                    raise
        except OSError:
            pass  # a cache that cannot be written costs a retune, no more


@contextlib.contextmanager
def _locked(lock: Path):
    """An exclusive lock (flock) on the file `lock`, made where missing;
    without fcntl (Windows) no lock."""
    try:
        import fcntl
    except ImportError:
        yield
        return
    fd = os.open(lock, os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0),
                 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)   # releases the lock


def _is_int(v: Any) -> bool:
    return type(v) is int


def _valid_results(data: Any) -> bool:
    """Whether `data` (a results file's JSON) has the shape _save writes:
    {"device": str, "kernel": str, "results": {key: {"index": int,
    "config": {...}, "times_us": [number or null, ...]}}}."""
    if not isinstance(data, dict):
        return False
    for name in ("device", "kernel"):
        if name in data and not isinstance(data[name], str):
            return False
    results = data.get("results", {})
    if not isinstance(results, dict):
        return False
    for entry in results.values():
        if not (isinstance(entry, dict) and _is_int(entry.get("index"))
                and isinstance(entry.get("config"), dict)
                and isinstance(entry.get("times_us"), list)
                and all(t is None or type(t) in (int, float)
                        for t in entry["times_us"])):
            return False
    return True


def _copy(v: Any) -> Any:
    torch = sys.modules.get("torch")
    if torch is not None and isinstance(v, torch.Tensor):
        return v.clone()
    if hasattr(v, "copy"):
        return v.copy()
    return bytes(memoryview(v))


def _restore(v: Any, saved: Any) -> None:
    torch = sys.modules.get("torch")
    if torch is not None and isinstance(v, torch.Tensor):
        v.copy_(saved)
    elif hasattr(v, "__array_interface__"):
        import numpy as np
        np.copyto(v, saved)
    else:
        memoryview(v).cast("B")[:] = saved


def autotune(kernel: Union[str, os.PathLike], configs: Sequence[dict],
             key: Sequence[str], **options: Any) -> Autotuner:
    """An Autotuner for `kernel` (a .forth path, or source text) over
    `configs` (dicts of defines), tuned per value of the `key` params; see
    the module's doc for the options (grid, block, shared, defines, float,
    arch, include_dirs, name, device, timing, warmup, rep, restore)."""
    return Autotuner(kernel, configs, key, **options)
