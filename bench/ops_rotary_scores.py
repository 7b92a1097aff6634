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
    args = ap.parse_args()
    torch.backends.cuda.matmul.allow_tf32 = False
    torch.manual_seed(0)
    print(f"{torch.cuda.get_device_name()}, torch {torch.__version__}, "
          f"median of {args.reps} (CUDA events, GPU time)")
    bench_rotary(args.reps, copy_rate_tbs())
    bench_scores(args.reps)
    return 0


if __name__ == "__main__":
    sys.exit(main())
