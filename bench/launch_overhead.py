#!/usr/bin/env python3
"""What a launch from Python costs, per call (host time, microseconds; the
GPU keeps up with these tiny kernels, so this is the time the host spends):

- warpforth: a tiny kernel through Kernel.__call__; its argument packing
  alone (Kernel._pack); the C launch alone (wf_kernel_launch_packed with a
  packed buffer made once); ops.softmax and ops.top_k_mask on a small
  tensor, whole and with the launch stubbed out (the op's Python work
  alone: its cached plan, ops/_common.py);
- torch in the same process: SDPA on a tiny shape, a torch.add;
- Triton, when it is installed: a tiny @triton.jit kernel's launch.

    python3 bench/launch_overhead.py        # GPU with torch; else the CPU backend

On the CPU backend (numpy arrays) it reports the Python-side parts only
(pack, op without launch): a CPU launch runs the kernel before it returns."""

from __future__ import annotations

import statistics
import sys
import time
from typing import Callable

import warpforth
from warpforth import ops
from warpforth.ops import _common

TINY = r"""\! kernel tiny
\! float f32
\! param X f32[N]
\! param N i64
GLOBAL-ID DUP N < IF  FLOATS X +  DUP F@ 1.0e0 F+  SWAP F!  ELSE DROP THEN
"""


def per_call_us(fn: Callable[[], object], sync: Callable[[], None],
                n: int = 2000, rounds: int = 7) -> float:
    for _ in range(50):
        fn()
    sync()
    results = []
    for _ in range(rounds):
        t = time.perf_counter()
        for _ in range(n):
            fn()
        sync()
        results.append((time.perf_counter() - t) / n * 1e6)
    return statistics.median(results)


def stub_launches() -> list:
    """Replaces the C launch of every compiled op kernel with a no-op (and
    forgets the ops' cached plans, whose launches hold the real one);
    returns what undo() needs."""
    saved = []
    for k in _common._kernels.values():
        saved.append((k, k._launch_packed, k._launch_raw))
        k._launch_packed = k._launch_raw = lambda *a: 0
    _common.clear_plans()
    return saved


def undo(saved: list) -> None:
    for k, f, raw in saved:
        k._launch_packed, k._launch_raw = f, raw
    _common.clear_plans()


def main() -> None:
    torch = None
    try:
        import torch
    except ImportError:
        pass
    gpu = torch is not None and torch.cuda.is_available() and \
        warpforth.gpu_available()
    rows = []
    if gpu:
        dev = warpforth.device("gpu")
        sync = torch.cuda.synchronize
        x = torch.zeros(256, device="cuda")
        small = torch.randn(4, 64, device="cuda")
        out = torch.empty_like(small)
    else:
        import numpy as np
        dev = warpforth.device("cpu")
        sync = lambda: None  # noqa: E731
        x = np.zeros(256, np.float32)
        small = np.random.default_rng(0).standard_normal((4, 64)).astype(
            np.float32)
        out = np.empty_like(small)
    print(f"device: {dev.name}; warpforth {warpforth.__version__}; "
          f"python {sys.version.split()[0]}"
          + (f"; torch {torch.__version__}" if torch is not None else ""))

    k = warpforth.Kernel.from_source(TINY, device=dev)
    call = lambda: k(x, 256, grid=1, block=256)  # noqa: E731
    call()  # (the first launch of a numpy dtype takes the general path)
    packed = k._pack((x, 256), 1, 256, 0, None)
    assert packed is not None
    launch = k._launch_packed
    h = k._handle
    if gpu:
        rows.append(("warpforth tiny kernel, k(x, n, grid=, block=)",
                     per_call_us(call, sync)))
        rows.append(("  of which the C launch (packed once)",
                     per_call_us(lambda: launch(h, packed, 2, 0), sync)))
    rows.append(("  of which packing the arguments (Kernel._pack)",
                 per_call_us(lambda: k._pack((x, 256), 1, 256, 0, None),
                             sync)))
    ops.softmax(small, out=out)
    ops.softmax(small)
    ops.top_k_mask(small, 5, out=out)
    built = _common.plan_stats["built"]
    if gpu:
        rows.append(("ops.softmax 4x64, out=", per_call_us(
            lambda: ops.softmax(small, out=out), sync)))
        rows.append(("ops.softmax 4x64 (allocates its output)", per_call_us(
            lambda: ops.softmax(small), sync)))
        rows.append(("ops.top_k_mask 4x64 k=5, out=", per_call_us(
            lambda: ops.top_k_mask(small, 5, out=out), sync)))
    # The timed calls ran the plans the calls above made (ops/_common.py):
    # none was built while timing.
    assert _common.plan_stats["built"] == built, _common.plan_stats
    saved = stub_launches()
    try:
        rows.append(("ops.softmax 4x64, out=, launch stubbed (Python only)",
                     per_call_us(lambda: ops.softmax(small, out=out), sync)))
        rows.append(("ops.softmax 4x64, launch stubbed (Python + alloc)",
                     per_call_us(lambda: ops.softmax(small), sync)))
        rows.append(("ops.top_k_mask 4x64 k=5, out=, launch stubbed",
                     per_call_us(lambda: ops.top_k_mask(small, 5, out=out),
                                 sync)))
    finally:
        undo(saved)
    if gpu:
        F = torch.nn.functional
        q = torch.randn(1, 1, 64, 64, device="cuda", dtype=torch.bfloat16)
        rows.append(("torch SDPA B1 H1 N64 d64 bf16", per_call_us(
            lambda: F.scaled_dot_product_attention(q, q, q, is_causal=True),
            sync)))
        ones = torch.ones(256, device="cuda")
        rows.append(("torch.add(x, y, out=x)", per_call_us(
            lambda: torch.add(x, ones, out=x), sync)))
        try:
            import triton
            import triton.language as tl

            @triton.jit
            def bump(X, N, BLOCK: tl.constexpr):
                i = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
                m = i < N
                tl.store(X + i, tl.load(X + i, mask=m) + 1.0, mask=m)

            rows.append((f"triton {triton.__version__} tiny kernel launch",
                         per_call_us(lambda: bump[(1,)](x, 256, BLOCK=256),
                                     sync)))
        except ImportError:
            rows.append(("triton: not installed", float("nan")))
    for what, us in rows:
        print(f"  {what:55s} {us:8.2f} us")
    if gpu:
        op = next(us for what, us in rows if what.startswith("ops.softmax 4x64, out="))
        print(f"target <= 10 us per op call (cached kernel, out=): "
              f"{'met' if op <= 10 else 'NOT met'} ({op:.1f} us)")


if __name__ == "__main__":
    main()
