#!/usr/bin/env python3
"""The folders depend on each other in one direction only:

    common/  <-  runtime/  <-  bindings/
    common/  <-  compiler/ <-  bindings/

common/ is the vocabulary both halves share (no LLVM, no CUDA); the runtime
must build without the compiler (GPU machines have no LLVM) and the compiler
must not need the runtime. Every #include in those folders is checked against
the rules below. Prints each violation, then 'N passed, M failed' (one check
per source file) and exits non-zero when any file breaks a rule.
Usage: check_layering.py REPO_ROOT"""
import re
import sys
from pathlib import Path

# folder -> what its files may not include (include paths are rooted at the
# repository: "runtime/Device.h"; system headers by their <name>).
FORBIDDEN = {
    "common": ["compiler/", "runtime/", "bindings/", "llvm/", "cuda.h"],
    "runtime": ["compiler/", "bindings/", "llvm/"],
    "compiler": ["runtime/", "bindings/"],
}
SOURCES = {".h", ".hpp", ".c", ".cpp", ".def", ".inc"}
INCLUDE = re.compile(r'^\s*#\s*include\s*[<"]([^>"]+)[>"]')

root = Path(sys.argv[1])
passed = failed = 0
for folder, banned in FORBIDDEN.items():
    files = sorted(p for p in (root / folder).rglob("*")
                   if p.suffix in SOURCES and p.is_file())
    if not files:
        print(f"no sources under {folder}/")
        failed += 1
        continue
    for path in files:
        bad = []
        for lineno, line in enumerate(path.read_text(errors="replace")
                                      .splitlines(), 1):
            m = INCLUDE.match(line)
            if not m:
                continue
            target = m.group(1)
            # "../compiler/x.h" escapes the rooted include style: resolve it.
            if target.startswith("."):
                resolved = (path.parent / target).resolve()
                if resolved.is_relative_to(root.resolve()):
                    target = str(resolved.relative_to(root.resolve()))
            for ban in banned:
                # A folder bans everything under it; a header only itself.
                if (target.startswith(ban) if ban.endswith("/")
                        else target == ban):
                    bad.append(f"{path.relative_to(root)}:{lineno}: "
                               f"{folder}/ must not include {m.group(1)}")
        for b in bad:
            print(b)
        if bad:
            failed += 1
        else:
            passed += 1

print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
