"""flash_attention_backward: the gradients of flash_attention, as
FlashAttention-2 computes them without the N x N matrices
(kernels/attention/flash-backward-*.fs): a pass for D = rowsum(dO * O),
then one kernel for dQ and one for dK and dV, each recomputing
P = exp(S * scale - LSE) from the forward's log-sum-exp."""

from __future__ import annotations

import math
from typing import Any, Iterator, Literal, Optional

from . import _attention_mods as _mods
from . import _common as c
from . import _config
from . import _attention
from . import _strided as st
from ._attention import _arch, qkv_args

# Head dimensions of the backward: its dK and dV accumulators (d f32 a
# lane) leave no registers for d = 256 (ptxas spills kilobytes).
HEAD_DIMS = {"f32": (64, 96, 128), "bf16": (32, 64, 96, 128),
             "f16": (32, 64, 96, 128)}


# The Hopper backward's head dimensions (flash_backward_sm90.forth).
HOPPER_HEAD_DIMS = (64, 128)


@_config.knobs("attention_backward")
class AttentionBackwardConfig(_config.Config):
    """flash_attention_backward's knobs
    (ops.configure(attention_backward=...)); it reads the attention
    config's arch and lpt_group_bytes too."""

    # How dQ is made: "pass", its own kernel (S and dP recomputed, no
    # atomics), or "atomic", in the dK/dV kernel with f32 atomics and a
    # conversion pass, as FlashAttention-2 does (DQ_ATOMIC in
    # flash-backward-mma.fs); None: "atomic" where the GPU has vector
    # reductions (sm_90: two floats an atomic, 2FATOMIC-ADD-F32), else
    # "pass". H100, causal B4 H16 N4096 (bench/backward_dq_atomics.py):
    # f32 forward + backward d64 10.82 ms atomic against 13.47 pass (SDPA
    # efficient 14.97), d128 19.38 against 26.11 (25.60); bf16 mma.sync
    # d64 168 against 141 TFLOP/s, d128 178 against 171. With one float an
    # atomic (sm_80's) the pass won (session 5: bf16 d64 136 against 123).
    dq_mode: Optional[Literal["pass", "atomic"]] = None
    # The Hopper backward (flash_backward_sm90.forth, -D T: TMA, wgmma,
    # warp specialization, dQ by f32 atomics) for bf16/f16 at
    # HOPPER_HEAD_DIMS: None picks it on an sm_90 GPU, True also on the CPU
    # backend (its tests), False never (the mma.sync kernels above).
    hopper: Optional[bool] = None
    # -D constants for the Hopper kernel over its own and ds_split's
    # (DS_SPLIT, QST: the bench times them).
    hopper_defines: dict[str, int] = _config.field({})
    # Programmatic dependent launch (sm_90) of the pre, Hopper main and dQ
    # convert kernels: each launches while the one before it runs and
    # waits for its results (GRID-DEP-WAIT), so that launch gaps and
    # set-up overlap the previous kernel's tail. None: on sm_90 GPUs, True
    # also on the CPU backend (its tests: there the words do nothing),
    # False never.
    pdl: Optional[bool] = None

    @classmethod
    def variants(cls) -> Iterator[tuple[str, dict]]:
        """The backward's kernels as flash_attention_backward compiles
        them, for each dtype: the pre kernel (zeroing dQ's sums and with
        PDL for the Hopper backward, or neither); ROLE 0 (dQ) and 1 (dK,
        dV) with the column tiles of _columns (DQ_MODE "pass", sm_80's
        default), and ROLE 1 with DQ_ATOMIC and two floats an atomic
        (DQ_VEC 2, sm_90's default) where _atomic_ok takes the tile; the
        dQ conversion with and without PDL. The Hopper backward: head_dim
        64 and 128, causal and not, either block order (LPT, with PDL as
        the op's LPT grid on sm_90), dS in one or two parts as ds_split
        picks; dQ by atomics (DQ_TMA 0) or by each leader (DQW 0); and
        bf16 with the other dS choice."""
        for dt, dims in HEAD_DIMS.items():
            for d in dims:
                for z in (0, 1):
                    yield "attention/flash_backward_pre.forth", {
                        "T": dt, "HEAD_DIM": d, "ZERO_DQ": z,
                        "LPR": 8 if d <= 32 else 16 if d <= 64 else 32,
                        "PDL": z}
            for d in dims:
                for causal in (0, 1):
                    for role in (0, 1):
                        bc = _columns(dt, d)[role]
                        v = {"T": dt, "HEAD_DIM": d, "CAUSAL": causal,
                             "ROLE": role, "BC": bc}
                        yield "attention/flash_backward.forth", v
                        if role == 1 and _atomic_ok(bc, d):
                            yield "attention/flash_backward.forth", {
                                **v, "DQ_ATOMIC": 1, "DQ_VEC": 2}
        for dt in ("bf16", "f16", "f32"):
            for d in HEAD_DIMS[dt]:
                for p in (0, 1):
                    yield "attention/flash_backward_dq_convert.forth", {
                        "T": dt, "HEAD_DIM": d, "PDL": p}
        sm90 = "attention/flash_backward_sm90.forth"
        for dt in ("bf16", "f16"):
            for d in HOPPER_HEAD_DIMS:
                for causal in (0, 1):
                    for lpt in (0, 1):
                        yield sm90, {"T": dt, "HEAD_DIM": d, "CAUSAL": causal,
                                     "LPT": lpt,
                                     **ds_split(dt, d, causal), "PDL": lpt}
        for dt in ("bf16", "f16"):
            for d in HOPPER_HEAD_DIMS:
                for v in ({"DQ_TMA": 0}, {"DQW": 0}):
                    yield sm90, {"T": dt, "HEAD_DIM": d, "CAUSAL": 1, **v}
        for d in HOPPER_HEAD_DIMS:
            for causal in (0, 1):
                split = ds_split("bf16", d, causal)["DS_SPLIT"]
                yield sm90, {"T": "bf16", "HEAD_DIM": d, "CAUSAL": causal,
                             "DS_SPLIT": 1 - split}
        # Windows, softcap, packed sequences (the forward's MASK_VARIANTS).
        for m in _attention.MASK_VARIANTS:
            for dt, dims in HEAD_DIMS.items():
                for d in (64, 128):
                    for role in (0, 1):
                        yield "attention/flash_backward.forth", {
                            "T": dt, "HEAD_DIM": d, "CAUSAL": 0, "ROLE": role,
                            "BC": _columns(dt, d)[role], **m}
            for dt in ("bf16", "f16"):
                for d in HOPPER_HEAD_DIMS:
                    yield sm90, {"T": dt, "HEAD_DIM": d, "CAUSAL": 0,
                                 "LPT": 1, "PDL": 1, **m}


def ds_split(dtype: str, d: int, causal: bool) -> dict:
    """The Hopper backward's -D DS_SPLIT: bf16's dS into dQ in two 16-bit
    parts where one part (FlashAttention-2's rounding) would exceed issue
    15's bound of twice SDPA's error, which only full attention at d128
    does. H100, dq error against f64 (max abs / max |dq|;
    bench/backward_error.py): SDPA (cuDNN) / one part / two parts:
    N1024 d128 full 2.91e-3 / 6.75e-3 / 1.92e-3; d128 causal 3.50e-3 /
    3.49e-3 / 3.49e-3; N4096 d128 causal 3.01e-3 / 2.37e-3 / 2.52e-3;
    d64 full 4.07e-3 / 4.07e-3 / 3.78e-3; GPT-2's B8 H12 N1024 d64
    causal 3.69e-3 / 3.69e-3 / 3.38e-3. One part is 18-24% faster (d64
    causal 286 against 219 TFLOP/s). f16 rounds 8 times finer: one part."""
    return {"DS_SPLIT": int(dtype == "bf16" and d == 128 and not causal)}


def _atomic_ok(bc_kv: int, d: int) -> bool:
    """DQ_ATOMIC's split of the tile's queries over the 4 warps: BC/16
    query tiles must divide them and leave each warp whole 16-feature
    groups."""
    qtiles = bc_kv // 16
    return 4 % qtiles == 0 and (d * qtiles // 4) % 16 == 0


def _columns(dtype: str, d: int) -> tuple[int, int]:
    """Columns per tile (BC) of the dQ and the dK/dV kernel: narrower tiles
    at larger head_dim keep the scores and the accumulators in registers
    (3xTF32 needs more for its operand splits)."""
    if dtype == "f32":
        return (32 if d >= 96 else 64), {64: 64, 96: 16, 128: 16}[d]
    return 64, (32 if d >= 96 else 64)


def flash_attention_backward(dout: Any, q: Any, k: Any, v: Any, out: Any,
                             lse: Any, causal: bool = False,
                             scale: Optional[float] = None,
                             window: tuple = (-1, -1),
                             softcap: float = 0.0, mask_mod: Any = None,
                             score_mod: Any = None,
                             mod_args: Any = ()) -> tuple:
    """(dq, dk, dv) for o = flash_attention(q, k, v, causal, scale) and the
    gradient dout of o; `out` and `lse` are the forward's (return_lse=True).
    Shapes as flash_attention's (grouped-query heads: dk and dv summed over
    the query heads that share a key/value head); the gradients in the
    inputs' dtype. bfloat16 and float16 on the 16-bit tensor cores (P and
    dS rounded to the dtype for the products, f32 sums, as
    FlashAttention-2; in bfloat16 dS goes in as two parts), float32 in
    3xTF32 (f32 accuracy). Every tensor may be a strided view (the
    features contiguous; flash_attention's note); dq comes in q's
    dimension order, dk and dv in k's. window and softcap as the
    forward's (the same values it was called with); so are mask_mod,
    score_mod and mod_args, score_mod then also defining SCORE-MOD-GRAD
    ( s b h q k -- ds'/ds ), the derivative of SCORE-MOD in s."""
    scale = c.check_scale(scale)
    causal = c.check_bool("causal", causal)
    window = c.check_window(window)
    softcap = c.check_softcap(softcap)
    objs = (dout, q, k, v, out, lse)
    if mask_mod is None and score_mod is None and not mod_args:
        pb = c.start(_plans, objs, 0, (causal, scale, window, softcap))
        if type(pb) is tuple:
            return pb
    else:
        pb = c.PlanBuilder(None, objs)  # as the forward's: no plan
    qa, ka, va, da, oa = qkv_args(q, k, v, (dout, "dout"), (out, "out"))
    mods = checked_mods(mask_mod, score_mod, mod_args, qa)
    la = c.arg(lse, "lse", dtypes=("f32",), min_dims=3)
    c.same_device(la, qa)
    b, hq, nq, d = qa.shape
    hkv, nkv = ka.shape[1], ka.shape[2]
    if la.shape != (b, hq, nq):
        raise ValueError(f"lse: shape {la.shape}, expected {(b, hq, nq)}")
    if d not in HEAD_DIMS[qa.dtype]:
        raise ValueError(f"q: head dimension {d} is not supported by the "
                         f"{c.dtype_name(qa.dtype)} backward; expected one "
                         "of " + ", ".join(map(str, HEAD_DIMS[qa.dtype])))
    if scale is None:
        scale = 1.0 / math.sqrt(d)
    # dq in q's dimension order, dk and dv in k's (ops/_strided.py).
    pq, pk = st.order(qa), st.order(ka)
    if b * hq * nq == 0 or nkv == 0:
        zeros = (st.empty_in_order(pb, qa, pq, qa.shape, zero=True),
                 st.empty_in_order(pb, qa, pk, ka.shape, zero=True),
                 st.empty_in_order(pb, qa, pk, ka.shape, zero=True))
        pb.store(_plans, *zeros)
        return zeros
    # The kernels' grids take the heads and the batch as y and z.
    c.check_grid("q", "batch B =", b)
    c.check_grid("q", "query heads Hq =", hq)
    # The kernels write every element of the gradients.
    dq = st.empty_in_order(pb, qa, pq, qa.shape)
    dk = st.empty_in_order(pb, qa, pk, ka.shape)
    dv = st.empty_in_order(pb, qa, pk, ka.shape)
    gradients(pb, qa, ka, va, da, oa, lse, dq, dk, dv, causal, float(scale),
              window, softcap, mods=mods)
    pb.store(_plans, dq, dk, dv)
    return dq, dk, dv


def checked_mods(mask_mod: Any, score_mod: Any, mod_args: Any,
                 qa: c.Arg) -> Any:
    """The backward's user words (ops/_attention_mods.py), or None: a
    score_mod needs SCORE-MOD-GRAD, float32 takes none."""
    mods = _mods.check(mask_mod, score_mod, mod_args, qa)
    if mods is not None:
        if mods.score is not None and not mods.grad:
            raise ValueError("score_mod: the backward needs SCORE-MOD-GRAD "
                             "( s b h q k -- ds'/ds ), SCORE-MOD's "
                             "derivative in s; the source defines none")
        if qa.dtype == "f32":
            raise ValueError("mask_mod, score_mod: float32 attention does "
                             "not take them yet (bfloat16 and float16 do)")
    return mods


def gradients(pb: c.PlanBuilder, qa: c.Arg, ka: c.Arg, va: c.Arg,
              da: c.Arg, oa: c.Arg, lse: Any, dq: Any, dk: Any, dv: Any,
              causal: bool, scale: float, window: tuple, softcap: float,
              seqs: Optional[tuple] = None, mods: Any = None) -> None:
    """The backward's kernels for checked arguments, writing dq, dk, dv.
    seqs: VARLEN's (sequences, longest query and key rows, cu_seqlens_q,
    cu_seqlens_k), the tensors then the (1, H, total, d) planes of the
    packed ones (ops/_attention_varlen.py). mods: the user's words
    (ops/_attention_mods.py), asked score by score (the backward visits
    the tiles of the kernel's own rules: no block mask yet)."""
    b, hq, nq, d = qa.shape
    hkv, nkv = ka.shape[1], ka.shape[2]
    pq, pk = st.order(qa), st.order(ka)
    sm = _arch(qa)
    arch = f"sm_{sm}"
    dt = qa.dtype
    masks, wargs = _attention.masking(causal, window, softcap, nq, nkv)
    defines = {"HEAD_DIM": d, **masks}
    if seqs:    # the grids' z: sequences; x: the longest one's tiles
        bz, maxq, maxk = seqs[:3]
        wargs += seqs[3:]
        defines["VARLEN"] = 1
    else:
        bz, maxq, maxk = b, nq, nkv
        wargs += _attention.dense_seqs(pb, qa)
    cfg = _config.get("attention_backward")
    compile = _attention._compile if mods is None else _mods.compiler(mods)

    def more(kern: Any, transpose: bool, keys: str = "BR") -> list:
        """The user's words' params of a kernel: the mod_args and the block
        mask of its tiles (transpose: lists of the queries of its `keys`
        keys, BR for the mma.sync dK/dV kernel, BC for the Hopper one)."""
        if mods is None:
            return []
        tiles = (kern.const(keys), kern.const("BC" if keys == "BR" else "BR"))
        return _mods.backward_args(mods, qa, bz, hq, nq, nkv, tiles, masks,
                                   wargs, transpose,
                                   (maxq, maxk, *seqs[3:]) if seqs else None)
    hopper = cfg.hopper if cfg.hopper is not None else qa.on_gpu and sm == 90
    hopper = hopper and dt != "f32" and d in HOPPER_HEAD_DIMS
    # What the kernels read where it lies (TMA's rules; the pre kernel's
    # pairs need less), else dense copies; the mma.sync kernels read q, k,
    # v and dout dense.
    if hopper:
        qa, ka, va, da = [x if st.tma_ready(x) else st.dense(x)
                          for x in (qa, ka, va, da)]
    else:
        qa, ka, va, da = [st.dense(x) for x in (qa, ka, va, da)]
    oa = oa if st.tma_ready(oa) else st.dense(oa)
    bc_q, bc_kv = _columns(dt, d)
    mode = cfg.dq_mode or ("atomic" if sm >= 90 else "pass")
    atomic = hopper or (mode == "atomic" and _atomic_ok(bc_kv, d))
    # dQ's f32 sums with atomics (zeroed by the pre kernel); else an
    # unused placeholder. D and L2 rows are NQP floats apart, the padding
    # zeroed by the pre kernel too, so that the dK/dV kernels' 16-byte
    # copies of a tile's columns stay inside them. One allocation.
    # (VARLEN: 128 more, for the copies from a 16-byte boundary before a
    # sequence's rows: flash-backward-mma.fs l2-shift.)
    nqp = -(-(nq + (128 if seqs else 0)) // 128) * 128
    dq_acc, dpre, l2 = pb.scratch(
        qa, [qa.shape if atomic else (1,), (b * hq, nqp), (b * hq, nqp)],
        "f32")
    # LPR lanes a row, four features a lane (flash-backward-pre.fs).
    pdl = int(cfg.pdl if cfg.pdl is not None else qa.on_gpu and sm == 90)
    pre = c.kernel("attention/flash_backward_pre.forth", qa,
                   {"HEAD_DIM": d, "ZERO_DQ": int(atomic),
                    "LPR": 8 if d <= 32 else 16 if d <= 64 else 32,
                    "PDL": pdl, "T": dt}, arch="sm_90" if pdl else arch)
    pb.launch(pre, st.flat(pb, da), st.flat(pb, oa), lse, dpre, l2, dq_acc,
              nq, nqp, b, hq, *st.strides3(da), *st.strides3(oa),
              grid=(-(-nqp // pre.const("ROWS")), hq, b),
              block=32 * pre.const("WARPS"))
    dqa = c.arg(dq, "dq", strided=True)
    if hopper:
        _hopper(pb, qa, ka, va, da, l2, dpre, dq_acc,
                c.arg(dk, "dk", strided=True), dv, {**defines, "PDL": pdl},
                (bz, hq, hkv, nq, nkv, nqp, maxk), float(scale), wargs,
                compile, more)
        _convert(pb, dq_acc, dqa, qa, float(scale), pdl)
        return
    # The mma.sync kernels write dense gradients: temporaries where the
    # gradients are not (with atomics dq comes from _convert, which
    # writes any strides: the kernel's DQ is then unused).
    gq = dq if dqa.strides is None else pb.new(c.empty(qa, qa.shape))
    gk, gv = (dk, dv) if pk == (0, 1, 2, 3) else (
        pb.new(c.empty(qa, ka.shape)), pb.new(c.empty(qa, ka.shape)))
    args = (qa.value, ka.value, va.value, da.value, l2, dpre, gq, gk, gv,
            dq_acc, nq, nqp, nkv, hq, hkv, bz, float(scale), *wargs)
    if not atomic:
        kq = compile("attention/flash_backward.forth", qa,
                     dict(defines, ROLE=0, BC=bc_q, T=dt), arch)
        pb.launch(kq, *args, *more(kq, False),
                  grid=(-(-maxq // kq.const("BR")), hq, bz),
                  block=kq.const("NTHREADS"))
    kkv = compile("attention/flash_backward.forth", qa,
                  dict(defines, ROLE=1, BC=bc_kv, DQ_ATOMIC=int(atomic),
                       DQ_VEC=2 if atomic and sm >= 90 else 1, T=dt), arch)
    pb.launch(kkv, *args, *more(kkv, True),
              grid=(-(-maxk // kkv.const("BR")), hkv, bz),
              block=kkv.const("NTHREADS"))
    if atomic:
        _convert(pb, dq_acc, dqa, qa, float(scale))
    else:
        pb.copy_into(gq, dq)
    pb.copy_into(gk, dk)
    pb.copy_into(gv, dv)


def _convert(pb, dq_acc, dqa, qa, scale, pdl: int = 0) -> None:
    """dq = scale * dQ's f32 sums dq_acc, in dq's dtype and strides (with
    pdl, launched while the kernel before it runs)."""
    b, h, nq, d = dqa.shape
    conv = c.kernel("attention/flash_backward_dq_convert.forth",
                    qa, {"HEAD_DIM": d, "PDL": pdl, "T": qa.dtype},
                    arch="sm_90" if pdl else f"sm_{_arch(qa)}")
    pb.launch(conv, dq_acc, st.flat(pb, dqa), nq, h, b, scale,
              *st.strides3(dqa),
              grid=(-(-nq * d // 1024), h, b), block=256)


def _hopper(pb, qa, ka, va, da, l2, dpre, dq_acc, dka, dv, defines, dims,
            scale, wargs, compile=None, more=None) -> None:
    """dK, dV and dQ's f32 sums (atomics into dq_acc) in one Hopper
    kernel, a block per 128 keys (TMA reads q, k, v and dout where they
    lie; dk and dv written with their strides, which they share). dims:
    (batch, Hq, Hkv, rows of q, of k, L2's row length, the longest key
    rows a pair: nkv, or VARLEN's longest sequence's)."""
    b, hq, hkv, nq, nkv, nqp, maxk = dims
    dt = qa.dtype
    # LPT groups (ops/_attention.py): a (batch, K/V head) pair's Q and dO
    # (16-bit) and dQ sums (f32) of its query heads.
    d = defines["HEAD_DIM"]
    defines = {**defines,
               **ds_split(dt, d, bool(defines["CAUSAL"] or defines["LOCAL"])),
               "T": dt}
    tune = _config.get("attention_backward").hopper_defines
    kern, grid, hg = _attention.lpt_kernel(
        "attention/flash_backward_sm90.forth", qa, defines,
        tune, "sm_90", "BC", maxk, b * hkv, hq // hkv * nq * d * 8,
        (hkv, b), compile)
    dva = c.arg(dv, "dv", strided=True)
    # dq_acc twice: as DQACC (atomics) and as DQMAP (TMA reductions); the
    # user's words' params (more: lists of its BC keys' query tiles) last.
    pb.launch(kern, *[st.flat(pb, x) for x in (qa, ka, va, da)], l2, dpre,
              dq_acc, dq_acc, st.flat(pb, dka), st.flat(pb, dva), nq, nqp, nkv,
              hq, hkv, b, hg, scale, *wargs,
              *[s for x in (qa, ka, va, da, dka) for s in st.strides3(x)],
              *(more(kern, True, "BC") if more else ()),
              grid=grid, block=kern.const("NTHREADS"))


_config.register(AttentionBackwardConfig, __name__)
# Cached plans (ops/_common.py), made with both attention configs.
_plans = c.plans("attention", "attention_backward")
