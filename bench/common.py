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


def median_ms(fn, reps: int = 20, warmup: int = 3) -> float:
    for _ in range(warmup):
        fn()
    times = []
    for _ in range(reps):
        start = torch.cuda.Event(enable_timing=True)
        end = torch.cuda.Event(enable_timing=True)
        start.record()
        fn()
        end.record()
        end.synchronize()
        times.append(start.elapsed_time(end))
    return statistics.median(times)


def copy_rate_tbs(nbytes: int = 1 << 30) -> float:
    """Device-to-device copy (read + write) of a 1 GiB buffer, in TB/s."""
    src = torch.empty(nbytes, dtype=torch.uint8, device="cuda")
    dst = torch.empty_like(src)
    ms = median_ms(lambda: dst.copy_(src))
    return 2 * nbytes / ms / 1e9


def tbs(nbytes: int, ms: float) -> float:
    return nbytes / ms / 1e9
