#!/usr/bin/env python3
"""The Hopper backward's dQ accumulation, side by side on the same tensors:
1, 2 or 4 floats an atomic (the kernel's DQ_VEC), with dS in two parts
(bf16's default) and one, next to SDPA's FA2 and cuDNN backends (bf16,
causal B4 H16 N4096, TFLOP/s at 2.5x the forward's FLOPs).

    WARPFORTH_LIB=.../libwarpforth.so python3 bench/backward_dq_atomics.py
"""
import torch
import torch.nn.functional as F
from common import median_ms
from torch.nn.attention import SDPBackend, sdpa_kernel

from warpforth import ops
from warpforth.ops import _attention_backward as ab

for d in (64, 128):
    b, h, n = 4, 16, 4096
    q, k, v = (torch.randn(b, h, n, d, device="cuda", dtype=torch.bfloat16,
                           requires_grad=True) for _ in range(3))
    do = torch.randn_like(q)
    flops = 2.5 * 4 * b * h * n * n * d * 0.5
    o = ops.flash_attention(q, k, v, causal=True)
    ref = None
    for split in (1, 0):
        for vec in (1, 2, 4):
            ab.HOPPER_DEFINES = {"DQ_VEC": vec, "DS_SPLIT": split}
            g = torch.autograd.grad(o, (q, k, v), do, retain_graph=True)
            ref = ref or g
            diff = max((x.float() - y.float()).abs().max().item()
                       for x, y in zip(g, ref))
            ms = median_ms(lambda: torch.autograd.grad(
                o, (q, k, v), do, retain_graph=True), reps=20)
            print(f"d{d} DS_SPLIT {split} DQ_VEC {vec}: "
                  f"{flops / ms / 1e9:.0f} TFLOP/s (max diff to the first "
                  f"{diff:.1e})")
    ab.HOPPER_DEFINES = {}
    for name, be in (("FA2", SDPBackend.FLASH_ATTENTION),
                     ("cuDNN", SDPBackend.CUDNN_ATTENTION)):
        with sdpa_kernel(be):
            ot = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        ms = median_ms(lambda: torch.autograd.grad(
            ot, (q, k, v), do, retain_graph=True), reps=20)
        print(f"d{d} {name}: {flops / ms / 1e9:.0f} TFLOP/s")
