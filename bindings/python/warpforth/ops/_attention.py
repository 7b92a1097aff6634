"""flash_attention: softmax(q k^T * scale) v in one launch, FlashAttention-2
forward (kernels/attention/), with grouped-query heads and a causal mask
aligned to the bottom-right."""

from __future__ import annotations

import math
from typing import Any, Iterator, Optional

from . import _attention_mods as _mods
from . import _common as c
from . import _config
from . import _strided as st

# Head dimensions each kernel supports: the f32 kernel's tiles divide 64,
# 96 and 128 evenly; the 16-bit kernels take any multiple of 16 up to 256
# (these are the ones tested).
HEAD_DIMS = {"f32": (64, 96, 128), "bf16": (32, 64, 96, 128, 192, 256),
             "f16": (32, 64, 96, 128, 192, 256)}
# The Hopper kernels' head dimensions (flash_attention_sm90.forth: whole
# 64-feature panels).
HOPPER_HEAD_DIMS = (64, 128, 192, 256)


@_config.knobs("attention")
class AttentionConfig(_config.Config):
    """flash_attention's knobs (ops.configure(attention=...));
    flash_attention_backward reads arch and lpt_group_bytes too."""

    # The architecture to compile for, as 'sm_80'; None: the GPU's own
    # (its name ends in '(sm_90)'), sm_90 on the CPU backend, which then
    # refuses what such a GPU would. Tests set it to cover the smaller
    # tiles.
    arch: Optional[str] = None
    # The Hopper kernel (flash_attention_sm90.forth, -D T: TMA, wgmma,
    # warp specialization) for bf16/f16 at HOPPER_HEAD_DIMS: None picks it
    # on an sm_90 GPU, True also on the CPU backend (its tests), False
    # never.
    hopper: Optional[bool] = None
    # -D constants for the Hopper kernel over its own defaults (OVERLAP,
    # PINGPONG, KVS, NCWG: bench/ops_attention.py --sm90-variants times
    # them).
    hopper_defines: dict[str, int] = _config.field({})
    # The Hopper forward's rounds (flash-attention-sm90.fs: its blocks take
    # the items, query tiles of (batch, head) pairs, one a round, in order
    # and then backwards; with -D DYN, causal rows' default, a block's
    # items after its first come from a counter): k, ceil(items / k)
    # blocks; 0, persistent blocks (MINB an SM); None: persistent (see
    # hopper_grid).
    hopper_rounds: Optional[int] = None
    # -D constants for the bf16/f16 mma.sync kernel over the op's (LPT,
    # tiles; benches set LPT 0 to time the plain grid).
    mma_defines: dict[str, int] = _config.field({})
    # The Hopper kernels' block order (their -D LPT and HG): the grid puts
    # the tile index between the (batch, head) pairs of a group (HG of
    # them) and the groups, so that every head's heaviest tiles start
    # first and a group's tail holds light ones, while the blocks running
    # at once read only a group's K/V (forward) or Q, dO and dQ sums
    # (backward), which stay in L2. A group takes at most lpt_group_bytes
    # of those (one pair at least: then the grid is the plain one, tile
    # index fastest). Before the groups (session 9, H100, bf16 causal,
    # TFLOP/s fwd / bwd, plain -> all heads' tiles first): B8 H12 N1024 d64
    # 222 -> 242 / 130 -> 136; B4 H16 N4096 d128 527 -> 508 / 265 -> 213.
    lpt_group_bytes: int = 16 << 20
    # The consumer warpgroups a block at d64 (-D NCWG; at d128 two, as
    # three do not fit the registers). On an H100 (--sm90-variants, bf16
    # TFLOP/s, cuDNN in brackets): causal B4 H16 N4096 one consumer with
    # two blocks an SM 390 (two consumers 348, three 374) [410], B8 H12
    # N1024 223 (196, 180) [266]; full B4 H16 N4096 three 495 (one 462, two
    # 448) [482]. So causal or short rows: one consumer (64 query rows, two
    # blocks an SM); full from hopper_ncwg3_min_keys keys: three (192
    # rows).
    hopper_ncwg3_min_keys: int = 2048

    @classmethod
    def variants(cls) -> Iterator[tuple[str, dict]]:
        """flash_attention's kernels as the op compiles them. f32: both
        head dims of the tile defaults, causal and not, head_dim 96, the
        smaller tiles it gives GPUs with less shared memory than an H100
        (_tiles), and the d64 shape with cp.async and one block per SM.
        bf16/f16 (-D T each): head_dim 32 to 256, causal and not, the
        H100's tiles (_tiles) and the bench's 96 and 128 keys at d64, the
        fragments loaded as they are used (the bench's PIPE 0, 1), the
        next tile's copies before the wait (the bench's LATE 0), and the
        tiles of GPUs with 99 KiB of shared memory a block. The Hopper
        forward as the op compiles it (hopper_schedule: the consumer
        warpgroups and blocks an SM by head_dim, mask and length), and the
        bench's other schedules."""
        f32 = "attention/flash_attention_f32.forth"
        for v in ({}, {"CAUSAL": 0}, {"HEAD_DIM": 128},
                  {"HEAD_DIM": 128, "CAUSAL": 0},
                  {"HEAD_DIM": 96}, {"HEAD_DIM": 96, "CAUSAL": 0},
                  {"HEAD_DIM": 128, "ASYNC": 0},
                  {"HEAD_DIM": 96, "WARPS": 4, "ASYNC": 0},
                  {"HEAD_DIM": 128, "WARPS": 4, "ASYNC": 0},
                  {"MIN_BLOCKS": 1, "ASYNC": 1}):
            yield f32, v
        mma = [{"HEAD_DIM": d, "CAUSAL": c, "LPT": 1}
               for d in (32, 64, 96, 128) for c in (0, 1)] + [
            {"HEAD_DIM": 128, "CAUSAL": 1, "LPT": 0},
            {"HEAD_DIM": 128, "CAUSAL": 1, "PIPE": 0},
            {"HEAD_DIM": 64, "CAUSAL": 0, "PIPE": 1},
            {"HEAD_DIM": 128, "CAUSAL": 1, "LATE": 0},
            {"HEAD_DIM": 128, "CAUSAL": 0, "LPT": 1, "BC": 48},
            {"HEAD_DIM": 128, "CAUSAL": 1, "LPT": 1, "BC": 48},
            {"HEAD_DIM": 96, "CAUSAL": 0, "LPT": 1, "BC": 48},
            {"HEAD_DIM": 96, "CAUSAL": 1, "LPT": 1, "BC": 48},
            {"HEAD_DIM": 64, "CAUSAL": 0, "LPT": 1, "BC": 96},
            {"HEAD_DIM": 64, "CAUSAL": 1, "LPT": 1, "QREG": 1},
            {"HEAD_DIM": 64, "CAUSAL": 1, "LPT": 1, "BC": 96},
            {"HEAD_DIM": 64, "CAUSAL": 0, "LPT": 1, "BC": 128},
            {"HEAD_DIM": 256, "MT": 1, "BC": 32, "CAUSAL": 1},
            {"HEAD_DIM": 128, "MT": 1},
            {"HEAD_DIM": 256, "MT": 1, "BC": 32, "WARPS": 2}]
        sm90 = [{"HEAD_DIM": d, "CAUSAL": c,
                 **hopper_schedule(d, c, n, cls())}
                for d in HOPPER_HEAD_DIMS for c in (0, 1)
                for n in (1024, 4096)] + [
            {"HEAD_DIM": 128, "OVERLAP": 0},
            {"HEAD_DIM": 128, "KVS": 3, "QBUF": 1},
            {"HEAD_DIM": 128, "NCWG": 1, "MINB": 2, "KVS": 1},
            {"HEAD_DIM": 64, "CAUSAL": 1, "LPT": 1}]
        for dt in ("bf16", "f16"):
            for v in mma:
                yield "attention/flash_attention.forth", {"T": dt, **v}
        for dt in ("bf16", "f16"):
            for v in sm90:
                yield "attention/flash_attention_sm90.forth", {"T": dt, **v}
        # Sliding windows, softcap and packed sequences (issue 37) as the
        # op compiles them: LOCAL (CAUSAL 0: a window carries its right
        # side), SOFTCAP and VARLEN, alone and together, at the op's tiles.
        for m in MASK_VARIANTS:
            for d in (64, 128):
                yield f32, {"HEAD_DIM": d, "CAUSAL": 0, **m}
            for dt in ("bf16", "f16"):
                for d in (64, 96, 128, 256):
                    yield "attention/flash_attention.forth", {
                        "T": dt, "HEAD_DIM": d, "CAUSAL": 0, "LPT": 1,
                        **_tiles(dt, d, 90), **m}
                for d in HOPPER_HEAD_DIMS:
                    yield "attention/flash_attention_sm90.forth", {
                        "T": dt, "HEAD_DIM": d, "CAUSAL": 0,
                        **hopper_schedule(d, True, 4096, cls()), **m}
        for m in PAGED_VARIANTS:
            for dt in ("bf16", "f16"):
                for d in (64, 128):
                    yield "attention/flash_attention.forth", {
                        "T": dt, "HEAD_DIM": d, "CAUSAL": 1, "LPT": 1,
                        **_tiles(dt, d, 90, True), **m}
                    yield "attention/flash_attention_sm90.forth", {
                        "T": dt, "HEAD_DIM": d, "CAUSAL": 1,
                        **hopper_schedule(d, True, 4096, cls()), **m}


# The mask constants test/check_kernels.py compiles each attention kernel
# with (AttentionConfig.variants, AttentionBackwardConfig.variants).
MASK_VARIANTS = ({"LOCAL": 1}, {"SOFTCAP": 1}, {"LOCAL": 1, "SOFTCAP": 1},
                 {"VARLEN": 1}, {"VARLEN": 1, "LOCAL": 1, "SOFTCAP": 1})
# The forwards' paged caches (flash-paged.fs; the Hopper copies KBOX =
# min(BC, PAGE) rows).
PAGED_VARIANTS = ({"VARLEN": 1, "PAGED": 1, "PAGE": 16, "KBOX": 16},
                  {"VARLEN": 1, "PAGED": 1, "PAGE": 256})


def lpt_group(pairs: int, pair_bytes: int) -> tuple[int, int]:
    """(HG, groups): the LPT grid's pairs a group and groups, the groups
    as even as they can be (the last one's blocks past `pairs` leave at
    once)."""
    cap = max(1, min(pairs, _config.get("attention").lpt_group_bytes
                     // max(1, pair_bytes)))
    groups = -(-pairs // cap)
    hg = -(-pairs // groups)
    return hg, groups


def lpt_kernel(name: str, like: c.Arg, defines: dict, tune: dict, arch: str,
               tile: str, extent: int, pairs: int, pair_bytes: int,
               plain: tuple, compile: Any = None) -> tuple:
    """(kernel, grid, HG) of a kernel with -D LPT: the LPT grid (HG, tiles,
    groups) over `extent` rows or keys in tiles of its constant `tile`, and
    `pairs` (batch, head) pairs of `pair_bytes` each (lpt_group); else, or
    where that grid's y or z would pass 65535, the plain grid (tiles,
    *plain) of -D LPT 0. `tune` (a bench's -D overrides) may set LPT 0.
    `compile` (name, like, defines, arch -> Kernel): c.kernel's, or the
    user's words' (ops/_attention_mods.py)."""
    compile = compile or _compile
    hg, groups = lpt_group(pairs, pair_bytes)
    kern = compile(name, like, {**defines, "LPT": 1, **tune}, arch)
    tiles = -(-extent // kern.const(tile))
    if kern.const("LPT") and max(tiles, groups) <= 65535:
        return kern, (hg, tiles, groups), hg
    kern = compile(name, like, {**defines, **tune, "LPT": 0}, arch)
    return kern, (tiles, *plain), hg


def _compile(name: str, like: c.Arg, defines: dict, arch: str) -> Any:
    return c.kernel(name, like, defines, arch=arch)


def _kv_pair_bytes(qa: c.Arg, ka: c.Arg) -> int:
    """The forward's LPT pairs: a (batch, query head) pair's share of its
    K and V (16-bit)."""
    d, hq = qa.shape[3], qa.shape[1]
    hkv, nkv = ka.shape[1], ka.shape[2]
    return 2 * nkv * d * 2 * hkv // hq


def hopper_schedule(d: int, causal: bool, nkv: int,
                    cfg: Optional[AttentionConfig] = None) -> dict:
    """The Hopper kernel's -D NCWG, MINB and DYN for these attention
    shapes (test/check_kernels.py compiles each through ptxas): causal
    rows take their items from a counter (DYN, hopper_grid)."""
    dyn = {"DYN": 1} if causal else {}
    if d > 128:
        # One Q buffer and narrower key tiles keep the block within the
        # 227 KiB of shared memory (192 KiB: Q 64 KiB at d256, two K and
        # V stages of 64 keys; 96 keys at d192) and O's accumulator (d/2
        # registers a thread) beside S's.
        return {"BC": 64 if d > 192 else 96, "QBUF": 1, **dyn}
    if d != 64:
        return dyn
    cfg = cfg or _config.get("attention")
    if not causal and nkv >= cfg.hopper_ncwg3_min_keys:
        return {"NCWG": 3}
    return {"NCWG": 1, "MINB": 2, **dyn}


def _arch(a: c.Arg) -> int:
    """The compute capability to compile for, as 90. The default tiles are
    tuned on an H100 (at d128 they take 164 KiB of shared memory); newer
    GPUs get sm_90 code, which the compiler's LLVM supports."""
    name = _config.get("attention").arch
    if name is None:
        if not a.on_gpu:
            return 90
        name = c.device_of(a).name
    sm = c.parse_sm(name)
    if sm is None:
        return 90
    if sm < 80:
        raise ValueError(f"{a.name}: flash_attention needs a GPU of sm_80 "
                         f"or newer (tensor-core TF32), this one is sm_{sm}")
    return min(sm, 90)


# The bf16/f16 mma.sync kernel's tiles on an sm_90 GPU. H100, bf16
# TFLOP/s (FA2 in brackets), bench/ops_attention.py --mma-variants,
# session 15. At head_dim 64 full rows take 96 keys a tile, causal rows
# the default 64 with Q's fragments in registers (QREG): BC 64 / 96 / 128,
# QREG: B4 H16 N4096 causal 287 / 290 / 273, 297 (266); full 300 / 320 /
# 327 (302: 128 keys 2% ahead in two runs, but they spill 88 bytes at 255
# registers where 96 spill none, so 96); B8 H12 N1024 causal (GPT-2) 197
# / 184 / 176, 199 (162). At head_dim 96 and 128, 48 keys:
# with 64, the scores, O and Q's fragments leave ptxas registers for one
# K fragment only, loaded just before its MMAs (short-scoreboard stalls,
# a fifth of Nsight Compute's samples). BC 64 / 48 / 32: B4 H16 N4096
# d128 causal 304 / 323 / 317 (309), full 354 / 358 / 349 (360); B4 Hq32
# Hkv8 N4096 d128 causal 310 / 326 / 322 (329); at d96 48 against 64
# gains 3-8% (N4096, N1024).


def _tiles(dtype: str, d: int, sm: int, causal: bool = False) -> dict:
    """-D overrides of the kernels' tiles. f32: where its defaults (by
    head_dim, an H100's) need more shared memory than the GPU gives a
    block: at d128 164 KiB, at d96 124 KiB, without the prefetch buffer 132
    and 100 KiB, with 4 warps (64 query rows) and no prefetch 99 and 75.
    bf16/f16: two 16-row tiles per warp (MT=2, 104 KiB at d128 with the
    header's 64-key tiles) up to d128, on sm_90 the tiles above the
    function (48 keys at d96/d128: 87 KiB at d128); at d256 one (MT=1)
    and 32-key tiles (BC=32, 101 KiB), which keep the accumulators in
    registers; on GPUs with 99 KiB a block, one tile per warp from d128 on
    (87 KiB) and two warps at d256 (84 KiB)."""
    small = sm not in (80, 87, 90)          # 99 KiB of shared memory
    if dtype != "f32":
        t = {"MT": 1, "BC": 32} if d > 128 else {}
        if sm == 90 and d == 64:
            t.update({"QREG": 1} if causal else {"BC": 96})
        elif sm == 90 and d in (96, 128):
            t["BC"] = 48
        if small and d >= 128:
            t["MT"] = 1
            if d > 128:
                t["WARPS"] = 2
        return t
    if sm >= 90:
        return {}
    if sm in (80, 87):                    # 163 KiB
        return {"ASYNC": 0} if d > 96 else {}
    return {"WARPS": 4, "ASYNC": 0} if d > 64 else {}   # 99 KiB




def qkv_args(q: Any, k: Any, v: Any, *others: tuple) -> tuple:
    """q (B, Hq, Nq, d), k and v (B, Hkv, Nkv, d) with Hkv dividing Hq,
    checked, with `others` ((value, name) pairs, q's shape and place) too;
    returns their Args (strided views allowed: ops/_strided.py)."""
    qa = c.arg(q, "q", min_dims=4, strided=True)
    ka = c.arg(k, "k", min_dims=4, strided=True)
    va = c.arg(v, "v", min_dims=4, strided=True)
    more = [c.arg(x, name, min_dims=4, strided=True) for x, name in others]
    c.same_place(qa, ka, va, *more)
    if len(qa.shape) != 4:
        raise ValueError(f"q: expected (B, Hq, Nq, d), got shape {qa.shape}")
    b, hq, nq, d = qa.shape
    if len(ka.shape) != 4 or (ka.shape[0], ka.shape[3]) != (b, d):
        raise ValueError(f"k: shape {ka.shape}, expected (B, Hkv, Nkv, d) = "
                         f"({b}, Hkv, Nkv, {d}) to match q {qa.shape}")
    hkv = ka.shape[1]
    if (hkv == 0 and hq != 0) or (hkv != 0 and hq % hkv != 0):
        raise ValueError(f"k: {hkv} heads do not divide q's {hq} "
                         "(grouped-query attention needs Hq % Hkv == 0)")
    c.same_shape(ka, va)
    c.same_shape(qa, *more)
    return (qa, ka, va, *more)


def masking(causal: bool, window: tuple, softcap: float, nq: int,
            nkv: int) -> tuple[dict, tuple]:
    """The kernels' -D CAUSAL, LOCAL and SOFTCAP and their params (WL, WR,
    CAP) for causal, a checked window (FlashAttention's semantics: causal
    makes the right side 0; (-1, 0) is causal itself) and softcap. An
    unlimited side becomes a bound past every key (nq + nkv)."""
    left, right = window
    if causal:
        right = 0
    if left == -1 and right == 0:
        causal, right = True, -1
    local = left >= 0 or right >= 0
    far = nq + nkv + 1
    defines = {"CAUSAL": int(causal and not local), "LOCAL": int(local),
               "SOFTCAP": int(softcap > 0)}
    return defines, (left if left >= 0 else far, right if right >= 0 else far,
                     softcap if softcap > 0 else 1.0)


def dense_seqs(pb: c.PlanBuilder, like: c.Arg) -> tuple:
    """CU_Q and CU_K of a call without VARLEN: unread, one i32 for both
    (a buffer the plan makes, no view of one: a plan replays it)."""
    cu = pb.empty(like, (1,), "i32")
    return cu, cu


def flash_attention_impl(q: Any, k: Any, v: Any, causal: bool = False,
                         scale: Optional[float] = None,
                         return_lse: bool = False, out: Any = None,
                         window: tuple = (-1, -1),
                         softcap: float = 0.0, mask_mod: Any = None,
                         score_mod: Any = None, mod_args: Any = ()) -> Any:
    """flash_attention on any arguments, without the torch custom op."""
    scale = c.check_scale(scale)
    causal = c.check_bool("causal", causal)
    return_lse = c.check_bool("return_lse", return_lse)
    window = c.check_window(window)
    softcap = c.check_softcap(softcap)
    objs = (q, k, v) if out is None else (q, k, v, out)
    if mask_mod is None and score_mod is None and not mod_args:
        pb = c.start(_plans, objs, len(objs) - 3,
                     (causal, scale, return_lse, window, softcap))
        if type(pb) is tuple:
            return pb if return_lse else pb[0]
        mods = None
    else:
        # The user's words: no plan (the block mask depends on mod_args'
        # contents), the checking path each call.
        pb = c.PlanBuilder(None, objs)
    qa, ka, va = qkv_args(q, k, v)
    if pb.key is None:
        mods = _mods.check(mask_mod, score_mod, mod_args, qa)
    b, hq, nq, d = qa.shape
    hkv, nkv = ka.shape[1], ka.shape[2]
    dims = HEAD_DIMS.get(qa.dtype, HEAD_DIMS["f32"])
    if d not in dims:
        raise ValueError(f"q: head dimension {d} is not supported for "
                         f"{c.dtype_name(qa.dtype)}; expected one of " +
                         ", ".join(map(str, dims)))
    if scale is None:
        scale = 1.0 / math.sqrt(d)
    if out is None:
        out = st.empty_in_order(pb, qa, st.order(qa), (b, hq, nq, d))
    else:
        out = c.output(out, qa, (b, hq, nq, d), strided=True)
        c.check_no_overlap([("out", out)], [("q", q), ("k", k), ("v", v)])
    oa = c.arg(out, "out", strided=True)
    lse = pb.empty(qa, (b, hq, nq), "f32")
    result = (out, lse) if return_lse else out
    if b * hq * nq == 0:
        pb.store(_plans, out, lse)
        return result
    if nkv == 0:
        # No key for any query: what the kernel gives a row without keys.
        out[...] = 0
        lse[...] = float("-inf")
        return result
    sm = _arch(qa)
    masks, wargs = masking(causal, window, softcap, nq, nkv)
    mod_masks = dict(masks)
    wargs += dense_seqs(pb, qa)
    causal = bool(masks["CAUSAL"])
    defines = {"HEAD_DIM": d, **masks}
    cfg = _config.get("attention")
    hopper = cfg.hopper if cfg.hopper is not None else qa.on_gpu and sm == 90
    if mods is not None and qa.dtype == "f32":
        raise ValueError("mask_mod, score_mod: float32 attention does not "
                         "take them yet (bfloat16 and float16 do)")
    if hopper and qa.dtype != "f32" and d in HOPPER_HEAD_DIMS:
        _hopper(pb, qa, ka, va, oa, lse, defines, float(scale),
                wargs + (wargs[-1], 0),     # BT (unread), MAXB
                mods=mods and (mods, mod_masks))
    elif mods is not None:
        _mma_mods(pb, qa, ka, va, oa, out, lse, defines, cfg, sm, float(scale),
                  wargs + (wargs[-1], 0), mods, mod_masks)
    else:
        # The mma.sync kernels read and write dense tensors.
        defines.update(_tiles(qa.dtype, d, sm, causal))
        if qa.dtype == "f32":
            kern = c.kernel("attention/flash_attention_f32.forth", qa,
                            defines, arch=f"sm_{sm}")
            grid, hg = (-(-nq // kern.const("BR")), hq, b), ()
        else:   # in the Hopper kernel's LPT groups
            kern, grid, g = lpt_kernel(
                "attention/flash_attention.forth", qa,
                {**defines, "T": qa.dtype}, cfg.mma_defines, f"sm_{sm}", "BR",
                nq, b * hq, _kv_pair_bytes(qa, ka), (hq, b))
            hg = (g,)
            wargs += (wargs[-1], 0)         # BT (unread), MAXB
        # y and z: query heads and batch, or LPT groups (at most 65535).
        check_grid(grid, b, hq)
        o = out if oa.strides is None else pb.new(c.empty(qa, qa.shape))
        pb.launch(kern, st.dense(qa).value, st.dense(ka).value,
                  st.dense(va).value, o, lse, nq, nkv, hq, hkv, b, *hg,
                  float(scale), *wargs, grid=grid,
                  block=kern.const("NTHREADS"))
        pb.copy_into(o, out)
    pb.store(_plans, out, lse)
    return result


def _mma_mods(pb: c.PlanBuilder, qa: c.Arg, ka: c.Arg, va: c.Arg,
              oa: c.Arg, out: Any, lse: Any, defines: dict, cfg: Any,
              sm: int, scale: float, wargs: tuple, mods: Any,
              masks: dict) -> None:
    """The 16-bit mma.sync kernel with the user's words (dense copies of
    strided tensors, as without them)."""
    b, hq, nq, d = qa.shape
    hkv, nkv = ka.shape[1], ka.shape[2]
    defines.update(_tiles(qa.dtype, d, sm, bool(defines["CAUSAL"])))
    kern, grid, g = lpt_kernel(
        "attention/flash_attention.forth", qa, {**defines, "T": qa.dtype},
        cfg.mma_defines, f"sm_{sm}", "BR", nq, b * hq, _kv_pair_bytes(qa, ka),
        (hq, b), _mods.compiler(mods))
    check_grid(grid, b, hq)
    more = _mods.launch_args(mods, qa, kern, b, hq, nq, nkv, masks, wargs)
    o = out if oa.strides is None else pb.new(c.empty(qa, qa.shape))
    pb.launch(kern, st.dense(qa).value, st.dense(ka).value,
              st.dense(va).value, o, lse, nq, nkv, hq, hkv, b, g, scale,
              *wargs, *more, grid=grid, block=kern.const("NTHREADS"))
    pb.copy_into(o, out)


def check_grid(grid: tuple, b: int, hq: int) -> None:
    """Refuses a grid of (x, y, z) whose y or z passes a GPU's 65535
    before the launch, naming q's dimension that made it."""
    if max(grid[1:]) <= 65535:
        return
    c.check_grid("q", "batch B =", b)
    c.check_grid("q", "query heads Hq =", hq)
    c.check_grid("q", "B * Hq in LPT groups:", max(grid[1:]))


def fast_divisor(d: int) -> int:
    """d (1 <= d < 2^31) encoded for the kernels' fdiv (flash-lpt.fs):
    m | s << 32 with s = 31 + ceil(log2 d) and m = ceil(2^s / d) < 2^32, so
    that n * m >> s == n // d for every 0 <= n < 2^31 (the error n (m d -
    2^s) / (d 2^s) < 2^-ceil(log2 d) <= 1/d) and n * m < 2^63."""
    if not 1 <= d < 1 << 31:
        raise ValueError(f"fast_divisor: {d} is not in 1 .. 2^31 - 1")
    s = 31 + (d - 1).bit_length()
    return -(-(1 << s) // d) | s << 32


# The Hopper forward's blocks. On an H100 (bench/ops_attention.py
# --sm90-rounds, bf16 TFLOP/s, static: one tile a block / two rounds /
# persistent; cuDNN), session 12: causal d64 B8 H12 N1024 226 / 241 / 224
# (266), B16 H16 N512 153 / 172 / 178 (211), B4 H16 N4096 380 / 375 / 341
# (406); d128 B16 H16 N512 197 / 218 / 218 (304), B4 H16 N4096 543 / 547 /
# 373 (572), GQA B8 H32/8 N1024 332 / 356 / 388 (429). Two rounds pair
# each heavy causal tile with a light one (the second round runs
# backwards); static persistent blocks leave long causal rows unbalanced
# (d128 N4096: 373). Dynamic items (DYN: a persistent block's next item
# from a counter, FlashAttention-3's tile scheduler) balance them
# (.prof/s13_dyn.py, another H100, two rounds / static persistent /
# dynamic persistent; cuDNN): causal d64 B8 H12 N1024 257 / 243 / 271
# (271), B16 H16 N512 185 / 196 / 192 (217), B4 H16 N4096 393 / 352 / 415
# (412); d128 B16 H16 N512 226 / 232 / 258 (307), GQA B8 H32/8 N1024 381
# / 414 / 421 (450), B4 H16 N4096 547 / 365 / 585 (549), B4 H32/8 N4096
# 528 / 515 / 534 (540). Equal full-row items balance either way, and
# persistent blocks save the block starts (session 13's --sm90-rounds,
# bf16, one tile a block with three consumers / persistent: d64 B4 H16
# N4096 464 / 483 (473); d128 602 / 615 (669); d64 B8 H12 N1024 two
# consumers 328 / 350 (397)). So the blocks are persistent, with DYN for
# causal rows (hopper_schedule).
def hopper_grid(name: str, qa: c.Arg, defines: dict, nq: int, b: int,
                hq: int, hkv: int, pair_bytes: int,
                compile: Any = None) -> tuple:
    """(kernel, blocks, its params HG MAXQ DIV_HG DIV_QT DIV_HQ DIV_GQ) of
    the Hopper forward: its items are the query tiles of nq rows of the
    b * hq (batch, head) pairs in the LPT order (groups of HG pairs, lpt_group; with -D
    LPT 0 tile by tile), in blocks of hopper_rounds items or (its default)
    MINB persistent blocks an SM. `compile` as lpt_kernel's."""
    pairs = b * hq
    hg, groups = lpt_group(pairs, pair_bytes)
    cfg = _config.get("attention")
    kern = (compile or _compile)(
        name, qa, {**defines, "LPT": 1, **cfg.hopper_defines}, "sm_90")
    qtiles = -(-nq // kern.const("BR"))
    items = (hg * groups if kern.const("LPT") else pairs) * qtiles
    if items >= 1 << 31:
        raise ValueError(f"q: {pairs} (batch, head) pairs of {nq} rows are "
                         f"{items} query tiles, more than 2^31 - 1")
    rounds = cfg.hopper_rounds or 0
    if rounds:
        blocks = -(-items // rounds)
    else:
        blocks = min(items, kern.const("MINB") * c.sm_count(qa, 132))
    divs = (hg, nq, fast_divisor(hg), fast_divisor(qtiles), fast_divisor(hq),
            fast_divisor(hq // hkv))
    return kern, blocks, divs


def _hopper(pb: c.PlanBuilder, qa: c.Arg, ka: c.Arg, va: c.Arg, oa: c.Arg,
            lse: Any, defines: dict, scale: float, wargs: tuple,
            seqs: Optional[tuple] = None, mods: Optional[tuple] = None) -> None:
    """The Hopper kernel: TMA reads q, k and v where they lie (dense copies
    of views it cannot: rows not 16-byte aligned), its stores write out
    with out's strides (a dense result copied into an out it cannot).
    seqs: VARLEN's (sequences, longest sequence's rows), the tensors the
    (1, H, total, d) planes of the packed ones (with -D PAGED k and v the
    planes of the paged cache: KBOX, the rows a copy, follows BC).
    mods: the user's words, the kernel's own masks (the block mask's
    rules) and with VARLEN the sequences (Mods.lists' seqs)."""
    b, hq, nq, d = qa.shape
    hkv, nkv = ka.shape[1], ka.shape[2]
    b, maxq = seqs or (b, nq)
    # Packed sequences take their items from the counter (DYN) as causal
    # rows do: their tiles differ in length.
    # So do the rows of a MASK-MOD, of unknown lengths.
    defines.update(hopper_schedule(
        d, bool(defines["CAUSAL"] or defines["LOCAL"] or seqs
                or mods and mods[0].mask is not None), nkv))
    if defines.get("PAGED"):
        bc = {**defines, **_config.get("attention").hopper_defines}.get(
            "BC", 128)
        defines["KBOX"] = min(bc, defines["PAGE"])
    kern, blocks, divs = hopper_grid(
        "attention/flash_attention_sm90.forth", qa,
        {**defines, "T": qa.dtype}, maxq, b, hq, hkv,
        _kv_pair_bytes(qa, ka), mods and _mods.compiler(mods[0]))
    more = mods and _mods.launch_args(mods[0], qa, kern, b, hq, nq, nkv,
                                      mods[1], wargs, *mods[2:])
    ins = [x if st.tma_ready(x) else st.dense(x) for x in (qa, ka, va)]
    o = oa
    if not st.tma_ready(oa):
        o = c.arg(pb.new(c.empty(qa, qa.shape)), "out")
    # The item counter of DYN (FlashAttention-3's tile semaphore): the
    # stream's, which the kernel leaves at 0 (flash-attention-sm90.fs
    # return-tickets); without DYN unread, and no buffer made for it.
    ticket = pb.counter(qa, 2)
    pb.launch(kern, *[st.flat(pb, x) for x in ins], st.flat(pb, o), lse,
              nq, nkv, hq, hkv, b, *divs, scale, *wargs, ticket,
              *[s for x in (*ins, o) for s in st.strides3(x)], *(more or ()),
              grid=(blocks,), block=kern.const("NTHREADS"))
    pb.copy_into(o.value, oa.value)


_config.register(AttentionConfig, __name__)
# Cached plans (ops/_common.py).
_plans = c.plans("attention")
