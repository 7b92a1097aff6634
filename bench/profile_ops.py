#!/usr/bin/env python3
"""One launch of each op shape that misses its speed target, for Nsight
Compute (tools/gpu-check.sh ncuops):

    ncu --section SpeedOfLight -k regex:'softmax|top_k|rotary' \\
        python3 bench/profile_ops.py
    ncu ... -k regex:flash_attention_bf16 python3 bench/profile_ops.py attention
"""

from __future__ import annotations

import sys

import torch
from common import ROOT  # noqa: F401  (puts bindings/python on the path)

from warpforth import ops


def attention() -> None:
    """bf16 flash attention B4 H16 N4096, d128 causal then d64 causal."""
    for d in (128, 64):
        q = torch.randn(4, 16, 4096, d, device="cuda", dtype=torch.bfloat16)
        ops.flash_attention(q, q, q, causal=True)
    torch.cuda.synchronize()


def main() -> None:
    if sys.argv[1:] == ["attention"]:
        attention()
        return
    x = torch.randn(4096, 32768, device="cuda", dtype=torch.bfloat16)
    ops.softmax(x)                                  # streaming rows, bf16
    ops.softmax(torch.randn(64, 128256, device="cuda"))   # split rows
    ops.top_k_mask(torch.randn(64, 50257, device="cuda"), 50)
    q = torch.randn(4, 32, 4096, 128, device="cuda")
    cos = torch.randn(4096, 128, device="cuda")
    ops.apply_rotary(q, q, cos, cos)
    torch.cuda.synchronize()


if __name__ == "__main__":
    main()
