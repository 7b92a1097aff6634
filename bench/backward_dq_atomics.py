#!/usr/bin/env python3
"""The backward's dQ accumulation, side by side on the same tensors: the
Hopper kernel with 1, 2 or 4 floats an atomic (its DQ_VEC), dS in two
parts (bf16's default) and one, next to SDPA's FA2 and cuDNN backends
(bf16, causal B4 H16 N4096, TFLOP/s at 2.5x the forward's FLOPs); then the
mma.sync kernel's dQ pass against its atomic dQ (dq_mode), bf16 backward
(TFLOP/s).

    WARPFORTH_LIB=.../libwarpforth.so python3 bench/backward_dq_atomics.py
"""
import torch
import torch.nn.functional as F
from common import median_ms
from torch.nn.attention import SDPBackend, sdpa_kernel

from warpforth import ops


def bf16_case(d):
    """q, k, v (bf16, B4 H16 N4096, requiring grad), dO, our causal
    output and the backward's FLOPs (2.5x the forward's, causal half)."""
    b, h, n = 4, 16, 4096
    q, k, v = (torch.randn(b, h, n, d, device="cuda", dtype=torch.bfloat16,
                           requires_grad=True) for _ in range(3))
    do = torch.randn_like(q)
    flops = 2.5 * 4 * b * h * n * n * d * 0.5
    return q, k, v, do, ops.flash_attention(q, k, v, causal=True), flops


for d in (64, 128):
    q, k, v, do, o, flops = bf16_case(d)
    ref = None
    for split in (1, 0):
        for vec in (1, 2, 4):
            with ops.tuned(attention_backward=dict(
                    hopper_defines={"DQ_VEC": vec, "DS_SPLIT": split})):
                g = torch.autograd.grad(o, (q, k, v), do, retain_graph=True)
                ref = ref or g
                diff = max((x.float() - y.float()).abs().max().item()
                           for x, y in zip(g, ref))
                ms = median_ms(lambda: torch.autograd.grad(
                    o, (q, k, v), do, retain_graph=True), reps=20)
            print(f"d{d} DS_SPLIT {split} DQ_VEC {vec}: "
                  f"{flops / ms / 1e9:.0f} TFLOP/s (max diff to the first "
                  f"{diff:.1e})")
    for name, be in (("FA2", SDPBackend.FLASH_ATTENTION),
                     ("cuDNN", SDPBackend.CUDNN_ATTENTION)):
        with sdpa_kernel(be):
            ot = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        ms = median_ms(lambda: torch.autograd.grad(
            ot, (q, k, v), do, retain_graph=True), reps=20)
        print(f"d{d} {name}: {flops / ms / 1e9:.0f} TFLOP/s")

# The mma.sync backward (bf16 with the Hopper kernel off): dQ by its own
# pass, or by atomics in the dK/dV kernel (dq_mode "atomic", two floats an
# atomic on sm_90). (f32's two modes: bench/ops_attention.py --backward.)
for d in (64, 128):
    q, k, v, do, o, flops = bf16_case(d)
    for mode in ("pass", "atomic"):
        with ops.tuned(attention_backward=dict(hopper=False, dq_mode=mode)):
            ms = median_ms(lambda: torch.autograd.grad(
                o, (q, k, v), do, retain_graph=True), reps=20)
        print(f"bf16 mma.sync d{d} dq_mode {mode}: {flops / ms / 1e9:.0f} "
              "TFLOP/s")
