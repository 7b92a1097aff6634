#!/usr/bin/env python3
"""Host (CPU) time of one eager op call on CUDA tensors, by path: the
op's Python implementation (its cached plan), the same call through the
torch op's C++ kernel (ops/_native.py: what ops.<op> takes on CUDA
tensors where it built), and the torch op called directly; without and
with grad mode. Microseconds a call, the least of 5 runs of 1000 calls
(enqueue only: the GPU's time is not waited for).

    WARPFORTH_LIB=.../libwarpforth.so python3 bench/op_host_time.py
"""
import timeit

import torch
import common  # noqa: F401  (puts bindings/python on sys.path)

from warpforth import ops
from warpforth.ops import _api as api, _native, _torch_ops as t

if not t.native():
    raise SystemExit("the native op path did not load (a warning said why)")

def us(fn):
    for _ in range(3):
        timeit.timeit(fn, number=500)
        torch.cuda.synchronize()
    r = min(timeit.timeit(fn, number=1000) for _ in range(5)) / 1000 * 1e6
    torch.cuda.synchronize()
    return r


def rnd(*shape):
    return torch.randn(*shape, device="cuda", dtype=torch.bfloat16)


x = rnd(8, 4096)
q, kc, vc = rnd(8, 32, 1, 128), rnd(8, 8, 4096, 128), rnd(8, 8, 4096, 128)
lens = torch.full((8,), 3000, device="cuda", dtype=torch.int32)
qr, kr = rnd(8, 32, 128, 128), rnd(8, 8, 128, 128)
qa = rnd(8, 12, 1024, 64)
cos, sin = ops.rotary_cos_sin(torch.arange(128, device="cuda"), 128,
                              dtype=torch.bfloat16)
rows = [
    ("softmax 8x4096", lambda: ops.softmax(x), lambda: t.softmax_op(x)),
    ("decode B8 Hq32/8 d128",
     lambda: ops.decode_attention(q, kc, vc, lens),
     lambda: t.decode_attention_op(q, kc, vc, lens, None, None, None)),
    ("apply_rotary", lambda: ops.apply_rotary(qr, kr, cos, sin),
     lambda: t.apply_rotary_op(qr, kr, cos, sin)),
    ("top_k_mask", lambda: ops.top_k_mask(x, 50),
     lambda: t.top_k_mask_op(x, 50)),
    ("flash_attention GPT-2",
     lambda: ops.flash_attention(qa, qa, qa, causal=True),
     lambda: t.flash_attention_op(qa, qa, qa, True, 0.125)),
]
for grad in (False, True):
    with torch.set_grad_enabled(grad):
        for name, public, op in rows:
            api._eager_torch_ops = False    # the Python path
            py = us(public)
            api._eager_torch_ops = True     # through the C++ kernel
            routed = us(public)
            print(f"grad={grad:d} {name:22s} python path {py:6.1f} us  "
                  f"via C++ kernel {routed:6.1f} us  op alone "
                  f"{us(op):6.1f} us")
print("native:", _native.stats())
