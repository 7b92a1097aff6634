#!/usr/bin/env python3
"""The host (CPU) time of one flash_attention forward and backward call at
GPT-2 small's shape (B8 H12 N1024 d64, bf16, causal, HF's strided q, k,
v), by path: the op's implementation alone, the torch custom ops as a
compiled graph calls them (no autograd), the eager autograd path
(ops.flash_attention on tensors that require grad: an autograd.Function),
the custom op called eagerly with autograd, and SDPA. The custom ops'
kernel is the C++ plan replay (ops/_native.py) where it loaded; the row
"custom ops, Python kernel" calls the Python implementation through
torch's dispatcher as they did before.
Microseconds of CPU a call (enqueue only: the GPU's time is not waited
for), median of 5 runs of 50 calls; where the CPU takes longer than the
kernels, a training step waits for it.

    WARPFORTH_LIB=.../libwarpforth.so python3 bench/attention_overhead.py
"""
import statistics
import time

import torch
import common  # noqa: F401  (puts bindings/python on sys.path)

from warpforth import ops
from warpforth.ops import _attention, _attention_backward, _native, _torch_ops

F = torch.nn.functional


def cpu_us(fn, n=50):
    for _ in range(3):
        fn()
    runs = []
    for _ in range(5):
        torch.cuda.synchronize()
        t0 = time.perf_counter()
        for _ in range(n):
            fn()
        runs.append((time.perf_counter() - t0) / n * 1e6)
    torch.cuda.synchronize()
    return statistics.median(runs)


b, h, n, d = 8, 12, 1024, 64
buf = torch.randn(b, n, 3, h, d, device="cuda", dtype=torch.bfloat16)
q, k, v = (buf[:, :, i].transpose(1, 2).requires_grad_() for i in range(3))
scale = d ** -0.5
with torch.no_grad():
    o, lse = _attention.flash_attention_impl(q, k, v, True, scale, True)
do = torch.randn_like(o)
# Calls without autograd (timed under no_grad): the op's implementation,
# and the custom ops as a compiled graph calls them (AOTAutograd's
# forward and backward graphs call each through torch's dispatcher).
plain = {
    "implementation": (
        lambda: _attention.flash_attention_impl(q, k, v, True, scale, True),
        lambda: _attention_backward.flash_attention_backward(
            do, q, k, v, o, lse, True, scale)),
    "custom ops (compiled)": (
        lambda: _torch_ops.flash_attention_op(q, k, v, True, scale),
        lambda: _torch_ops.flash_attention_backward_op(
            do, q, k, v, o, lse, True, scale)),
    # The same ops with the Python implementation as their kernel (what
    # the C++ plan replay, ops/_native.py, replaces).
    "custom ops, Python kernel": (
        lambda: torch.ops.warpforth._py_flash_attention.default(
            q, k, v, True, scale),
        lambda: torch.ops.warpforth._py_flash_attention_backward.default(
            do, q, k, v, o, lse, True, scale)),
}
rows = dict(plain)
for name, fwd in (
        ("autograd.Function (eager)",
         lambda: ops.flash_attention(q, k, v, causal=True)),
        ("custom op (eager)", lambda: _torch_ops.flash_attention_op(
            q, k, v, True, scale)[0]),
        ("SDPA", lambda: F.scaled_dot_product_attention(q, k, v,
                                                        is_causal=True))):
    out = fwd()
    rows[name] = (fwd, lambda out=out: torch.autograd.grad(
        out, (q, k, v), do, retain_graph=True))
for name, (fwd, bwd) in rows.items():
    if name in plain:
        with torch.no_grad():
            f_us, b_us = cpu_us(fwd), cpu_us(bwd, 20)
    else:
        f_us, b_us = cpu_us(fwd), cpu_us(bwd, 20)
    print(f"{name:26s} forward {f_us:6.0f} us  backward {b_us:6.0f} us")
print("native plan replay:", _torch_ops.native(), _native.stats())
