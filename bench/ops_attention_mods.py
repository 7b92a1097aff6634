#!/usr/bin/env python3
"""warpforth.ops.flash_attention with the user's Forth words (mask_mod,
score_mod) against FlexAttention (torch.compile'd, with its block mask)
and against our built-in rules, on the same CUDA tensors in one process
(issue 37's shapes, B4 H16 N4096 d128 bf16):

- a document mask through MASK-MOD, 8 documents a row (random lengths,
  the ids an int32 mod_arg), with causal;
- plain causal written as a MASK-MOD, against causal=True;
- ALiBi through SCORE-MOD (slopes a float32 mod_arg), causal.

--backward times forward + backward (autograd; the work 3.5 times the
forward's).

Figures are TFLOP/s counting only the unmasked work (4 d times the
visible (query, key) pairs), of the GPU's time (CUDA-event medians,
bench/common.py); the block masks (ours and Flex's) are made before the
timing, as a training step would reuse them across layers. Outputs are
checked against each other first (max abs difference printed).

    WARPFORTH_LIB=.../libwarpforth.so python3 bench/ops_attention_mods.py
"""

from __future__ import annotations

import argparse

import torch
from common import median_ms
from torch.nn.attention.flex_attention import create_block_mask
from torch.nn.attention.flex_attention import flex_attention

from warpforth import ops

DOC_CAUSAL = """: MASK-MOD { b h qi ki -- flag }
  b NQ * qi + ARG0@  b NKV * ki + ARG0@ =  ki qi <= AND ;
"""
CAUSAL = ": MASK-MOD { b h qi ki -- flag }  ki qi <= ;\n"
ALIBI = """: SCORE-MOD { s b h qi ki -- s' }  h ARG1@  ki qi - S>F F*  s F+ ;
: SCORE-MOD-GRAD { s b h qi ki -- g }  1.0 ;
"""


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--reps", type=int, default=20)
    p.add_argument("--n", type=int, default=4096)
    p.add_argument("--docs", type=int, default=8)
    p.add_argument("--backward", action="store_true",
                   help="time forward + backward instead")
    args = p.parse_args()
    b, h, n, d = 4, 16, args.n, 128
    torch.manual_seed(0)
    print(f"GPU: {torch.cuda.get_device_name()}, torch {torch.__version__}")
    q, k, v = (torch.randn(b, h, n, d, device="cuda", dtype=torch.bfloat16,
                           requires_grad=args.backward) for _ in range(3))
    do = torch.randn_like(q)
    flex = torch.compile(flex_attention, dynamic=False)
    # Document ids: args.docs runs of random length a row.
    ids = torch.zeros(b, n, dtype=torch.int32, device="cuda")
    for i in range(b):
        cuts = torch.randperm(n - 1)[:args.docs - 1] + 1
        ids[i, cuts.cuda()] = 1
    ids = ids.cumsum(1, dtype=torch.int32)
    slopes = (2.0 ** -torch.arange(1, h + 1, dtype=torch.float32)).cuda()
    tri = torch.ones(n, n, dtype=torch.bool, device="cuda").tril()

    def doc_mask(bi, hi, qi, ki):
        return (ids[bi, qi] == ids[bi, ki]) & (ki <= qi)

    def causal_mask(bi, hi, qi, ki):
        return ki <= qi

    def alibi(s, bi, hi, qi, ki):
        return s + slopes[hi] * (ki - qi)

    doc_pairs = int(((ids[:, :, None] == ids[:, None, :]) & tri).sum())
    causal_pairs = b * int(tri.sum())
    cases = [  # name, ours kwargs, flex mask (B-wide?), score, pairs
        ("documents (8 a row) + causal",
         dict(mask_mod=DOC_CAUSAL, mod_args=(ids,)), doc_mask, True, None,
         doc_pairs),
        ("causal as mask_mod", dict(mask_mod=CAUSAL), causal_mask, False,
         None, causal_pairs),
        ("ALiBi score_mod, causal",
         dict(causal=True, score_mod=ALIBI, mod_args=(ids, slopes)),
         causal_mask, False, alibi, causal_pairs),
    ]
    print(f"B{b} H{h} N{n} d{d} bf16, "
          f"{'fwd+bwd' if args.backward else 'forward'}")
    scale = 7 / 2 if args.backward else 1    # the backward's 2.5x more work

    def timed(f):
        def run():
            o = f()
            if args.backward:
                torch.autograd.grad(o, (q, k, v), do)
            return o
        return run
    print("| case | warpforth TFLOP/s | FlexAttention TFLOP/s | ratio "
          "| built-in causal TFLOP/s | max diff |")
    print("|---|---|---|---|---|---|")

    builtin = timed(lambda: ops.flash_attention(q, k, v, causal=True))
    t_builtin = median_ms(builtin, args.reps)
    for name, kw, mask, per_batch, score, pairs in cases:
        bm = create_block_mask(mask, b if per_batch else None, None, n, n,
                               device="cuda")
        work = 4 * d * h * pairs * scale
        ours = timed(lambda: ops.flash_attention(q, k, v, **kw))
        theirs = timed(lambda: flex(q, k, v, block_mask=bm,
                                    score_mod=score))
        diff = float((ours() - theirs()).detach().abs().max())
        t_ours = median_ms(ours, args.reps)
        t_flex = median_ms(theirs, args.reps)
        f_ours, f_flex = work / t_ours / 1e9, work / t_flex / 1e9
        f_builtin = 4 * d * h * causal_pairs * scale / t_builtin / 1e9
        print(f"| {name} | {f_ours:.0f} | {f_flex:.0f} | "
              f"{f_ours / f_flex:.2f} | {f_builtin:.0f} | {diff:.2e} |",
              flush=True)


if __name__ == "__main__":
    main()
