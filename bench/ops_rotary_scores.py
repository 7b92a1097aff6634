#!/usr/bin/env python3
"""warpforth.ops.apply_rotary and attention_scores against their torch
counterparts, on the same CUDA tensors in one process:

- apply_rotary on q and k of B4 H32 N4096 d128 each (cos/sin (N, 128)),
  f32 and bf16: TB/s counting every byte read and written once (q, k,
  cos, sin in; q_out, k_out out) and its fraction of the device-to-device
  copy rate measured in the same run, against HuggingFace's
  apply_rotary_pos_emb in torch eager and under torch.compile;
- attention_scores on B4 H16 N4096 d64, causal, f32 and bf16: ms, and the
  ratio of torch's time to ours (above 1: faster than torch) for
  q @ k^T * scale, masked_fill(-inf) in torch (TF32 off, torch's default).

Times are the GPU's (CUDA-event medians with the host's launch cost
hidden, bench/common.py); the outputs are checked against torch's.

    WARPFORTH_LIB=.../libwarpforth.so python3 bench/ops_rotary_scores.py

--variants times apply_rotary's designs (knobs of ops/_rotary.py) side
by side on the same tensors instead: the rows kernel (the design before,
heads False), the heads kernel (the default) and its variants (heads a
thread, access width, block size), against torch.compile of HF's code
(partial rotary as GPT-NeoX applies it) on B4 N4096 d128: H32 with r = 128
and r = 64, and grouped heads (Hq 32, Hkv 8, q and k together), in f32,
bf16 and f16 (--dtypes to choose). For each: ms, TB/s (q and k read and
written once, cos/sin read once), % of the copy rate of this run, the
ratio to torch.compile (above 1: faster) and to the rows kernel, and the
largest difference from torch.compile's output (relative to its largest
value).
"""

from __future__ import annotations

import argparse
import sys

import torch
from common import ROOT, copy_rate_tbs, median_ms, tbs

from warpforth import ops


sys.path.insert(0, str(ROOT / "bindings" / "python" / "tests"))
from hf_reference import hf_apply_rotary_pos_emb, rotate_half  # noqa: E402,F401


def torch_scores(q, k, mask, scale):
    s = (q @ k.transpose(-1, -2)) * scale
    return s.masked_fill(mask, float("-inf"))


def rel(a, b) -> float:
    a, b = a.float(), b.float()
    shown = torch.isfinite(b)
    return float((a - b)[shown].abs().max() / b[shown].abs().max())


def bench_rotary(reps: int, copy_tbs: float) -> None:
    b, h, n, d = 4, 32, 4096, 128
    compiled = torch.compile(hf_apply_rotary_pos_emb)
    print(f"\napply_rotary, q and k B{b} H{h} N{n} d{d}, cos/sin ({n}, {d}); "
          f"copy: {copy_tbs:.2f} TB/s\n")
    print("| dtype | warpforth ms (TB/s, % of copy) | torch eager ms (TB/s) "
          "| torch.compile ms (TB/s) | err vs eager |")
    print("|---|---|---|---|---|")
    for dt in (torch.float32, torch.bfloat16):
        q = torch.randn(b, h, n, d, device="cuda", dtype=dt)
        k = torch.randn(b, h, n, d, device="cuda", dtype=dt)
        cos, sin = ops.rotary_cos_sin(torch.arange(n, device="cuda"), d,
                                      dtype=dt)
        c3, s3 = cos[None], sin[None]     # HF's (B, N, d), broadcast over B
        nbytes = (4 * q.numel() + 2 * cos.numel()) * q.element_size()
        t_wf = median_ms(lambda: ops.apply_rotary(q, k, cos, sin), reps)
        t_eager = median_ms(lambda: hf_apply_rotary_pos_emb(q, k, c3, s3),
                            reps)
        t_comp = median_ms(lambda: compiled(q, k, c3, s3), reps)
        qo, ko = ops.apply_rotary(q, k, cos, sin)
        tq, tk = hf_apply_rotary_pos_emb(q, k, c3, s3)
        err = max(rel(qo, tq), rel(ko, tk))
        cell = lambda ms: f"{ms:.3f} ({tbs(nbytes, ms):.2f})"  # noqa: E731
        print(f"| {str(dt)[6:]} | {cell(t_wf)[:-1]}, "
              f"{tbs(nbytes, t_wf) / copy_tbs:.0%}) | {cell(t_eager)} | "
              f"{cell(t_comp)} | {err:.1e} |")
        del q, k, qo, ko, tq, tk
        torch.cuda.empty_cache()


def hf_partial(q, k, cos, sin):
    """HF's apply_rotary_pos_emb on the first r features, the rest passed
    (GPT-NeoX / Phi); cos/sin (B, N, r)."""
    r = cos.shape[-1]
    if r == q.shape[-1]:
        return hf_apply_rotary_pos_emb(q, k, cos, sin)
    qr, kr = hf_apply_rotary_pos_emb(q[..., :r], k[..., :r], cos, sin)
    return (torch.cat((qr, q[..., r:]), -1), torch.cat((kr, k[..., r:]), -1))


# (name, knobs of ops/_rotary.py RotaryConfig) for --variants: the rows
# kernel (the design before), then the heads kernel as the op runs it by
# default, then its variants.
VARIANTS = [
    ("rows (before)", dict(heads=False)),
    ("heads (default)", dict()),
    ("heads 256 thr", dict(heads_block=256)),
    ("heads 64 thr", dict(heads_block=64)),
    ("heads hpt1", dict(heads_per_thread=1)),
    ("heads hpt2", dict(heads_per_thread=2)),
    ("heads hpt8", dict(heads_per_thread=8)),
    ("heads 8-byte", dict(vec_bytes=8)),
    ("heads hpt2 256 thr", dict(heads_per_thread=2, heads_block=256)),
]
# (label, Hq, Hkv, r) at B4 N4096 d128.
VARIANT_CASES = [("H32 r128", 32, 32, 128), ("H32 r64", 32, 32, 64),
                 ("Hq32 Hkv8 r128", 32, 8, 128)]
TORCH_DTYPES = {"f32": "float32", "bf16": "bfloat16", "f16": "float16"}


def bench_variants(reps: int, copy_tbs: float, dtypes: list,
                   b: int = 4, n: int = 4096, d: int = 128) -> None:
    print(f"\napply_rotary designs, B{b} N{n} d{d}, cos/sin ({n}, r); "
          f"copy: {copy_tbs:.2f} TB/s\n")
    print("| case | dtype | variant | ms | TB/s | % of copy | "
          "vs compile | vs rows | diff vs compile |")
    print("|---|---|---|---|---|---|---|---|---|")
    for label, hq, hkv, r in VARIANT_CASES:
        for name in dtypes:
            dt = getattr(torch, TORCH_DTYPES[name])
            q = torch.randn(b, hq, n, d, device="cuda", dtype=dt)
            k = torch.randn(b, hkv, n, d, device="cuda", dtype=dt)
            cos, sin = ops.rotary_cos_sin(torch.arange(n, device="cuda"), r,
                                          dtype=dt)
            c3, s3 = cos[None], sin[None]
            nbytes = (2 * (q.numel() + k.numel()) + 2 * cos.numel()) \
                * q.element_size()
            # A static compile of this case alone: no recompilation limit,
            # no dynamic shapes from the cases before.
            torch._dynamo.reset()
            compiled = torch.compile(hf_partial, dynamic=False)
            tq, tk = compiled(q, k, c3, s3)
            t_comp = median_ms(lambda: compiled(q, k, c3, s3), reps)

            def row(variant, ms, vs_rows, diff):
                tb = tbs(nbytes, ms)
                print(f"| {label} | {name} | {variant} | {ms:.3f} | "
                      f"{tb:.2f} | {tb / copy_tbs:.1%} | "
                      f"{t_comp / ms:.3f} | {vs_rows} | {diff} |")
            row("torch.compile", t_comp, "", "")
            t_rows = None
            for variant, tun in VARIANTS:
                with ops.tuned(rotary=tun):
                    qo, ko = ops.apply_rotary(q, k, cos, sin)
                    diff = max(rel(qo, tq), rel(ko, tk))
                    del qo, ko
                    t = median_ms(lambda: ops.apply_rotary(q, k, cos, sin),
                                  reps)
                t_rows = t_rows or t
                row(variant, t, f"{t_rows / t:.3f}", f"{diff:.1e}")
            del q, k, tq, tk, compiled
            torch.cuda.empty_cache()


def bench_scores(reps: int) -> None:
    b, h, n, d = 4, 16, 4096, 64
    scale = d ** -0.5
    mask = torch.ones(n, n, dtype=torch.bool, device="cuda").triu(1)
    print(f"\nattention_scores, B{b} H{h} N{n} M{n} d{d} causal\n")
    print("| dtype | warpforth ms | torch ms | torch / warpforth | "
          "err vs torch |")
    print("|---|---|---|---|---|")
    for dt in (torch.float32, torch.bfloat16):
        q = torch.randn(b, h, n, d, device="cuda", dtype=dt)
        k = torch.randn(b, h, n, d, device="cuda", dtype=dt)
        out = torch.empty(b, h, n, n, device="cuda", dtype=dt)
        # out= here: a (B, H, N, N) f32 score tensor is 4 GiB, and the
        # caching allocator would hold one per call in flight anyway.
        t_wf = median_ms(lambda: ops.attention_scores(q, k, out=out), reps)
        t_torch = median_ms(lambda: torch_scores(q, k, mask, scale), reps)
        err = rel(out, torch_scores(q, k, mask, scale))
        print(f"| {str(dt)[6:]} | {t_wf:.3f} | {t_torch:.3f} | "
              f"{t_torch / t_wf:.2f} | {err:.1e} |")
        del q, k, out
        torch.cuda.empty_cache()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--reps", type=int, default=20)
    ap.add_argument("--variants", action="store_true",
                    help="apply_rotary's designs side by side (only)")
    ap.add_argument("--dtypes", default="f32,bf16,f16",
                    help="for --variants: comma-separated f32, bf16, f16")
    args = ap.parse_args()
    torch.backends.cuda.matmul.allow_tf32 = False
    torch.manual_seed(0)
    print(f"{torch.cuda.get_device_name()}, torch {torch.__version__}, "
          f"median of {args.reps} (CUDA events, GPU time)")
    if args.variants:
        dtypes = [x.strip() for x in args.dtypes.split(",") if x.strip()]
        unknown = [x for x in dtypes if x not in TORCH_DTYPES]
        if unknown:
            ap.error(f"--dtypes: unknown {unknown}; expected f32, bf16, f16")
        bench_variants(args.reps, copy_rate_tbs(), dtypes)
        return 0
    bench_rotary(args.reps, copy_rate_tbs())
    bench_scores(args.reps)
    return 0


if __name__ == "__main__":
    sys.exit(main())
