#!/usr/bin/env python3
"""The warpforth package's modules import each other in one direction only:
no cycle, counting every import (at module level and inside functions: a
lazy import is still a dependency, it only moves the failure to the first
call). Prints each cycle found, then 'N passed, M failed' (one check per
module: whether it is on a cycle) and exits non-zero when any is.
Usage: check_python_imports.py PACKAGE_DIR   (bindings/python/warpforth)"""
import ast
import sys
from pathlib import Path


def module_name(pkg: Path, path: Path) -> str:
    rel = path.relative_to(pkg.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports(pkg: Path, path: Path, modules: set) -> set:
    """The package modules `path` imports (names resolved to modules: `from
    . import _common` and `from ._common import x` both name _common)."""
    me = module_name(pkg, path)
    here = me if path.name == "__init__.py" else me.rpartition(".")[0]
    out = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = here.split(".")
                up = up[:len(up) - (node.level - 1)]
                base = ".".join(up + ([base] if base else []))
            names = [base] + [f"{base}.{a.name}" for a in node.names]
        else:
            continue
        for n in names:
            while n and n not in modules:
                n = n.rpartition(".")[0]
            # A package's __init__ is what `from pkg import x` runs first;
            # a module never depends on the package it lives in that way.
            if n and n != me and not me.startswith(n + "."):
                out.add(n)
    return out


def main() -> int:
    pkg = Path(sys.argv[1]).resolve()
    files = sorted(pkg.rglob("*.py"))
    modules = {module_name(pkg, f) for f in files}
    graph = {module_name(pkg, f): imports(pkg, f, modules) for f in files}
    # Tarjan's strongly connected components: a component of more than one
    # module (or a module importing itself) is a cycle.
    index, low, stack, on, cycles = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                cycles.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for v in sorted(graph):
        if v not in index:
            visit(v)
    on_cycle = {m for c in cycles for m in c}
    for c in cycles:
        edges = [f"{a} -> {b}" for a in c for b in sorted(graph[a]) if b in c]
        print("import cycle among " + ", ".join(c) + ":\n    " +
              "\n    ".join(edges))
    print(f"{len(graph) - len(on_cycle)} passed, {len(on_cycle)} failed")
    return 1 if on_cycle else 0


if __name__ == "__main__":
    sys.exit(main())
