#!/usr/bin/env python3
"""Times causal attention three ways on the same inputs, in one process:

- WarpForth: demo/attention-mh-f32.forth, every head in one launch;
- PyTorch SDPA: F.scaled_dot_product_attention(q, k, v, is_causal=True);
- plain PyTorch: q @ k^T * scale, masked_fill, softmax, @ v.

Shapes are GPT-2 small's (batch 1, 12 heads, head_dim 64) at several
seq_len, in f32. Each time is the median over --reps runs after --warmup,
by CUDA events. Before each run the stream is held busy
(torch.cuda._sleep), so the events time the GPU work and not Python's
launch overhead, which differs between the three. Prints a markdown table;
ratios are WarpForth's time over the other's (above 1: WarpForth slower).

    PYTHONPATH=bindings/python WARPFORTH_LIB=... python3 demo/bench_attention.py
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path
from typing import Callable

import torch
import torch.nn.functional as F

sys.path.insert(0, str(Path(__file__).resolve().parent.parent
                       / "bindings" / "python"))
import warpforth  # noqa: E402

HEADS, HEAD_DIM = 12, 64
BLOCKS = [64, 128, 256, 512]


def median_us(fn: Callable[[], object], warmup: int, reps: int) -> float:
    for _ in range(warmup):
        fn()
    times = []
    for _ in range(reps):
        start = torch.cuda.Event(enable_timing=True)
        end = torch.cuda.Event(enable_timing=True)
        torch.cuda._sleep(2_000_000)  # ~1 ms: covers the host-side launch
        start.record()
        fn()
        end.record()
        end.synchronize()
        times.append(start.elapsed_time(end) * 1000.0)
    return statistics.median(times)


def plain(q, k, v, mask, scale):
    s = (q @ k.transpose(-1, -2)) * scale
    s = s.masked_fill(mask, float("-inf"))
    return torch.softmax(s, dim=-1) @ v


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seq", type=int, nargs="+", default=[64, 256, 1024])
    ap.add_argument("--warmup", type=int, default=5)
    ap.add_argument("--reps", type=int, default=50)
    args = ap.parse_args()

    torch.manual_seed(0)
    print(f"device: {torch.cuda.get_device_name()}; torch {torch.__version__}; "
          f"batch 1, {HEADS} heads, head_dim {HEAD_DIM}, f32; median of "
          f"{args.reps} runs (CUDA events)\n")
    rows = []
    for seq in args.seq:
        q, k, v = (torch.randn(1, HEADS, seq, HEAD_DIM, device="cuda")
                   for _ in range(3))
        out = torch.empty_like(q)
        mask = torch.ones(seq, seq, dtype=torch.bool, device="cuda").triu(1)
        scale = HEAD_DIM ** -0.5

        def ours(block: int) -> Callable[[], object]:
            return lambda: warpforth.multihead_attention(q, k, v, out,
                                                         block=block)

        # The block size is the one tuning knob: take the fastest.
        block = min(BLOCKS, key=lambda b: median_us(ours(b), 2, 5))
        sdpa = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        ours(block)()
        ref = plain(q, k, v, mask, scale)
        err_ours = ((out - sdpa).abs().max() / sdpa.abs().max()).item()
        err_plain = ((ref - sdpa).abs().max() / sdpa.abs().max()).item()

        t_ours = median_us(ours(block), args.warmup, args.reps)
        t_sdpa = median_us(
            lambda: F.scaled_dot_product_attention(q, k, v, is_causal=True),
            args.warmup, args.reps)
        t_plain = median_us(lambda: plain(q, k, v, mask, scale),
                            args.warmup, args.reps)
        rows.append((seq, block, t_ours, t_sdpa, t_plain, err_ours, err_plain))

    print("| seq_len | WarpForth (block) µs | SDPA µs | plain µs "
          "| WarpForth/SDPA | WarpForth/plain | err ours | err plain |")
    print("|---:|---:|---:|---:|---:|---:|---:|---:|")
    for seq, block, t_o, t_s, t_p, e_o, e_p in rows:
        print(f"| {seq} | {t_o:.1f} ({block}) | {t_s:.1f} | {t_p:.1f} | "
              f"{t_o / t_s:.1f}x | {t_o / t_p:.1f}x | {e_o:.1e} | {e_p:.1e} |")
    print("\nerr: max |x - SDPA| / max |SDPA|")
    return 0


if __name__ == "__main__":
    sys.exit(main())
