#!/usr/bin/env python3
"""warpforth.ops.flash_attention against PyTorch's SDPA backends, on the
same CUDA tensors in one process (issue 14's shapes):

- bf16 and f16: B4 H16 N4096 d64 and d128, causal and full; GPT-2-like
  B8 H12 N1024 d64 causal; grouped-query B4 Hq32 Hkv8 N4096 d128 causal;
  against SDPA's FlashAttention-2 backend (SDPBackend.FLASH_ATTENTION) and
  cuDNN (SDPBackend.CUDNN_ATTENTION), GQA through enable_gqa;
- f32 (3xTF32): the same B4 H16 N4096 shapes against SDPA's efficient and
  math backends (--f32).

Figures are TFLOP/s (4 B H N^2 d, half that causal) of the GPU's time
(CUDA-event medians with the host's launch cost hidden, bench/common.py),
and our ratio to each backend (above 1: faster). Every output is checked
against SDPA's before timing (max abs difference printed).

    WARPFORTH_LIB=.../libwarpforth.so python3 bench/ops_attention.py
"""

from __future__ import annotations

import argparse

import torch
import torch.nn.functional as F
from common import attention_inputs, median_ms
from torch.nn.attention import SDPBackend, sdpa_kernel

from warpforth import ops
from warpforth.ops import _attention, _attention_backward as ab

SHAPES = [  # B, Hq, Hkv, N, d, causal
    (4, 16, 16, 4096, 64, True), (4, 16, 16, 4096, 64, False),
    (4, 16, 16, 4096, 128, True), (4, 16, 16, 4096, 128, False),
    (8, 12, 12, 1024, 64, True), (4, 32, 8, 4096, 128, True),
]
# --large-dims: the Hopper forward's head dims past 128 (issue 37).
LARGE_DIMS = [(4, 16, 16, 4096, d, c) for d in (192, 256)
              for c in (True, False)]
BACKENDS16 = (("FA2", SDPBackend.FLASH_ATTENTION),
              ("cuDNN", SDPBackend.CUDNN_ATTENTION))
BACKENDS32 = (("efficient", SDPBackend.EFFICIENT_ATTENTION),
              ("math", SDPBackend.MATH))


def label(b, hq, hkv, n, d, causal) -> str:
    return (f"B{b} H{hq}" + (f"/{hkv}" if hkv != hq else "") +
            f" N{n} d{d} {'causal' if causal else 'full'}")


def sdpa(q, k, v, causal, backend):
    with sdpa_kernel(backend):
        return F.scaled_dot_product_attention(
            q, k, v, is_causal=causal, enable_gqa=q.shape[1] != k.shape[1])


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--reps", type=int, default=20)
    p.add_argument("--f32", action="store_true", help="also f32 (3xTF32)")
    p.add_argument("--large-dims", action="store_true",
                   help="the shapes at head_dim 192 and 256 instead")
    p.add_argument("--backward", action="store_true",
                   help="time the backward instead (bf16, f16)")
    p.add_argument("--sm90-variants", action="store_true",
                   help="time the Hopper kernel's schedules (OVERLAP, "
                   "PINGPONG, KVS) side by side instead")
    p.add_argument("--sm90-rounds", action="store_true",
                   help="time the Hopper forward's blocks (1, 2, 3 items "
                   "a block, persistent) side by side instead")
    p.add_argument("--mma-variants", action="store_true",
                   help="time the mma.sync kernel's tiles (BC, QREG, MT, "
                   "WARPS, the LPT grid) side by side instead")
    args = p.parse_args()
    dtypes = [torch.bfloat16, torch.float16]
    if args.f32:
        dtypes.append(torch.float32)
    torch.manual_seed(0)
    print(f"GPU: {torch.cuda.get_device_name()}, torch {torch.__version__}")
    # The other tables, each instead of the main one.
    for table in (backward, sm90_variants, sm90_rounds, mma_variants):
        if getattr(args, table.__name__):
            table(args.reps)
            return
    print("| dtype | shape | warpforth TFLOP/s | backend TFLOP/s (ratio) "
          "| max diff |")
    print("|---|---|---|---|---|")
    for dt in dtypes:
        backends = BACKENDS32 if dt == torch.float32 else BACKENDS16
        for (b, hq, hkv, n, d, causal) in (LARGE_DIMS if args.large_dims
                                           else SHAPES):
            if dt == torch.float32 and n != 4096 or (
                    dt == torch.float32 and hq != hkv):
                continue
            q, k, v, _, flops = attention_inputs(b, hq, hkv, n, d, causal,
                                                dt, grad=False)
            out = ops.flash_attention(q, k, v, causal=causal)
            ours = flops / median_ms(
                lambda: ops.flash_attention(q, k, v, causal=causal),
                reps=args.reps) / 1e9
            cells, diff = [], 0.0
            if dt != torch.float32 and d in ab_hopper_dims():
                # The mma.sync (sm_80) kernel on the same tensors.
                with ops.tuned(attention=dict(hopper=False)):
                    o2 = ops.flash_attention(q, k, v, causal=causal)
                    t = flops / median_ms(
                        lambda: ops.flash_attention(q, k, v, causal=causal),
                        reps=args.reps) / 1e9
                diff = max(diff, (out.float() - o2.float()).abs().max().item())
                cells.append(f"mma.sync kernel {t:.0f} ({ours / t:.2f}x)")
            for name, be in backends:
                try:
                    ref = sdpa(q, k, v, causal, be)
                    diff = max(diff, (out.float() - ref.float()).abs().max()
                               .item())
                    t = flops / median_ms(lambda: sdpa(q, k, v, causal, be),
                                          reps=args.reps) / 1e9
                    cells.append(f"{name} {t:.0f} ({ours / t:.2f}x)")
                except RuntimeError as e:
                    cells.append(f"{name} n/a ({str(e).splitlines()[0][:40]})")
            print(f"| {str(dt)[6:]} | {label(b, hq, hkv, n, d, causal)} | "
                  f"{ours:.0f} | "
                  f"{'; '.join(cells)} | {diff:.1e} |")


# name, -D constants (over the op's: each sets NCWG and MINB, which the op
# picks by shape), head dims (None: all)
SM90_VARIANTS = (
    ("serial", {"OVERLAP": 0, "NCWG": 2, "MINB": 1}, None),
    ("overlap", {"OVERLAP": 1, "PINGPONG": 0, "NCWG": 2, "MINB": 1},
     None),
    ("overlap+pingpong", {"OVERLAP": 1, "PINGPONG": 1, "NCWG": 2, "MINB": 1},
     None),
    # (one Q buffer: three stages and two at d128 pass shared memory)
    ("overlap+pingpong KVS3",
     {"OVERLAP": 1, "PINGPONG": 1, "KVS": 3, "QBUF": 1, "NCWG": 2,
      "MINB": 1}, None),
    # three consumer warpgroups (192 query rows) fit 160 registers at d64
    ("3WG overlap", {"OVERLAP": 1, "PINGPONG": 0, "NCWG": 3, "MINB": 1},
     (64,)),
    ("3WG overlap+pingpong",
     {"OVERLAP": 1, "PINGPONG": 1, "NCWG": 3, "MINB": 1},
     (64,)),
    # one consumer warpgroup (64 query rows), two blocks an SM at d64
    ("1WG x2 overlap", {"OVERLAP": 1, "NCWG": 1, "MINB": 2}, (64,)),
    ("1WG x2 serial", {"OVERLAP": 0, "NCWG": 1, "MINB": 2}, (64,)),
    # at d128 two blocks fit shared memory with one K/V stage each
    ("1WG x2 KVS1", {"OVERLAP": 1, "NCWG": 1, "MINB": 2, "KVS": 1}, (128,)),
)


def time_variants(variants, knob: str, q, k, v, causal, ref, flops,
                  reps: int) -> tuple:
    """ops.flash_attention with each variant's value (name, value, head
    dims or None) as the attention config's `knob` (for the call alone):
    TFLOP/s cells ('-' where the head dim is not the variant's), the
    largest difference of an output to `ref`, and the best TFLOP/s."""
    d = q.shape[-1]
    cells, diff, best = [], 0.0, 0.0
    for _, value, dims in variants:
        if dims is not None and d not in dims:
            cells.append("-")
            continue
        with ops.tuned(attention={knob: value}):
            out = ops.flash_attention(q, k, v, causal=causal)
            diff = max(diff, (out.float() - ref.float()).abs().max().item())
            t = flops / median_ms(
                lambda: ops.flash_attention(q, k, v, causal=causal),
                reps=reps) / 1e9
        best = max(best, t)
        cells.append(f"{t:.0f}")
    return cells, diff, best


def hopper_table(flag: str, variants, knob: str, shapes,
                 reps: int) -> None:
    """ops.flash_attention with each of `variants` as the attention
    config's `knob` (time_variants), next to FA2 and cuDNN, bf16 and
    f16 at `shapes`: TFLOP/s, the first variant's ratio to cuDNN and the
    max difference of an output to cuDNN's. Hopper only (`flag` names the
    option in the refusal)."""
    if torch.cuda.get_device_capability() != (9, 0):
        print(f"{flag} needs an sm_90 GPU")
        return
    print("| dtype | shape | " + " | ".join(n for n, _, _ in variants) +
          f" | FA2 | cuDNN | {variants[0][0]} / cuDNN | max diff |")
    print("|---" * (len(variants) + 6) + "|")
    for dt in (torch.bfloat16, torch.float16):
        for (b, hq, hkv, n, d, causal) in shapes:
            q, k, v, _, flops = attention_inputs(b, hq, hkv, n, d, causal,
                                                dt, grad=False)
            ref = sdpa(q, k, v, causal, SDPBackend.CUDNN_ATTENTION)
            cells, diff, _ = time_variants(variants, knob, q, k, v, causal,
                                           ref, flops, reps)
            for _, be in BACKENDS16:
                t = flops / median_ms(lambda: sdpa(q, k, v, causal, be),
                                      reps=reps) / 1e9
                cells.append(f"{t:.0f}")
            ratio = "-" if cells[0] == "-" else f"{float(cells[0]) / t:.2f}x"
            print(f"| {str(dt)[6:]} | {label(b, hq, hkv, n, d, causal)} | "
                  + " | ".join(cells) + f" | {ratio} | {diff:.1e} |")


def sm90_variants(reps: int) -> None:
    """The Hopper kernel's schedules (-D OVERLAP, PINGPONG, KVS through
    the attention config's hopper_defines) on the same tensors, next to
    cuDNN and FA2."""
    hopper_table("--sm90-variants", SM90_VARIANTS, "hopper_defines",
                 SHAPES, reps)


# The Hopper forward's blocks (the attention config's hopper_rounds):
# name, rounds (a block's items; 0 persistent, None the op's: persistent),
# head dims. Causal rows run with the op's -D DYN: a block's items after
# its first come from a counter (.prof/s13_dyn.py timed it against static
# rounds).
SM90_ROUNDS = (("op's", None, None), ("1 round", 1, None),
               ("2 rounds", 2, None), ("3 rounds", 3, None),
               ("persistent", 0, None))
# Shorter rows too, where a block's start weighs most.
ROUNDS_SHAPES = SHAPES + [
    (16, 16, 16, 512, 64, True), (8, 12, 12, 1024, 64, False),
    (16, 16, 16, 512, 128, True), (8, 32, 8, 1024, 128, True)]


def sm90_rounds(reps: int) -> None:
    """The Hopper forward with its blocks taking 1, 2 or 3 items or
    persistent (flash-attention-sm90.fs), next to FA2 and cuDNN."""
    hopper_table("--sm90-rounds", SM90_ROUNDS, "hopper_rounds",
                 ROUNDS_SHAPES, reps)


# name, -D constants over the op's (the attention config's mma_defines), head
# dims (None: all)
MMA_VARIANTS = (
    ("op's", {}, None),
    ("plain grid", {"LPT": 0}, None),
    ("BC 64", {"BC": 64}, (64, 128)),
    ("BC 96", {"BC": 96}, (64,)),
    ("BC 128", {"BC": 128}, (64,)),
    ("BC 32", {"BC": 32}, (128,)),
    ("QREG 0", {"QREG": 0}, (64,)),
    ("QREG 1", {"QREG": 1}, (64,)),
    ("MT 1 8 warps", {"MT": 1, "WARPS": 8}, (128,)),
    ("PIPE 0", {"PIPE": 0}, None),
    ("PIPE 1", {"PIPE": 1}, None),
    ("prefetch first", {"LATE": 0}, None),
)


def mma_variants(reps: int) -> None:
    """The bf16/f16 mma.sync kernel's tiles (what sm_80 GPUs run; here
    forced with the attention config's hopper=False) on the same tensors,
    next to FA2 (the same design, sm_80 code): TFLOP/s, the best variant's
    ratio to FA2, and the max difference of each output to FA2's."""
    print("| dtype | shape | " + " | ".join(n for n, _, _ in MMA_VARIANTS) +
          " | FA2 | best / FA2 | max diff |")
    print("|---" * (len(MMA_VARIANTS) + 5) + "|")
    with ops.tuned(attention=dict(hopper=False)):
        for dt in (torch.bfloat16, torch.float16):
            for (b, hq, hkv, n, d, causal) in SHAPES:
                q, k, v, _, flops = attention_inputs(b, hq, hkv, n, d, causal,
                                                    dt, grad=False)
                ref = sdpa(q, k, v, causal, SDPBackend.FLASH_ATTENTION)
                cells, diff, best = time_variants(
                    MMA_VARIANTS, "mma_defines", q, k, v, causal, ref, flops,
                    reps)
                fa2 = flops / median_ms(
                    lambda: sdpa(q, k, v, causal, SDPBackend.FLASH_ATTENTION),
                    reps=reps) / 1e9
                print(f"| {str(dt)[6:]} | {label(b, hq, hkv, n, d, causal)} "
                      f"| " + " | ".join(cells) + f" | {fa2:.0f} | "
                      f"{best / fa2:.2f} | {diff:.1e} |")


def ab_hopper_dims() -> tuple:
    """The head dims that ops.flash_attention runs on the Hopper kernel
    (on an sm_90 GPU; the mma.sync kernel elsewhere)."""
    on_hopper = torch.cuda.get_device_capability() == (9, 0)
    return _attention.HOPPER_HEAD_DIMS if on_hopper else ()


def backward(reps: int) -> None:
    """The backward alone: autograd.grad of an output computed once (graph
    retained), ours through the custom op's backward, SDPA's through its
    backend's; TFLOP/s count 2.5x the forward's FLOPs."""
    hopper = torch.cuda.get_device_capability() == (9, 0)
    print("| dtype | shape | warpforth backward TFLOP/s (dQ pass) | "
          "atomic dQ; Hopper (wgmma); backend (ratio to our fastest) | "
          "Hopper max diff |")
    print("|---|---|---|---|---|")
    for dt in (torch.bfloat16, torch.float16):
        for (b, hq, hkv, n, d, causal) in SHAPES:
            if not causal:
                continue
            q, k, v = (torch.randn(b, h, n, d, device="cuda", dtype=dt,
                                   requires_grad=True)
                       for h in (hq, hkv, hkv))
            do = torch.randn(b, hq, n, d, device="cuda", dtype=dt)
            flops = 2.5 * 4 * b * hq * n * n * d * 0.5
            o = ops.flash_attention(q, k, v, causal=True)
            # Both ways of making dQ (the attention_backward config's
            # dq_mode): its own pass, and atomics in the dK/dV kernel
            # (FA2's). The mma.sync kernels (hopper False) and, on sm_90 at
            # d64 and d128, the Hopper kernel (flash_backward_sm90.forth).
            modes, diff, one_ds, atomics = {}, float("nan"), None, None
            for mode in ("pass", "atomic"):
                with ops.tuned(attention_backward=dict(hopper=False,
                                                       dq_mode=mode)):
                    ms = median_ms(lambda: torch.autograd.grad(
                        o, (q, k, v), do, retain_graph=True), reps=reps)
                modes[mode] = flops / ms / 1e9
            if hopper and d in ab.HOPPER_HEAD_DIMS:
                with ops.tuned(attention_backward=dict(hopper=False)):
                    want = torch.autograd.grad(o, (q, k, v), do,
                                               retain_graph=True)
                with ops.tuned(attention_backward=dict(hopper=True)):
                    got = torch.autograd.grad(o, (q, k, v), do,
                                              retain_graph=True)
                    ms = median_ms(lambda: torch.autograd.grad(
                        o, (q, k, v), do, retain_graph=True), reps=reps)
                diff = max((g.float() - w.float()).abs().max().item()
                           for g, w in zip(got, want))
                modes["hopper"] = flops / ms / 1e9
                if dt == torch.bfloat16:
                    # dS in one part (the kernel's DS_SPLIT 0), beside
                    # the two parts bf16 takes by default.
                    with ops.tuned(attention_backward=dict(
                            hopper=True, hopper_defines={"DS_SPLIT": 0})):
                        ms = median_ms(lambda: torch.autograd.grad(
                            o, (q, k, v), do, retain_graph=True), reps=reps)
                    one_ds = flops / ms / 1e9
                # dQ's sums by atomics a thread (DQ_TMA 0) instead of TMA
                # reductions of a shared tile.
                with ops.tuned(attention_backward=dict(
                        hopper=True, hopper_defines={"DQ_TMA": 0})):
                    ms = median_ms(lambda: torch.autograd.grad(
                        o, (q, k, v), do, retain_graph=True), reps=reps)
                atomics = flops / ms / 1e9
            ours = max(modes.values())
            cells = [f"atomic dQ {modes['atomic']:.0f}",
                     f"Hopper {modes.get('hopper', float('nan')):.0f}"]
            if one_ds is not None:
                cells.append(f"Hopper one-part dS {one_ds:.0f}")
            if atomics is not None:
                cells.append(f"Hopper dQ atomics {atomics:.0f}")
            for name, be in BACKENDS16:
                try:
                    with sdpa_kernel(be):
                        ot = F.scaled_dot_product_attention(
                            q, k, v, is_causal=True, enable_gqa=hq != hkv)
                    ms = median_ms(lambda: torch.autograd.grad(
                        ot, (q, k, v), do, retain_graph=True), reps=reps)
                    t = flops / ms / 1e9
                    cells.append(f"{name} {t:.0f} ({ours / t:.2f}x)")
                except RuntimeError as e:
                    cells.append(f"{name} n/a ({str(e).splitlines()[0][:40]})")
            print(f"| {str(dt)[6:]} | {label(b, hq, hkv, n, d, True)} | "
                  f"{modes['pass']:.0f} | "
                  f"{'; '.join(cells)} | {diff:.1e} |")
    # float32: forward + backward in one, against SDPA's f32 backends.
    print("\n| f32 fwd+bwd | warpforth ms | backend ms (ratio) |")
    print("|---|---|---|")
    for d in (64, 128):
        q, k, v = (torch.randn(4, 16, 4096, d, device="cuda",
                               requires_grad=True) for _ in range(3))
        do = torch.randn_like(q)

        def ours_step():
            o = ops.flash_attention(q, k, v, causal=True)
            torch.autograd.grad(o, (q, k, v), do)
        ms = median_ms(ours_step, reps=reps)
        # The other way of making dQ (dq_mode: the default picks atomics
        # on sm_90, the pass elsewhere), for comparison.
        mode = "pass" if hopper else "atomic"
        with ops.tuned(attention_backward=dict(dq_mode=mode)):
            other = median_ms(ours_step, reps=reps)
        cells = [f"dQ {mode} {other:.2f}"]
        for name, be in BACKENDS32:
            def step():
                with sdpa_kernel(be):
                    o = F.scaled_dot_product_attention(q, k, v,
                                                       is_causal=True)
                torch.autograd.grad(o, (q, k, v), do)
            try:
                t = median_ms(step, reps=3 if name == "math" else reps)
                cells.append(f"{name} {t:.2f} ({t / ms:.2f}x)")
            except RuntimeError as e:
                cells.append(f"{name} n/a ({str(e).splitlines()[0][:40]})")
        print(f"| B4 H16 N4096 d{d} causal | {ms:.2f} | {'; '.join(cells)} |")


if __name__ == "__main__":
    main()
