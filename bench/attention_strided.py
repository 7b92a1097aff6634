#!/usr/bin/env python3
"""Attention on HuggingFace's strided q, k, v (one (B, N, 3 H d)
projection split and transposed to (B, H, N, d) views), forward and
backward through autograd as a training step runs it, side by side on the
same tensors: ours on the views (the Hopper kernels read them where they
lie), ours on .contiguous() copies (what the GPT-2 demo did before), SDPA
on the views (its default backend, cuDNN on an H100) and SDPA's flash
backend. ms a forward + backward (median), and the ratio of SDPA's time to
ours (above 1: ours faster).

    WARPFORTH_LIB=.../libwarpforth.so python3 bench/attention_strided.py
"""
import torch
from common import median_ms
from torch.nn.attention import SDPBackend, sdpa_kernel

from warpforth import ops

F = torch.nn.functional
SHAPES = [(8, 12, 1024, 64), (4, 16, 4096, 64), (4, 16, 4096, 128)]


def step(attend, x, dy, b, n, h, d, copy):
    q, k, v = (t.view(b, n, h, d).transpose(1, 2)
               for t in x.split(h * d, dim=2))
    if copy:
        q, k, v = (t.contiguous() for t in (q, k, v))
    y = attend(q, k, v).transpose(1, 2).reshape(b, n, h * d)
    torch.autograd.grad(y, x, dy)


def ours(q, k, v):
    return ops.flash_attention(q, k, v, causal=True)


def sdpa(q, k, v):
    return F.scaled_dot_product_attention(q, k, v, is_causal=True)


def flash(q, k, v):
    with sdpa_kernel(SDPBackend.FLASH_ATTENTION):
        return F.scaled_dot_product_attention(q, k, v, is_causal=True)


for b, h, n, d in SHAPES:
    x = torch.randn(b, n, 3 * h * d, device="cuda", dtype=torch.bfloat16,
                    requires_grad=True)
    dy = torch.randn(b, n, h * d, device="cuda", dtype=torch.bfloat16)
    times = {}
    for name, attend, copy in (("ours", ours, False),
                               ("ours+copies", ours, True),
                               ("sdpa", sdpa, False),
                               ("sdpa-flash", flash, False)):
        times[name] = median_ms(
            lambda: step(attend, x, dy, b, n, h, d, copy), reps=20)
    print(f"B{b} H{h} N{n} d{d} causal bf16, ms fwd+bwd: " + ", ".join(
        f"{k} {t:.3f}" for k, t in times.items())
        + f"; sdpa/ours {times['sdpa'] / times['ours']:.2f}x, "
        f"sdpa-flash/ours {times['sdpa-flash'] / times['ours']:.2f}x, "
        f"copies cost {times['ours+copies'] - times['ours']:.3f} ms")
