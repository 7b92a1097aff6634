#!/usr/bin/env python3
"""kernels/gemm/gemm_sm90.forth (TMA + wgmma + warp specialization)
against torch.matmul (cuBLAS) on the same bf16 tensors, in one process
(issue 18's first figure: >= 0.8x cuBLAS on 8192^3 and LLM shapes).

For each shape: every variant (tile columns BN, pipeline depth STAGES) is
checked against torch.matmul first (relative Frobenius error of ours and of
cuBLAS's against an f32-accumulated reference, f64 on the host would be
too slow at 8192^3), then timed (CUDA-event medians, the GPU's time);
TFLOP/s = 2 M N K / time, and our ratio to cuBLAS (above 1: faster).

    WARPFORTH_LIB=.../libwarpforth.so python3 bench/gemm_sm90.py [--quick]
"""

from __future__ import annotations

import argparse

import torch
from common import ROOT, median_ms

from warpforth import Kernel

KERNEL = ROOT / "kernels" / "gemm" / "gemm_sm90.forth"   # -D T bf16, f16
SHAPES = [  # M, N, K
    (8192, 8192, 8192),
    (4096, 4096, 4096),
    (4096, 12288, 4096),   # Llama-7B-like QKV projection, 4096 tokens
    (4096, 4096, 11008),   # MLP down projection
    (4096, 22016, 4096),   # MLP gate+up projection
    (2048, 8192, 2048),
]
VARIANTS = [{"BN": 256, "STAGES": 4, "GROUP": 8},  # the default
            {"BN": 256, "STAGES": 3, "GROUP": 8},
            {"BN": 256, "STAGES": 3, "GROUP": 16},
            {"BN": 256, "STAGES": 3, "GROUP": 1000000},  # row-major order
            {"BN": 128, "STAGES": 4, "GROUP": 8}]


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--quick", action="store_true", help="two shapes only")
    p.add_argument("--profile", metavar="M,N,K",
                   help="one launch of the default variant at this shape, "
                        "for Nsight Compute (tools/gpu-check.sh ncugemm90)")
    args = p.parse_args()
    if args.profile:
        m, n, k = (int(x) for x in args.profile.split(","))
        kern = Kernel.from_file(KERNEL, device="gpu", arch="sm_90",
                                defines={"T": "bf16"})
        a = torch.randn(m, k, device="cuda", dtype=torch.bfloat16)
        b = torch.randn(k, n, device="cuda", dtype=torch.bfloat16)
        c = torch.empty(m, n, device="cuda", dtype=torch.bfloat16)
        kern(m, n, k, a, b, c, grid=(n + 255) // 256 * ((m + 127) // 128),
             block=384)
        torch.matmul(a, b)  # cuBLAS's kernel, profiled beside ours
        torch.cuda.synchronize()
        return
    print(f"GPU: {torch.cuda.get_device_name()}, torch {torch.__version__}")
    kernels = {}
    for v in VARIANTS:
        kernels[(v["BN"], v["STAGES"], v["GROUP"])] = Kernel.from_file(
            KERNEL, device="gpu", arch="sm_90", defines={**v, "T": "bf16"})
    print("| M N K | cuBLAS TFLOP/s | " + " | ".join(
        f"BN{bn} S{s} G{g if g < 1000 else '-'} TFLOP/s (ratio)"
        for bn, s, g in kernels) +
        " | rel. error ours / cuBLAS |")
    print("|---" * (3 + len(kernels)) + "|")
    torch.manual_seed(0)
    for m, n, k in SHAPES[:2] if args.quick else SHAPES:
        a = torch.randn(m, k, device="cuda", dtype=torch.bfloat16)
        b = torch.randn(k, n, device="cuda", dtype=torch.bfloat16)
        ref = torch.matmul(a.float(), b.float())
        theirs = torch.matmul(a, b)
        flops = 2.0 * m * n * k
        t_ref = median_ms(lambda: torch.matmul(a, b))
        cells, worst = [], 0.0
        for (bn, stages, _), kern in kernels.items():
            c = torch.full((m, n), float("nan"), device="cuda",
                           dtype=torch.bfloat16)
            grid = ((n + bn - 1) // bn * ((m + 127) // 128))

            def run(kern=kern, c=c, grid=grid):
                kern(m, n, k, a, b, c, grid=grid, block=384)
            run()
            torch.cuda.synchronize()
            err = ((c.float() - ref).norm() / ref.norm()).item()
            worst = max(worst, err)
            if not err < 2e-2:
                cells.append(f"WRONG (rel. error {err:.2e})")
                continue
            t = median_ms(run)
            cells.append(f"{flops / t / 1e9:.0f} ({t_ref / t:.2f}x)")
        base = ((theirs.float() - ref).norm() / ref.norm()).item()
        print(f"| {m} {n} {k} | {flops / t_ref / 1e9:.0f} | " +
              " | ".join(cells) + f" | {worst:.1e} / {base:.1e} |")
    # f16, the default tiles, at 8192^3.
    kern = Kernel.from_file(KERNEL, device="gpu", arch="sm_90",
                            defines={"T": "f16"})
    m = n = k = 8192
    a = torch.randn(m, k, device="cuda", dtype=torch.float16)
    b = torch.randn(k, n, device="cuda", dtype=torch.float16)
    c = torch.empty(m, n, device="cuda", dtype=torch.float16)
    ref = torch.matmul(a.float(), b.float())

    def run16():
        kern(m, n, k, a, b, c, grid=(n // 256) * (m // 128), block=384)
    run16()
    torch.cuda.synchronize()
    err = ((c.float() - ref).norm() / ref.norm()).item()
    t, t_ref = median_ms(run16), median_ms(lambda: torch.matmul(a, b))
    print(f"f16 8192^3: warpforth {2.0 * m * n * k / t / 1e9:.0f} TFLOP/s, "
          f"cuBLAS {2.0 * m * n * k / t_ref / 1e9:.0f} ({t_ref / t:.2f}x); "
          f"rel. error {err:.1e}")


if __name__ == "__main__":
    main()
