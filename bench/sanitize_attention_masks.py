#!/usr/bin/env python3
"""Small launches of the attention kernels with issue 37's masks (window,
softcap, packed sequences, paged prefill, head dims 192 and 256, the
user's mask_mod and score_mod with their block mask), forward and
backward where it exists, for compute-sanitizer
(memcheck, racecheck, synccheck, initcheck):

    compute-sanitizer --tool racecheck python3 bench/sanitize_attention_masks.py
"""

from __future__ import annotations

import torch
from common import ROOT  # noqa: F401  (puts bindings/python on the path)

from warpforth import ops


def main() -> None:
    torch.manual_seed(0)
    bf = torch.bfloat16
    for d in (64, 96, 128):
        for window, cap in (((40, 0), 0.0), ((17, 9), 5.0)):
            q, k, v = (torch.randn(1, 2, 200, d, device="cuda", dtype=bf,
                                   requires_grad=True) for _ in range(3))
            o = ops.flash_attention(q, k, v, window=window, softcap=cap)
            torch.autograd.grad(o.sum(), (q, k, v))
        cu = torch.tensor([0, 3, 3, 133, 200], device="cuda",
                          dtype=torch.int32)
        q, k, v = (torch.randn(200, 2, d, device="cuda", dtype=bf,
                               requires_grad=True) for _ in range(3))
        o = ops.flash_attention_varlen(q, k, v, cu, cu, 130, 130,
                                       causal=True)
        torch.autograd.grad(o.sum(), (q, k, v))
    # Head dims 192/256 (Hopper forward only) and paged prefill (forward).
    for d in (192, 256):
        q, k, v = (torch.randn(1, 2, 200, d, device="cuda", dtype=bf)
                   for _ in range(3))
        ops.flash_attention(q, k, v, causal=True)
        ops.flash_attention(q, k, v, window=(33, 0), softcap=5.0)
    for block in (16, 64, 256):
        seqused = torch.tensor([0, 300, 77], device="cuda", dtype=torch.int32)
        nblocks = 3 * ((300 + block - 1) // block)
        kc, vc = (torch.randn(nblocks, block, 2, 128, device="cuda", dtype=bf)
                  for _ in range(2))
        table = torch.randperm(nblocks, device="cuda").to(torch.int32)
        table = table.reshape(3, -1)
        cu_q = torch.tensor([0, 5, 69, 70], device="cuda", dtype=torch.int32)
        q = torch.randn(70, 2, 128, device="cuda", dtype=bf)
        ops.flash_attention_varlen(q, kc, vc, cu_q, None, 64, 300,
                                   causal=True, block_table=table,
                                   seqused_k=seqused)
    # The user's words: a document mask and ALiBi (mma.sync at d96).
    ids = torch.tensor([0] * 70 + [1] * 3 + [2] * 127, device="cuda",
                       dtype=torch.int32)
    slopes = torch.tensor([0.5, 0.25], device="cuda")
    for d in (64, 96, 128):
        q, k, v = (torch.randn(1, 2, 200, d, device="cuda", dtype=bf)
                   for _ in range(3))
        ops.flash_attention(
            q, k, v, causal=True,
            mask_mod=": MASK-MOD { b h qi ki -- f } qi ARG0@ ki ARG0@ = ;",
            score_mod=": SCORE-MOD { s b h qi ki -- s' } "
                      "h ARG1@ ki qi - S>F F* s F+ ;",
            mod_args=(ids, slopes))
    # The same words on packed sequences (b the sequence), with backward.
    cu = torch.tensor([0, 3, 3, 133, 200], device="cuda", dtype=torch.int32)
    src = (": MASK-MOD { b h qi ki -- f }  b ARG1@ qi + ARG0@"
           "  b ARG1@ ki + ARG0@ = ;\n"
           ": SCORE-MOD { s b h qi ki -- s' }  h ARG2@ ki qi - S>F F* s F+ ;\n"
           ": SCORE-MOD-GRAD { s b h qi ki -- g }  1.0 ;\n")
    for d in (64, 96, 128):
        for causal in (False, True):
            q, k, v = (torch.randn(200, 2, d, device="cuda", dtype=bf,
                                   requires_grad=True) for _ in range(3))
            o = ops.flash_attention_varlen(
                q, k, v, cu, cu, 130, 130, causal=causal, mask_mod=src,
                score_mod=src, mod_args=(ids, cu, slopes))
            torch.autograd.grad(o.sum(), (q, k, v))
    torch.cuda.synchronize()
    print("done")


if __name__ == "__main__":
    main()
