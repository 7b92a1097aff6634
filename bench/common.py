"""Timing helpers for the op benchmarks (GPU, torch): CUDA-event medians
and the device-to-device copy rate of this run, which every bandwidth
figure is compared with."""

from __future__ import annotations

import statistics
import sys
from pathlib import Path

import torch

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bindings" / "python"))


def median_ms(fn, reps: int = 20, warmup: int = 3,
              device_only: bool = True) -> float:
    """Median time of `fn` by CUDA events. With `device_only` a ~1 ms sleep
    kernel is queued first, so the host's launch cost (Python, about 40 us
    a launch for warpforth, about 10 for torch) overlaps it and the figure
    is the GPU's time; without it, a launch-bound call shows its host
    cost too."""
    for _ in range(warmup):
        fn()
    torch.cuda.synchronize()
    times = []
    for _ in range(reps):
        start = torch.cuda.Event(enable_timing=True)
        end = torch.cuda.Event(enable_timing=True)
        if device_only:
            torch.cuda._sleep(2_000_000)
        start.record()
        fn()
        end.record()
        end.synchronize()
        times.append(start.elapsed_time(end))
    return statistics.median(times)


def graph_ms(fn, calls: int = 10, reps: int = 20) -> float:
    """Median time of one call of `fn`, from CUDA-graph replays of `calls`
    calls captured back to back: no host launch cost and no launch gaps
    between the calls, for ops of a few tens of microseconds whose
    median_ms moves with the launch path (softmax of 64 x 128256). Both
    sides of a comparison must use it. Falls back to median_ms where `fn`
    cannot be captured."""
    try:
        s = torch.cuda.Stream()
        s.wait_stream(torch.cuda.current_stream())
        with torch.cuda.stream(s):
            for _ in range(3):          # warm-up outside the capture
                fn()
        torch.cuda.current_stream().wait_stream(s)
        g = torch.cuda.CUDAGraph()
        with torch.cuda.graph(g):
            for _ in range(calls):
                fn()
    except (RuntimeError, AssertionError) as e:
        print(f"graph_ms: not captured ({str(e).splitlines()[0][:60]}); "
              "median_ms instead", file=sys.stderr)
        return median_ms(fn, reps=reps)
    return median_ms(g.replay, reps=reps) / calls


def copy_rate_tbs(nbytes: int = 1 << 30) -> float:
    """Device-to-device copy (read + write) of a 1 GiB buffer, in TB/s."""
    src = torch.empty(nbytes, dtype=torch.uint8, device="cuda")
    dst = torch.empty_like(src)
    ms = median_ms(lambda: dst.copy_(src))
    return 2 * nbytes / ms / 1e9


def tbs(nbytes: int, ms: float) -> float:
    return nbytes / ms / 1e9


def attention_inputs(b: int, hq: int, hkv: int, n: int, d: int,
                     causal: bool, dtype=torch.bfloat16, grad: bool = True):
    """q (b, hq, n, d), k and v (b, hkv, n, d) of `dtype` on the GPU,
    requiring grad where `grad`, dO like q, and the forward's FLOPs (causal
    counts half; the backward is 2.5 times that)."""
    q = torch.randn(b, hq, n, d, device="cuda", dtype=dtype,
                    requires_grad=grad)
    k, v = (torch.randn(b, hkv, n, d, device="cuda", dtype=dtype,
                        requires_grad=grad) for _ in range(2))
    return (q, k, v, torch.randn_like(q),
            4 * b * hq * n * n * d * (0.5 if causal else 1.0))
