#!/usr/bin/env python3
"""The bf16/f16 backward's error against float64 gradients, next to each
SDPA backend's own error on the same inputs (issue 15's bound is twice
SDPA's): which backend SDPA picks by default, and where our one-part and
two-part dS (the Hopper kernel's DS_SPLIT) stand.

    WARPFORTH_LIB=.../libwarpforth.so python3 bench/backward_error.py
"""

from __future__ import annotations

import torch
import torch.nn.functional as F
from torch.nn.attention import SDPBackend, sdpa_kernel

from warpforth import ops

SHAPES = [(1, 8, 8, 1024, 128, False), (1, 8, 8, 1024, 128, True),
          (2, 8, 8, 1024, 64, False), (1, 8, 8, 4096, 128, True),
          (8, 12, 12, 1024, 64, True)]      # GPT-2 small's
BACKENDS = (("default", None), ("FA2", SDPBackend.FLASH_ATTENTION),
            ("cuDNN", SDPBackend.CUDNN_ATTENTION),
            ("efficient", SDPBackend.EFFICIENT_ATTENTION))


def grads(q, k, v, do, causal, dtype, backend):
    q, k, v = (x.detach().to(dtype).requires_grad_() for x in (q, k, v))
    if backend is None:
        o = F.scaled_dot_product_attention(q, k, v, is_causal=causal)
    else:
        with sdpa_kernel(backend):
            o = F.scaled_dot_product_attention(q, k, v, is_causal=causal)
    return torch.autograd.grad(o, (q, k, v), do.to(dtype))


def main() -> None:
    torch.manual_seed(3)
    for dt in (torch.bfloat16, torch.float16):
        for b, hq, hkv, n, d, causal in SHAPES:
            q, k, v, do = (torch.randn(b, h, n, d, device="cuda", dtype=dt)
                           for h in (hq, hkv, hkv, hq))
            want = grads(q, k, v, do, causal, torch.float64,
                         SDPBackend.MATH)
            tops = [float(w.abs().max()) for w in want]

            def err(g):
                return " ".join(f"d{n_}={float((a.double() - w).abs().max()) / t:.2e}"
                                for n_, a, w, t in zip("qkv", g, want, tops))
            print(f"{dt} B{b} H{hq} N{n} d{d} causal={causal}")
            for name, be in BACKENDS:
                try:
                    print(f"  {name:10s} {err(grads(q, k, v, do, causal, dt, be))}")
                except RuntimeError as e:
                    print(f"  {name:10s} n/a ({str(e).splitlines()[0][:60]})")
            for label, defs in (("ours 2-part", {}), ("ours 1-part", {"DS_SPLIT": 0})):
                qq, kk, vv = (x.detach().requires_grad_() for x in (q, k, v))
                o = ops.flash_attention(qq, kk, vv, causal=causal)
                with ops.tuned(attention_backward=dict(hopper_defines=defs)):
                    g = torch.autograd.grad(o, (qq, kk, vv), do)
                print(f"  {label:10s} {err(g)}")


if __name__ == "__main__":
    main()
