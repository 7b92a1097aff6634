#!/usr/bin/env python3
"""The Hopper attention kernels' block order, side by side on the same
tensors: the plain grid (LPT 0: tile index fastest) and the LPT grid
(every head's heaviest tiles first) with groups of (batch, head) pairs of
at most 4, 8, 16 (the default) and 32 MiB of what the blocks running at
once share (forward: K and V; backward: Q, dO and the dQ sums), and with
every pair in one group (session 9's LPT), for the forward and the
backward (bf16, TFLOP/s, causal counting half, the backward at 2.5x the
forward's FLOPs).

    WARPFORTH_LIB=.../libwarpforth.so python3 bench/attention_block_order.py
"""
import torch
from common import attention_inputs, median_ms

from warpforth import ops

SHAPES = [(8, 12, 12, 1024, 64, True), (4, 16, 16, 4096, 64, True),
          (4, 16, 16, 4096, 128, True), (4, 32, 8, 4096, 128, True),
          (4, 16, 16, 4096, 128, False), (16, 16, 16, 2048, 128, True)]
ORDERS = [("plain", 0, 1 << 40)] + [
    (f"{mib} MiB", 1, mib << 20) for mib in (4, 8, 16, 32)] + [
    ("one group", 1, 1 << 40)]
for b, hq, hkv, n, d, causal in SHAPES:
    q, k, v, do, fl = attention_inputs(b, hq, hkv, n, d, causal)
    cells = []
    for name, lpt, group_bytes in ORDERS:
        with ops.tuned(attention=dict(hopper_defines={"LPT": lpt},
                                      lpt_group_bytes=group_bytes),
                       attention_backward=dict(hopper_defines={"LPT": lpt})):
            with torch.no_grad():
                fwd = median_ms(lambda: ops.flash_attention(q, k, v,
                                                            causal=causal))
                o, lse = ops.flash_attention(q, k, v, causal=causal,
                                             return_lse=True)
            bwd = median_ms(lambda: ops.flash_attention_backward(
                do, q, k, v, o, lse, causal), reps=10)
        cells.append(f"{name}: fwd {fl / fwd / 1e9:.0f} bwd "
                     f"{2.5 * fl / bwd / 1e9:.0f}")
    print(f"B{b} H{hq}/{hkv} N{n} d{d} {'causal' if causal else 'full'}:\n  "
          + "\n  ".join(cells), flush=True)
