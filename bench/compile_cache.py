#!/usr/bin/env python3
"""What the compile cache saves: the first call of an op in a new process
(compile, or load from the cache), the calls after it in the same process,
and a new process that finds the cache filled. Each case runs in its own
process with its own WARPFORTH_CACHE_DIR (a temporary folder).

    python3 bench/compile_cache.py                 # GPU if there is one
    python3 bench/compile_cache.py --device cpu    # the CPU backend

Runs from the checkout (PYTHONPATH=bindings/python, WARPFORTH_LIB=...) or
from an installed package (pip install; tools/gpu-check.sh wheel)."""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import textwrap

CHILD = r"""
import json, sys, time
t0 = time.perf_counter()
import numpy as np
import warpforth
from warpforth import ops
device, op = sys.argv[1], sys.argv[2]
t_import = time.perf_counter() - t0
dev = warpforth.device(device)
if dev.is_gpu:
    import torch
    x = torch.randn(8, 1024, device="cuda")
    q = torch.randn(1, 4, 256, 64, device="cuda")
    sync = torch.cuda.synchronize
else:
    x = np.random.default_rng(0).standard_normal((8, 1024)).astype(np.float32)
    q = np.random.default_rng(0).standard_normal((1, 4, 64, 64)).astype(np.float32)
    sync = lambda: None
sync()
call = {"softmax": lambda: ops.softmax(x),
        "flash_attention": lambda: ops.flash_attention(q, q, q, causal=True)}[op]
t = time.perf_counter(); call(); sync(); first = time.perf_counter() - t
times = []
for _ in range(50):
    t = time.perf_counter(); call(); sync(); times.append(time.perf_counter() - t)
times.sort()
print(json.dumps({"device": dev.name, "import_s": t_import, "first_s": first,
                  "warm_s": times[len(times) // 2],
                  "stats": warpforth.cache_stats()}))
"""


def child(device: str, op: str, cache: str, enabled: bool = True) -> dict:
    env = dict(os.environ, WARPFORTH_CACHE_DIR=cache)
    if not enabled:
        env["WARPFORTH_CACHE"] = "0"
    r = subprocess.run([sys.executable, "-c", CHILD, device, op], env=env,
                       capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(f"compile_cache.py: the child failed:\n{r.stderr}")
    return json.loads(r.stdout.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--device", default="auto", choices=["auto", "gpu", "cpu"])
    ap.add_argument("--op", action="append",
                    choices=["softmax", "flash_attention"])
    args = ap.parse_args()
    ops = args.op or ["softmax", "flash_attention"]
    with tempfile.TemporaryDirectory(prefix="wf-cache-bench-") as tmp:
        for op in ops:
            cache = os.path.join(tmp, op)
            off = child(args.device, op, cache, enabled=False)
            cold = child(args.device, op, cache)
            warm = child(args.device, op, cache)
            print(f"{op} on {cold['device']}:")
            rows = [
                ("new process, cache off (compiles)", off["first_s"], off),
                ("new process, empty cache (compiles, stores)",
                 cold["first_s"], cold),
                ("same process, later calls (median)", cold["warm_s"], cold),
                ("new process, cache filled (loads)", warm["first_s"], warm),
            ]
            for what, s, d in rows:
                st = d["stats"]
                print(f"  {what:45s} {s * 1e3:9.2f} ms   cache hits "
                      f"{st['hits']} misses {st['misses']} stores "
                      f"{st['stores']}")
            print(f"  (import warpforth, numpy: {warm['import_s'] * 1e3:.0f} ms;"
                  f" the first call also opens the device)")
            print(textwrap.indent(
                f"first call: {cold['first_s'] / warm['first_s']:.1f}x faster"
                " with the cache filled", "  "))


if __name__ == "__main__":
    main()
