#!/usr/bin/env python3
"""The Hopper attention kernels' block order, side by side on the same
tensors: LPT (grid with the tile index slowest, the heaviest tiles of every
head first; the default) against the plain grid (tile index fastest), for
the forward and the backward (bf16, TFLOP/s, causal counting half, the
backward at 2.5x the forward's FLOPs).

    WARPFORTH_LIB=.../libwarpforth.so python3 bench/attention_block_order.py
"""
import torch
from common import median_ms

from warpforth import ops
from warpforth.ops import _attention, _attention_backward as ab

SHAPES = [(4, 16, 16, 4096, 64, True), (4, 16, 16, 4096, 128, True),
          (8, 12, 12, 1024, 64, True), (4, 32, 8, 4096, 128, True),
          (4, 16, 16, 4096, 128, False)]
for b, hq, hkv, n, d, causal in SHAPES:
    q = torch.randn(b, hq, n, d, device="cuda", dtype=torch.bfloat16,
                    requires_grad=True)
    k, v = (torch.randn(b, hkv, n, d, device="cuda", dtype=torch.bfloat16,
                        requires_grad=True) for _ in range(2))
    do = torch.randn_like(q)
    fl = 4 * b * hq * n * n * d * (0.5 if causal else 1.0)
    cells = []
    for lpt in (0, 1):
        _attention.HOPPER_DEFINES = ab.HOPPER_DEFINES = {"LPT": lpt}
        with torch.no_grad():
            fwd = median_ms(lambda: ops.flash_attention(q, k, v,
                                                        causal=causal))
        o = ops.flash_attention(q, k, v, causal=causal)
        bwd = median_ms(lambda: torch.autograd.grad(
            o, (q, k, v), do, retain_graph=True), reps=10)
        cells.append(f"LPT {lpt}: fwd {fl / fwd / 1e9:.0f} bwd "
                     f"{2.5 * fl / bwd / 1e9:.0f}")
    _attention.HOPPER_DEFINES = ab.HOPPER_DEFINES = {}
    print(f"B{b} H{hq}/{hkv} N{n} d{d} {'causal' if causal else 'full'}: "
          + "; ".join(cells))
