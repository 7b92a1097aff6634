"""The `warpforthc` and `warpforth-run` commands of an installed package
(pyproject.toml's [project.scripts]): each replaces this process with its
launcher, warpforth/bin/NAME, a small program that runs the tool inside
libwarpforth.so (wf_tool_main), so the package carries one compiler."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from . import _lib


def _launcher(name: str) -> Path:
    here = Path(__file__).resolve().parent
    exe = here / "bin" / name
    if exe.is_file():
        return exe
    if _lib.in_checkout():
        # A checkout with PYTHONPATH=bindings/python: the built tool.
        sub = {"warpforthc": "warpforthc", "warpforth-run": "warpforth-run"}[name]
        builds = sorted(_lib.repo_root().glob(f"build*/tools/{sub}/{name}"),
                        key=lambda p: p.stat().st_mtime, reverse=True)
        if builds:
            return builds[0]
    sys.exit(f"{name}: {exe} is missing (is the warpforth package "
             "installed whole?)")


def _exec(name: str) -> None:
    exe = _launcher(name)
    sys.stdout.flush()
    os.execv(exe, [name] + sys.argv[1:])


def warpforthc() -> None:
    _exec("warpforthc")


def warpforth_run() -> None:
    _exec("warpforth-run")
