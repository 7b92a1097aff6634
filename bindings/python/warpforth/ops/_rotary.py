"""apply_rotary (kernels/rotary/) and rotary_cos_sin: rotary position
embeddings the way HuggingFace transformers applies them."""

from __future__ import annotations

from typing import Any, Iterator, Optional

from . import _common as c
from . import _config

@_config.knobs("rotary")
class RotaryConfig(_config.Config):
    """apply_rotary's knobs (ops.configure(rotary=...))."""

    # Which kernel apply_rotary runs (both take every shape the op
    # accepts):
    #
    # heads True (the default): kernels/rotary/rotary-heads.fs. A thread
    # takes one position n of one batch entry and heads_per_thread heads of
    # q (or of k: a group never mixes them), reads its cos/sin once for all
    # of them, and issues the loads of all those heads before any
    # arithmetic (both halves of each: 2 * heads_per_thread vectors in
    # flight a thread), then stores; the features past r go through the
    # same loads and stores, copied. Grid (ceil(N / positions a block),
    # head groups of q then of k, B), so each block covers a run of
    # consecutive rows of every head of its group.
    # heads False: the earlier design, kernels/rotary/rotary-rows.fs (one
    # block a position (n, b), its threads loop over the heads one at a
    # time; 16-byte accesses for f32, 8-byte for bf16/f16 with conversions
    # on the bits), kept for comparison (bench/ops_rotary_scores.py
    # --variants) and by the tests.
    heads: bool = True
    # Heads a thread (heads): more bytes in flight and fewer cos/sin reads,
    # but more registers (ptxas, sm_90, 16-byte vectors: f32 44 registers
    # at 1, 56 at 2, 72 at 4, 122 at 8; bf16/f16 58, 72, 96, 143). Fewer
    # where q and k both have fewer heads. None: heads_per_thread_by_dtype.
    # H100 (bench/ops_rotary_scores.py --variants, B4 N4096 d128, ratio to
    # torch.compile of the HF code at H32 r128 / H32 r64 / Hq32 Hkv8 r128):
    # f32 1 head 1.008 / 0.996 / 1.023 (4 heads 0.974 / 0.972 / 0.982);
    # bf16 2 heads 0.988 / 1.093 / 1.003 (4: 0.978 / 1.081 / 0.994); f16 2
    # heads 0.982 / 1.036 / 1.002; 95-98% of the copy rate, where compile
    # is at 94-98%.
    heads_per_thread: Optional[int] = None
    heads_per_thread_by_dtype: dict[str, int] = _config.field(
        {"f32": 1, "bf16": 2, "f16": 2})
    # Widest access of the heads kernel in bytes (16, 8 or 4): vectors of
    # vec_bytes / itemsize elements where r/2, d - r and every buffer's
    # address allow, narrower ones (down to one element) where they do not.
    vec_bytes: int = 16
    # Threads per block of the heads kernel: x along a row's units (a unit
    # is two vectors: a rotated pair, or two copied vectors past r), y
    # along positions. 128 rather than 256: at 72-96 registers a thread an
    # SM then holds 7 or 5 blocks (896 or 640 threads) instead of 3 or 2
    # (768 or 512), and a block that finishes leaves less of the SM
    # without loads in flight. Measured (H100, 4 heads a thread): 64, 128
    # and 256 threads within 1%.
    heads_block: int = 128
    # Threads per block of the rows kernel (heads False): units of
    # features along x, heads along y (kernels/rotary/rotary-rows.fs).
    block: int = 256

    @classmethod
    def variants(cls) -> Iterator[tuple[str, dict]]:
        """The rows kernel (heads False) for each dtype, scalar and 4-wide;
        the heads kernel at every vector width the op can pick (16 bytes
        down to one element), with the heads a thread of
        heads_per_thread_by_dtype (fewer where q and k have fewer heads: 1
        to 4) and 8 (bench/ops_rotary_scores.py --variants)."""
        for dt in ("f32", "bf16", "f16"):
            for v in ({}, {"V": 4}):
                yield "rotary/apply_rotary.forth", {"T": dt, **v}
        for dt, vs in (("f32", (1, 2, 4)), ("bf16", (1, 2, 4, 8)),
                       ("f16", (1, 2, 4, 8))):
            for v in vs:
                for h in (1, 2, 3, 4, 8):
                    yield ("rotary/apply_rotary_heads.forth",
                           {"T": dt, "V": v, "HPT": h})


def _out_pair(out: Any, qa: c.Arg, ka: c.Arg) -> tuple[Any, Any]:
    if out is None:
        return c.empty(qa, qa.shape), c.empty(ka, ka.shape)
    if not isinstance(out, (tuple, list)) or len(out) != 2:
        raise TypeError("out: expected a pair (q_out, k_out)")
    for o, like, name in ((out[0], qa, "out[0]"), (out[1], ka, "out[1]")):
        a = c.arg(o, name, dtypes=(like.dtype,))
        if a.shape != like.shape:
            raise ValueError(f"{name}: shape {a.shape}, expected {like.shape} "
                             f"(the shape of {like.name})")
        if a.on_gpu != like.on_gpu or a.gpu_ordinal != like.gpu_ordinal:
            raise ValueError(f"{name}: on {a.where()}, but {like.name} is on "
                             f"{like.where()}")
        if a.is_torch and o.requires_grad:
            raise ValueError(f"{name}: must not require grad")
    return out[0], out[1]


def _apply_rotary_impl(q: Any, k: Any, cos: Any, sin: Any,
                 out: Optional[tuple] = None) -> tuple[Any, Any]:
    """Rotary position embedding of q and k, as HuggingFace's
    apply_rotary_pos_emb with the rotate_half convention:

        q_out = q * cos + rotate_half(q) * sin     (k likewise)
        rotate_half(x) = cat(-x[..., r/2:r], x[..., :r/2])

    q is (B, Hq, N, d), k is (B, Hkv, N, d) with Hkv dividing Hq; cos and
    sin are (N, r) or (B, N, r) with r even and r <= d: only the first r
    features of each head rotate, the rest pass through unchanged (partial
    rotary, as GPT-NeoX and Phi use). All of one dtype (float32, bfloat16
    or float16; math in f32, one rounding to the dtype at the end), on one
    device. One launch does both q and k. Returns (q_out, k_out), new
    tensors unless out=(q_out, k_out) is given; out=(q, k) works in place
    (each thread reads the features it writes); any other sharing of
    memory between an output and an input (out=(k, q)) or the other
    output is refused. B at most 65535 (a grid's limit)."""
    objs: tuple = (q, k, cos, sin)
    if out is None:
        pb = c.start(_plans, objs, 0, ())
    elif type(out) in (tuple, list) and len(out) == 2:
        pb = c.start(_plans, objs + tuple(out), 2, ())
    else:
        pb = c.PlanBuilder(None, objs)
    if type(pb) is tuple:
        return pb
    qa = c.arg(q, "q", min_dims=4)
    ka = c.arg(k, "k", min_dims=4)
    ca = c.arg(cos, "cos", min_dims=2)
    sa = c.arg(sin, "sin", min_dims=2)
    c.same_place(qa, ka, ca, sa)
    if len(qa.shape) != 4:
        raise ValueError(f"q: expected (B, Hq, N, d), got shape {qa.shape}")
    b, hq, n, d = qa.shape
    if len(ka.shape) != 4 or (ka.shape[0], ka.shape[2], ka.shape[3]) != (
            b, n, d):
        raise ValueError(f"k: shape {ka.shape}, expected (B, Hkv, N, d) = "
                         f"({b}, Hkv, {n}, {d}) to match q {qa.shape}")
    hkv = ka.shape[1]
    if hkv == 0 or hq % hkv:
        raise ValueError(f"k: its {hkv} heads do not divide q's {hq} heads")
    if len(ca.shape) not in (2, 3) or ca.shape[-2] != n or (
            len(ca.shape) == 3 and ca.shape[0] != b):
        raise ValueError(f"cos: shape {ca.shape}, expected (N, r) = ({n}, r) "
                         f"or (B, N, r) = ({b}, {n}, r)")
    r = ca.shape[-1]
    if r % 2 or r == 0:
        raise ValueError(f"cos: its last dimension r = {r} must be even and "
                         "positive (r/2 pairs of features rotate)")
    if r > d:
        raise ValueError(f"cos: its last dimension r = {r} is larger than "
                         f"the head dimension d = {d} of q and k")
    c.same_shape(ca, sa)
    q_out, k_out = _out_pair(out, qa, ka)
    if out is None:
        pb.new(q_out)
        pb.new(k_out)
    else:
        # In place each thread reads the features it writes: out=(q, k)
        # works, but an output on the other input (or on the other
        # output, or on cos/sin) would be read after another thread wrote
        # it.
        c.check_no_overlap(
            [("out[0]", q_out), ("out[1]", k_out)],
            [("q", q), ("k", k), ("cos", cos), ("sin", sin)],
            in_place=[("out[0]", "q"), ("out[1]", "k")])
    if b * n * d == 0:
        pb.store(_plans, q_out, k_out)
        return q_out, k_out
    # Both kernels' grids take the batch as a dimension past x (at most
    # 65535); the heads kernel its groups of heads as y.
    c.check_grid("q", "batch B =", b)
    outs = (c.arg(q_out, "out[0]"), c.arg(k_out, "out[1]"))
    bufs = (qa, ka, ca, sa) + outs
    csb = n * r if len(ca.shape) == 3 else 0
    cfg = _config.get("rotary")
    if cfg.heads:
        _launch_heads(cfg, pb, qa, bufs, (q, k, cos, sin, q_out, k_out),
                      (b, hq, hkv, n, d, r, csb))
    else:
        _launch_rows(cfg, pb, qa, bufs, (q, k, cos, sin, q_out, k_out),
                     (b, hq, hkv, n, d, r, csb))
    pb.store(_plans, q_out, k_out)
    return q_out, k_out


def _heads_vector(cfg: RotaryConfig, esz: int, half: int, rest: int,
                  bufs: tuple) -> int:
    """Elements a vector of the heads kernel: the most, within vec_bytes,
    that divide r/2 and d - r and whose width every buffer is aligned
    to."""
    v = max(1, min(cfg.vec_bytes, 16) // esz)
    while v > 1 and (half % v or rest % v or any(
            t.address % (v * esz) for t in bufs)):
        v //= 2
    return v


def _launch_heads(cfg: RotaryConfig, pb: Any, qa: c.Arg, bufs: tuple,
                  arrays: tuple, sizes: tuple) -> None:
    """The heads kernel (kernels/rotary/rotary-heads.fs)."""
    b, hq, hkv, n, d, r, csb = sizes
    esz = {"f32": 4, "bf16": 2, "f16": 2}[qa.dtype]
    v = _heads_vector(cfg, esz, r // 2, d - r, bufs)
    hpt = max(1, min(cfg.heads_per_thread or
                     cfg.heads_per_thread_by_dtype[qa.dtype], max(hq, hkv)))
    units = (r // 2) // v + ((d - r) // v + 1) // 2
    bx = min(units, cfg.heads_block)
    by = max(1, min(cfg.heads_block // bx, n))
    groups = -(-hq // hpt) + -(-hkv // hpt)
    c.check_grid("q", f"Hq + Hkv = {hq + hkv} heads in groups of {hpt}:",
                 groups)
    kern = c.kernel("rotary/apply_rotary_heads.forth", qa,
                    {"V": v, "HPT": hpt, "T": qa.dtype})
    pb.launch(kern, *arrays, b, hq, hkv, n, d, r, csb,
              grid=(-(-n // by), groups, b), block=(bx, by))


def _launch_rows(cfg: RotaryConfig, pb: Any, qa: c.Arg, bufs: tuple,
                 arrays: tuple, sizes: tuple) -> None:
    """The rows kernel (kernels/rotary/rotary-rows.fs), heads False."""
    b, hq, hkv, n, d, r, csb = sizes
    # Four elements per access (f32: 16 bytes, bf16 and f16: 8) where every
    # row, half and buffer is aligned to that.
    v = 1
    width = {"f32": 16, "bf16": 8, "f16": 8}.get(qa.dtype)
    if width and (r // 2) % 4 == 0 and (d - r) % 4 == 0 and all(
            t.address % width == 0 for t in bufs):
        v = 4
    units = (r // 2) // v + (d - r) // v
    bx = min(units, cfg.block)
    by = max(1, min(hq + hkv, cfg.block // bx))
    kern = c.kernel("rotary/apply_rotary.forth", qa,
                    {"V": v, "T": qa.dtype} if v != 1 else {"T": qa.dtype})
    pb.launch(kern, *arrays, b, hq, hkv, n, d, r, csb,
              grid=(n, b), block=(bx, by))


_config.register(RotaryConfig, __name__)
# Cached plans (ops/_common.py), by the tensors and the config.
_plans = c.plans("rotary")


def _dtype_code(dtype: Any) -> str:
    name = str(dtype)
    for code, names in (("f32", ("float32", "torch.float32", "f32")),
                        ("bf16", ("bfloat16", "torch.bfloat16", "bf16")),
                        ("f16", ("float16", "torch.float16", "f16"))):
        if name in names or getattr(dtype, "__name__", None) in names:
            return code
    raise TypeError(f"dtype: {name} is not supported; expected float32, "
                    "bfloat16 or float16")


# The positions rotary_cos_sin takes: |position| <= 2^27. Its kernel's
# argument reduction keeps every f32 angle up to 2^27 within half an ulp
# (measured against f64 references for all of them; an angle never
# exceeds its position, as inv_freq <= 1); past it the error grows (5e5
# ulp near a zero of cos between 2^27 and 2^28, wrong signs from 2^55).
POSITION_LIMIT = 1 << 27
MAX_DIM = 1 << 20


def _check_positions(pa: c.Arg) -> None:
    """position_ids within +-POSITION_LIMIT, on the host (numpy arrays and
    CPU tensors); CUDA tensors are not read (a synchronisation): the
    kernel gives NaN for a position outside."""
    if pa.on_gpu or pa.numel == 0:
        return
    import numpy as np
    v = pa.value.numpy() if pa.is_torch else np.asarray(pa.value)
    lo, hi = int(v.min()), int(v.max())
    if lo < -POSITION_LIMIT or hi > POSITION_LIMIT:
        bad = lo if lo < -POSITION_LIMIT else hi
        raise ValueError(
            f"position_ids: {bad} is outside [-2^27, 2^27] = "
            f"[{-POSITION_LIMIT}, {POSITION_LIMIT}], the positions whose "
            "cos/sin are within half an f32 ulp")


def rotary_cos_sin(position_ids: Any, dim: int, base: float = 10000.0,
                   dtype: Any = "float32") -> tuple[Any, Any]:
    """The cos/sin cache of HuggingFace's rotary embedding (the default
    rope type), for apply_rotary:

        inv_freq = 1 / base ** (arange(0, dim, 2) / dim)       (f32)
        freqs = position_ids[..., None] * inv_freq              (f32)
        emb = cat(freqs, freqs); cos, sin = emb.cos(), emb.sin()

    then cast to dtype (float32, bfloat16 or float16; a torch dtype, numpy
    dtype or its name). position_ids is (N,) or (B, N) int64 (torch or
    numpy); the result is (N, dim) or (B, N, dim), on position_ids' device.

    inv_freq is computed on the host with torch (on position_ids' device)
    or numpy, as HF does; the rest in a kernel (kernels/rotary/
    rotary_cos_sin.forth). WarpForth has no sine or cosine word, so the
    kernel computes them in f64 with its own argument reduction and rounds
    to f32: within half an ulp of the true value for every position in
    [-2^27, 2^27] (measured for every f32 angle there), where torch's f32
    cos and sin may be 1 or 2 ulp off, so the cache can differ from HF's
    in the last bit of f32. Positions outside that range are refused
    (ValueError) for numpy arrays and CPU tensors; on CUDA tensors, whose
    values are not read on the host, their rows are NaN. dim: an even
    integer in [2, 2^20]; base: a finite number > 0 (Python or numpy; not
    a bool)."""
    code = _dtype_code(dtype)
    dim = c.check_int("dim", dim, 2, MAX_DIM)
    if dim % 2:
        raise ValueError(f"dim: expected a positive even integer, got {dim}")
    base = c.check_float("base", base, 0.0, None, lo_open=True)
    torch = c._torch()
    if torch is not None and isinstance(position_ids, torch.Tensor):
        if position_ids.dtype not in (torch.int64, torch.int32):
            raise TypeError(f"position_ids: dtype {position_ids.dtype} is "
                            "not supported; expected int64")
        if position_ids.dim() not in (1, 2):
            raise ValueError("position_ids: expected (N,) or (B, N), got "
                             f"shape {tuple(position_ids.shape)}")
        pos = position_ids.long().contiguous()
        inv_freq = 1.0 / (base ** (torch.arange(
            0, dim, 2, dtype=torch.int64, device=pos.device).float() / dim))
    else:
        import numpy as np
        if not hasattr(position_ids, "__array_interface__") or not hasattr(
                position_ids, "dtype"):
            raise TypeError("position_ids: expected a torch tensor or a numpy "
                            f"array, got {type(position_ids).__name__}")
        if position_ids.dtype not in (np.int64, np.int32):
            raise TypeError(f"position_ids: dtype {position_ids.dtype} is not "
                            "supported; expected int64")
        if position_ids.ndim not in (1, 2):
            raise ValueError("position_ids: expected (N,) or (B, N), got "
                             f"shape {position_ids.shape}")
        pos = np.ascontiguousarray(position_ids, dtype=np.int64)
        f32 = np.float32
        inv_freq = f32(1.0) / (f32(base) ** (
            np.arange(0, dim, 2, dtype=np.int64).astype(f32) / f32(dim)))
    pa = c.arg(pos, "position_ids", dtypes=("int64", "torch.int64"))
    _check_positions(pa)
    shape = pa.shape + (dim,)
    cos, sin = c.empty(pa, shape, "f32"), c.empty(pa, shape, "f32")
    rows, half = pa.numel, dim // 2
    if rows:
        kern = c.kernel("rotary/rotary_cos_sin.forth", pa)
        kern(pos, inv_freq, cos, sin, rows, half,
             grid=-(-rows * half // 256), block=256)
    if code == "f32":
        return cos, sin
    if pa.is_torch:
        tdt = {"bf16": torch.bfloat16, "f16": torch.float16}[code]
        return cos.to(tdt), sin.to(tdt)
    import numpy as np
    if code == "bf16":
        import ml_dtypes
        return cos.astype(ml_dtypes.bfloat16), sin.astype(ml_dtypes.bfloat16)
    return cos.astype(np.float16), sin.astype(np.float16)
