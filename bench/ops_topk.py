#!/usr/bin/env python3
"""top_k_mask (k=50) and top_p_mask (p=0.9): warpforth.ops against the
HuggingFace warpers' torch code (topk + masked_fill; sort + softmax + cumsum
+ scatter) on the same logits, in one process on the GPU. Prints the median
GPU time of each (CUDA events after warmup; a sleep kernel hides the host's
launch cost, bench/common.py), torch's time over ours (above 1: faster),
ours with the host cost included, and whether the masks agree with HF's on
the same values in f32 (they may differ at ties, kept whole here, and
within f32 rounding of p: see the README).

    WARPFORTH_LIB=.../libwarpforth.so python3 bench/ops_topk.py [--sweep]

--sweep times our kernels alone on 64x128256 f32 at other block sizes and
loads in flight per thread (U), for tuning the defaults of ops/_topk.py and
the wrappers' U.

--variants times top_k_mask's designs side by side on the same logits
against HF: one block a row (the kernel before the split path) and the
split path (chunk top-k, merge, mask) at several chunk sizes (elements a
thread E, blocks an SM MINB) and chunk counts, at the issue's shapes and k.

--p-variants does the same for top_p_mask (p=0.9): one block a row and
the split path (topp-split.fs: chunk maxima, first pass over the chunks,
candidates and the last passes, mask) at several chunk counts, block sizes
and loads in flight, on few rows (1x128256, 4x128256, 32x128256, 1x50257).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import torch
from common import median_ms

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bindings"
                       / "python" / "tests"))
from test_ops_gpu import hf_top_k, hf_top_p  # noqa: E402

from warpforth import ops  # noqa: E402

SHAPES = [(64, 50257), (64, 128256), (1, 128256), (256, 128256)]
DTYPES = [torch.float32, torch.bfloat16]


def sweep() -> None:
    x = torch.randn(64, 128256, device="cuda") * 3
    out = torch.empty_like(x)
    print(f"{'block':>6}{'U':>4}{'top_k k=50':>12}{'top_p p=0.9':>13}")
    for block in (256, 512, 1024):
        for u in (2, 4, 8):
            with ops.tuned(topk=dict(block=block, defines={"U": u})):
                tk = median_ms(lambda: ops.top_k_mask(x, 50, out=out))
                tp = median_ms(lambda: ops.top_p_mask(x, 0.9, out=out))
            print(f"{block:>6}{u:>4}{tk:12.3f}{tp:13.3f}")


# (name, knobs of ops/_topk.py TopkConfig) for --variants; the first is the
# one-block-a-row kernel.
ANY_ROWS = 65535    # split_max_rows for the split variants: every shape
VARIANTS = [
    ("rows", dict(split=False)),
    ("split E8 MINB4", dict(chunk_e=8, chunk_minb=4, split_max_rows=ANY_ROWS)),
    ("split E12 MINB3", dict(chunk_e=12, chunk_minb=3,
                             split_max_rows=ANY_ROWS)),
    ("split E16 MINB3", dict(chunk_e=16, chunk_minb=3,
                             split_max_rows=ANY_ROWS)),
    ("split E16 MINB2", dict(chunk_e=16, chunk_minb=2,
                             split_max_rows=ANY_ROWS)),
    ("split E12 x2 blocks", dict(chunk_e=12, chunk_minb=3,
                                 split_blocks=528, split_max_rows=ANY_ROWS)),
    ("split E12 U4", dict(chunk_e=12, chunk_minb=3, apply_u=4,
                          split_max_rows=ANY_ROWS)),
]


def variants() -> None:
    print(f"{torch.cuda.get_device_name()}; top_k_mask designs, median ms")
    cases = [(shape, dt, k)
             for shape in [(64, 50257), (64, 128256), (1, 128256),
                           (256, 128256)]
             for dt in (torch.float32, torch.bfloat16)
             for k in ((1, 50, 256, 1024) if shape == (64, 50257)
                       and dt == torch.float32 else (50,))]
    time_variants("k", cases, VARIANTS, ops.top_k_mask, hf_top_k)


# (name, knobs of ops/_topk.py TopkConfig) for --p-variants; the first is the
# one-block-a-row kernel.
P_VARIANTS = [
    ("rows", dict(split=False)),
    ("split", dict()),
    ("split 66 blocks", dict(topp_split_blocks=66)),
    ("split 264 blocks", dict(topp_split_blocks=264)),
    ("split 528 blocks", dict(topp_split_blocks=528, topp_chunk_min=256)),
    ("split 256 thr", dict(topp_block=256)),
    ("split 1024 thr", dict(topp_block=1024)),
    ("split U8", dict(topp_u=8)),
]


def p_variants() -> None:
    print(f"{torch.cuda.get_device_name()}; top_p_mask designs, median ms")
    cases = [(shape, dt, 0.9)
             for shape in [(1, 128256), (4, 128256), (32, 128256),
                           (1, 50257)]
             for dt in (torch.float32, torch.bfloat16)]
    time_variants("p", cases, P_VARIANTS, ops.top_p_mask, hf_top_p)


def time_variants(arg, cases, designs, op, hf) -> None:
    """Each design (knobs of ops/_topk.py TopkConfig) of op on each case
    (shape, dtype, k or p) against HF's code: ms, HF's ms, HF's over ours, the
    first design's over ours, bytes moved (read and write once) a second,
    and whether the mask agrees with HF's on the same values in f32."""
    print(f"{'shape':<12}{'dtype':<9}{arg:>5}  {'variant':<20}{'ms':>8}"
          f"{'HF ms':>8}{'vs HF':>7}{'vs ' + designs[0][0]:>8}{'TB/s':>6}"
          "  mask")
    for shape, dt, a in cases:
        x = (torch.randn(shape, device="cuda") * 3).to(dt)
        out = torch.empty_like(x)
        want = hf(x.float(), a) == float("-inf")
        t_hf = median_ms(lambda: hf(x, a))
        t_first = None
        for name, tun in designs:
            with ops.tuned(topk=tun):
                op(x, a, out=out)
                differ = ((out == float("-inf")) != want).sum().item()
                t = median_ms(lambda: op(x, a, out=out))
            t_first = t_first or t
            gb = 2 * x.numel() * x.element_size()
            print(f"{'x'.join(map(str, shape)):<12}"
                  f"{str(dt).replace('torch.', ''):<9}{a:>5}  "
                  f"{name:<20}{t:8.3f}{t_hf:8.3f}{t_hf / t:7.2f}"
                  f"{t_first / t:8.2f}{gb / t / 1e9:6.2f}  "
                  f"{'same' if differ == 0 else f'{differ} differ'}")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--sweep", action="store_true")
    p.add_argument("--variants", action="store_true")
    p.add_argument("--p-variants", action="store_true")
    args = p.parse_args()
    if args.sweep:
        sweep()
        return
    if args.variants:
        variants()
        return
    if args.p_variants:
        p_variants()
        return
    print(f"{torch.cuda.get_device_name()}; median ms of 20 after warmup")
    print(f"{'op':<12}{'shape':<14}{'dtype':<10}{'warpforth':>11}"
          f"{'HF torch':>11}{'ratio':>8}{'host incl.':>12}  masks")
    for shape in SHAPES:
        for dt in DTYPES:
            x = (torch.randn(shape, device="cuda") * 3).to(dt)
            out = torch.empty_like(x)
            x32 = x.float()
            runs = [
                ("top_k k=50", lambda: ops.top_k_mask(x, 50, out=out),
                 lambda: hf_top_k(x, 50), lambda: hf_top_k(x32, 50)),
                ("top_p p=0.9", lambda: ops.top_p_mask(x, 0.9, out=out),
                 lambda: hf_top_p(x, 0.9), lambda: hf_top_p(x32, 0.9)),
            ]
            for name, ours, theirs, ref in runs:
                ours()
                # Masks compared with HF's in f32 (what ours computes in).
                differ = ((out == float("-inf"))
                          != (ref() == float("-inf"))).sum().item()
                t_ours = median_ms(ours)
                t_hf = median_ms(theirs)
                t_host = median_ms(ours, device_only=False)
                print(f"{name:<12}{'x'.join(map(str, shape)):<14}"
                      f"{str(dt).replace('torch.', ''):<10}{t_ours:11.3f}"
                      f"{t_hf:11.3f}{t_hf / t_ours:8.2f}{t_host:12.3f}  "
                      f"{'same' if differ == 0 else f'{differ} differ'}")


if __name__ == "__main__":
    main()
