#!/usr/bin/env python3
"""warpforth.ops.decode_attention against torch's SDPA (enable_gqa) on the
same CUDA tensors in one process (issue 16's shapes): bf16, Hq 32, Hkv 8,
d 128, one new token (Nq 1), every sequence's cache full, at B8 N4096, B1
N131072, B64 N1024 and B1 N4096; the contiguous cache (B, Hkv, N, d) and
the paged one (num_blocks, block_size, Hkv, d) at block sizes 16 and 256,
its pages in shuffled order.

Figures: TB/s of KV read, 2 B Hkv N d bytes-per-element over the GPU's time
(CUDA-event medians with the host's launch cost hidden, bench/common.py),
next to the device-to-device copy rate measured in the same run; the ratio
to SDPA on the same tensors (above 1: faster; SDPA reads the contiguous
cache); the split count the op chose; our time in us, and with the host's
launch cost (Python, two launches when split) shown. Every output is
checked against SDPA's before timing (max abs difference printed).

    WARPFORTH_LIB=.../libwarpforth.so python3 bench/ops_decode.py
    ... --sweep     also with the prefetch, with two 16-byte chunks of a
                    key a lane (8 lanes a key: fewer shuffles, more
                    registers), K/V through a cp.async ring in shared
                    memory (the decode config's stages: 2, 3, 4 stages,
                    2 loads a step, 8 warps), and at 1, 2, 3, half and
                    twice the chosen split count (which kernel shape and
                    split rule to make the default)
    ... --only ring,base   only the variants whose label contains one of
                    these words ("base": the default kernel, "simt" the
                    CUDA-core kernel, "fused" the default kernel merging
                    its splits itself, "pdl" the default kernels without
                    programmatic dependent launch, "mma" the tensor-core
                    kernel's other
                    shapes: always listed, --sweep or not)

Each row also shows the variant's blocks an SM (MIN_BLOCKS: registers and,
for the ring, shared memory) and its shared memory a block.
"""

from __future__ import annotations

import argparse

import torch
import torch.nn.functional as F
from common import copy_rate_tbs, median_ms, tbs

from warpforth import ops
from warpforth.ops import _decode

HQ, HKV, D = 32, 8, 128
SHAPES = [(8, 4096), (1, 131072), (64, 1024), (1, 4096)]   # B, N
BLOCK_SIZES = (None, 16, 256)                               # None: contiguous


def paged(k, v, bs, gen):
    """The full contiguous cache as shuffled pages of bs tokens, and its
    block table (B, N / bs) int32."""
    b, hkv, n, d = k.shape
    per = n // bs
    table = torch.randperm(b * per, generator=gen).view(b, per)
    table = table.to(device=k.device, dtype=torch.int32)
    kp = torch.empty(b * per, bs, hkv, d, dtype=k.dtype, device=k.device)
    vp = torch.empty_like(kp)
    # Page j of sequence i holds keys j*bs .. j*bs + bs - 1.
    kp[table.view(-1).long()] = k.view(b, hkv, per, bs, d).permute(
        0, 2, 3, 1, 4).reshape(b * per, bs, hkv, d)
    vp[table.view(-1).long()] = v.view(b, hkv, per, bs, d).permute(
        0, 2, 3, 1, 4).reshape(b * per, bs, hkv, d)
    return kp, vp, table


def tiles(kind, bs=None):
    """The -D values and row chunks of the kernel decode_attention runs
    for this shape (with the decode config of the moment), and its
    shared memory a block."""
    if (ops.config("decode").mma and kind != "f32"
            and D in _decode.MMA_HEAD_DIMS):
        defines, nch = _decode._mma_tiles(HQ // HKV, D, bs)
        return defines, nch, _decode._mma_smem_bytes(defines)
    defines, nch = _decode._tiles(HQ // HKV, kind, D)
    return defines, nch, _decode._smem_bytes(defines, 2)


def splits(b, n, kind):
    """The split count decode_attention picks for this shape (with the
    decode config of the moment)."""
    defines, nch, _ = tiles(kind)
    sms = torch.cuda.get_device_properties(0).multi_processor_count
    mma = (ops.config("decode").mma and kind != "f32"
           and D in _decode.MMA_HEAD_DIMS)
    return _decode.num_splits_heuristic(
        b * HKV * nch, n, sms, defines["MIN_BLOCKS"],
        kv_bytes=2 * b * HKV * n * D * 2, split_bytes=2 * b * HQ * D * 4,
        one_wave=mma)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--reps", type=int, default=20)
    p.add_argument("--sweep", action="store_true",
                   help="also with prefetch, the cp.async ring and at "
                   "other split counts")
    p.add_argument("--only", default="",
                   help="comma-separated words: only the variants whose "
                   "label holds one ('base': the default)")
    args = p.parse_args()
    only = [w for w in args.only.split(",") if w]
    torch.manual_seed(0)
    gen = torch.Generator().manual_seed(0)
    dt = torch.bfloat16
    print(f"GPU: {torch.cuda.get_device_name()}, torch {torch.__version__}")
    print(f"device-to-device copy: {copy_rate_tbs():.2f} TB/s")
    print("| shape | cache | warpforth TB/s | SDPA TB/s | ratio | splits "
          "| us (with launch) | max diff | blocks/SM, smem |")
    print("|---|---|---|---|---|---|---|---|---|")
    for b, n in SHAPES:
        q = torch.randn(b, HQ, 1, D, device="cuda", dtype=dt)
        k = torch.randn(b, HKV, n, D, device="cuda", dtype=dt)
        v = torch.randn(b, HKV, n, D, device="cuda", dtype=dt)
        sl = torch.full((b,), n, dtype=torch.int32, device="cuda")
        nbytes = 2 * b * HKV * n * D * k.element_size()

        def sdpa():
            return F.scaled_dot_product_attention(q, k, v, enable_gqa=True)
        ref = sdpa()
        t_sdpa = tbs(nbytes, median_ms(sdpa, reps=args.reps))
        shape = f"B{b} N{n}"
        for bs in BLOCK_SIZES:
            if bs is None:
                kk, vv, table, cache = k, v, None, "contiguous"
            else:
                kk, vv, table = paged(k, v, bs, gen)
                cache = f"paged {bs}"
            # (label, prefetch or None for the default, tune, num_splits,
            # mma, mma_tune: the decode config's knobs); tune's STAGES
            # turns the cp.async ring on (_decode._tiles). "base" is the
            # default kernel (the tensor-core one where mma applies),
            # "simt" the CUDA-core kernel's default, "mma ..." the
            # tensor-core kernel's shapes; the CUDA-core tunings (prefetch,
            # chunks, ring) run with mma off.
            # " fused": the default kernel with the merge inside it
            # (fused_merge) instead of its own kernel.
            # " no pdl": the default kernels launched one after the other
            # (pdl False), not with programmatic dependent launch.
            mma_on = ops.config("decode").mma
            variants = [("", None, {}, None), (" simt", None, {}, None),
                        (" fused", None, {}, None, mma_on, {}),
                        (" no pdl", None, {}, None, mma_on, {})]
            mma = [(" mma stages 3", {"STAGES": 3}),
                   (" mma stages 4", {"STAGES": 4}),
                   (" mma KT32", {"KT": 32}),
                   (" mma KT32 stages 3", {"KT": 32, "STAGES": 3}),
                   (" mma 8 warps", {"WARPS": 8}),
                   (" mma 2 warps", {"WARPS": 2})]
            variants += [(lab, None, {}, None, True, t) for lab, t in mma]
            if args.sweep:
                s = splits(b, n, "bf16")
                variants += [
                    (" prefetch", True, {}, None),
                    (" 2 chunks a lane", False,
                     {"CPL": 2, "U": 2, "MIN_BLOCKS": 2}, None)]
                variants += [(f" ring {st}{lab}", None, {"STAGES": st, **t},
                              None)
                             for st, lab, t in (
                                 (2, "", {}), (3, "", {}), (4, "", {}),
                                 (3, " U2", {"U": 2}), (4, " U2", {"U": 2}),
                                 (6, " U2", {"U": 2}),
                                 (3, " 8 warps U2",
                                  {"WARPS": 8, "U": 2, "MIN_BLOCKS": 2}))]
                variants += [(f" {x} splits", None, {}, x) for x in
                             sorted({1, 2, 3, max(1, s // 2), 2 * s} - {s})]
                for st in (3, 4):   # the ring at other split counts
                    with ops.tuned(decode=dict(tune={"STAGES": st},
                                               mma=False)):
                        sr = splits(b, n, "bf16")
                    variants += [(f" ring {st} {x} splits", None,
                                  {"STAGES": st}, x)
                                 for x in sorted({max(1, sr // 2), 2 * sr})]
            if only:
                variants = [x for x in variants if any(
                    w in x[0] if w != "base" else not x[0] for w in only)]
            for label, prefetch, tune, ns, *mm in variants:
                changes = dict(fused_merge="fused" in label,
                               pdl=False if "no pdl" in label else None,
                               tune=tune)
                if prefetch is not None:
                    changes["prefetch"] = prefetch
                if mm:
                    changes["mma"], changes["mma_tune"] = mm
                elif label and "splits" not in label or "ring" in label:
                    changes["mma"] = False     # a CUDA-core variant
                with ops.tuned(decode=changes):
                    def ours():
                        return ops.decode_attention(q, kk, vv, sl, table,
                                                    num_splits=ns)
                    diff = (ours().float() - ref.float()).abs().max().item()
                    ms = median_ms(ours, reps=args.reps)
                    ms_host = median_ms(ours, reps=args.reps,
                                        device_only=False)
                    used = ns or splits(b, n, "bf16")
                    defines, _, smem = tiles("bf16", bs)
                t = tbs(nbytes, ms)
                print(f"| {shape} | {cache}{label or ' (base)'} | {t:.2f} "
                      f"| {t_sdpa:.2f} | {t / t_sdpa:.2f} | {used} "
                      f"| {ms * 1e3:.1f} ({ms_host * 1e3:.1f}) | {diff:.1e} "
                      f"| {defines['MIN_BLOCKS']}, {smem // 1024} KiB |",
                      flush=True)
            del kk, vv
        del q, k, v
        torch.cuda.empty_cache()


if __name__ == "__main__":
    main()
