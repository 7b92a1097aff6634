"""The ops' tunables: one frozen config object per op (in the spirit of
Triton's `Config`), holding every knob with its default.

    from warpforth import ops
    cfg = ops.config("softmax").replace(pipe=False)
    ops.configure(softmax=cfg)                 # from now on
    with ops.tuned(softmax=cfg): ...           # for a block, then back
    with ops.tuned(softmax={"pipe": False}):   # the same: changes to the
        ...                                    # current config

A config is a frozen dataclass (Config below): its values are checked on
construction (types; dicts kept read-only, lists as tuples), replace()
makes a changed copy, key() is its hashable value. Each op reads its
current config once a call (get); the plans an op caches (ops/_common.py
start) are keyed by its config's id, an int interned per distinct key, so
a config set again finds the plans made under it before. The native
path's C++ plans (ops/native_replay.cpp) are keyed by the id of the
combination of every op's current config (combination_id), which
on_change hands over: nothing is cleared when a config changes.

The op modules' old upper-case settings (`_softmax.PIPE = False`) are
gone: assigning or reading one raises an AttributeError that names the
knob and says how to set it (guard)."""

from __future__ import annotations

import contextlib
import dataclasses
import numbers
import sys
import types
import typing
from collections.abc import Mapping
from typing import Any, Callable, ClassVar, Iterator

# op name -> its config class, and its current config.
_classes: dict = {}
_current: dict = {}
# key() -> id, and (op ids in op-name order) -> combination id.
_ids: dict = {}
_combinations: dict = {}
_combination = 0
_watchers: list = []


def knobs(op: str) -> Callable[[type], type]:
    """The decorator of an op's config class (a Config subclass whose
    fields are its knobs, each with its default and its comment): a
    frozen dataclass for the op `op` (its name in configure and tuned)."""
    def make(cls: type) -> type:
        cls.op = op
        return dataclasses.dataclass(frozen=True, eq=False)(cls)
    return make


def field(default: Any) -> Any:
    """A knob whose default is a dict (kept read-only, as every dict
    knob): dataclasses take no mutable default."""
    return dataclasses.field(default_factory=lambda: dict(default))


class Config:
    """The base of an op's config (see knobs): equal, and hashing alike,
    where key() is; `id` the int interned for that key."""

    op: ClassVar[str] = ""

    def __post_init__(self) -> None:
        hints = _hints(type(self))
        parts = [self.op]
        for f in dataclasses.fields(self):
            value = _checked(self.op, f.name, getattr(self, f.name),
                             hints[f.name])
            object.__setattr__(self, f.name, value)
            parts.append(_hashable(value))
        key = tuple(parts)
        object.__setattr__(self, "_key", key)
        object.__setattr__(self, "id", _ids.setdefault(key, len(_ids)))

    def key(self) -> tuple:
        """The config's value as a hashable tuple: the op, then each field
        (dicts as sorted (name, value) tuples)."""
        return self._key

    def __eq__(self, other: Any) -> bool:
        return type(other) is type(self) and other._key == self._key

    def __hash__(self) -> int:
        return hash(self._key)

    def replace(self, **changes: Any) -> "Config":
        """A copy with `changes` (knob=value), checked as on construction;
        a name that is no knob of this op is a TypeError naming it."""
        names = {f.name for f in dataclasses.fields(self)}
        for name in changes:
            if name not in names:
                raise TypeError(
                    f"{type(self).__name__}: '{name}' is no knob of the "
                    f"{self.op} op; its knobs: {', '.join(sorted(names))}")
        return dataclasses.replace(self, **changes)

    @classmethod
    def variants(cls) -> Iterator[tuple[str, dict]]:
        """(kernel file under kernels/, -D dict) pairs: every kernel and
        -D set the op compiles under its configs, and those a sweep or
        bench may select (test/check_kernels.py compiles each)."""
        return iter(())


def _hints(cls: type) -> dict:
    hints = getattr(cls, "_resolved_hints", None)
    if hints is None or hints[0] is not cls:
        hints = (cls, typing.get_type_hints(cls))
        cls._resolved_hints = hints
    return hints[1]


def _describe(hint: Any) -> str:
    if isinstance(hint, type) and not typing.get_args(hint):
        return hint.__name__
    return str(hint).replace("typing.", "")


def _checked(op: str, name: str, value: Any, hint: Any) -> Any:
    """`value` as the knob keeps it: checked against its annotation
    (bool, int, float, str, Optional, Literal, tuple[...], dict[...]),
    a dict as a read-only copy, a list or tuple as a tuple. TypeError
    naming the op and the knob otherwise."""
    def bad() -> TypeError:
        return TypeError(f"{op} config: {name}: expected {_describe(hint)}, "
                         f"got {type(value).__name__} {value!r}")
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if hint is Any:
        return value
    if origin in (typing.Union, types.UnionType):
        if value is None and type(None) in args:
            return None
        for a in args:
            if a is type(None):
                continue
            try:
                return _checked(op, name, value, a)
            except TypeError:
                pass
        raise bad()
    if origin is typing.Literal:
        if value in args and type(value) in {type(a) for a in args}:
            return value
        raise bad()
    if hint is bool:
        if type(value) is not bool:
            raise bad()
        return value
    if hint is int:
        if isinstance(value, bool) or not isinstance(value, numbers.Integral):
            raise bad()
        return int(value)
    if hint is float:
        if isinstance(value, bool) or not isinstance(value, numbers.Real):
            raise bad()
        return float(value)
    if hint is str:
        if not isinstance(value, str):
            raise bad()
        return value
    if origin is tuple or hint is tuple:
        if not isinstance(value, (tuple, list)):
            raise bad()
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_checked(op, f"{name}[{i}]", v, args[0])
                         for i, v in enumerate(value))
        return tuple(value)
    if origin in (dict, Mapping) or hint in (dict, Mapping):
        if not isinstance(value, Mapping):
            raise bad()
        kt, vt = args if len(args) == 2 else (Any, Any)
        return types.MappingProxyType({
            _checked(op, f"{name} key", k, kt):
                _checked(op, f"{name}[{k!r}]", v, vt)
            for k, v in value.items()})
    raise TypeError(f"{op} config: {name}: annotation {hint!r} is not one "
                    "_config checks")


def _hashable(value: Any) -> Any:
    if isinstance(value, Mapping):
        return tuple(sorted(((k, _hashable(v)) for k, v in value.items()),
                            key=repr))
    if isinstance(value, tuple):
        return tuple(_hashable(v) for v in value)
    return value


def register(cls: type, module: str) -> None:
    """Makes `cls` (a Config subclass) its op's config, its defaults the
    current one, and guards `module` (the op's module, by name) against
    the old upper-case settings."""
    _classes[cls.op] = cls
    _current[cls.op] = cls()
    _recombine()
    guard(sys.modules[module], cls)


def get(op: str) -> Config:
    """The op's current config (what its calls read)."""
    return _current[op]


def _cls(op: str) -> type:
    cls = _classes.get(op)
    if cls is None:
        raise TypeError(f"'{op}' is no op with a config; the ops: "
                        f"{', '.join(sorted(_classes))}")
    return cls


def _resolve(op: str, value: Any) -> Config:
    cls = _cls(op)
    if isinstance(value, Mapping):
        return _current[op].replace(**value)
    if type(value) is not cls:
        raise TypeError(f"{op}: expected a {cls.__name__} (or a dict of "
                        f"knob changes), got {type(value).__name__}")
    return value


def configure(**configs: Any) -> None:
    """Sets ops' current configs: configure(softmax=SoftmaxConfig(...)),
    or a dict of knob changes to the current one
    (configure(softmax={"pipe": False}))."""
    new = {op: _resolve(op, v) for op, v in configs.items()}
    _current.update(new)
    _recombine()


@contextlib.contextmanager
def tuned(**configs: Any) -> Iterator[None]:
    """configure(**configs) for a `with` block; the previous configs of
    those ops come back on its exit. (Process-wide, as configure is: not
    a per-thread setting.)"""
    for op in configs:
        _cls(op)
    saved = {op: _current[op] for op in configs}
    configure(**configs)
    try:
        yield
    finally:
        _current.update(saved)
        _recombine()


def _recombine() -> None:
    """Interns the combination of every op's current config id and tells
    the watchers (the native path) when it changed."""
    global _combination
    ids = tuple(_current[op].id for op in sorted(_current))
    combination = _combinations.setdefault(ids, len(_combinations))
    if combination != _combination:
        _combination = combination
        for tell in _watchers:
            tell(combination)


def combination_id() -> int:
    """The id of every op's current config together: the same configs,
    the same id."""
    return _combination


def on_change(tell: Callable[[int], Any]) -> None:
    """Calls tell(combination id) whenever the combination changes."""
    _watchers.append(tell)


class _Guarded(types.ModuleType):
    """An op module: its old upper-case settings, now knobs of its config,
    raise when assigned or read, naming the way to set them."""

    _config_class: Any = None

    def _stale(self, name: str) -> AttributeError:
        cls = self._config_class
        knob = name.lower()
        return AttributeError(
            f"{self.__name__}.{name} is no module setting any more: it is "
            f"the knob '{knob}' of {cls.__name__}; set it with "
            f"ops.configure({cls.op}=ops.config('{cls.op}').replace("
            f"{knob}=...)) or `with ops.tuned({cls.op}={{'{knob}': ...}}):`")

    def _is_knob(self, name: str) -> bool:
        cls = self._config_class
        return (cls is not None and name.isupper() and
                name.lower() in {f.name for f in dataclasses.fields(cls)})

    def __setattr__(self, name: str, value: Any) -> None:
        if self._is_knob(name):
            raise self._stale(name)
        super().__setattr__(name, value)

    def __getattr__(self, name: str) -> Any:
        if self._is_knob(name):
            raise self._stale(name)
        raise AttributeError(f"module '{self.__name__}' has no attribute "
                             f"'{name}'")


def guard(module: types.ModuleType, cls: type) -> None:
    module.__class__ = _Guarded
    module.__dict__["_config_class"] = cls
