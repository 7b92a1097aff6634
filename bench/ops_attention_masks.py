#!/usr/bin/env python3
"""warpforth.ops.flash_attention with a sliding window and with softcap
against FlexAttention (torch.compile'd, with a block mask so that it also
skips empty tiles) on the same CUDA tensors in one process (issue 37's
shapes): B4 H16 N4096 d128 bf16,

- window (1024, 0) (causal with 1024 keys back, Mistral's);
- causal + softcap 30 (Gemma 2's);
- plain causal, ours built in, for the cost of each mask against it.

Figures are TFLOP/s counting only the unmasked work (4 d times the
visible (query, key) pairs, per batch and head; the backward 2.5 times
that), of the GPU's time (CUDA-event medians, bench/common.py), and our
ratio to FlexAttention (above 1: faster). Outputs are checked against
each other before timing (max abs difference printed).

    WARPFORTH_LIB=.../libwarpforth.so python3 bench/ops_attention_masks.py
"""

from __future__ import annotations

import argparse

import torch
from common import median_ms
from torch.nn.attention.flex_attention import create_block_mask
from torch.nn.attention.flex_attention import flex_attention

from warpforth import ops


def visible_pairs(n: int, window: tuple) -> int:
    left, right = window
    rel = (torch.arange(n, device="cuda")[None, :]
           - torch.arange(n, device="cuda")[:, None])
    ok = torch.ones(n, n, dtype=torch.bool, device="cuda")
    if right >= 0:
        ok &= rel <= right
    if left >= 0:
        ok &= rel >= -left
    return int(ok.sum())


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--reps", type=int, default=20)
    p.add_argument("--backward", action="store_true",
                   help="time forward + backward instead")
    p.add_argument("--n", type=int, default=4096)
    args = p.parse_args()
    b, h, n, d = 4, 16, args.n, 128
    dt = torch.bfloat16
    torch.manual_seed(0)
    print(f"GPU: {torch.cuda.get_device_name()}, torch {torch.__version__}")
    q, k, v = (torch.randn(b, h, n, d, device="cuda", dtype=dt,
                           requires_grad=args.backward) for _ in range(3))
    do = torch.randn_like(q)
    flex = torch.compile(flex_attention, dynamic=False)

    def causal_mask(bi, hi, qi, ki):
        return qi >= ki

    def window_mask(bi, hi, qi, ki):
        return (qi >= ki) & (qi - ki <= 1024)

    def softcap(s, bi, hi, qi, ki):
        return 30.0 * torch.tanh(s / 30.0)

    cases = [  # name, window, softcap, flex block mask, flex score_mod
        ("causal", (-1, 0), 0.0, causal_mask, None),
        ("window (1024, 0)", (1024, 0), 0.0, window_mask, None),
        ("causal + softcap 30", (-1, 0), 30.0, causal_mask, softcap),
    ]
    print(f"B{b} H{h} N{n} d{d} bf16, {'fwd+bwd' if args.backward else 'fwd'}")
    print("| mask | warpforth TFLOP/s | FlexAttention TFLOP/s | ratio "
          "| max diff |")
    print("|---|---|---|---|---|")
    for name, window, cap, mask_mod, score_mod in cases:
        bm = create_block_mask(mask_mod, None, None, n, n, device="cuda")
        work = 4 * d * b * h * visible_pairs(n, window)
        if args.backward:
            work = work * 7 // 2

        def ours():
            o = ops.flash_attention(q, k, v, window=window, softcap=cap)
            if args.backward:
                torch.autograd.grad(o, (q, k, v), do)
            return o

        def theirs():
            o = flex(q, k, v, block_mask=bm, score_mod=score_mod)
            if args.backward:
                torch.autograd.grad(o, (q, k, v), do)
            return o
        diff = float((ours() - theirs()).abs().max())
        t_ours = median_ms(ours, args.reps)
        t_flex = median_ms(theirs, args.reps)
        f_ours, f_flex = work / t_ours / 1e9, work / t_flex / 1e9
        print(f"| {name} | {f_ours:.0f} | {f_flex:.0f} | "
              f"{f_ours / f_flex:.2f} | {diff:.2e} |", flush=True)


if __name__ == "__main__":
    main()
