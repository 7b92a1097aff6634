"""rms_norm and layer_norm over the last dimension, with a fused residual
add, and their backwards (kernels/norm/)."""

from __future__ import annotations

from typing import Any, Iterator, Optional

from . import _common as c
from . import _config


@_config.knobs("norm")
class NormConfig(_config.Config):
    """rms_norm's and layer_norm's knobs, forward and backward
    (ops.configure(norm=...))."""

    # How a row is split among threads, by its length: up to `short`
    # columns a group of at most 32 lanes per row (several rows per
    # 128-thread block), longer rows a block per row. A thread reads
    # 16-byte vectors (4 f32, 8 bf16/f16) where the row length and every
    # buffer allow, else one element at a time. It holds its part of the
    # row in registers where that fits (f32 values a thread, by threads
    # per block: `max_values` for the forward, which holds h;
    # `backward_values` for each of the backward's arrays, h, dy and the
    # dw (db) partial sums), reading the row once; otherwise the looped
    # path reads it twice (the second time from L2), `stream_threads` a
    # row.
    short: int = 1024
    max_values: dict[int, int] = _config.field(
        {128: 64, 256: 64, 512: 32, 1024: 16})
    backward_values: dict[int, int] = _config.field(
        {128: 32, 256: 16, 512: 16, 1024: 8})
    # A row longer than `short`: at least `forward_share` columns a thread
    # in the forward (16 in the backward, which holds three arrays), so
    # that a block's reduction spans fewer warps where the registers allow.
    # H200 (bench/ops_norms.py --shares, bf16 8192x8192, copy 4.27 TB/s):
    # rms_norm 3.13 TB/s at 16 (512 threads), 3.87 at 32 (256 threads, 4
    # vectors); layer_norm 2.81 and 3.90; 16384x4096 the same at both.
    forward_share: int = 32
    registers: bool = True    # tests turn it off to cover the looped path
    vectors: bool = True      # tests turn it off: one element an access
    stream_threads: int = 512
    # The backward runs `blocks_per_sm` blocks an SM (`cpu_sms` "SMs" on
    # the CPU backend, few so that a group runs several rows there), each
    # group looping over rows and summing its dw (db) per column; a second
    # kernel adds the groups' sums in a fixed order (deterministic).
    blocks_per_sm: int = 2
    cpu_sms: int = 2
    dw_threads: int = 256

    @classmethod
    def variants(cls) -> Iterator[tuple[str, dict]]:
        """The forward and backward kernels for each dtype at the shapes
        the default plan picks for rows of 1000 to 50000 columns (a group
        of lanes, a block a row, the looped path; 16-byte vectors and
        single elements), with and without the residual, the bias and
        LayerNorm; the dw reduction."""
        cfg = cls()
        for dt in ("f32", "bf16", "f16"):
            ev = 16 // (4 if dt == "f32" else 2)
            shapes = [(cols, vn) for cols in (1000, 1024, 4096, 8192, 16384,
                                              50000) for vn in (1, ev)]
            # (and the forward at 16 columns a thread: bench/ops_norms.py
            # --shares)
            fwd = sorted({(*_plan(cfg, n, vn, cfg.max_values, share), vn)
                          for n, vn in shapes
                          for share in (cfg.forward_share, 16)})
            bwd = sorted({(*_plan(cfg, n, vn, cfg.backward_values), vn)
                          for n, vn in shapes})
            for group, threads, vpt, vn in fwd:
                for layer, res, bias, cast in ((0, 0, 0, 1), (0, 1, 0, 1),
                                               (1, 0, 1, 0), (1, 1, 1, 0)):
                    yield "norm/norm.forth", {
                        "T": dt, "GROUP": group, "THREADS": threads,
                        "VPT": vpt, "VN": vn, "LAYER": layer, "RES": res,
                        "BIAS": bias, "CAST": cast}
            for group, threads, vpt, vn in bwd:
                for layer, dh, bias in ((0, 0, 0), (0, 1, 0), (1, 1, 1)):
                    yield "norm/norm_backward.forth", {
                        "T": dt, "GROUP": group, "THREADS": threads,
                        "VPT": vpt, "VN": vn, "LAYER": layer, "DHIN": dh,
                        "BIAS": bias}
            yield "norm/norm_dw.forth", {"T": dt}


def _plan(cfg: NormConfig, cols: int, vn: int, table: Any,
          share: int = 16) -> tuple[int, int, int]:
    """(threads a row, threads a block, vectors a thread in registers or 0
    for the looped path) for rows of `cols` read `vn` elements at a time;
    `table`: the f32 values a thread may hold in registers, by block
    size (half as many with single-element accesses, whose addresses take
    registers too: ptxas spills at the full count, check_kernels)."""
    vectors = -(-cols // vn)
    if cols <= cfg.short:
        lanes = c.row_lanes(vectors)
        vpt = c.pow2(-(-vectors // lanes))
        return lanes, 128, vpt if _fits(cfg, table, 128, vpt, vn) else 0
    threads = min(1024, max(256, c.pow2(-(-cols // share))))
    vpt = c.pow2(-(-vectors // threads))
    if _fits(cfg, table, threads, vpt, vn):
        return threads, threads, vpt
    return cfg.stream_threads, cfg.stream_threads, 0


def _fits(cfg: NormConfig, table: Any, threads: int, vpt: int,
          vn: int) -> bool:
    return cfg.registers and vpt * vn <= table[threads] // (
        2 if vn == 1 else 1)


def _vector(cfg: NormConfig, a: c.Arg, cols: int, *bufs: c.Arg) -> int:
    """Elements an access: a 16-byte vector's where the row length and
    every buffer allow, else 1."""
    ev = 16 // a.itemsize
    if cfg.vectors and cols % ev == 0 and all(
            b.address % 16 == 0 for b in bufs):
        return ev
    return 1


_config.register(NormConfig, __name__)
# Cached plans (ops/_common.py), by the tensors, the flags and the config.
_plans = c.plans("norm")

CASTINGS = {"llama": 1, "none": 0}


def check_casting(casting: Any) -> int:
    """rms_norm's casting ("llama" or "none") as the kernel's CAST."""
    if not isinstance(casting, str) or casting not in CASTINGS:
        raise ValueError(f"casting: expected 'llama' or 'none', got "
                         f"{casting!r}")
    return CASTINGS[casting]


def _weight(w: Any, name: str, a: c.Arg, cols: int) -> c.Arg:
    """A (cols,) weight or bias of x's dtype on x's device."""
    wa = c.arg(w, name)
    c.same_place(a, wa)
    if wa.shape != (cols,):
        raise ValueError(f"{name}: shape {wa.shape}, expected ({cols},) "
                         f"(the last dimension of {a.name})")
    return wa


def _residual(r: Any, a: c.Arg) -> c.Arg:
    ra = c.arg(r, "residual")
    c.same_place(a, ra)
    c.same_shape(a, ra)
    return ra


def norm_forward(x: Any, weight: Any, bias: Any, eps: Any, residual: Any,
                 out: Any, layer: bool, cast: int, op: bool = False) -> tuple:
    """The forward of both norms: (y, h, mean, rstd) with h None without a
    residual (with `op`, for the torch ops, which return tensors, an empty
    one) and mean None for RMSNorm."""
    name = "layer_norm" if layer else "rms_norm"
    eps = c.check_float("eps", eps, 0.0)
    objs = tuple(o for o in (x, weight, bias, residual) if o is not None)
    key = (name, eps, cast, op, bias is not None, residual is not None)
    if out is None:
        pb = c.start(_plans, objs, 0, key)
    else:
        pb = c.start(_plans, objs + (out,), 1, key)
    if type(pb) is tuple:
        return _results(pb, residual is not None, layer, op)
    a = c.arg(x, "x")
    cols = a.shape[-1]
    rows = a.numel // cols if cols else 0
    wa = _weight(weight, "weight", a, cols)
    ba = None if bias is None else _weight(bias, "bias", a, cols)
    ra = None if residual is None else _residual(residual, a)
    if out is None:
        y = pb.new(c.empty(a, a.shape))
    else:
        y = c.output(out, a, a.shape)
        c.check_no_overlap([("out", y)], [("x", x), ("weight", weight),
                                          ("bias", bias),
                                          ("residual", residual)],
                           in_place=[("out", "x")])
    h = pb.new(c.empty(a, a.shape if ra else (0,))) if (ra or op) else None
    mean = pb.new(c.empty(a, a.shape[:-1], "f32")) if layer else None
    rstd = pb.new(c.empty(a, a.shape[:-1], "f32"))
    if rows and cols:
        cfg = _config.get("norm")
        bufs = [a, wa, c.arg(y, "out")] + [b for b in (ba, ra) if b]
        if ra:
            bufs.append(c.arg(h, "h"))
        vn = _vector(cfg, a, cols, *bufs)
        group, threads, vpt = _plan(cfg, cols, vn, cfg.max_values,
                                    cfg.forward_share)
        k = c.kernel("norm/norm.forth", a, {
            "T": a.dtype, "LAYER": int(layer), "RES": int(ra is not None),
            "BIAS": int(ba is not None), "CAST": cast, "GROUP": group,
            "VN": vn, "VPT": vpt, "THREADS": threads})
        # Buffers a variant does not read: x (never written).
        pb.launch(k, x, x if residual is None else residual, weight,
                  x if bias is None else bias, y, h if ra else x,
                  mean if layer else rstd, rstd, rows, cols, eps,
                  grid=-(-rows // (threads // group)), block=threads)
    results = [y] + ([h] if h is not None else []) + (
        [mean] if mean is not None else []) + [rstd]
    pb.store(_plans, *results)
    return _results(tuple(results), residual is not None, layer, op)


def _results(made: tuple, res: bool, layer: bool, op: bool) -> tuple:
    """(y, h, mean, rstd) from what norm_forward made (or replayed)."""
    y, *rest = made
    h = rest.pop(0) if (res or op) else None
    mean = rest.pop(0) if layer else None
    return y, h, mean, rest[0]


def norm_backward(dy: Any, h: Any, weight: Any, mean: Any, rstd: Any,
                  dh: Any, layer: bool, bias: bool, op: bool = False) -> tuple:
    """(dx, dweight, dbias) of both norms (dbias None where not `bias`;
    with `op` an empty tensor for LayerNorm, whose torch op returns it)."""
    objs = tuple(o for o in (dy, h, weight, mean, rstd, dh) if o is not None)
    key = ("layer_norm" if layer else "rms_norm", bias, op,
           dh is not None, mean is not None)
    pb = c.start(_plans, objs, 0, key)
    if type(pb) is tuple:
        return pb if len(pb) == 3 else (*pb, None)
    da = c.arg(dy, "dy")
    ha = c.arg(h, "x")
    c.same_place(da, ha)
    c.same_shape(da, ha)
    cols = da.shape[-1]
    rows = da.numel // cols if cols else 0
    wa = _weight(weight, "weight", da, cols)
    stats = [("rstd", rstd)] + ([("mean", mean)] if layer else [])
    for name, s in stats:
        sa = c.arg(s, name, dtypes=("f32",))
        c.same_device(sa, da)
        if sa.shape != da.shape[:-1]:
            raise ValueError(f"{name}: shape {sa.shape}, expected "
                             f"{da.shape[:-1]} (dy's rows)")
    dha = None
    if dh is not None:
        dha = c.arg(dh, "dh")
        c.same_place(da, dha)
        c.same_shape(da, dha)
    dx = pb.new(c.empty(da, da.shape))
    dw = pb.new(c.empty(wa, (cols,)))
    db = pb.new(c.empty(wa, (cols,) if bias else (0,))) if (
        bias or (op and layer)) else None
    if cols:
        cfg = _config.get("norm")
        bufs = [da, ha, wa, c.arg(dx, "dx")] + ([dha] if dha else [])
        vn = _vector(cfg, da, cols, *bufs)
        group, threads, vpt = _plan(cfg, cols, vn, cfg.backward_values)
        per_block = threads // group
        blocks = max(1, min(-(-rows // per_block), cfg.blocks_per_sm *
                            c.sm_count(da, cfg.cpu_sms)))
        groups = blocks * per_block
        pw = pb.empty(da, (groups * cols,), "f32", zero=not vpt)
        pbias = pb.empty(da, (groups * cols,), "f32",
                         zero=not vpt) if bias else pw
        k = c.kernel("norm/norm_backward.forth", da, {
            "T": da.dtype, "LAYER": int(layer), "DHIN": int(dh is not None),
            "BIAS": int(bias), "GROUP": group, "VN": vn, "VPT": vpt,
            "THREADS": threads})
        pb.launch(k, dy, h, weight, mean if layer else rstd, rstd,
                  dy if dh is None else dh, dx, pw, pbias, rows, cols,
                  grid=blocks, block=threads)
        red = c.kernel("norm/norm_dw.forth", wa, {"T": wa.dtype})
        t = cfg.dw_threads
        for part, d in ((pw, dw),) + (((pbias, db),) if bias else ()):
            pb.launch(red, part, d, groups, cols, grid=-(-cols // t),
                      block=t)
    results = (dx, dw) + ((db,) if db is not None else ())
    pb.store(_plans, *results)
    return results if len(results) == 3 else (*results, None)


def _rms_norm_impl(x: Any, weight: Any, eps: float = 1e-6,
                   residual: Any = None, out: Any = None,
                   casting: str = "llama",
                   return_stats: bool = False) -> Any:
    """RMSNorm over the last dimension of x (..., n), any n: y = x / sqrt(
    mean(x^2) + eps) * weight, weight (n,) of x's dtype (float32, bfloat16
    or float16; statistics and math in f32). casting "llama" (the
    default) follows HuggingFace's LlamaRMSNorm: x * rstd in f32 rounded
    to the dtype, then times the weight (one more rounding: the same bits
    as `weight * (x.float() * rstd).to(dtype)`); "none" rounds once, at
    the end. With residual (x's shape and dtype), h = x + residual (f32
    sum rounded to the dtype) is normalized instead and returned too, the
    new residual stream (vLLM's fused_add_rms_norm): (y, h). With
    return_stats the per-row rstd = 1 / sqrt(mean(h^2) + eps) (float32,
    x.shape[:-1]) comes last: (y, rstd) or (y, h, rstd), for
    rms_norm_backward. One read of x (and residual) and one write of y
    (and h) where the row fits in registers (kernels/norm/norm.forth).
    x, residual and weight contiguous; out (y's buffer) may be x itself.
    eps: a finite number >= 0.

    On torch tensors (without out=) it is differentiable through the
    custom op torch.ops.warpforth.rms_norm (autograd: rms_norm_backward;
    the residual's gradient is dx plus h's incoming one)."""
    cast = check_casting(casting)
    return_stats = c.check_bool("return_stats", return_stats)
    y, h, _mean, rstd = norm_forward(x, weight, None, eps, residual, out,
                                     False, cast)
    got = (y,) + ((h,) if residual is not None else ()) + (
        (rstd,) if return_stats else ())
    return got[0] if len(got) == 1 else got


def _layer_norm_impl(x: Any, weight: Any, bias: Any = None,
                     eps: float = 1e-5, residual: Any = None,
                     out: Any = None, return_stats: bool = False) -> Any:
    """LayerNorm over the last dimension of x (..., n), any n: y = (x -
    mean) / sqrt(var + eps) * weight + bias (var the biased variance, as
    torch.nn.functional.layer_norm), weight and bias (n,) of x's dtype
    (bias None: none); statistics and math in f32, one rounding at the
    end (torch's semantics). residual as in rms_norm: (y, h). With
    return_stats the per-row mean and rstd (float32, x.shape[:-1]) come
    last: (y, mean, rstd) or (y, h, mean, rstd), for layer_norm_backward.
    A row in registers is read once and its variance taken around its
    mean; a longer row's (the looped path) is summed around its first
    element, so that a large mean cancels no digits.

    On torch tensors (without out=) it is differentiable through the
    custom op torch.ops.warpforth.layer_norm."""
    return_stats = c.check_bool("return_stats", return_stats)
    y, h, mean, rstd = norm_forward(x, weight, bias, eps, residual, out,
                                    True, 0)
    got = (y,) + ((h,) if residual is not None else ()) + (
        (mean, rstd) if return_stats else ())
    return got[0] if len(got) == 1 else got


def _rms_norm_backward_impl(dy: Any, x: Any, weight: Any, rstd: Any,
                            dh: Any = None) -> tuple:
    """The gradients of rms_norm: (dx, dweight). x is the normalized input
    (h with a residual), rstd rms_norm's (return_stats=True). With dh
    (the gradient reaching h, the residual stream) it is added to dx:
    dx is then the gradient of both x and the residual. dweight (weight's
    dtype) is summed over the rows deterministically: each group of
    threads sums its rows' dy * xhat in f32 per column, and a second
    kernel adds those partial sums in a fixed order (no atomics: the same
    bits every run). The Llama casting's rounding of x * rstd is taken
    as exact (its derivative 1), as Liger's backward does."""
    dx, dw, _ = norm_backward(dy, x, weight, None, rstd, dh, False, False)
    return dx, dw


def _layer_norm_backward_impl(dy: Any, x: Any, weight: Any, mean: Any,
                              rstd: Any, dh: Any = None,
                              bias: bool = True) -> tuple:
    """The gradients of layer_norm: (dx, dweight, dbias), dbias None where
    bias is False (a layer without one). x is the normalized input (h
    with a residual), mean and rstd layer_norm's (return_stats=True); dh
    as in rms_norm_backward. dweight and dbias are summed
    deterministically, as rms_norm_backward's."""
    bias = c.check_bool("bias", bias)
    return norm_backward(dy, x, weight, mean, rstd, dh, True, bias)
