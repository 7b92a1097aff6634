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

from typing import Any

from . import _common as c


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


# Candidates (elements that share the threshold's first 12 bits) kept in
# shared memory, by row length: a short row never overflows a smaller
# buffer, and a block with less shared memory leaves room for others. Past
# it the kernel reads the row once more instead. Tests set CAND_MAX to
# force that.
CAND_MAX = None
# Tuning (bench/ops_topk.py --sweep): a fixed block size and extra defines
# (U: loads in flight per thread).
BLOCK = None
DEFINES: dict = {}


# The split path of top_k_mask for small k (kernels/topk/topk-chunks.fs,
# top_k_merge.forth, topk-apply.fs): each row cut into NCH chunks, one
# block each, that find their chunk's k largest keys; one block a row that
# finds the k-th largest of those; then the mask, over the whole GPU. One
# block a row (topk-rows.fs) leaves most of an H100's 132 SMs idle at 64
# rows; this one fills them. SPLIT False: always one block a row;
# SPLIT_KMAX: the largest k that takes it (larger k: one block a row);
# SPLIT_MAX_ROWS: the most rows that take it. Once one block a row counts
# its histograms with 32-bit shared atomics (SATOMIC-ADD-I32) it wins from
# 64 rows on (H100, bench/ops_topk.py --variants, k 50: 64x50257 f32
# 0.032 ms against 0.037 split, 64x128256 0.072 against 0.074; HF 0.137
# and 0.246), and the split path wins for a few rows (1x128256 f32 0.023
# against 0.054 ms, bf16 0.023 against 0.060).
SPLIT = True
SPLIT_KMAX = 1024
SPLIT_MAX_ROWS = 32
SPLIT_BLOCKS = 264      # chunk blocks to aim for (2 per SM on an H100)
CHUNK_BLOCK = 256       # threads of a chunk block (32 to 256: launch-bounds)
CHUNK_E = 12            # elements a thread of a chunk block
CHUNK_MINB = 3          # chunk blocks an SM holds (caps registers: at
                        # E=12 80 without spills; E=16 needs MINB=2)
MERGE_E = 16            # keys a thread of a merge block (of up to 1024)
APPLY_U = 8             # loads in flight a thread of the mask


def _split(rows: int, cols: int, k: int) -> tuple | None:
    """(chunks a row, chunk length, merge block) of the split path for k
    (1 to cols), or None where it does not apply."""
    if not SPLIT or k > SPLIT_KMAX or rows > SPLIT_MAX_ROWS:
        return None
    fewest = -(-cols // (CHUNK_BLOCK * CHUNK_E))
    most = 1024 * MERGE_E // k  # the chunks' keys must fit one merge block
    if fewest > most:
        return None
    # Enough chunks to fill the GPU, but none much shorter than 2k (each
    # adds k keys to the merge) or than a block.
    want = min(-(-SPLIT_BLOCKS // rows), cols // max(2 * k, CHUNK_BLOCK))
    nch = min(max(fewest, want), most)
    ch = -(-cols // nch)
    nch = -(-cols // ch)        # every chunk holds an element
    block = next(b for b in (256, 512, 1024) if b * MERGE_E >= nch * k)
    return nch, ch, block


# The split path of top_p_mask for few rows (kernels/topk/topp-split.fs,
# then topk-apply.fs): each row cut into NCH chunks, one block each, in
# three launches: the chunks' maxima; the first pass of the radix select
# (12 bits of count and mass a bin) over the chunks, their histograms added
# in global memory, the last block of the row choosing the first digit;
# the elements of that digit gathered from the chunks into a list on which
# the row's last block runs the other two passes. Then the mask, over the
# whole GPU. One block a row (topk-rows.fs) leaves most SMs idle on few
# rows: an H100 took 0.162 ms for 1x128256 f32, against HF's 0.125.
# SPLIT False turns this path off too. TOPP_SPLIT_MAX_ROWS: the most rows
# that take it; TOPP_SPLIT_BLOCKS: chunk blocks to aim for, with no chunk
# shorter than TOPP_CHUNK_MIN; a row takes it only with at least
# TOPP_MIN_CHUNKS chunks (tests set 1 to force it on short rows). H100
# (bench/ops_topk.py --p-variants, p 0.9, ms, one block a row -> split, HF
# in brackets): 1x128256 f32 0.164 -> 0.037 (0.127), bf16 0.180 -> 0.064
# (0.809), 4x128256 f32 0.165 -> 0.037 (0.334), 32x128256 f32 0.169 ->
# 0.109 (0.747), 1x50257 f32 0.075 -> 0.034 (0.101); other chunk counts,
# block sizes and U within 10% of the defaults, none better throughout.
TOPP_SPLIT_MAX_ROWS = 32
TOPP_SPLIT_BLOCKS = 132     # one per SM on an H100
TOPP_CHUNK_MIN = 1024
TOPP_MIN_CHUNKS = 2
TOPP_BLOCK = None           # threads of a chunk block, a power of two from
                            # 32 to 1024 (None: _block of the chunk length)
TOPP_U = 4                  # loads in flight a thread of a chunk block
TOPP_WS_SLOTS = 8224        # the workspace's 8-byte slots a row, besides
                            # one a chunk (topp-split.fs W-CMAX)


def _p_split(rows: int, cols: int) -> tuple | None:
    """(chunks a row, chunk length, threads a block) of top_p_mask's split
    path, or None where it does not apply."""
    if not SPLIT or rows > TOPP_SPLIT_MAX_ROWS:
        return None
    nch = max(min(-(-TOPP_SPLIT_BLOCKS // rows),
                  cols // max(TOPP_CHUNK_MIN, 1)), 1)
    if nch < TOPP_MIN_CHUNKS:
        return None
    ch = -(-cols // nch)
    nch = -(-cols // ch)        # every chunk holds an element
    return nch, ch, TOPP_BLOCK or _block(ch)


def _cand_max(cols: int) -> int:
    if CAND_MAX is not None:
        return CAND_MAX
    return 1024 if cols <= 1024 else 4096 if cols <= 4096 else 16384


def _launch(b: c.PlanBuilder, file: str, a: c.Arg, x: Any, out: Any,
            kk: int, *extra: Any) -> Any:
    rows, cols = c.rows_cols(a)
    if rows and cols:
        # k (or min_tokens_to_keep) past the row keeps it whole, as the row
        # length does.
        kk = min(kk, cols)
        if file == "top_k_mask":
            split = _split(rows, cols, kk)
            if split is not None:
                _top_k_split(b, a, x, out, rows, cols, kk, *split)
        else:
            split = _p_split(rows, cols)
            if split is not None:
                _top_p_split(b, a, x, out, rows, cols, kk, *extra, *split)
        if split is None:
            k = c.kernel(f"topk/{file}.forth", a,
                         {"CAND_MAX": _cand_max(cols), **DEFINES,
                          "T": a.dtype})
            # A grid of one block per row.
            b.launch(k, x, out, rows, cols, kk, *extra, grid=rows,
                     block=BLOCK or _block(cols))
    b.store(_plans, out)
    return out


def _top_k_split(b: c.PlanBuilder, a: c.Arg, x: Any, out: Any, rows: int,
                 cols: int, kk: int, nch: int, ch: int, block: int) -> None:
    cand = b.empty(a, (rows * nch * kk,), "f32")   # keys' bits
    thr = b.empty(a, (rows,), "f32")
    k1 = c.kernel("topk/top_k_chunks.forth", a,
                  {"E": CHUNK_E, "MINB": CHUNK_MINB, "T": a.dtype})
    b.launch(k1, x, cand, rows, cols, nch, ch, kk, grid=(nch, rows),
             block=CHUNK_BLOCK)
    k2 = c.kernel("topk/top_k_merge.forth", a, {"E": MERGE_E})
    b.launch(k2, cand, thr, rows, nch, kk, grid=rows, block=block)
    _apply(b, a, x, out, thr, rows, cols)


def _top_p_split(b: c.PlanBuilder, a: c.Arg, x: Any, out: Any, rows: int,
                 cols: int, m: int, p: float, nch: int, ch: int,
                 block: int) -> None:
    # Rows 128 bytes apart in both (topp-split.fs): 8-byte slots, and the
    # candidates' keys' bits.
    ws = b.empty(a, (rows * (TOPP_WS_SLOTS + -(-nch // 16) * 16) * 2,),
                 "f32")
    cands = b.empty(a, (rows * -(-cols // 32) * 32,), "f32")
    thr = b.empty(a, (rows,), "f32")
    for phase in (1, 2, 3):
        k = c.kernel("topk/top_p_split.forth", a,
                     {"PHASE": phase, "U": TOPP_U, "T": a.dtype})
        b.launch(k, x, ws, cands, thr, rows, cols, nch, ch, m, p,
                 grid=(nch, rows), block=block)
    _apply(b, a, x, out, thr, rows, cols)


def _apply(b: c.PlanBuilder, a: c.Arg, x: Any, out: Any, thr: Any,
           rows: int, cols: int) -> None:
    """The split paths' last launch: the rows masked at the keys in thr."""
    k = c.kernel("topk/top_k_apply.forth", a, {"U": APPLY_U, "T": a.dtype})
    per = 256 * APPLY_U
    b.launch(k, x, out, thr, rows, cols,
             grid=(min(-(-cols // per), 1024), rows), block=256)


# Cached plans (ops/_common.py).
_plans = c.plans()


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
    (at most 32, ops._topk.TOPP_SPLIT_MAX_ROWS) of 2048 elements or more
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
