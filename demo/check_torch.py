#!/usr/bin/env python3
"""Checks the WarpForth attention kernels against PyTorch on the GPU.

For every seq_len x head_dim of the issue, runs demo/attention.forth (f64)
and demo/attention-f32.forth (f32) through the Python package on torch CUDA
tensors and compares them with
torch.nn.functional.scaled_dot_product_attention(q, k, v, is_causal=True) in
the same precision. The error is max |ours - torch| / max |torch| (relative
to the output scale); the tolerance is 1e-10 for f64 and 1e-4 for f32. For
scale, the f32 rows also give ours and torch's f32 error against torch f64.
Exits 1 if any shape fails.

    PYTHONPATH=bindings/python WARPFORTH_LIB=... python3 demo/check_torch.py
"""

from __future__ import annotations

import sys
from pathlib import Path

import torch
import torch.nn.functional as F

sys.path.insert(0, str(Path(__file__).resolve().parent.parent
                       / "bindings" / "python"))
import warpforth  # noqa: E402

SEQ_LENS = [1, 16, 17, 64, 100, 1024]
HEAD_DIMS = [32, 64, 128]
TOLERANCE = {"f64": 1e-10, "f32": 1e-4}


def block_for(seq_len: int, head_dim: int) -> int:
    # The block sizes of demo/CMakeLists.txt's tests: rows both longer and
    # shorter than the block, and blocks that are not powers of two.
    return 32 + ((seq_len * 7 + head_dim) % 5) * 123


def relative_error(got: torch.Tensor, want: torch.Tensor) -> float:
    scale = want.abs().max().clamp_min(1e-300)
    return ((got.double() - want.double()).abs().max() / scale).item()


def sdpa(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor) -> torch.Tensor:
    # SDPA wants (batch, heads, seq, dim); the kernel takes one head.
    return F.scaled_dot_product_attention(q[None, None], k[None, None],
                                          v[None, None], is_causal=True)[0, 0]


def main() -> int:
    if not torch.cuda.is_available():
        print("check_torch: no CUDA device", file=sys.stderr)
        return 2
    dev = warpforth.device("gpu")
    print(f"device: {dev.name}; torch {torch.__version__}\n")
    print("| precision | seq_len | head_dim | block | error vs torch "
          "| ours f32 vs torch f64 | torch f32 vs f64 | result |")
    print("|---|---:|---:|---:|---:|---:|---:|---|")
    failures = 0
    gen = torch.Generator(device="cuda").manual_seed(1)
    for precision, dtype in (("f64", torch.float64), ("f32", torch.float32)):
        for seq_len in SEQ_LENS:
            for head_dim in HEAD_DIMS:
                q, k, v = (torch.rand(seq_len, head_dim, dtype=torch.float64,
                                      device="cuda", generator=gen) * 2 - 1
                           for _ in range(3))
                q, k, v = q.to(dtype), k.to(dtype), v.to(dtype)
                block = block_for(seq_len, head_dim)
                ours = warpforth.attention(q, k, v, block=block)
                want = sdpa(q, k, v)
                err = relative_error(ours, want)
                vs_f64 = torch_err = ""
                if precision == "f32":
                    exact = sdpa(q.double(), k.double(), v.double())
                    vs_f64 = f"{relative_error(ours, exact):.2e}"
                    torch_err = f"{relative_error(want, exact):.2e}"
                ok = err <= TOLERANCE[precision]
                failures += not ok
                print(f"| {precision} | {seq_len} | {head_dim} | {block} | "
                      f"{err:.2e} | {vs_f64} | {torch_err} | {'PASS' if ok else 'FAIL'} |")
    torch.cuda.synchronize()
    total = 2 * len(SEQ_LENS) * len(HEAD_DIMS)
    print(f"\n{total - failures}/{total} shapes within tolerance "
          f"(f64 {TOLERANCE['f64']:.0e}, f32 {TOLERANCE['f32']:.0e})")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
