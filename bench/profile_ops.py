#!/usr/bin/env python3
"""One launch of each op shape that misses its speed target, for Nsight
Compute (tools/gpu-check.sh ncuops):

    ncu --section SpeedOfLight -k regex:'softmax|top_k|rotary' \\
        python3 bench/profile_ops.py
    ncu ... -k regex:flash_attention python3 bench/profile_ops.py attention \\
        [OVERLAP=1 PINGPONG=0 ...]   (the Hopper kernel's -D constants)
    ncu ... -k regex:decode_ python3 bench/profile_ops.py decode
    ncu ... -k regex:flash_backward_sm90 python3 bench/profile_ops.py backward
    ncu ... -k regex:'flash_attention_sm90|fprop' python3 \\
        bench/profile_ops.py forward-gpt2
    ncu ... -k regex:flash_attention_sm90 python3 bench/profile_ops.py masks
        (B4 H16 N4096 d128 bf16: causal, window (1024, 0), causal +
        softcap 30, in that order)
    ncu ... -k regex:flash_attention_sm90 python3 bench/profile_ops.py mods
        (B4 H16 N4096 d128 bf16: causal built in, causal as a MASK-MOD,
        8 documents a row + causal as a MASK-MOD, in that order)
"""

from __future__ import annotations

import sys

import torch
from common import ROOT  # noqa: F401  (puts bindings/python on the path)

from warpforth import ops


def attention(defines: list) -> None:
    """bf16 flash attention B4 H16 N4096, d128 causal then d64 causal;
    `defines` (NAME=VALUE) go to the Hopper kernel."""
    ops.configure(attention=dict(hopper_defines={
        k: int(v) for k, v in (d.split("=") for d in defines)}))
    for d in (128, 64):
        q = torch.randn(4, 16, 4096, d, device="cuda", dtype=torch.bfloat16)
        ops.flash_attention(q, q, q, causal=True)
    torch.cuda.synchronize()


def masks() -> None:
    """The Hopper forward with issue 37's masks: causal, window (1024, 0),
    causal + softcap 30 (B4 H16 N4096 d128 bf16)."""
    q = torch.randn(4, 16, 4096, 128, device="cuda", dtype=torch.bfloat16)
    ops.flash_attention(q, q, q, causal=True)
    ops.flash_attention(q, q, q, window=(1024, 0))
    ops.flash_attention(q, q, q, causal=True, softcap=30.0)
    torch.cuda.synchronize()


def mods() -> None:
    """The Hopper forward with the user's words (bench/ops_attention_mods.py
    shapes): causal built in, causal as a MASK-MOD, documents + causal.
    The block masks are made by their own kernel (flash_block_mask)."""
    b, n = 4, 4096
    q = torch.randn(b, 16, n, 128, device="cuda", dtype=torch.bfloat16)
    ids = torch.zeros(b, n, dtype=torch.int32)
    for i in range(b):
        ids[i, torch.randperm(n - 1)[:7] + 1] = 1
    ids = ids.cumsum(1, dtype=torch.int32).cuda()
    ops.flash_attention(q, q, q, causal=True)
    ops.flash_attention(q, q, q, mask_mod=": MASK-MOD { b h qi ki -- f } "
                        "ki qi <= ;")
    ops.flash_attention(q, q, q, mask_mod=": MASK-MOD { b h qi ki -- f } "
                        "b NQ * qi + ARG0@  b NKV * ki + ARG0@ =  ki qi <= "
                        "AND ;", mod_args=(ids,))
    torch.cuda.synchronize()


def forward_gpt2() -> None:
    """The bf16 forward of causal attention at GPT-2's B8 H12 N1024 d64
    (issue 15), the op's and then SDPA's cuDNN backend."""
    from torch.nn.attention import SDPBackend, sdpa_kernel
    q, k, v = (torch.randn(8, 12, 1024, 64, device="cuda",
                           dtype=torch.bfloat16) for _ in range(3))
    ops.flash_attention(q, k, v, causal=True)
    with sdpa_kernel(SDPBackend.CUDNN_ATTENTION):
        torch.nn.functional.scaled_dot_product_attention(q, k, v,
                                                         is_causal=True)
    torch.cuda.synchronize()


def decode() -> None:
    """bf16 decode attention Hq32 Hkv8 d128 Nq1 (issue 16): B8 N4096
    contiguous, then paged with 16-token pages, then B64 N1024."""
    for b, n, bs in ((8, 4096, None), (8, 4096, 16), (64, 1024, None)):
        q = torch.randn(b, 32, 1, 128, device="cuda", dtype=torch.bfloat16)
        sl = torch.full((b,), n, dtype=torch.int32, device="cuda")
        if bs is None:
            k = torch.randn(b, 8, n, 128, device="cuda", dtype=torch.bfloat16)
            v = torch.randn_like(k)   # not k: one tensor would halve DRAM
            ops.decode_attention(q, k, v, sl)
        else:
            k = torch.randn(b * n // bs, bs, 8, 128, device="cuda",
                            dtype=torch.bfloat16)
            table = torch.randperm(b * n // bs, device="cuda").to(
                torch.int32).view(b, n // bs)
            ops.decode_attention(q, k, torch.randn_like(k), sl, table)
    torch.cuda.synchronize()


def backward(gpt2: bool = False) -> None:
    """The bf16 backward of causal attention B4 H16 N4096 (issue 15), d128
    then d64 (with `gpt2`, GPT-2's B8 H12 N1024 d64 instead), then the same
    through SDPA's cuDNN backend: on an H100 the Hopper kernel, the dQ
    conversion, then cuDNN's kernels."""
    from torch.nn.attention import SDPBackend, sdpa_kernel
    shapes = [(8, 12, 1024, 64)] if gpt2 else [(4, 16, 4096, d)
                                               for d in (128, 64)]
    for b, h, n, d in shapes:
        q, k, v = (torch.randn(b, h, n, d, device="cuda",
                               dtype=torch.bfloat16, requires_grad=True)
                   for _ in range(3))
        do = torch.randn_like(q)
        with torch.no_grad():
            o, lse = ops.flash_attention(q, k, v, causal=True,
                                         return_lse=True)
        ops.flash_attention_backward(do, q, k, v, o, lse, causal=True)
        with sdpa_kernel(SDPBackend.CUDNN_ATTENTION):
            ot = torch.nn.functional.scaled_dot_product_attention(
                q, k, v, is_causal=True)
        torch.autograd.grad(ot, (q, k, v), do)
    torch.cuda.synchronize()


def main() -> None:
    if sys.argv[1:2] == ["backward"]:
        backward(sys.argv[2:] == ["gpt2"])
        return
    if sys.argv[1:] == ["masks"]:
        masks()
        return
    if sys.argv[1:] == ["mods"]:
        mods()
        return
    if sys.argv[1:] == ["forward-gpt2"]:
        forward_gpt2()
        return
    if sys.argv[1:2] == ["attention"]:
        attention(sys.argv[2:])
        return
    if sys.argv[1:] == ["decode"]:
        decode()
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
