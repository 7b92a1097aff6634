#!/usr/bin/env python3
"""Compiles every kernel under test/, demo/ and kernels/ and checks its PTX:

- no local memory (.local, ld.local, st.local): the stack lives in registers;
- ptxas (when installed) accepts it for sm_90 and spills no register to
  local memory (its -v report);
- in f32 mode (and no f64 params), no f64 instruction;
- no two files declare the same kernel name (SHARED_NAMES aside);

Every file must compile, except those of SKIP (error tests, INCLUDEd
bodies, files that need flags their own suite gives), each with its reason.
A file that fails to compile and is not in SKIP fails, and so does an exact
SKIP entry whose file compiles now (take it out of SKIP). Prints one line
per kernel and 'N passed, M failed'.
"""
import argparse
import concurrent.futures
import os
import re
import subprocess
import sys
import tempfile

# Extra configurations worth checking beyond the defaults in the file. The
# flash kernels' tile defaults depend on HEAD_DIM (bench_flash.py,
# warpforth-flash and warpforth.ops use them as they are): both head dims,
# causal and not.
FLASH_VARIANTS = [
    [],
    ["-D", "CAUSAL=0"],
    ["-D", "HEAD_DIM=128"],
    ["-D", "HEAD_DIM=128", "-D", "CAUSAL=0"],
]
# warpforth.ops.attention_scores: causal or not, wide stores, decoding
# tiles.
SCORES_VARIANTS = [
    [], ["-D", "CAUSAL=0"], ["-D", "VST=4"], ["-D", "VST=4", "-D", "CAUSAL=0"],
    ["-D", "BN=16", "-D", "TN=1"], ["-D", "BN=16", "-D", "TN=1", "-D", "VST=4"],
]
SCORES_MMA_VARIANTS = [
    [], ["-D", "CAUSAL=0"], ["-D", "VST=2"], ["-D", "VST=2", "-D", "CAUSAL=0"],
    ["-D", "BN=16", "-D", "WN=16"], ["-D", "BN=16", "-D", "WN=16", "-D", "VST=2"],
]
# warpforth.ops.softmax and softmax_backward: lane groups and blocks,
# registers at the largest sizes the ops use, streamed and shared rows.
SOFTMAX_VARIANTS = [
    ["-D", "GROUP=32", "-D", "VW=4", "-D", "VPT=8"],
    ["-D", "GROUP=256", "-D", "VW=4", "-D", "VPT=16"],
    ["-D", "GROUP=1024", "-D", "VW=4", "-D", "VPT=4"],
    ["-D", "GROUP=256", "-D", "VW=4"], ["-D", "GROUP=256", "-D", "VW=1"],
]
SOFTMAX_SPLIT_VARIANTS = [
    ["-D", f"PHASE={ph}", "-D", "GROUP=256", "-D", f"VW={vw}", "-D",
     f"RVPT={rvpt}", "-D", f"REV={ph - 1}"]
    for ph in (1, 2) for vw, rvpt in ((4, 0), (1, 0), (4, 8), (1, 32),
                                      (4, 4), (4, 16))]
# softmax_cluster.forth: the shapes the op picks (ops/_softmax.py _cluster),
# 32 values a thread at most, 1024 threads an SM, and 4-block clusters.
SOFTMAX_CLUSTER_VARIANTS = [
    ["-D", f"CN={cn}", "-D", f"GROUP={g}", "-D", f"VW={vw}", "-D",
     f"RVPT={rvpt}", "-D", f"MINB={1024 // g}"]
    for cn, g, vw, rvpt in ((8, 512, 4, 8), (8, 512, 1, 32), (8, 1024, 4, 8),
                            (8, 1024, 1, 32), (8, 128, 4, 5),
                            (4, 1024, 4, 8), (8, 1024, 4, 4))]
# softmax_pipe.forth: 1 to 32 values a thread (4 or 8 in a vector; the
# file's defaults are 32), 1 to 3 rows in shared memory.
SOFTMAX_PIPE_VARIANTS = {
    dt: [["-D", f"PV={pv}", "-D", f"NBUF={nb}"] for pv in pvs
         for nb in (1, 2, 3)]
    for dt, pvs in (("f32", (1, 2, 5, 8)), ("bf16", (1, 2, 3, 4)),
                    ("f16", (1, 2, 3, 4)))}
VARIANTS = {
    "flash_attention_rows_f32.forth": FLASH_VARIANTS,
    "flash_attention_gemm_f32.forth": FLASH_VARIANTS,
    # warpforth.ops.flash_attention's f32 kernel: also head_dim 96, the
    # smaller tiles it gives GPUs with less shared memory than an H100
    # (ops/_attention.py), and the d64 shape with cp.async and one block
    # per SM.
    "flash_attention_f32.forth": FLASH_VARIANTS + [
        ["-D", "HEAD_DIM=96"], ["-D", "HEAD_DIM=96", "-D", "CAUSAL=0"],
        ["-D", "HEAD_DIM=128", "-D", "ASYNC=0"],
        ["-D", "HEAD_DIM=96", "-D", "WARPS=4", "-D", "ASYNC=0"],
        ["-D", "HEAD_DIM=128", "-D", "WARPS=4", "-D", "ASYNC=0"],
        ["-D", "MIN_BLOCKS=1", "-D", "ASYNC=1"],
    ],
    # The ops' kernels as warpforth.ops compiles them (the rotary rows
    # kernels: ops/_rotary.py HEADS False), for each dtype.
    "apply_rotary.forth": [["-D", f"T={t}"] + v for t in ("f32", "bf16", "f16")
                           for v in ([], ["-D", "V=4"])],
    "attention_scores_f32.forth": SCORES_VARIANTS,
    "attention_scores_mma.forth": [
        ["-D", f"T={dt}"] + v for dt in ("bf16", "f16")
        for v in SCORES_MMA_VARIANTS],
    # the Hopper GEMM's defaults, for each type
    "gemm_sm90.forth": [["-D", "T=bf16"], ["-D", "T=f16"]],
}
# The 16-bit flash kernels as warpforth.ops.flash_attention compiles them:
# head_dim 32 to 256, causal and not, and the tiles of GPUs with 99 KiB of
# shared memory a block; each for bf16 and f16 (-D T).
VARIANTS["flash_attention.forth"] = []
for _dt in ("bf16", "f16"):
    VARIANTS["flash_attention.forth"] += [["-D", f"T={_dt}"] + var for var in [
        ["-D", f"HEAD_DIM={d}", "-D", f"CAUSAL={c}", "-D", "LPT=1"]
        for d in (32, 64, 96, 128) for c in (0, 1)] + [
        ["-D", "HEAD_DIM=128", "-D", "CAUSAL=1", "-D", "LPT=0"],
        # the fragments loaded as they are used (the bench's PIPE 0, 1)
        ["-D", "HEAD_DIM=128", "-D", "CAUSAL=1", "-D", "PIPE=0"],
        ["-D", "HEAD_DIM=64", "-D", "CAUSAL=0", "-D", "PIPE=1"],
        # the next tile's copies before the wait (the bench's LATE 0)
        ["-D", "HEAD_DIM=128", "-D", "CAUSAL=1", "-D", "LATE=0"],
        # the H100's tiles (ops/_attention.py _tiles), and the bench's 96
        # and 128 keys at d64
        ["-D", "HEAD_DIM=128", "-D", "CAUSAL=0", "-D", "LPT=1", "-D", "BC=48"],
        ["-D", "HEAD_DIM=128", "-D", "CAUSAL=1", "-D", "LPT=1", "-D", "BC=48"],
        ["-D", "HEAD_DIM=96", "-D", "CAUSAL=0", "-D", "LPT=1", "-D", "BC=48"],
        ["-D", "HEAD_DIM=96", "-D", "CAUSAL=1", "-D", "LPT=1", "-D", "BC=48"],
        ["-D", "HEAD_DIM=64", "-D", "CAUSAL=0", "-D", "LPT=1", "-D", "BC=96"],
        ["-D", "HEAD_DIM=64", "-D", "CAUSAL=1", "-D", "LPT=1", "-D", "QREG=1"],
        ["-D", "HEAD_DIM=64", "-D", "CAUSAL=1", "-D", "LPT=1", "-D", "BC=96"],
        ["-D", "HEAD_DIM=64", "-D", "CAUSAL=0", "-D", "LPT=1", "-D", "BC=128"],
        ["-D", "HEAD_DIM=256", "-D", "MT=1", "-D", "BC=32", "-D", "CAUSAL=1"],
        ["-D", "HEAD_DIM=128", "-D", "MT=1"],
        ["-D", "HEAD_DIM=256", "-D", "MT=1", "-D", "BC=32", "-D", "WARPS=2"]]]
# warpforth.ops.decode_attention's kernels as the op compiles them (its
# _tiles gives the -D values): head_dim 32 to 256; RB rows a block 2, 4
# and 8, the most of each MIN_BLOCKS class (the register use grows with
# RB: all 384 combinations of dtype, head_dim, RB 1..8, paged and prefetch
# were checked once); the paged cache (more registers than the contiguous
# one), and at the shape the contiguous one, the prefetch off and
# the cp.async ring (STAGES);
# the merge and append kernels as they are; each for every dtype.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))), "bindings", "python"))
from warpforth.ops import _decode  # noqa: E402  (pure Python, no library)
from warpforth.ops import _attention, _attention_backward  # noqa: E402
from warpforth.ops import _rotary, _topk  # noqa: E402


# The heads kernels of apply_rotary (ops/_rotary.py HEADS): every vector
# width the op can pick (16 bytes down to one element), with the heads a
# thread of _rotary.HEADS_PER_THREAD_BY_DTYPE (fewer where q and k have
# fewer heads: 1 to 4) and 8 (bench/ops_rotary_scores.py --variants).
VARIANTS["apply_rotary_heads.forth"] = [
    ["-D", f"T={_dt}", "-D", f"V={v}", "-D", f"HPT={h}"]
    for _dt, _vs in (("f32", (1, 2, 4)), ("bf16", (1, 2, 4, 8)),
                     ("f16", (1, 2, 4, 8)))
    for v in _vs for h in (1, 2, 3, 4, 8)]


# The split top-p (ops/_topk.py _top_p_split): its three phases, with the
# loads in flight the op gives them (the top-k split's kernels and the mask
# run with their files' defaults), for each element type (-D T).
VARIANTS["top_p_split.forth"] = [
    ["-D", f"T={_dt}", "-D", f"PHASE={ph}", "-D", f"U={_topk.TOPP_U}"]
    for _dt in ("f32", "bf16", "f16") for ph in (1, 2, 3)]
for _f in ("top_k_mask", "top_p_mask", "top_k_chunks", "top_k_apply"):
    VARIANTS[f"{_f}.forth"] = [["-D", f"T={_dt}"]
                               for _dt in ("f32", "bf16", "f16")]


# The backward kernels as flash_attention_backward compiles them: ROLE 0
# (dQ) and 1 (dK, dV), the column tiles of _attention_backward._columns
# (from the op; DQ_MODE "pass", sm_80's default), and ROLE 1 with DQ_ATOMIC
# and two floats an atomic (DQ_VEC 2, sm_90's default) where
# _atomic_ok takes the tile.
def _backward_variants(dt, dims):
    out = []
    for d in dims:
        for c in (0, 1):
            for role in (0, 1):
                bc = _attention_backward._columns(dt, d)[role]
                out.append(["-D", f"HEAD_DIM={d}", "-D", f"CAUSAL={c}",
                            "-D", f"ROLE={role}", "-D", f"BC={bc}"])
                if role == 1 and _attention_backward._atomic_ok(bc, d):
                    out.append(out[-1] + ["-D", "DQ_ATOMIC=1",
                                          "-D", "DQ_VEC=2"])
    return out


VARIANTS["flash_backward_pre.forth"] = []
VARIANTS["flash_backward.forth"] = []
for _dt, _dims in _attention_backward.HEAD_DIMS.items():
    VARIANTS["flash_backward_pre.forth"] += [
        ["-D", f"T={_dt}", "-D", f"HEAD_DIM={d}", "-D", f"ZERO_DQ={z}",
         "-D", f"LPR={8 if d <= 32 else 16 if d <= 64 else 32}",
         "-D", f"PDL={z}"]   # (the Hopper backward zeroes and uses PDL)
        for d in _dims for z in (0, 1)]
    VARIANTS["flash_backward.forth"] += [
        ["-D", f"T={_dt}"] + v for v in _backward_variants(_dt, _dims)]


def _decode_variants(dt):
    def flags(defines):
        return [x for k, v in defines.items() for x in ("-D", f"{k}={v}")]
    out = []
    for d in _decode.HEAD_DIMS:
        for rows in (2, 4, 8):
            out.append(flags({**_decode._tiles(rows, dt, d)[0], "PAGED": 1}))
    main = _decode._tiles(4, dt, 128)[0]
    out.append(flags({**main, "PAGED": 0}))
    saved = _decode.PREFETCH, _decode.STAGES
    try:
        _decode.PREFETCH = not saved[0]  # the other setting too
        out.append(flags({**_decode._tiles(4, dt, 128)[0], "PAGED": 1}))
        _decode.PREFETCH = saved[0]
        # The cp.async ring (STAGES): 2 to 4 stages at the shape,
        # 3 at every head_dim with 8 rows (the most registers); all 108
        # combinations of dtype, head_dim, rows 2/4/8 and 2-4 stages were
        # checked once.
        for st in (2, 3, 4):
            _decode.STAGES = st
            out.append(flags({**_decode._tiles(4, dt, 128)[0], "PAGED": 1}))
        _decode.STAGES = 3
        for d in _decode.HEAD_DIMS:
            out.append(flags({**_decode._tiles(8, dt, d)[0], "PAGED": 1}))
    finally:
        _decode.PREFETCH, _decode.STAGES = saved
    out.append(flags({**main, "PAGED": 1, "FUSED": 1}))   # the fused merge
    out.append(flags({**main, "PAGED": 1, "PDL": 1}))     # sm_90's launch
    return out


# The tensor-core decode kernel (decode-mma.fs) as the op compiles it: d64
# and d128, 8- and 16-row tiles, contiguous and both paged forms (pages of
# a whole step or smaller); at d128 also 2 stages, 32 keys a step and 8
# warps (bench/ops_decode.py's variants).
def _decode_mma_variants():
    def flags(defines):
        return [x for k, v in defines.items() for x in ("-D", f"{k}={v}")]
    out = []
    for d in _decode.MMA_HEAD_DIMS:
        for rows in (4, 16):
            for bs in (None, 16, 1):
                out.append(flags(_decode._mma_tiles(rows, d, bs)[0]))
    try:
        for tune in ({"STAGES": 2}, {"KT": 32}, {"WARPS": 8}):
            _decode.MMA_TUNE = tune
            out.append(flags(_decode._mma_tiles(4, 128, 16)[0]))
    finally:
        _decode.MMA_TUNE = {}
    out.append(flags({**_decode._mma_tiles(4, 128, 16)[0], "FUSED": 1}))
    out.append(flags({**_decode._mma_tiles(4, 128, 16)[0], "PDL": 1}))
    return out


VARIANTS["decode_attention.forth"] = [
    ["-D", f"T={_dt}"] + v for _dt in ("f32", "bf16", "f16")
    for v in _decode_variants(_dt)]
VARIANTS["decode_attention_mma.forth"] = [
    ["-D", f"T={_dt}"] + v for _dt in ("bf16", "f16")
    for v in _decode_mma_variants()]
VARIANTS["decode_merge.forth"] = [
    ["-D", f"T={_dt}", "-D", f"HEAD_DIM={d}", "-D", f"PDL={p}"]
    for _dt in ("f32", "bf16", "f16") for d in _decode.HEAD_DIMS
    for p in (0, 1)]
VARIANTS["append_kv.forth"] = [["-D", f"T={_dt}"]
                               for _dt in ("f32", "bf16", "f16")]
# Spills that a kernel's note explains: file -> (most bytes, why); a key
# "file:TYPE" holds a `\! type` kernel's bound for that -D T (else the
# file's applies).
SPILLS_ALLOWED = {
    "flash_attention.forth": (
        128, "d96/d128 with two m-tiles a warp, and d64 with the bench's "
        "128-key tiles, spill up to 88 bytes (255 registers); measured faster "
        "than one m-tile without spills (H100 bf16 d128: 322 against 255 "
        "TFLOP/s, issue 14's note)")}
SPILLS_ALLOWED["flash_backward.forth:f32"] = (
    32, "f32: d128 without a causal mask spills 32 bytes (255 registers: dK "
    "and dV accumulators, 128 f32 a lane, plus the 3xTF32 operand splits) "
    "even with 16-column tiles; issue 15's note")
SPILLS_ALLOWED["flash_backward.forth"] = (
    40, "bf16 d128 dK/dV with SOFTCAP (tanh's derivative per score) "
    "spills 40 bytes (issue 37, session 20; speed not yet measured). "
    "bf16/f16: the dK/dV kernel "
    "at d128 without a causal mask spills 16 bytes since FEXP2 became "
    "ex2.approx.ftz (255 registers; 250 without spills before): ptxas's "
    "allocation at the limit; with DQ_ATOMIC's dQ tile (sm_90's default) "
    "16-20 bytes at d128, measured faster than the dQ pass without (H100 "
    "bf16 d128 178 against 171 TFLOP/s)")
# The Hopper forward as flash_attention compiles it (ops/_attention.py
# hopper_schedule: the consumer warpgroups and blocks an SM by head_dim,
# mask and length), and the bench's other schedules at d128.
VARIANTS["flash_attention_sm90.forth"] = []
for _dt in ("bf16", "f16"):
    VARIANTS["flash_attention_sm90.forth"] += [["-D", f"T={_dt}"] + var
                                               for var in [
        ["-D", f"HEAD_DIM={d}", "-D", f"CAUSAL={c}"] + [
            x for k, v in _attention.hopper_schedule(d, c, n).items()
            for x in ("-D", f"{k}={v}")]
        for d in _attention.HOPPER_HEAD_DIMS for c in (0, 1)
        for n in (1024, 4096)] + [
        ["-D", "HEAD_DIM=128", "-D", "OVERLAP=0"],
        ["-D", "HEAD_DIM=128", "-D", "KVS=3", "-D", "QBUF=1"],
        ["-D", "HEAD_DIM=128", "-D", "NCWG=1", "-D", "MINB=2", "-D", "KVS=1"],
        ["-D", "HEAD_DIM=64", "-D", "CAUSAL=1", "-D", "LPT=1"]]]
SPILLS_ALLOWED["flash_attention_sm90.forth"] = (
    8, "d128 with one consumer warpgroup and two blocks an SM (232 "
    "registers; a bench variant, never the op's) spills 4 bytes since "
    "the blocks step through items (the loop's counters), and the "
    "bench's d64 causal LPT=1 variant 8 bytes since session 18's "
    "merges (168 registers; most likely the C-like ?DO's start >= "
    "limit test, issue 35's note; its speed not measured since); the "
    "op's schedules spill none")
VARIANTS["flash_backward_dq_convert.forth"] = [
    ["-D", f"T={_dt}", "-D", f"HEAD_DIM={d}", "-D", f"PDL={p}"]
    for _dt in ("bf16", "f16", "f32")
    for d in _attention_backward.HEAD_DIMS[_dt] for p in (0, 1)]
# The Hopper backward as flash_attention_backward compiles it: head_dim 64
# and 128, causal and not, either block order (LPT), dS in one or two
# parts as ds_split picks; and bf16 with the other choice.
VARIANTS["flash_backward_sm90.forth"] = []
for _dt in ("bf16", "f16"):
    VARIANTS["flash_backward_sm90.forth"] += [
        ["-D", f"T={_dt}", "-D", f"HEAD_DIM={d}", "-D", f"CAUSAL={c}",
         "-D", f"LPT={lpt}",
         "-D", f"DS_SPLIT={_attention_backward.ds_split(_dt, d, c)['DS_SPLIT']}",
         "-D", f"PDL={lpt}"]    # (the op's LPT grid comes with PDL on sm_90)
        for d in _attention_backward.HOPPER_HEAD_DIMS for c in (0, 1)
        for lpt in (0, 1)]
for _dt in ("bf16", "f16"):   # dQ by atomics (DQ_TMA 0) or by each
    VARIANTS["flash_backward_sm90.forth"] += [   # leader (DQW 0)
        ["-D", f"T={_dt}", "-D", f"HEAD_DIM={d}", "-D", "CAUSAL=1", "-D", v]
        for d in _attention_backward.HOPPER_HEAD_DIMS
        for v in ("DQ_TMA=0", "DQW=0")]
VARIANTS["flash_backward_sm90.forth"] += [
    ["-D", "T=bf16", "-D", f"HEAD_DIM={d}", "-D", f"CAUSAL={c}",
     "-D", f"DS_SPLIT={1 - s}"]
    for d in _attention_backward.HOPPER_HEAD_DIMS for c in (0, 1)
    for s in [_attention_backward.ds_split("bf16", d, c)["DS_SPLIT"]]]
# Sliding windows and softcap (issue 37) in every attention kernel, as the
# ops compile them: LOCAL (CAUSAL 0: a window carries its right side) and
# SOFTCAP, alone and together, at the op's tiles for each head_dim.
_MASKS = [["-D", "LOCAL=1"], ["-D", "SOFTCAP=1"],
          ["-D", "LOCAL=1", "-D", "SOFTCAP=1"]]
for _dt in ("bf16", "f16"):
    VARIANTS["flash_attention.forth"] += [
        ["-D", f"T={_dt}", "-D", f"HEAD_DIM={d}", "-D", "CAUSAL=0",
         "-D", "LPT=1"] + [x for k, v in _attention._tiles(_dt, d, 90).items()
                           for x in ("-D", f"{k}={v}")] + m
        for d in (64, 96, 128, 256) for m in _MASKS]
    VARIANTS["flash_attention_sm90.forth"] += [
        ["-D", f"T={_dt}", "-D", f"HEAD_DIM={d}", "-D", "CAUSAL=0"] + [
            x for k, v in _attention.hopper_schedule(d, True, 4096).items()
            for x in ("-D", f"{k}={v}")] + m
        for d in _attention.HOPPER_HEAD_DIMS for m in _MASKS]
    VARIANTS["flash_backward_sm90.forth"] += [
        ["-D", f"T={_dt}", "-D", f"HEAD_DIM={d}", "-D", "CAUSAL=0",
         "-D", "LPT=1", "-D", "PDL=1"] + m
        for d in _attention_backward.HOPPER_HEAD_DIMS for m in _MASKS]
for _dt, _dims in _attention_backward.HEAD_DIMS.items():
    VARIANTS["flash_backward.forth"] += [
        ["-D", f"T={_dt}", "-D", f"HEAD_DIM={d}", "-D", "CAUSAL=0",
         "-D", f"ROLE={role}",
         "-D", f"BC={_attention_backward._columns(_dt, d)[role]}"] + m
        for d in (64, 128) for role in (0, 1) for m in _MASKS]
VARIANTS["flash_attention_f32.forth"] += [
    ["-D", f"HEAD_DIM={d}", "-D", "CAUSAL=0"] + m
    for d in (64, 128) for m in _MASKS]
SPILLS_ALLOWED["flash_backward_sm90.forth:f16"] = (
    40, "f16 d128 with a sliding window (LOCAL) spills 36-40 bytes "
    "(issue 37, session 20). f16: the consumers hold dK, dV (HEAD_DIM f32 a thread), S^T and "
    "dP^T (BR each) in 240 registers (setmaxnreg): d128 causal spills 20 "
    "bytes, d64 full 4 (ptxas's allocation at the limit)")
SPILLS_ALLOWED["flash_backward_sm90.forth"] = (
    200, "a sliding window (LOCAL, issue 37) at bf16 d64 spills 196 bytes "
    "(two bounds a score in p-ds at setmaxnreg's 240; one unsigned "
    "compare instead spilled 220: ptxas's allocation; its speed is "
    "session 20's note). f16 and bf16 with dS in one part: the consumers hold dK, dV "
    "(HEAD_DIM f32 a thread), S^T and dP^T (BR each) in 240 registers "
    "(setmaxnreg): d128 causal spills 20 bytes (12 without the dQ writer, "
    "DQW, which measured 1-3% faster there), d64 full 4 (ptxas's "
    "allocation at the limit). "
    "bf16's dS goes into dQ in two parts (DS_SPLIT: its second dS^T "
    "buffer and products, which issue 15's accuracy bound needs at d128 "
    "full: _attention_backward.ds_split): 76-176 "
    "bytes of spills (176 at d64 causal, the bench's variants there, "
    "since the strided 4-D tensor maps and the epilogue's 8-byte stores "
    "of session 15: the producer's coordinates and loop-invariant "
    "descriptor parts stored once and reloaded); measured on the H100 at "
    "166/205 TFLOP/s (d64/d128 causal) against 230/242 with one part, "
    "still ahead of the mma.sync kernels' 138/170; the op's choices spill "
    "4-20 bytes, 76 at d128 full with two parts")
# The softmax files for each element type (-D T), and softmax_backward_split
# (no variants of its own) with each type's defaults.
for _dt in ("f32", "bf16", "f16"):
    for _f, _vs in (
            ("softmax", SOFTMAX_VARIANTS + [
                ["-D", "GROUP=1024", "-D", "VW=4", "-D", "SMEM=1"]]),
            ("softmax_backward", SOFTMAX_VARIANTS[:2] + [
                ["-D", "GROUP=512", "-D", "VW=4", "-D", "VPT=4"]]),
            ("softmax_split", SOFTMAX_SPLIT_VARIANTS),
            ("softmax_cluster", SOFTMAX_CLUSTER_VARIANTS),
            ("softmax_pipe", SOFTMAX_PIPE_VARIANTS[_dt]),
            ("softmax_backward_split", [[]])):
        VARIANTS.setdefault(f"{_f}.forth", []).extend(
            ["-D", f"T={_dt}"] + v for v in _vs)
# Files not expected to compile, relative to the repository root: an entry
# ending in "/" covers its folder and subfolders (whatever in it fails to compile is
# skipped), any other entry is one file, which must fail to compile.
SKIP = {
    "test/lit/errors/": "error tests: test/lit checks their diagnostics",
    "test/lit/errors/Inputs/": "INCLUDEd by the error tests, not kernels",
    "test/lit/parser/Inputs/": "INCLUDEd by the parser tests, not kernels",
    "test/lit/parser/include.forth": "needs -I Inputs/libdir (its RUN line)",
    "test/lit/words/definitions.forth":
        "needs -I ../parser/Inputs (its RUN line)",
    "test/lit/lexer/case-insensitive.forth":
        "a lexer test of tokens, not a valid kernel",
    "test/lit/lexer/comments.forth": "a lexer test of tokens, not a kernel",
    "test/lit/lexer/not-numbers.forth": "a lexer test of tokens, not a kernel",
    "test/lit/lexer/inf-nan.forth": "a lexer test of tokens, not a kernel",
    "test/fuzz/regressions/":
        "fuzzer regressions, mostly inputs the compiler must reject cleanly "
        "(fuzz-frontend and lit run them)",
    "test/fuzz/corpus/errors.forth": "a fuzzer seed of bad input",
    "test/e2e/kernels/errors/": "e2e error tests: run_e2e.py checks them",
    "test/e2e/kernels/words/define-new.forth":
        "needs -D WIDTH (its e2e spec gives it)",
    "test/e2e/kernels/words/include.forth":
        "needs -I (its e2e spec gives it)",
    "demo/attention-body.forth": "INCLUDEd by the attention kernels",
    "demo/flash_attention_common.forth":
        "INCLUDEd by the flash attention kernels",
}
# Kernel names (`\\! kernel NAME`) must be unique, so that a PTX entry, a
# profiler filter (ncu -k) or a benchmark line names one kernel; except
# these placeholders of the test suites, which are part of their expected
# output (never allowed under demo/).
SHARED_NAMES = {
    "k": "the lit and fuzz stage tests' kernel (test/lit, test/fuzz)",
    "main": "the e2e kernels' (test/e2e/kernels; errors name it)",
}
KERNEL_NAME = re.compile(r"^\\!\s+kernel\s+([\w{}]+)",
                         re.MULTILINE | re.IGNORECASE)
# `\! type T f32 bf16 f16`: a kernel name with {T} names one kernel a type.
TYPE_PARAM = re.compile(r"^\\!\s+type\s+(\w+)((?:[ \t]+\w+)+)",
                        re.MULTILINE | re.IGNORECASE)
SPILLS = re.compile(r"(\d+) bytes spill stores")

F64_INSTRUCTION = re.compile(r"^\s*[a-z][\w.]*\.f64\b", re.MULTILINE)
LOCAL = re.compile(r"\.local\b|ld\.local|st\.local")
# Kernels that use FSIN or FCOS, whose PTX may use local memory and, in f32
# mode, f64: libdevice's accurate sin and cos (CUDA's sinf/cosf) reduce a
# huge argument (|x| > 105615 in f32) by Payne-Hanek, with the digits in a
# local array and one f64 multiply by pi/2.
TRIG_SLOW_PATH = {"trig-erf-f32.forth", "trig-erf-f64.forth", "trig-erf.forth"}


def kernels(roots):
    for root in roots:
        for folder, _, files in os.walk(root):
            for name in sorted(files):
                if name.endswith(".forth"):
                    yield os.path.join(folder, name)


def relative(path):
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    return os.path.relpath(os.path.abspath(path), root).replace(os.sep, "/")


def skip_reason(path, exact=False):
    """The SKIP reason for `path`; with exact, only a one-file entry."""
    rel = relative(path)
    if rel in SKIP:
        return SKIP[rel]
    if exact:
        return None
    folder = os.path.dirname(rel)
    while folder:
        if folder + "/" in SKIP:
            return SKIP[folder + "/"]
        folder = os.path.dirname(folder)
    return None


def duplicate_names(paths):
    """Messages for kernel names declared by more than one file."""
    owners = {}
    for path in paths:
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read()
        m = KERNEL_NAME.search(text)
        if not m:
            continue
        names = [m.group(1)]
        for t in TYPE_PARAM.finditer(text):
            splice = re.compile(r"\{" + t.group(1) + r"\}", re.IGNORECASE)
            names = [splice.sub(ty, n) for n in names
                     for ty in t.group(2).split()]
        for name in set(names):
            owners.setdefault(name, []).append(relative(path))
    problems = []
    for name, files in sorted(owners.items()):
        if len(files) < 2:
            continue
        if name in SHARED_NAMES and not any(
                f.startswith("demo/") for f in files):
            continue
        problems.append(f"kernel name '{name}' is declared by "
                        f"{len(files)} files: " + ", ".join(files))
    return problems


def spills_allowed(name, extra):
    """The spill bytes SPILLS_ALLOWED grants file `name` compiled with the
    -D arguments `extra`: its -D T's entry first."""
    types = [a[2:] for a in extra if a.startswith("T=")]
    for key in ([f"{name}:{types[-1]}"] if types else []) + [name]:
        if key in SPILLS_ALLOWED:
            return SPILLS_ALLOWED[key][0]
    return 0


def check(compiler, ptxas, path, extra):
    with tempfile.NamedTemporaryFile(suffix=".ptx") as out:
        try:
            # For sm_90, the target ptxas checks below (STMATRIX needs it).
            r = subprocess.run([compiler, path, "-o", out.name,
                                "--arch", "sm_90"] + extra,
                               capture_output=True, text=True, timeout=60)
        except subprocess.TimeoutExpired:
            return ["warpforthc took more than 60 s"]
        if r.returncode != 0:
            # None: skipped by SKIP; otherwise why it fails.
            return None if skip_reason(path) else [
                "does not compile (and is not in SKIP): " +
                (r.stderr.strip().splitlines() or ["?"])[0][:300]]
        if skip_reason(path, exact=True):
            return ["compiles, but SKIP says: " + skip_reason(path) +
                    " (take it out of SKIP)"]
        ptx = open(out.name).read()
        problems = []
        # A warning (a local hiding a name, one declared in a closed
        # structure, ...) is a slip in a shipped kernel (kernels/, demo/;
        # the tests' kernels provoke some on purpose).
        warnings = [line for line in r.stderr.splitlines()
                    if "warning:" in line]
        tests = os.path.dirname(os.path.abspath(__file__))
        if warnings and not os.path.abspath(path).startswith(tests + os.sep):
            problems.append("warpforthc warns: " + warnings[0][:300])
        if LOCAL.search(ptx) and os.path.basename(path) not in TRIG_SLOW_PATH:
            problems.append("uses local memory")
        f32 = "// @float f32" in ptx
        f64_params = re.search(r"// @param \S+ \S+ f64", ptx)
        if f32 and not f64_params and F64_INSTRUCTION.search(ptx) and \
                os.path.basename(path) not in TRIG_SLOW_PATH:
            problems.append("f32 kernel has an f64 instruction")
        if ptxas:
            # The PTX's own target: sm_90a for the Hopper-only words.
            target = re.search(r"^\.target\s+(sm_\w+)", ptx, re.MULTILINE)
            arch = "sm_90a" if target and target.group(1) == "sm_90a" \
                else "sm_90"
            a = subprocess.run([ptxas, "-arch=" + arch, "-v", "-o", os.devnull,
                                out.name], capture_output=True, text=True)
            if a.returncode != 0:
                problems.append("ptxas: " + a.stderr.strip()[:300])
            spills = sum(int(n) for n in SPILLS.findall(a.stdout + a.stderr))
            allowed = spills_allowed(os.path.basename(path), extra)
            if spills > allowed:
                problems.append(f"ptxas spills {spills} bytes to local memory")
        return problems


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--warpforthc", required=True)
    p.add_argument("--ptxas", default="")
    p.add_argument("roots", nargs="+")
    args = p.parse_args()
    passed = failed = skipped = 0
    for problem in duplicate_names(sorted(set(kernels(args.roots)))):
        failed += 1
        print("FAIL", problem)
    jobs = [(path, extra) for path in kernels(args.roots)
            for extra in VARIANTS.get(os.path.basename(path), [[]])]
    with concurrent.futures.ThreadPoolExecutor(os.cpu_count() or 2) as pool:
        results = pool.map(
            lambda job: check(args.warpforthc, args.ptxas, *job), jobs)
        for (path, extra), problems in zip(jobs, results):
            label = path + (" " + " ".join(extra) if extra else "")
            if problems is None:
                skipped += 1
            elif problems:
                failed += 1
                print("FAIL", label, "; ".join(problems))
            else:
                passed += 1
                print("ok  ", label)
    print(f"({skipped} skipped: not standalone kernels, see SKIP)")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed or passed == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
