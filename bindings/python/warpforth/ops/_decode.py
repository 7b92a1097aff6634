"""decode_attention: flash-decoding of a few new query tokens against a KV
cache (kernels/decode/), contiguous or paged, with grouped-query heads,
split-KV and a merge; append_kv writes new K/V rows into such a cache.

What is checked where. Shapes, dtypes, contiguity, devices, the alignment
of the caches and the head dimension are checked for every call. The
values of cache_seqlens (each in [Nq, capacity]) and of the block table
(the entries a sequence uses in [0, num_blocks)) are checked on the host
for numpy arrays and CPU tensors; for CUDA tensors they are not (reading
them would synchronise the device): the kernels clamp them instead (a
length to [0, capacity], an entry to [0, num_blocks - 1]), so a bad value
gives wrong rows but never an access outside the cache, and a row that
sees no key (a length below Nq) gets 0 and a log-sum-exp of -inf.
"""

from __future__ import annotations

import math
from typing import Any, Iterator, Optional

from . import _common as c
from . import _config

# Head dimensions: a key row is read by LGW lanes, 16 bytes each, and the
# score summed over them by XOR shuffles, so its bytes / 16 must be a power
# of two (at most 64, two chunks a lane past 32).
HEAD_DIMS = (32, 64, 128, 256)
MMA_HEAD_DIMS = (64, 128)   # the tensor-core kernel's (mma below)


@_config.knobs("decode")
class DecodeConfig(_config.Config):
    """decode_attention's knobs (ops.configure(decode=...))."""

    warps: int = 4
    # Query rows (query heads of a KV head x new tokens) a block takes at
    # most: their output accumulators live in registers. A group with more
    # rows is cut into ceil(rows / max_rows) blocks, each of which reads
    # the group's K/V (from L2 when they run together).
    max_rows: int = 8
    # The SM count the split heuristic assumes where the device does not
    # say (numpy and CPU tensors; an H100 SXM has 132).
    default_sms: int = 132
    # A split takes at least this many keys: below, the partial outputs
    # that the merge reads and writes (rows x head_dim f32 per split) grow
    # against the cache it reads (2 x keys x head_dim elements).
    min_split_keys: int = 128
    max_splits: int = 128
    # What the merge's launch costs besides its bytes, as bytes of K/V
    # read in the same time (a second kernel's launch and drain, about 3 us
    # at 2.6 TB/s), so that a split must save more than that to pay.
    merge_launch_bytes: int = 8 << 20
    # Whether a warp loads its next step while it computes this one (-D
    # PREFETCH): its loads are then in flight all the time, for 32 more
    # registers a thread (at bf16 d128), so one block fewer an SM. Off: on
    # an H100 the extra block an SM wins at every shape of
    # `bench/ops_decode.py --sweep` (bf16 d128: B8 N4096 1.97 TB/s
    # without, 1.85 with; B1 N131072 2.29 / 2.04; B64 N1024 2.27 / 1.89;
    # paged alike).
    prefetch: bool = False
    # K/V through shared memory (-D STAGES): 0 loads them into registers
    # (the kernel above); n > 0 copies each warp's steps asynchronously
    # (cp.async) into a ring of n steps in shared memory, n - 1 steps ahead
    # of the one computed (kernels/decode/decode.fs), so that a warp keeps
    # (n - 1) * 4 KB (bf16 d128) in flight all the time without holding it
    # in registers. The ring costs shared memory, which may bound the
    # blocks an SM runs (_smem_bytes): MIN_BLOCKS is then lowered to what
    # fits. cp.async needs sm_80: older GPUs get 0. On an H100
    # (bench/ops_decode.py --sweep --only base,ring, bf16 Hq32 Hkv8 d128,
    # copy 3.01 TB/s) 2 stages win at every shape: B8 N4096 2.09 TB/s
    # (registers 1.95, 3 stages 2.00, 4 stages 1.76), B1 N131072 2.41
    # (2.29), B64 N1024 2.42 (2.29), paged alike.
    stages: int = 2
    # The tensor-core kernel (kernels/decode/decode-mma.fs: S = Q K^T and
    # O += P V by mma.sync m16n8k16 from the cp.async ring, the group's
    # rows padded to 8 or 16) for bf16 and f16 caches at MMA_HEAD_DIMS on
    # sm_80+; False: the CUDA-core kernel above everywhere. Its P is
    # rounded to 16 bits before P V (as FlashAttention-2's): the output is
    # within about half an ulp of the dtype times sum p|v| / sum p of f64,
    # not f32 math. On an H100 (bench/ops_decode.py --only base,simt,mma,
    # bf16 Hq32 Hkv8 d128 Nq1, TB/s of KV, copy 3.01): B8 N4096 2.51
    # (CUDA cores 2.09, SDPA 2.48), B1 N131072 2.86 (2.42, 2.93), B64
    # N1024 2.91 (2.40, 2.85); paged 16/256 within 3% of contiguous; 2
    # stages ahead of 3 and 4 at every shape. With its split count at one
    # block an SM (num_splits_heuristic's one_wave): B8 N4096 2.58, B1
    # N131072 2.94, B1 N4096 1.43 (SDPA 1.33).
    mma: bool = True
    # With splits, the merge inside the decode kernel (-D FUSED: the last
    # block of a group merges, after FENCE-GPU and a count) instead of its
    # own kernel: one launch less, no faster. Measured side by side
    # (bench/ops_decode.py --only base,fused, bf16 Hq32 Hkv8 d128 Nq1): on
    # an H100 1% slower at B8 N4096 (2.54 against 2.56 TB/s), paged 16
    # (2.46 against 2.49) and B1 N4096 (1.38 against 1.40), equal
    # elsewhere; on an H200 equal, 3-5% faster at B1 N4096. GPU test
    # bit-equal to the merge kernel. Off: the H100 figures decide.
    fused_merge: bool = False
    # Programmatic dependent launch (sm_90): the merge kernel launches
    # while the decode kernel runs (its blocks call GRID-DEP-LAUNCH first
    # thing) and waits for its results (GRID-DEP-WAIT), so that the
    # merge's launch gap overlaps the decode kernel's work. None: on sm_90
    # GPUs (the kernels then compile for sm_90), True also on the CPU
    # backend (its tests: there the words do nothing), False never. H100,
    # bf16 Hq32 Hkv8 d128 Nq1, TB/s (bench/ops_decode.py --only base,pdl,
    # two runs, with / without): B8 N4096 2.60-2.62 / 2.56, paged 16
    # 2.53-2.54 / 2.48, B1 N131072 2.96 / 2.94, B1 N4096 1.50-1.51 /
    # 1.38-1.41; B64 N1024 (one split) 2.90 both.
    pdl: Optional[bool] = None
    # The MMA kernel's shape: KT keys a warp step (a multiple of 16),
    # WARPS, STAGES of the ring (by head_dim); MIN_BLOCKS follows from the
    # registers (ptxas -v: at d128 a thread needs about 168, so 2 blocks
    # of 128 threads an SM; at d64 3) and the ring's shared memory.
    # mma_tune overrides (benchmarks).
    mma_kt: int = 16
    mma_warps: int = 4
    mma_stages: dict[int, int] = _config.field({64: 2, 128: 2})
    mma_min_blocks: dict[int, int] = _config.field({64: 3, 128: 2})
    mma_tune: dict[str, int] = _config.field({})
    # The most shared memory the MMA kernel's rings take (fewer stages
    # where a step is larger): 96 KiB, which an A100 (163 KiB) and the 99
    # KiB GPUs give a block too.
    mma_max_ring: int = 98304
    # Shared memory an SM gives its blocks (an H100: 228 KiB, 1 KiB of
    # which each block reserves), and the most a ring may take (so that a
    # block also fits the 99 KiB of GPUs older than an A100).
    sm_shared: int = 233472
    block_reserved: int = 1024
    max_ring: int = 65536
    # -D overrides for every launch of the CUDA-core kernel (benchmarks
    # try other shapes with it).
    tune: dict[str, int] = _config.field({})

    @classmethod
    def variants(cls) -> Iterator[tuple[str, dict]]:
        """decode_attention's kernels as the op compiles them (_tiles and
        _mma_tiles give the -D values), for each dtype. The CUDA-core
        kernel: head_dim 32 to 256; RB rows a block 2, 4 and 8, the most
        of each MIN_BLOCKS class (the register use grows with RB: all 384
        combinations of dtype, head_dim, RB 1..8, paged and prefetch were
        checked once); the paged cache (more registers than the contiguous
        one), and at the issue's shape the contiguous one, the other
        prefetch setting and the cp.async ring: 2 to 4 stages at the
        issue's shape, 3 at every head_dim with 8 rows (the most
        registers; all 108 combinations of dtype, head_dim, rows 2/4/8 and
        2-4 stages were checked once); the fused merge and sm_90's launch.
        The tensor-core kernel (decode-mma.fs): d64 and d128, 8- and
        16-row tiles, contiguous and both paged forms (pages of a whole
        step or smaller); at d128 also 2 stages, 32 keys a step and 8
        warps (bench/ops_decode.py's variants). The merge and append
        kernels as they are."""
        base = cls()
        for dt in ("f32", "bf16", "f16"):
            def tiles(rows: int, d: int, cfg: DecodeConfig = base) -> dict:
                return {"T": dt, **_tiles(rows, dt, d, cfg=cfg)[0]}
            for d in HEAD_DIMS:
                for rows in (2, 4, 8):
                    yield _SIMT, {**tiles(rows, d), "PAGED": 1}
            main = tiles(4, 128)
            yield _SIMT, {**main, "PAGED": 0}
            yield _SIMT, {**tiles(4, 128, base.replace(
                prefetch=not base.prefetch)), "PAGED": 1}
            for st in (2, 3, 4):
                yield _SIMT, {**tiles(4, 128, base.replace(stages=st)),
                              "PAGED": 1}
            for d in HEAD_DIMS:
                yield _SIMT, {**tiles(8, d, base.replace(stages=3)),
                              "PAGED": 1}
            yield _SIMT, {**main, "PAGED": 1, "FUSED": 1}
            yield _SIMT, {**main, "PAGED": 1, "PDL": 1}
        for dt in ("bf16", "f16"):
            def mma(rows: int, d: int, bs: Optional[int],
                    cfg: DecodeConfig = base) -> dict:
                return {"T": dt, **_mma_tiles(rows, d, bs, cfg=cfg)[0]}
            for d in MMA_HEAD_DIMS:
                for rows in (4, 16):
                    for bs in (None, 16, 1):
                        yield _MMA, mma(rows, d, bs)
            for tune in ({"STAGES": 2}, {"KT": 32}, {"WARPS": 8}):
                yield _MMA, mma(4, 128, 16, base.replace(mma_tune=tune))
            yield _MMA, {**mma(4, 128, 16), "FUSED": 1}
            yield _MMA, {**mma(4, 128, 16), "PDL": 1}
        for dt in ("f32", "bf16", "f16"):
            for d in HEAD_DIMS:
                for p in (0, 1):
                    yield "decode/decode_merge.forth", {
                        "T": dt, "HEAD_DIM": d, "PDL": p}
        for dt in ("f32", "bf16", "f16"):
            yield "decode/append_kv.forth", {"T": dt}


_SIMT = "decode/decode_attention.forth"
_MMA = "decode/decode_attention_mma.forth"


def _smem_bytes(defines: dict, itemsize: int) -> int:
    """The shared memory of a block of the kernel with these -D values
    (the header's arrays: WM, WL, WO or the ring if larger, QS, each
    rounded up to 16 bytes)."""
    d, rb, w = defines["HEAD_DIM"], defines["RB"], defines["WARPS"]
    cpl = defines.get("CPL", (d * itemsize // 16 + 31) // 32)
    ring = w * defines.get("STAGES", 0) * 2 * defines["U"] * cpl * 512
    up = lambda n: -(-n // 16) * 16  # noqa: E731
    return (2 * up(4 * w * rb) + up(max(4 * w * rb * d, ring))
            + up(4 * rb * d))


def _tiles(rows: int, dtype: str, d: int, ring: bool = True,
           cfg: Optional[DecodeConfig] = None) -> tuple[dict, int]:
    """The kernel's -D values for a group of `rows` rows, and the number
    of row chunks: RB rows a block (at most max_rows), U = 4 16-byte loads
    of K (and of V) per lane per step, prefetch, and MIN_BLOCKS blocks an
    SM (at most 65536 / (128 MIN_BLOCKS) registers a thread): as many as
    fit without a spill to local memory (ptxas -v; test/check_kernels.py
    checks every combination this gives): more rows, the prefetch buffer,
    a float32 d256 row (two chunks a lane) and, oddly, 16-bit rows of
    d <= 64 (more lane groups) take more registers."""
    cfg = cfg or _config.get("decode")
    nch = -(-rows // cfg.max_rows)
    rb = -(-rows // nch)
    sixteen = dtype != "f32"
    prefetch = cfg.prefetch and not (dtype == "f32" and d == 256)
    if prefetch:
        mb = 3 if rb <= 2 else 2 if rb > 4 or (sixteen and d <= 64) else 3
    else:
        mb = 4 if rb <= 2 else 2 if rb > 4 else (
            3 if (sixteen and d <= 64) or d == 256 else 4)
    defines = {"HEAD_DIM": d, "RB": rb, "U": 4, "WARPS": cfg.warps,
               "MIN_BLOCKS": mb, "PREFETCH": int(prefetch)}
    stages = cfg.tune.get("STAGES", cfg.stages) if ring else 0
    if stages:
        # The ring: at most max_ring bytes (fewer stages where a step is
        # large), the blocks an SM runs at most what its shared memory
        # holds.
        itemsize = 4 if dtype == "f32" else 2
        t = {**defines, **cfg.tune}
        cpl = t.get("CPL", (d * itemsize // 16 + 31) // 32)
        step = t["WARPS"] * 2 * t["U"] * cpl * 512    # a step of the ring
        stages = max(1, min(stages, cfg.max_ring // step))
        defines.update(STAGES=stages, PREFETCH=0)
        smem = _smem_bytes({**defines, **cfg.tune, "STAGES": stages},
                           itemsize)
        defines["MIN_BLOCKS"] = max(1, min(
            mb, cfg.sm_shared // (smem + cfg.block_reserved)))
    defines.update({k: v for k, v in cfg.tune.items() if k != "STAGES"})
    return defines, nch


def _mma_smem_bytes(defines: dict) -> int:
    """The shared memory of a block of the MMA kernel (16-bit elements):
    WM, WL and WO (the rings, or the warps' end states if larger)."""
    d, rb, w = defines["HEAD_DIM"], defines["RB"], defines["WARPS"]
    ring = w * defines["STAGES"] * 2 * defines["KT"] * d * 2
    up = lambda n: -(-n // 16) * 16  # noqa: E731
    return 2 * up(4 * w * rb) + up(max(4 * w * rb * (d + 8), ring))


def _mma_tiles(rows: int, d: int, block_size: Optional[int],
               cfg: Optional[DecodeConfig] = None) -> tuple[dict, int]:
    """The MMA kernel's -D values for a group of `rows` rows and the
    number of row chunks: RB 8 rows a block up to 8 (the MMA's rows 8-15
    zeros), else 16 a block; PAGED 1 where a page holds a whole step (one
    block-table read a step), 2 for smaller pages."""
    cfg = cfg or _config.get("decode")
    rb = 8 if rows <= 8 else 16
    defines = {"HEAD_DIM": d, "RB": rb, "KT": cfg.mma_kt,
               "WARPS": cfg.mma_warps, "STAGES": cfg.mma_stages[d]}
    defines.update(cfg.mma_tune)
    # mma_min_blocks is for 4 warps: as many threads an SM otherwise.
    defines.setdefault("MIN_BLOCKS", max(
        1, cfg.mma_min_blocks[d] * 4 // defines["WARPS"]))
    step = defines["WARPS"] * 2 * defines["KT"] * d * 2
    defines["STAGES"] = max(1, min(defines["STAGES"],
                                   cfg.mma_max_ring // step))
    defines["PAGED"] = (0 if block_size is None else
                        1 if block_size >= defines["KT"] else 2)
    smem = _mma_smem_bytes(defines)
    defines["MIN_BLOCKS"] = max(1, min(
        defines["MIN_BLOCKS"],
        cfg.sm_shared // (smem + cfg.block_reserved)))
    return defines, -(-rows // rb)


def _has_cp_async(a: c.Arg) -> bool:
    """Whether the kernel may use cp.async (sm_80 on): the CPU backend
    compiles for sm_80 or later; a GPU's name ends in '(sm_NN)'."""
    sm = c.sm_of(a)
    return sm is None or sm >= 80


def num_splits_heuristic(blocks: int, keys: int, sms: int,
                         blocks_per_sm: int, kv_bytes: int = 0,
                         split_bytes: int = 0, one_wave: bool = False,
                         cfg: Optional[DecodeConfig] = None) -> int:
    """How many splits of the key range to launch: `blocks` blocks without
    splitting (batch x KV heads x row chunks), `keys` the longest cache,
    `blocks_per_sm` blocks an SM runs at once, `kv_bytes` the K and V read,
    `split_bytes` what each split adds (its f32 partial outputs, written
    and read back by the merge). Among 1 .. min(max_splits, keys /
    min_split_keys) splits, the one of least estimated time: the bytes
    moved (kv_bytes, plus s * split_bytes + merge_launch_bytes for s > 1)
    over the wave efficiency n / (ceil(n / slots) * slots) of the
    n = blocks * s blocks on slots = sms * blocks_per_sm (FlashAttention's
    measure: the idle slots of the last wave count as lost); the fewest
    splits on a tie. So one sequence fills the GPU, and a batch that takes
    1.3 waves is split to take about 4 (B64 N1024 at 4:1, bf16 d128: 512
    blocks on 396 slots, 3 splits).

    one_wave (the tensor-core kernel, whose one block already keeps an SM's
    memory pipe full): at most one block an SM, splits only up to one wave
    of them. On an H100 (bench/ops_decode.py --sweep, bf16 Hq32 Hkv8 d128
    Nq1) that beat filling both blocks an SM at every shape: B8 N4096 2
    splits 2.58 TB/s against 4 splits 2.50, B1 N131072 16 splits 2.95
    against 33 splits 2.85, B1 N4096 16 splits 1.43 against 32 splits 1.16;
    B64 N1024 unsplit 2.91 against 2 splits 2.72."""
    cfg = cfg or _config.get("decode")
    if one_wave:
        blocks_per_sm = 1
    slots = max(1, sms * blocks_per_sm)
    most = max(1, min(cfg.max_splits, keys // cfg.min_split_keys))
    if one_wave:
        most = min(most, max(1, sms // max(1, blocks)))
    kv = max(1, kv_bytes)

    def cost(s: int) -> float:
        n = blocks * s
        efficiency = n / (-(-n // slots) * slots)
        extra = s * split_bytes + cfg.merge_launch_bytes if s > 1 else 0
        return (kv + extra) / efficiency
    return min(range(1, most + 1), key=lambda s: (cost(s) * (1 - 1e-9), s))


def _host_values(a: c.Arg):
    """The values of an int32 argument as a numpy array when it lives on
    the host; None for a CUDA tensor (not read: that would synchronise)."""
    if a.on_gpu:
        return None
    import numpy as np
    return a.value.numpy() if a.is_torch else np.asarray(a.value)


def _cache(ka: c.Arg, va: c.Arg, block_table: Any, b: int, d: int,
           first: c.Arg):
    """Checks the caches (and the block table) against batch b and head
    dimension d. Returns (hkv, capacity, paging) where paging is None
    (contiguous) or (block table Arg, num_blocks, block_size, max_blocks)."""
    c.same_place(first, ka, va)
    c.same_shape(ka, va)
    if len(ka.shape) != 4:
        raise ValueError(f"{ka.name}: expected 4 dimensions, got shape "
                         f"{ka.shape}")
    for x in (ka, va):
        if x.address % 16:
            raise ValueError(f"{x.name}: not 16-byte aligned (the kernel "
                             "reads it 16 bytes at a time)")
    if block_table is None:
        if (ka.shape[0], ka.shape[3]) != (b, d):
            raise ValueError(
                f"k_cache: shape {ka.shape}, expected (B, Hkv, N, d) = "
                f"({b}, Hkv, N, {d}) to match q (or pass block_table for "
                "a paged cache)")
        return ka.shape[1], ka.shape[2], None
    ta = c.arg(block_table, "block_table", dtypes=("i32",), min_dims=2)
    if ta.on_gpu != first.on_gpu or ta.gpu_ordinal != first.gpu_ordinal:
        raise ValueError(f"block_table: on {ta.where()}, but {first.name} "
                         f"is on {first.where()}")
    if len(ta.shape) != 2 or ta.shape[0] != b:
        raise ValueError(f"block_table: shape {ta.shape}, expected "
                         f"(B, max_blocks_per_seq) with B = {b}")
    nblk, bs, hkv, dk = ka.shape
    if dk != d:
        raise ValueError(f"{ka.name}: shape {ka.shape}, expected "
                         f"(num_blocks, block_size, Hkv, d) with d = {d} to "
                         "match q")
    if bs < 1 or bs & (bs - 1):
        raise ValueError(f"{ka.name}: block size {bs} is not a power of two")
    return hkv, ta.shape[1] * bs, (ta, nblk, bs, ta.shape[1])


def _check_lengths(sa: c.Arg, lo: int, cap: int, paging, what: str) -> Any:
    """cache_seqlens in [lo, cap] and the block table entries they use in
    range, on the host (None for CUDA tensors: unchecked). Returns the
    largest length, or None."""
    lens = _host_values(sa)
    if lens is None:
        return None
    if len(lens) and (lens.min() < lo or lens.max() > cap):
        bad = next(int(x) for x in lens if x < lo or x > cap)
        raise ValueError(f"{sa.name}: {bad} is outside [{lo}, {cap}] "
                         f"({what})")
    if paging is not None:
        ta, nblk, bs, _ = paging
        table = _host_values(ta)
        for i, n in enumerate(lens):
            pages = -(-int(n) // bs)            # ceil(n / bs)
            used = table[i, :pages]
            if len(used) and (used.min() < 0 or used.max() >= nblk):
                bad = next(int(x) for x in used if x < 0 or x >= nblk)
                raise ValueError(f"block_table: entry {bad} of sequence {i}"
                                 f" is outside [0, {nblk}) (num_blocks)")
    return int(lens.max()) if len(lens) else 0


def _paging_args(paging, sa: c.Arg, cap: int):
    """The kernels' paging params: (table, NCAP, MAXBLK, NBLK, PSHIFT,
    BTN); a contiguous cache passes cache_seqlens as an unused table."""
    if paging is None:
        return sa.value, cap, 0, 1, 0, sa.numel
    ta, nblk, bs, maxblk = paging
    return ta.value, 0, maxblk, max(nblk, 1), bs.bit_length() - 1, ta.numel


# The most splits decode_attention takes (num_splits=): far more than
# pay (num_splits_heuristic picks at most max_splits), few enough that
# the partial outputs stay a multiple of the output.
MAX_NUM_SPLITS = 65535


def scalars(scale: Any, num_splits: Any) -> tuple:
    """decode_attention's scale (None or a finite number) and num_splits
    (None or 1 .. MAX_NUM_SPLITS), checked."""
    return (c.check_scale(scale),
            None if num_splits is None else
            c.check_int("num_splits", num_splits, 1, MAX_NUM_SPLITS))


def _decode_attention_impl(q: Any, k_cache: Any, v_cache: Any, cache_seqlens: Any,
                     block_table: Any = None, scale: Optional[float] = None,
                     num_splits: Optional[int] = None,
                     return_lse: bool = False, out: Any = None) -> Any:
    """Attention of Nq new query tokens per sequence to a KV cache
    (flash-decoding): q (B, Hq, Nq, d); k_cache and v_cache contiguous (B,
    Hkv, N, d), or paged (num_blocks, block_size, Hkv, d) with block_table
    int32 (B, max_blocks_per_seq) (vLLM's and FlashAttention's kvcache
    layout; block_size a power of two); cache_seqlens int32 (B,), the
    cached tokens of each sequence including the Nq new ones (written
    before the call, append_kv), each in [Nq, capacity]. Query token i of
    sequence b sees keys 0 .. cache_seqlens[b] - Nq + i (causal among the
    new tokens). Hkv divides Hq (grouped-query attention: query head h
    reads KV head h // (Hq // Hkv), and each KV row is read once for the
    whole group); d 32, 64, 128 or 256; float32, bfloat16 or float16, one
    dtype for q and the caches, math in f32; scale 1/sqrt(d) unless given.
    num_splits: how many blocks share a sequence's keys (each writes a
    partial output and log-sum-exp, a second kernel merges them); None
    picks it from B, Hkv, the cache length and the SM count
    (num_splits_heuristic); at most MAX_NUM_SPLITS (65535). scale: any
    finite number (Python or numpy); out must not share memory with an
    input. Returns o (B, Hq, Nq, d) in q's dtype, or with
    return_lse (o, lse), lse float32 (B, Hq, Nq), the natural-log
    log-sum-exp of each query's scaled scores."""
    scale, num_splits = scalars(scale, num_splits)
    return_lse = c.check_bool("return_lse", return_lse)
    objs = (q, k_cache, v_cache, cache_seqlens)
    if block_table is not None:
        objs += (block_table,)
    if out is not None:
        objs += (out,)
    pb = c.start(_plans, objs, 0 if out is None else 1,
                 (block_table is None, out is None, scale, num_splits,
                  return_lse))
    if type(pb) is tuple:
        return pb if return_lse else pb[0]
    qa = c.arg(q, "q", min_dims=4)
    if len(qa.shape) != 4:
        raise ValueError(f"q: expected (B, Hq, Nq, d), got shape {qa.shape}")
    b, hq, nq, d = qa.shape
    ka = c.arg(k_cache, "k_cache", min_dims=4)
    va = c.arg(v_cache, "v_cache", min_dims=4)
    hkv, cap, paging = _cache(ka, va, block_table, b, d, qa)
    if (hkv == 0 and hq != 0) or (hkv != 0 and hq % hkv != 0):
        raise ValueError(f"k_cache: {hkv} heads do not divide q's {hq} "
                         "(grouped-query attention needs Hq % Hkv == 0)")
    if d not in HEAD_DIMS:
        raise ValueError(f"q: head dimension {d} is not supported; "
                         "expected one of " + ", ".join(map(str, HEAD_DIMS)))
    sa = c.arg(cache_seqlens, "cache_seqlens", dtypes=("i32",))
    if sa.shape != (b,):
        raise ValueError(f"cache_seqlens: shape {sa.shape}, expected ({b},)"
                         " (one length per sequence of q)")
    if sa.on_gpu != qa.on_gpu or sa.gpu_ordinal != qa.gpu_ordinal:
        raise ValueError(f"cache_seqlens: on {sa.where()}, but q is on "
                         f"{qa.where()}")
    if b > 65535:
        raise ValueError(f"q: batch {b} is more than a grid's 65535")
    if scale is None:
        scale = 1.0 / math.sqrt(d)
    if out is None:
        out = pb.new(c.output(None, qa, (b, hq, nq, d)))
    else:
        out = c.output(out, qa, (b, hq, nq, d))
        c.check_no_overlap([("out", out)], [
            ("q", q), ("k_cache", k_cache), ("v_cache", v_cache),
            ("cache_seqlens", cache_seqlens), ("block_table", block_table)])
    lse = pb.empty(qa, (b, hq, nq), "f32")
    result = (out, lse) if return_lse else out
    if b * hq * nq == 0:
        pb.store(_plans, out, lse)
        return result
    longest = _check_lengths(sa, nq, cap, paging,
                             f"Nq = {nq} new tokens, capacity {cap}")
    if longest is None:
        longest = cap
    else:
        pb.ok = False  # host values were read: every call checks them
    rows = (hq // hkv) * nq
    cfg = _config.get("decode")
    mma = (cfg.mma and qa.dtype in ("bf16", "f16") and d in MMA_HEAD_DIMS
           and _has_cp_async(qa))
    if mma:
        defines, nch = _mma_tiles(rows, d,
                                  None if paging is None else paging[2],
                                  cfg=cfg)
        source = _MMA
    else:
        defines, nch = _tiles(rows, qa.dtype, d, _has_cp_async(qa), cfg=cfg)
        defines["PAGED"] = 0 if paging is None else 1
        source = _SIMT
    defines["T"] = qa.dtype
    if num_splits is None:
        num_splits = num_splits_heuristic(
            b * hkv * nch, longest, c.sm_count(qa, cfg.default_sms),
            defines["MIN_BLOCKS"],
            kv_bytes=2 * b * hkv * longest * d * qa.itemsize,
            split_bytes=2 * b * hq * nq * d * 4, one_wave=mma, cfg=cfg)
    num_splits = int(num_splits)
    table, ncap, maxblk, nblk, pshift, btn = _paging_args(paging, sa, cap)
    pdl = cfg.pdl if cfg.pdl is not None else c.sm_of(qa) == 90
    arch = "sm_90" if pdl else None
    if pdl:
        defines = {**defines, "PDL": 1}
    c.check_grid("k_cache", f"Hkv = {hkv} heads times {nch} row chunks:",
                 hkv * nch)
    kern = c.kernel(source, qa, defines, arch=arch)
    fused = cfg.fused_merge and num_splits > 1
    if fused:
        kern = c.kernel(source, qa, {**defines, "FUSED": 1}, arch=arch)
    if num_splits == 1:
        partial_o = partial_lse = lse      # not used
    else:
        partial_o = pb.empty(qa, (num_splits, b * hq * nq, d), "f32")
        partial_lse = pb.empty(qa, (num_splits, b * hq * nq), "f32")
    # FUSED: a counter a group, zeroed every call (a kernel that stopped
    # half way must not leave the next call a count).
    count = (pb.empty(qa, (b * hkv * nch,), "f32", zero=True) if fused
             else partial_lse)
    pb.launch(kern, q, k_cache, v_cache, out, lse, partial_o, partial_lse,
              count, cache_seqlens, table, b, hq, hkv, nq, ncap, maxblk,
              nblk, pshift, ka.numel, btn, num_splits, nch, float(scale),
              grid=(num_splits, hkv * nch, b), block=32 * defines["WARPS"])
    if num_splits > 1 and not fused:
        merge = c.kernel("decode/decode_merge.forth", qa,
                         {"HEAD_DIM": d, "PDL": int(pdl), "T": qa.dtype},
                         arch=arch)
        units = b * hq * nq * d // 4
        pb.launch(merge, partial_o, partial_lse, out, lse, b * hq * nq,
                  num_splits, grid=-(-units // 128), block=128)
    pb.store(_plans, out, lse)
    return result


def append_kv(k_cache: Any, v_cache: Any, k_new: Any, v_new: Any,
              cache_seqlens: Any, block_table: Any = None) -> tuple:
    """Writes k_new and v_new (B, Hkv, Nnew, d) into the caches at
    positions cache_seqlens[b] - Nnew .. cache_seqlens[b] - 1 of each
    sequence b: cache_seqlens counts the cached tokens after the append,
    as decode_attention reads it (update it first, then append, then
    attend). The caches are contiguous (B, Hkv, N, d) or paged
    (num_blocks, block_size, Hkv, d) with block_table (B,
    max_blocks_per_seq) int32, as in decode_attention; one dtype for all
    four tensors (float32, bfloat16, float16), d * element size a multiple
    of 16 bytes. The rows are copied bit for bit, in place; returns
    (k_cache, v_cache). The caches must not share memory with each other
    or with k_new, v_new, cache_seqlens or block_table."""
    # The caches last, as the outputs (probe notes their overlaps).
    objs = (k_new, v_new, cache_seqlens)
    if block_table is not None:
        objs += (block_table,)
    pb = c.start(_plans, objs + (k_cache, v_cache), 2,
                 ("append", block_table is None))
    if type(pb) is tuple:
        return pb
    na = c.arg(k_new, "k_new", min_dims=4)
    vna = c.arg(v_new, "v_new", min_dims=4)
    if len(na.shape) != 4:
        raise ValueError(f"k_new: expected (B, Hkv, Nnew, d), got shape "
                         f"{na.shape}")
    c.same_place(na, vna)
    c.same_shape(na, vna)
    b, hkv, nnew, d = na.shape
    ka = c.arg(k_cache, "k_cache", min_dims=4)
    va = c.arg(v_cache, "v_cache", min_dims=4)
    hkv_cache, cap, paging = _cache(ka, va, block_table, b, d, na)
    if hkv_cache != hkv:
        raise ValueError(f"k_cache: {hkv_cache} KV heads, but k_new has "
                         f"{hkv}")
    if (d * na.itemsize) % 16:
        raise ValueError(f"k_new: a row of d = {d} elements is not a "
                         "multiple of 16 bytes")
    for x in (na, vna):
        if x.address % 16:
            raise ValueError(f"{x.name}: not 16-byte aligned")
    sa = c.arg(cache_seqlens, "cache_seqlens", dtypes=("i32",))
    if sa.shape != (b,):
        raise ValueError(f"cache_seqlens: shape {sa.shape}, expected ({b},)"
                         " (one length per sequence)")
    # The caches are written in place: never where a kernel reads.
    c.check_no_overlap([("k_cache", k_cache), ("v_cache", v_cache)], [
        ("k_new", k_new), ("v_new", v_new),
        ("cache_seqlens", cache_seqlens), ("block_table", block_table)])
    if sa.on_gpu != na.on_gpu or sa.gpu_ordinal != na.gpu_ordinal:
        raise ValueError(f"cache_seqlens: on {sa.where()}, but k_new is on "
                         f"{na.where()}")
    if b * hkv * nnew * d == 0:
        pb.store(_plans, k_cache, v_cache)
        return k_cache, v_cache
    if _check_lengths(sa, nnew, cap, paging,
                      f"Nnew = {nnew} new rows, capacity {cap}") is not None:
        pb.ok = False  # host values were read: every call checks them
    table, ncap, maxblk, nblk, pshift, btn = _paging_args(paging, sa, cap)
    kern = c.kernel("decode/append_kv.forth", na, {"T": na.dtype})
    units = b * hkv * nnew * d * na.itemsize // 16
    pb.launch(kern, k_cache, v_cache, k_new, v_new, cache_seqlens, table, b,
              hkv, nnew, d, 0 if paging is None else 1, ncap, maxblk, nblk,
              pshift, ka.numel, btn, grid=-(-units // 128), block=128)
    pb.store(_plans, k_cache, v_cache)
    return k_cache, v_cache


_config.register(DecodeConfig, __name__)
# Cached plans (ops/_common.py): decode_attention's and append_kv's.
_plans = c.plans("decode")
