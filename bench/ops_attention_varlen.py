#!/usr/bin/env python3
"""warpforth.ops.flash_attention_varlen on packed sequences of different
lengths against our dense kernel and torch's SDPA on nested (jagged)
tensors, same process and GPU (issue 37's shape): 16 sequences of lengths
spread over 128-4096 (about 32k tokens), H16 d128 causal bf16; and our
dense flash_attention at B4 N4096 d128 causal (the same token count).

TFLOP/s count only the unmasked work (causal: each sequence's n(n+1)/2
pairs, 4 d flops a pair a head; the backward 2.5 times that), of the GPU's
time (CUDA-event medians, bench/common.py).

    WARPFORTH_LIB=.../libwarpforth.so python3 bench/ops_attention_varlen.py
"""

from __future__ import annotations

import argparse

import torch
from common import median_ms

from warpforth import ops


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--reps", type=int, default=20)
    p.add_argument("--backward", action="store_true",
                   help="time forward + backward instead")
    args = p.parse_args()
    h, d, dt = 16, 128, torch.bfloat16
    g = torch.Generator().manual_seed(0)
    lens = torch.randint(128, 4097, (16,), generator=g).tolist()
    lens = [n * 32768 // sum(lens) for n in lens]   # about 32k tokens
    print(f"GPU: {torch.cuda.get_device_name()}, torch {torch.__version__}")
    print(f"lengths {lens} (total {sum(lens)}), H{h} d{d} causal bf16, "
          f"{'fwd+bwd' if args.backward else 'fwd'}")
    cu = torch.tensor([0] + lens, device="cuda").cumsum(0).to(torch.int32)
    n = sum(lens)
    grad = args.backward
    q, k, v = (torch.randn(n, h, d, device="cuda", dtype=dt,
                           requires_grad=grad) for _ in range(3))
    do = torch.randn_like(q)
    mult = 3.5 if args.backward else 1.0
    work = mult * 4 * d * h * sum(x * (x + 1) // 2 for x in lens)

    def run(fn, *xs):
        def call():
            o = fn()
            if grad:
                torch.autograd.grad(o, xs, do)
            return o
        return call

    ours = run(lambda: ops.flash_attention_varlen(
        q, k, v, cu, cu, max(lens), max(lens), causal=True), q, k, v)
    # SDPA on nested jagged tensors: (B, j, H, d) -> (B, H, j, d).
    def nested():
        nq, nk, nv = (torch.nested.nested_tensor_from_jagged(
            x, cu.to(torch.int64)).transpose(1, 2) for x in (q, k, v))
        return torch.nn.functional.scaled_dot_product_attention(
            nq, nk, nv, is_causal=True).transpose(1, 2).values()
    theirs = run(nested, q, k, v)
    diff = float((ours() - theirs()).abs().max())
    t_ours, t_nested = median_ms(ours, args.reps), median_ms(theirs,
                                                            args.reps)
    b4 = [torch.randn(4, h, 4096, d, device="cuda", dtype=dt,
                      requires_grad=grad) for _ in range(3)]
    do_dense = torch.randn_like(b4[0])

    def dense():
        o = ops.flash_attention(*b4, causal=True)
        if grad:
            torch.autograd.grad(o, b4, do_dense)
        return o
    t_dense = median_ms(dense, args.reps)
    w_dense = mult * 4 * d * h * 4 * 4096 * 4097 // 2
    f_ours, f_nested = work / t_ours / 1e9, work / t_nested / 1e9
    f_dense = w_dense / t_dense / 1e9
    print("| kernel | TFLOP/s | ours / it |")
    print("|---|---|---|")
    print(f"| warpforth varlen | {f_ours:.0f} | 1 |")
    print(f"| warpforth dense B4 N4096 | {f_dense:.0f} | "
          f"{f_ours / f_dense:.2f} |")
    print(f"| SDPA nested (jagged) | {f_nested:.0f} | "
          f"{f_ours / f_nested:.2f} |")
    print(f"max diff ours vs nested: {diff:.2e}")


if __name__ == "__main__":
    main()
