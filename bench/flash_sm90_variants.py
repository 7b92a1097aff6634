#!/usr/bin/env python3
"""The Hopper attention kernel (kernels/attention/flash_attention_sm90_bf16
.forth) with and without its ping-pong schedule (-D PINGPONG), against
SDPA's cuDNN backend, B4 H16 N4096 bf16, TFLOP/s of the GPU's time.

    WARPFORTH_LIB=.../libwarpforth.so python3 bench/flash_sm90_variants.py
"""

from __future__ import annotations

import torch
import torch.nn.functional as F
from common import ROOT, median_ms
from torch.nn.attention import SDPBackend, sdpa_kernel

from warpforth import Kernel

KERNEL = ROOT / "kernels" / "attention" / "flash_attention_sm90_bf16.forth"
OLD = ROOT / "kernels" / "attention" / "old_sm90.forth"


def main() -> None:
    torch.manual_seed(0)
    b, h, n = 4, 16, 4096
    print("| d | causal | cuDNN | " + " | ".join(
        f"PINGPONG={p}" for p in (0, 1)) + " |")
    for d in (64, 128):
        q, k, v = (torch.randn(b, h, n, d, device="cuda", dtype=torch.bfloat16)
                   for _ in range(3))
        for causal in (True, False):
            flops = 4 * b * h * n * n * d * (0.5 if causal else 1.0)
            with sdpa_kernel(SDPBackend.CUDNN_ATTENTION):
                ref = F.scaled_dot_product_attention(q, k, v, is_causal=causal)
                t_ref = median_ms(lambda: F.scaled_dot_product_attention(
                    q, k, v, is_causal=causal))
            cells = []
            for pp in (0, 1, 9):
                kern = Kernel.from_file(KERNEL if pp < 9 else OLD, device="gpu", arch="sm_90",
                                        defines={"HEAD_DIM": d,
                                                 "CAUSAL": int(causal),
                                                 "PINGPONG": pp})
                o = torch.empty_like(q)
                lse = torch.empty(b, h, n, device="cuda")

                def run(kern=kern, o=o, lse=lse):
                    kern(q, k, v, o, lse, n, n, h, h, b, d ** -0.5,
                         grid=(n // 128, h, b), block=384)
                run()
                torch.cuda.synchronize()
                diff = (o.float() - ref.float()).abs().max().item()
                t = median_ms(run)
                cells.append(f"{flops / t / 1e9:.0f} ({t_ref / t:.2f}x cuDNN, "
                             f"diff {diff:.1e})")
            print(f"| {d} | {causal} | {flops / t_ref / 1e9:.0f} | " +
                  " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
