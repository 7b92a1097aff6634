"""top_k_mask and top_p_mask: the logits warpers of sampling (HuggingFace's
TopKLogitsWarper and TopPLogitsWarper) over the last dimension
(kernels/topk/).

Both find one threshold value per row without sorting (a radix select on
the bits of the values, kernels/topk/topk-rows.fs, one block a row) and set
every element below it to -inf. On few rows each row is split over many
blocks instead (the split paths below): for top_k_mask with small k,
topk-chunks.fs, top_k_merge.forth and topk-apply.fs; for top_p_mask,
topp-split.fs (the same radix select, its passes spread over the row's
blocks) and topk-apply.fs. Elements equal to the threshold are kept or
masked together: ties are decided by value, never by position."""

from __future__ import annotations

from typing import Any, Iterator, Optional

from . import _common as c
from . import _config


def _block(cols: int) -> int:
    """Threads per block of a row (one block per row) or of a chunk (the
    split top-p) of cols elements: enough to keep a long row's reads in
    flight; a power of two from 256 to 1024 (the kernel's scans share 4096
    and 1024 bins among them)."""
    if cols <= 2048:
        return 256
    if cols <= 8192:
        return 512
    return 1024


@_config.knobs("topk")
class TopkConfig(_config.Config):
    """top_k_mask's and top_p_mask's knobs (ops.configure(topk=...))."""

    # Candidates (elements that share the threshold's first 12 bits) kept
    # in shared memory, by row length: a short row never overflows a
    # smaller buffer, and a block with less shared memory leaves room for
    # others. Past it the kernel reads the row once more instead. Tests set
    # cand_max to force that.
    cand_max: Optional[int] = None
    # Tuning (bench/ops_topk.py --sweep): a fixed block size and extra
    # defines (U: loads in flight per thread).
    block: Optional[int] = None
    defines: dict[str, int] = _config.field({})

    # The split path of top_k_mask for small k (kernels/topk/
    # topk-chunks.fs, top_k_merge.forth, topk-apply.fs): each row cut into
    # NCH chunks, one block each, that find their chunk's k largest keys;
    # one block a row that finds the k-th largest of those; then the mask,
    # over the whole GPU. One block a row (topk-rows.fs) leaves most of an
    # H100's 132 SMs idle at 64 rows; this one fills them. split False:
    # always one block a row; split_kmax: the largest k that takes it
    # (larger k: one block a row); split_max_rows: the most rows that take
    # it. Once one block a row counts its histograms with 32-bit shared
    # atomics (SATOMIC-ADD-I32) it wins from 64 rows on (H100,
    # bench/ops_topk.py --variants, k 50: 64x50257 f32 0.032 ms against
    # 0.037 split, 64x128256 0.072 against 0.074; HF 0.137 and 0.246), and
    # the split path wins for a few rows (1x128256 f32 0.023 against 0.054
    # ms, bf16 0.023 against 0.060).
    split: bool = True
    split_kmax: int = 1024
    split_max_rows: int = 32
    split_blocks: int = 264    # chunk blocks to aim for (2 per SM on an H100)
    chunk_block: int = 256     # threads of a chunk block (32 to 256:
                               # launch-bounds)
    chunk_e: int = 12          # elements a thread of a chunk block
    chunk_minb: int = 3        # chunk blocks an SM holds (caps registers: at
                               # E=12 80 without spills; E=16 needs MINB=2)
    merge_e: int = 16          # keys a thread of a merge block (of up to
                               # 1024)
    apply_u: int = 8           # loads in flight a thread of the mask

    # The split path of top_p_mask for few rows (kernels/topk/
    # topp-split.fs, then topk-apply.fs): each row cut into NCH chunks, one
    # block each, in three launches: the chunks' maxima; the first pass of
    # the radix select (12 bits of count and mass a bin) over the chunks,
    # their histograms added in global memory, the last block of the row
    # choosing the first digit; the elements of that digit gathered from
    # the chunks into a list on which the row's last block runs the other
    # two passes. Then the mask, over the whole GPU. One block a row
    # (topk-rows.fs) leaves most SMs idle on few rows: an H100 took 0.162
    # ms for 1x128256 f32, against HF's 0.125. split False turns this path
    # off too. topp_split_max_rows: the most rows that take it;
    # topp_split_blocks: chunk blocks to aim for, with no chunk shorter
    # than topp_chunk_min; a row takes it only with at least
    # topp_min_chunks chunks (tests set 1 to force it on short rows). H100
    # (bench/ops_topk.py --p-variants, p 0.9, ms, one block a row -> split,
    # HF in brackets): 1x128256 f32 0.164 -> 0.037 (0.127), bf16 0.180 ->
    # 0.064 (0.809), 4x128256 f32 0.165 -> 0.037 (0.334), 32x128256 f32
    # 0.169 -> 0.109 (0.747), 1x50257 f32 0.075 -> 0.034 (0.101); other
    # chunk counts, block sizes and U within 10% of the defaults, none
    # better throughout.
    topp_split_max_rows: int = 32
    topp_split_blocks: int = 132     # one per SM on an H100
    topp_chunk_min: int = 1024
    topp_min_chunks: int = 2
    topp_block: Optional[int] = None  # threads of a chunk block, a power of
                                      # two from 32 to 1024 (None: _block of
                                      # the chunk length)
    topp_u: int = 4            # loads in flight a thread of a chunk block

    @classmethod
    def variants(cls) -> Iterator[tuple[str, dict]]:
        """The split top-p (_top_p_split): its three phases with the
        loads in flight the op gives them; the one-block-a-row kernels,
        the top-k split's kernels and the mask with their files' defaults;
        each for every element type (-D T)."""
        u = cls().topp_u
        for dt in ("f32", "bf16", "f16"):
            for ph in (1, 2, 3):
                yield "topk/top_p_split.forth", {"T": dt, "PHASE": ph, "U": u}
        for f in ("top_k_mask", "top_p_mask", "top_k_chunks", "top_k_apply"):
            for dt in ("f32", "bf16", "f16"):
                yield f"topk/{f}.forth", {"T": dt}


# The workspace's 8-byte slots a row of the split top-p, besides one a
# chunk (topp-split.fs W-CMAX).
TOPP_WS_SLOTS = 8224


def _split(cfg: TopkConfig, rows: int, cols: int, k: int) -> tuple | None:
    """(chunks a row, chunk length, merge block) of the split path for k
    (1 to cols), or None where it does not apply."""
    if not cfg.split or k > cfg.split_kmax or rows > cfg.split_max_rows:
        return None
    fewest = -(-cols // (cfg.chunk_block * cfg.chunk_e))
    # the chunks' keys must fit one merge block
    most = 1024 * cfg.merge_e // k
    if fewest > most:
        return None
    # Enough chunks to fill the GPU, but none much shorter than 2k (each
    # adds k keys to the merge) or than a block.
    want = min(-(-cfg.split_blocks // rows),
               cols // max(2 * k, cfg.chunk_block))
    nch = min(max(fewest, want), most)
    ch = -(-cols // nch)
    nch = -(-cols // ch)        # every chunk holds an element
    block = next(b for b in (256, 512, 1024) if b * cfg.merge_e >= nch * k)
    return nch, ch, block


def _p_split(cfg: TopkConfig, rows: int, cols: int) -> tuple | None:
    """(chunks a row, chunk length, threads a block) of top_p_mask's split
    path, or None where it does not apply."""
    if not cfg.split or rows > cfg.topp_split_max_rows:
        return None
    nch = max(min(-(-cfg.topp_split_blocks // rows),
                  cols // max(cfg.topp_chunk_min, 1)), 1)
    if nch < cfg.topp_min_chunks:
        return None
    ch = -(-cols // nch)
    nch = -(-cols // ch)        # every chunk holds an element
    return nch, ch, cfg.topp_block or _block(ch)


def _cand_max(cfg: TopkConfig, cols: int) -> int:
    if cfg.cand_max is not None:
        return cfg.cand_max
    return 1024 if cols <= 1024 else 4096 if cols <= 4096 else 16384


def _launch(b: c.PlanBuilder, file: str, a: c.Arg, x: Any, out: Any,
            kk: int, *extra: Any) -> Any:
    rows, cols = c.rows_cols(a)
    if rows and cols:
        cfg = _config.get("topk")
        # k (or min_tokens_to_keep) past the row keeps it whole, as the row
        # length does.
        kk = min(kk, cols)
        if file == "top_k_mask":
            split = _split(cfg, rows, cols, kk)
            if split is not None:
                _top_k_split(cfg, b, a, x, out, rows, cols, kk, *split)
        else:
            split = _p_split(cfg, rows, cols)
            if split is not None:
                _top_p_split(cfg, b, a, x, out, rows, cols, kk, *extra,
                             *split)
        if split is None:
            k = c.kernel(f"topk/{file}.forth", a,
                         {"CAND_MAX": _cand_max(cfg, cols), **cfg.defines,
                          "T": a.dtype})
            # A grid of one block per row.
            b.launch(k, x, out, rows, cols, kk, *extra, grid=rows,
                     block=cfg.block or _block(cols))
    b.store(_plans, out)
    return out


def _top_k_split(cfg: TopkConfig, b: c.PlanBuilder, a: c.Arg, x: Any,
                 out: Any, rows: int, cols: int, kk: int, nch: int, ch: int,
                 block: int) -> None:
    cand = b.empty(a, (rows * nch * kk,), "f32")   # keys' bits
    thr = b.empty(a, (rows,), "f32")
    k1 = c.kernel("topk/top_k_chunks.forth", a,
                  {"E": cfg.chunk_e, "MINB": cfg.chunk_minb, "T": a.dtype})
    b.launch(k1, x, cand, rows, cols, nch, ch, kk, grid=(nch, rows),
             block=cfg.chunk_block)
    k2 = c.kernel("topk/top_k_merge.forth", a, {"E": cfg.merge_e})
    b.launch(k2, cand, thr, rows, nch, kk, grid=rows, block=block)
    _apply(cfg, b, a, x, out, thr, rows, cols)


def _top_p_split(cfg: TopkConfig, b: c.PlanBuilder, a: c.Arg, x: Any,
                 out: Any, rows: int, cols: int, m: int, p: float, nch: int,
                 ch: int, block: int) -> None:
    # Rows 128 bytes apart in both (topp-split.fs): 8-byte slots, and the
    # candidates' keys' bits.
    ws = b.empty(a, (rows * (TOPP_WS_SLOTS + -(-nch // 16) * 16) * 2,),
                 "f32")
    cands = b.empty(a, (rows * -(-cols // 32) * 32,), "f32")
    thr = b.empty(a, (rows,), "f32")
    for phase in (1, 2, 3):
        k = c.kernel("topk/top_p_split.forth", a,
                     {"PHASE": phase, "U": cfg.topp_u, "T": a.dtype})
        b.launch(k, x, ws, cands, thr, rows, cols, nch, ch, m, p,
                 grid=(nch, rows), block=block)
    _apply(cfg, b, a, x, out, thr, rows, cols)


def _apply(cfg: TopkConfig, b: c.PlanBuilder, a: c.Arg, x: Any, out: Any,
           thr: Any, rows: int, cols: int) -> None:
    """The split paths' last launch: the rows masked at the keys in thr."""
    k = c.kernel("topk/top_k_apply.forth", a,
                 {"U": cfg.apply_u, "T": a.dtype})
    per = 256 * cfg.apply_u
    b.launch(k, x, out, thr, rows, cols,
             grid=(min(-(-cols // per), 1024), rows), block=256)


_config.register(TopkConfig, __name__)
# Cached plans (ops/_common.py).
_plans = c.plans("topk")


def _start(logits: Any, out: Any, extra: tuple) -> Any:
    objs = (logits,) if out is None else (logits, out)
    return c.start(_plans, objs, len(objs) - 1,
                   extra)


def _top_k_mask_impl(logits: Any, k: int, out: Any = None) -> Any:
    """Keeps the k largest logits of each row (over the last dimension) and
    sets the others to -inf, as HuggingFace's TopKLogitsWarper: an element
    is masked when it is smaller than the row's k-th largest value, so
    elements equal to that value are all kept (a row may keep more than
    k). k larger than the row keeps everything. NaN counts as larger than
    every number (as in torch.topk) and is never masked.

    float32, bfloat16 or float16, compared in f32, result in logits' dtype;
    out may be logits itself (in place)."""
    k = min(c.check_int("k", k, 1), c.KEEP_ALL)
    b = _start(logits, out, ("k", k))
    if type(b) is tuple:
        return b[0]
    a = c.arg(logits, "logits")
    out = c.output(out, a, a.shape) if out is not None else b.new(
        c.output(None, a, a.shape))
    c.check_no_overlap([("out", out)], [("logits", logits)],
                       in_place=[("out", "logits")])
    return _launch(b, "top_k_mask", a, logits, out, k)


def _top_p_mask_impl(logits: Any, p: float, min_tokens_to_keep: int = 1,
               out: Any = None) -> Any:
    """Nucleus masking, as HuggingFace's TopPLogitsWarper: sorted by value,
    the smallest logits whose softmax probabilities add up to at most 1 - p
    become -inf, and the min_tokens_to_keep largest are always kept.
    Precisely, an element is kept when the probability of the elements with
    a larger value is below p, or when fewer than min_tokens_to_keep
    elements have a larger value.

    Ties: elements of equal value are kept or masked together (HF, which
    sorts, may keep only some of a group tied at the threshold; this keeps
    the whole group). p = 0 keeps the min_tokens_to_keep largest (and
    their ties), p = 1 keeps every element. A row holding NaN or +inf has
    a NaN softmax and is left as it is, as in HF.

    float32, bfloat16 or float16 logits, softmax in f32 (relative to the
    row max), result in logits' dtype; out may be logits itself. Few rows
    (at most 32, TopkConfig.topp_split_max_rows) of 2048 elements or more
    are each split over many blocks, with the same rule; their f32 sums go
    in another order, so a decision within f32 rounding of p may differ
    from the one-block-a-row kernel's."""
    p, m = p_args(p, min_tokens_to_keep)
    b = _start(logits, out, ("p", p, m))
    if type(b) is tuple:
        return b[0]
    a = c.arg(logits, "logits")
    out = c.output(out, a, a.shape) if out is not None else b.new(
        c.output(None, a, a.shape))
    c.check_no_overlap([("out", out)], [("logits", logits)],
                       in_place=[("out", "logits")])
    return _launch(b, "top_p_mask", a, logits, out, m, p)


def p_args(p: Any, min_tokens_to_keep: Any) -> tuple[float, int]:
    """top_p_mask's p in [0, 1] and min_tokens_to_keep >= 1 (clamped to
    c.KEEP_ALL: past the row it keeps the whole row)."""
    return (c.check_float("p", p, 0.0, 1.0),
            min(c.check_int("min_tokens_to_keep", min_tokens_to_keep, 1),
                c.KEEP_ALL))
