#!/usr/bin/env python3
"""Attention speed, four ways on the same inputs in one process (f32):

- flash: kernels/attention/flash_attention_f32.forth (FlashAttention-2 on
  tensor cores, 3xTF32 so f32-accurate; one launch; the kernel of
  warpforth.ops.flash_attention, launched here directly);
- simt: the fastest kernel without tensor cores,
  demo/flash_attention_gemm_f32.forth (--simt);
- naive: demo/attention-mh-f32.forth (one block per query row, causal only);
- SDPA: torch.nn.functional.scaled_dot_product_attention, default backend;
- plain: matmul, mask, softmax, matmul in PyTorch.

Shapes: B4 H16 N4096 with head_dim 64 and 128, causal and not, and GPT-2
small's (B1 H12 d64 causal, N 64/256/1024). Median time by CUDA events,
TFLOP/s counted as 4*B*H*N*N*d (halved when causal) and each column's
ratio of SDPA's time to its own (above 1: faster than SDPA). The flash
output is checked against SDPA's on every shape. The tile shapes are the
kernels' own defaults by head_dim (their `\\! const`s); the launch shape
is read back from each compiled kernel's constants BR and NTHREADS.

    PYTHONPATH=bindings/python WARPFORTH_LIB=.../libwarpforth.so python3 demo/bench_flash.py
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import torch
import torch.nn.functional as F

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bindings" / "python"))
import warpforth  # noqa: E402

sys.path.insert(0, str(ROOT / "bench"))
import common  # noqa: E402

# The kernels (paths from the checkout's root); each declares its tile shape
# per head_dim (the fastest found on an H100) as `\! const`s.
FLASH_KERNEL = "kernels/attention/flash_attention_f32.forth"
# Without tensor cores: the GEMM-style kernel (the row-per-thread kernel was
# faster at 128 only with TPR 2, which spills).
SIMT_KERNEL = "demo/flash_attention_gemm_f32.forth"
SHAPES = [
    (4, 16, 4096, 64, True), (4, 16, 4096, 64, False),
    (4, 16, 4096, 128, True), (4, 16, 4096, 128, False),
    (1, 12, 64, 64, True), (1, 12, 256, 64, True), (1, 12, 1024, 64, True),
]
_kernels: dict = {}


def kernel(file: str, head_dim: int, causal: bool):
    """The compiled kernel, with its rows and threads per block (every
    kernel here sizes its own shared memory)."""
    key = (file, head_dim, causal)
    if key not in _kernels:  # compiled and looked up once: launches are timed
        k = warpforth.Kernel.from_file(
            ROOT / file, device="gpu", arch="sm_90",
            defines={"HEAD_DIM": head_dim, "CAUSAL": int(causal)})
        _kernels[key] = (k, k.const("BR"), k.const("NTHREADS"))
    return _kernels[key]


_lse: dict = {}


def run(file: str, q, k, v, o, causal: bool) -> None:
    b, h, n, d = q.shape
    kern, br, threads = kernel(file, d, causal)
    grid = ((n + br - 1) // br, h, b)
    if file == FLASH_KERNEL:
        # The op's interface: LSE, NQ NKV HQ HKV BATCH SCALE WL WR CAP
        # CU_Q CU_K (no window, softcap or packed sequences).
        if (b, h, n) not in _lse:
            _lse[(b, h, n)] = torch.empty(b, h, n, device=q.device)
        cu = torch.zeros(1, dtype=torch.int32, device=q.device)
        kern(q, k, v, o, _lse[(b, h, n)], n, n, h, h, b, d ** -0.5, 0, 0,
             1.0, cu, cu, grid=grid, block=threads)
    else:
        kern(q, k, v, o, n, h, b, grid=grid, block=threads)


def median_ms(fn, reps: int) -> float:
    # Host launch cost included, as the flash figures have always been.
    return common.median_ms(fn, reps, warmup=1, device_only=False)


def plain(q, k, v, causal: bool):
    s = (q @ k.transpose(-1, -2)) * q.shape[-1] ** -0.5
    if causal:
        n = q.shape[-2]
        mask = torch.ones(n, n, dtype=torch.bool, device=q.device).triu(1)
        s = s.masked_fill(mask, float("-inf"))
    return torch.softmax(s, dim=-1) @ v


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--reps", type=int, default=10)
    ap.add_argument("--no-naive", action="store_true",
                    help="skip the one-block-per-row kernel (slow at N4096)")
    ap.add_argument("--simt", action="store_true",
                    help="also time the fastest kernels without tensor cores")
    args = ap.parse_args()
    torch.manual_seed(0)
    print(f"{torch.cuda.get_device_name()}, torch {torch.__version__}, f32, "
          f"median of {args.reps} (CUDA events)\n")
    simt_head = " simt ms (TFLOP/s, x SDPA) |" if args.simt else ""
    print("| shape | flash ms (TFLOP/s, x SDPA) | naive ms (x SDPA) | "
          f"SDPA ms (TFLOP/s) | plain ms (x SDPA) |{simt_head} flash err |")
    print("|---|---|---|---|---|---|" + ("---|" if args.simt else ""))
    worst = 0.0
    for b, h, n, d, causal in SHAPES:
        q, k, v = (torch.randn(b, h, n, d, device="cuda") for _ in range(3))
        o = torch.empty_like(q)
        flops = 4 * b * h * n * n * d * (0.5 if causal else 1.0)
        t_sdpa = median_ms(
            lambda: F.scaled_dot_product_attention(q, k, v, is_causal=causal),
            args.reps)
        t_flash = median_ms(
            lambda: run(FLASH_KERNEL, q, k, v, o, causal), args.reps)
        t_plain = median_ms(lambda: plain(q, k, v, causal), args.reps)
        naive = "n/a"
        if causal and not args.no_naive and n <= 4096:
            o2 = torch.empty_like(q)
            t_naive = median_ms(
                lambda: warpforth.multihead_attention(q, k, v, o2),
                max(3, args.reps // 3))
            naive = f"{t_naive:.3f} ({t_sdpa / t_naive:.2f})"
        ref = F.scaled_dot_product_attention(q, k, v, is_causal=causal)
        tf = lambda t: flops / (t * 1e-3) / 1e12  # noqa: E731
        simt = ""
        if args.simt:
            o3 = torch.empty_like(q)
            t_simt = median_ms(
                lambda: run(SIMT_KERNEL, q, k, v, o3, causal), args.reps)
            simt = (f" {t_simt:.3f} ({tf(t_simt):.1f}, "
                    f"{t_sdpa / t_simt:.2f}) |")
            err3 = ((o3 - ref).abs().max() / ref.abs().max()).item()
            worst = max(worst, err3)
        run(FLASH_KERNEL, q, k, v, o, causal)
        err = ((o - ref).abs().max() / ref.abs().max()).item()
        worst = max(worst, err)
        print(f"| B{b} H{h} N{n} d{d} {'causal' if causal else 'full'} | "
              f"{t_flash:.3f} ({tf(t_flash):.1f}, {t_sdpa / t_flash:.2f}) | "
              f"{naive} | {t_sdpa:.3f} ({tf(t_sdpa):.1f}) | "
              f"{t_plain:.3f} ({t_sdpa / t_plain:.2f}) |{simt} {err:.1e} |")
    print(f"\nworst flash error vs SDPA (relative to output scale): {worst:.2e}")
    return 0 if worst <= 1e-4 else 1


if __name__ == "__main__":
    sys.exit(main())
