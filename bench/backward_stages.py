#!/usr/bin/env python3
"""The Hopper backward's Q/dO ring depth (-D QST: tiles of Q, dO, L2 and D
in flight ahead of the consumers), side by side on the same tensors, bf16,
TFLOP/s (the backward at 2.5x the forward's FLOPs, causal counting half),
with the op's other choices (block order, dS in one or two parts).

    WARPFORTH_LIB=.../libwarpforth.so python3 bench/backward_stages.py

H100 (session 9): QST 2 / 3 / 4: GPT-2's B8 H12 N1024 d64 causal 164 /
163 / - (shared memory), B4 H16 N4096 d64 causal 282 / 288 / -, d128
causal 326 / 332 / 331, GQA Hq32/8 d128 325 / 328 / 326, d64 full 331 /
333 / -: within 2%, so the default stays 2.
"""
import torch
from common import median_ms

from warpforth import ops

SHAPES = [(8, 12, 12, 1024, 64, True), (4, 16, 16, 4096, 64, True),
          (4, 16, 16, 4096, 128, True), (4, 32, 8, 4096, 128, True),
          (4, 16, 16, 4096, 64, False)]
for b, hq, hkv, n, d, causal in SHAPES:
    q = torch.randn(b, hq, n, d, device="cuda", dtype=torch.bfloat16)
    k, v = (torch.randn(b, hkv, n, d, device="cuda", dtype=torch.bfloat16)
            for _ in range(2))
    do = torch.randn_like(q)
    o, lse = ops.flash_attention(q, k, v, causal=causal, return_lse=True)
    fl = 2.5 * 4 * b * hq * n * n * d * (0.5 if causal else 1.0)
    cells = []
    for qst in (2, 3, 4):
        try:
            with ops.tuned(attention_backward=dict(
                    hopper_defines={"QST": qst})):
                ms = median_ms(lambda: ops.flash_attention_backward(
                    do, q, k, v, o, lse, causal), reps=10)
            cells.append(f"QST {qst}: {fl / ms / 1e9:.0f}")
        except Exception as e:  # shared memory: the ring does not fit
            cells.append(f"QST {qst}: - ({str(e).splitlines()[0][:50]})")
    print(f"B{b} H{hq}/{hkv} N{n} d{d} {'causal' if causal else 'full'}: "
          + "; ".join(cells), flush=True)
