#!/usr/bin/env python3
"""Paged prefill: warpforth.ops.flash_attention_varlen with a paged KV
cache (block_table) against the same call on a contiguous cache, same
process and tensors (issue 37's shape): 4 sequences, each a chunk of
2048 new queries against 16384 cached keys (the chunk's own at the end:
causal at the bottom-right), Hq32 Hkv8 d128 bf16, cache blocks of 64 and
256 keys in a shuffled order.

TFLOP/s count only the unmasked work; the ratio is paged / contiguous
(above 0.9: the issue's bar). Outputs are compared (max abs difference).

    WARPFORTH_LIB=.../libwarpforth.so python3 bench/ops_attention_paged.py
"""

from __future__ import annotations

import argparse

import torch
from common import median_ms

from warpforth import ops


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--reps", type=int, default=20)
    args = p.parse_args()
    b, chunk, keys, hq, hkv, d = 4, 2048, 16384, 32, 8, 128
    dt = torch.bfloat16
    torch.manual_seed(0)
    print(f"GPU: {torch.cuda.get_device_name()}, torch {torch.__version__}")
    q = torch.randn(b * chunk, hq, d, device="cuda", dtype=dt)
    k = torch.randn(b * keys, hkv, d, device="cuda", dtype=dt)
    v = torch.randn_like(k)
    cu_q = torch.arange(0, b + 1, device="cuda", dtype=torch.int32) * chunk
    cu_k = torch.arange(0, b + 1, device="cuda", dtype=torch.int32) * keys
    used = torch.full((b,), keys, device="cuda", dtype=torch.int32)
    pairs = sum(chunk * (keys - chunk) + chunk * (chunk + 1) // 2
                for _ in range(b))
    work = 4 * d * hq * pairs

    def contiguous():
        return ops.flash_attention_varlen(q, k, v, cu_q, cu_k, chunk, keys,
                                          causal=True)
    t_c = median_ms(contiguous, args.reps)
    print(f"B{b} chunk {chunk} against {keys} keys, Hq{hq} Hkv{hkv} d{d} "
          f"bf16 causal: contiguous {work / t_c / 1e9:.0f} TFLOP/s")
    print("| block size | paged TFLOP/s | paged / contiguous | max diff |")
    print("|---|---|---|---|")
    for bs in (64, 256):
        nb = b * keys // bs
        perm = torch.randperm(nb, device="cuda")
        # Block i of the contiguous cache goes to perm[i]: same keys.
        kc = torch.empty(nb, bs, hkv, d, device="cuda", dtype=dt)
        vc = torch.empty_like(kc)
        kc[perm] = k.view(nb, bs, hkv, d)
        vc[perm] = v.view(nb, bs, hkv, d)
        table = perm.view(b, keys // bs).to(torch.int32)

        def paged():
            return ops.flash_attention_varlen(
                q, kc, vc, cu_q, None, chunk, None, causal=True,
                block_table=table, seqused_k=used)
        diff = float((paged() - contiguous()).abs().max())
        t_p = median_ms(paged, args.reps)
        print(f"| {bs} | {work / t_p / 1e9:.0f} | {t_c / t_p:.2f} | "
              f"{diff:.1e} |")


if __name__ == "__main__":
    main()
