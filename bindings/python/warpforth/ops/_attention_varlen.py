"""flash_attention_varlen: attention over packed sequences of different
lengths (FlashAttention's varlen API), in the kernels of flash_attention
with -D VARLEN (kernels/attention/flash-grid.fs): q (total_q, Hq, d), k
and v (total_k, Hkv, d), sequence s the rows cu_seqlens_q[s] ..
cu_seqlens_q[s+1] - 1 of q (and of k, v by cu_seqlens_k). A block (or a
Hopper item) takes a query tile of one sequence, so that no work is
padded to the longest sequence: the grid's tiles are the longest's, and a
shorter sequence's blocks past its rows leave at once."""

from __future__ import annotations

import math
import sys
from typing import Any, Optional

from . import _attention as fa
from . import _attention_backward as ab
from . import _attention_mods as _mods
from . import _common as c
from . import _config
from . import _decode
from . import _strided as st


def _packed(x: Any, name: str, heads_of: Optional[c.Arg] = None) -> c.Arg:
    a = c.arg(x, name, min_dims=3, strided=True)
    if len(a.shape) != 3:
        raise ValueError(f"{name}: expected (total, heads, d), got shape "
                         f"{a.shape}")
    return a


def _planes(x: Any) -> Any:
    """(total, H, d) seen as (1, H, total, d): the kernels' layout."""
    if c.is_torch(x):
        return x.permute(1, 0, 2).unsqueeze(0)
    return x.transpose(1, 0, 2)[None]


def _cu(x: Any, name: str, like: c.Arg, total: Optional[int],
        batch: Optional[int]) -> tuple[c.Arg, Optional[list]]:
    """cu_seqlens checked: int32 (batch + 1,) on q's device; on the host
    (numpy, CPU tensors) also its values: 0 first, non-decreasing, the
    total last (total None: any). Returns its Arg and its values where
    read."""
    a = c.arg(x, name, dtypes=("i32",))
    if len(a.shape) != 1 or a.shape[0] < 1:
        raise ValueError(f"{name}: expected (batch + 1,) int32, got shape "
                         f"{a.shape}")
    if batch is not None and a.shape[0] != batch + 1:
        raise ValueError(f"{name}: shape {a.shape}, expected ({batch + 1},)"
                         " like cu_seqlens_q")
    c.same_device(a, like)
    if a.on_gpu:
        return a, None
    v = [int(t) for t in (x.tolist() if c.is_torch(x) else list(x))]
    if v[0] != 0 or (total is not None and v[-1] != total) or any(
            b < a_ for a_, b in zip(v, v[1:])):
        raise ValueError(f"{name}: must start at 0, never decrease and end "
                         f"at the total rows {total}, got {v}")
    return a, v


def _max_len(given: Any, name: str, values: Optional[list], cu: Any) -> int:
    """max_seqlen: given (checked against the lengths where they were
    read), else the longest sequence (on the GPU a device sync)."""
    if values is None and given is None:
        lengths = cu[1:] - cu[:-1]
        return int(lengths.max()) if lengths.numel() else 0
    longest = (max((b - a for a, b in zip(values, values[1:])), default=0)
               if values is not None else None)
    if given is None:
        return longest
    m = c.check_int(name, given, 0)
    if longest is not None and m < longest:
        raise ValueError(f"{name}: {m} is less than the longest sequence, "
                         f"{longest}")
    return m


def _inputs(q: Any, k: Any, v: Any, cu_seqlens_q: Any, cu_seqlens_k: Any,
            max_seqlen_q: Any, max_seqlen_k: Any, *others: tuple,
            paged: bool = False) -> tuple:
    """The packed q, k, v (and `others`, (value, name) pairs of q's shape)
    and the sequences checked: (q, k, v Args, sequences, longest query
    and key rows, the others' Args)."""
    qa, ka, va = (_packed(x, n) for x, n in ((q, "q"), (k, "k"), (v, "v")))
    more = [_packed(x, n) for x, n in others]
    c.same_place(qa, ka, va, *more)
    tq, hq, d = qa.shape
    tk, hkv = ka.shape[0], ka.shape[1]
    if ka.shape[2] != d:
        raise ValueError(f"k: shape {ka.shape}, expected (total_k, Hkv, "
                         f"{d}) to match q {qa.shape}")
    if (hkv == 0 and hq != 0) or (hkv != 0 and hq % hkv != 0):
        raise ValueError(f"k: {hkv} heads do not divide q's {hq} "
                         "(grouped-query attention needs Hq % Hkv == 0)")
    c.same_shape(ka, va)
    c.same_shape(qa, *more)
    cqa, cq = _cu(cu_seqlens_q, "cu_seqlens_q", qa, tq, None)
    b = cqa.shape[0] - 1
    # (A paged cache's key counts are no rows of k: any total.)
    _, ck = _cu(cu_seqlens_k, "cu_seqlens_k", qa, None if paged else tk, b)
    mq = _max_len(max_seqlen_q, "max_seqlen_q", cq, cu_seqlens_q)
    mk = _max_len(max_seqlen_k, "max_seqlen_k", ck, cu_seqlens_k)
    return (qa, ka, va, b, mq, mk, *more)


def _paged(k: Any, v: Any, block_table: Any, seqused_k: Any,
           cu_seqlens_q: Any, qa: c.Arg) -> tuple:
    """The paged cache checked: k and v (blocks, block_size, Hkv, d),
    block_size a power of two; block_table int32 (batch, max_blocks) and
    seqused_k int32 (batch,) on q's device, their values too where they
    are on the host. Returns (k, v as (blocks * block_size, Hkv, d),
    block_size, the table's Arg, the keys' prefix sums for CU_K, the
    longest sequence's keys bound)."""
    ka = c.arg(k, "k", min_dims=4)
    va = c.arg(v, "v", min_dims=4)
    b = len(cu_seqlens_q) - 1
    # decode_attention's checks of a paged cache and its lengths.
    _, cap, paging = _decode._cache(ka, va, block_table, b, qa.shape[2], qa)
    nb, bs, hkv, d = ka.shape
    sa = c.arg(seqused_k, "seqused_k", dtypes=("i32",))
    if sa.shape != (b,):
        raise ValueError(f"seqused_k: shape {sa.shape}, expected ({b},)")
    c.same_device(sa, qa)
    _decode._check_lengths(sa, 0, cap, paging, "keys a sequence's blocks "
                           "hold")
    maxb = paging[3]
    if c.is_torch(seqused_k):
        torch = sys.modules["torch"]
        cu_k = torch.cat([seqused_k.new_zeros(1),
                          seqused_k.cumsum(0, dtype=torch.int32)])
    else:
        import numpy as np
        cu_k = np.concatenate([[0], np.cumsum(seqused_k)]).astype(np.int32)
    rows = (nb * bs, hkv, d)
    return (k.reshape(rows), v.reshape(rows), bs, block_table, cu_k,
            maxb * bs)


def flash_attention_varlen_impl(q: Any, k: Any, v: Any, cu_seqlens_q: Any,
                                cu_seqlens_k: Any,
                                max_seqlen_q: Optional[int] = None,
                                max_seqlen_k: Optional[int] = None,
                                causal: bool = False,
                                scale: Optional[float] = None,
                                window: tuple = (-1, -1),
                                softcap: float = 0.0,
                                return_lse: bool = False,
                                out: Any = None, block_table: Any = None,
                                seqused_k: Any = None, mask_mod: Any = None,
                                score_mod: Any = None,
                                mod_args: Any = ()) -> Any:
    """flash_attention_varlen on any arguments (the docstring is the public
    function's, ops/_api.py)."""
    scale = c.check_scale(scale)
    causal = c.check_bool("causal", causal)
    return_lse = c.check_bool("return_lse", return_lse)
    window = c.check_window(window)
    softcap = c.check_softcap(softcap)
    paged = None
    if block_table is not None or seqused_k is not None:
        if block_table is None or seqused_k is None:
            raise ValueError("block_table and seqused_k: a paged cache needs "
                             "both")
        qa0 = _packed(q, "q")
        k, v, page, bt, cu_seqlens_k, bound = _paged(
            k, v, block_table, seqused_k, cu_seqlens_q, qa0)
        max_seqlen_k = bound
        paged = (page, bt)
    qa, ka, va, b, mq, mk = _inputs(q, k, v, cu_seqlens_q, cu_seqlens_k,
                                    max_seqlen_q, max_seqlen_k,
                                    paged=paged is not None)
    tq, hq, d = qa.shape
    tk, hkv = ka.shape[0], ka.shape[1]
    # The user's words (ops/_attention_mods.py): b is the sequence, q and
    # k positions in it.
    mods = _mods.check(mask_mod, score_mod, mod_args, qa)
    if mods is not None and qa.dtype == "f32":
        raise ValueError("mask_mod, score_mod: float32 attention does not "
                         "take them yet (bfloat16 and float16 do)")
    dims = fa.HEAD_DIMS.get(qa.dtype, fa.HEAD_DIMS["f32"])
    if d not in dims:
        raise ValueError(f"q: head dimension {d} is not supported for "
                         f"{c.dtype_name(qa.dtype)}; expected one of " +
                         ", ".join(map(str, dims)))
    if paged and qa.dtype == "f32":
        raise ValueError("k: a paged cache (block_table) takes bfloat16 or "
                         "float16; float32 has no paged kernel")
    if scale is None:
        scale = 1.0 / math.sqrt(d)
    if out is None:
        out = c.empty(qa, qa.shape)
    else:
        out = c.output(out, qa, qa.shape, strided=True)
        c.check_no_overlap([("out", out)], [("q", q), ("k", k), ("v", v)])
    lse = c.empty(qa, (hq, tq), "f32")
    result = (out, lse) if return_lse else out
    if tq * hq == 0:
        return result
    if tk == 0 or b == 0:
        out[...] = 0
        lse[...] = float("-inf")
        return result
    pb = c.PlanBuilder(None, (q, k, v, cu_seqlens_q, cu_seqlens_k, out))
    sm = fa._arch(qa)
    masks, wargs = fa.masking(causal, window, softcap, mq, tk)
    defines = {"HEAD_DIM": d, **masks, "VARLEN": 1}
    wargs += (cu_seqlens_q, cu_seqlens_k)
    # The paged kernels' BT and MAXB (unread without PAGED).
    table = (paged[1], paged[1].shape[1]) if paged else (cu_seqlens_q, 0)
    if paged:
        defines.update(PAGED=1, PAGE=paged[0])
    # The kernels' (1, H, total, d) planes of the packed tensors.
    qp, kp, vp, op = (c.arg(_planes(x), n, strided=True) for x, n in
                      ((q, "q"), (k, "k"), (v, "v"), (out, "out")))
    cfg = _config.get("attention")
    hopper = cfg.hopper if cfg.hopper is not None else qa.on_gpu and sm == 90
    seqs = (mq, mk, cu_seqlens_q, cu_seqlens_k)
    if hopper and qa.dtype != "f32" and d in fa.HOPPER_HEAD_DIMS:
        fa._hopper(pb, qp, kp, vp, op, lse, defines, float(scale),
                   wargs + table, (b, mq),
                   mods=mods and (mods, dict(masks), seqs))
        return result
    # The mma.sync kernels read and write dense planes.
    defines.update(fa._tiles(qa.dtype, d, sm, bool(masks["CAUSAL"])))
    qd, kd, vd = (st.dense(x) for x in (qp, kp, vp))
    o = c.empty(qa, (1, hq, tq, d))
    if qa.dtype == "f32":
        kern = c.kernel("attention/flash_attention_f32.forth", qa, defines,
                        arch=f"sm_{sm}")
        grid, hg = (-(-mq // kern.const("BR")), hq, b), ()
    else:
        kern, grid, g = fa.lpt_kernel(
            "attention/flash_attention.forth", qa,
            {**defines, "T": qa.dtype}, cfg.mma_defines, f"sm_{sm}", "BR",
            mq, b * hq, fa._kv_pair_bytes(qd, kd), (hq, b),
            mods and _mods.compiler(mods))
        hg = (g,)
        wargs += table
        if mods is not None:
            wargs += tuple(_mods.launch_args(mods, qa, kern, b, hq, tq, tk,
                                             masks, wargs, seqs))
    fa.check_grid(grid, b, hq)
    pb.launch(kern, qd.value, kd.value, vd.value, o, lse, tq, tk, hq, hkv,
              b, *hg, float(scale), *wargs, grid=grid,
              block=kern.const("NTHREADS"))
    pb.copy_into(o, op.value)
    return result


def flash_attention_varlen_backward(dout: Any, q: Any, k: Any, v: Any,
                                    out: Any, lse: Any, cu_seqlens_q: Any,
                                    cu_seqlens_k: Any,
                                    max_seqlen_q: Optional[int] = None,
                                    max_seqlen_k: Optional[int] = None,
                                    causal: bool = False,
                                    scale: Optional[float] = None,
                                    window: tuple = (-1, -1),
                                    softcap: float = 0.0,
                                    mask_mod: Any = None,
                                    score_mod: Any = None,
                                    mod_args: Any = ()) -> tuple:
    """(dq, dk, dv) of o = flash_attention_varlen(q, k, v, cu_seqlens_q,
    cu_seqlens_k, ...) for its gradient dout; out and lse are the
    forward's (return_lse=True), the other arguments its own. The
    gradients come packed like q, k, v, in their dtype (the kernels of
    flash_attention_backward with -D VARLEN)."""
    scale = c.check_scale(scale)
    causal = c.check_bool("causal", causal)
    window = c.check_window(window)
    softcap = c.check_softcap(softcap)
    qa, ka, va, b, mq, mk, da, oa = _inputs(
        q, k, v, cu_seqlens_q, cu_seqlens_k, max_seqlen_q, max_seqlen_k,
        (dout, "dout"), (out, "out"))
    tq, hq, d = qa.shape
    tk = ka.shape[0]
    mods = ab.checked_mods(mask_mod, score_mod, mod_args, qa)
    la = c.arg(lse, "lse", dtypes=("f32",), min_dims=2)
    if la.shape != (hq, tq):
        raise ValueError(f"lse: shape {la.shape}, expected {(hq, tq)}")
    c.same_device(la, qa)
    if d not in ab.HEAD_DIMS[qa.dtype]:
        raise ValueError(f"q: head dimension {d} is not supported by the "
                         f"{c.dtype_name(qa.dtype)} backward; expected one "
                         "of " + ", ".join(map(str, ab.HEAD_DIMS[qa.dtype])))
    if scale is None:
        scale = 1.0 / math.sqrt(d)
    dq, dk, dv = (c.empty(x, x.shape) for x in (qa, ka, va))
    if tq * hq == 0 or tk == 0 or b == 0:
        for g in (dq, dk, dv):
            g[...] = 0
        return dq, dk, dv
    pb = c.PlanBuilder(None, (dout, q, k, v, out, lse, cu_seqlens_q,
                              cu_seqlens_k))
    planes = [c.arg(_planes(x), n, strided=True) for x, n in
              ((q, "q"), (k, "k"), (v, "v"), (dout, "dout"), (out, "out"))]
    ab.gradients(pb, *planes, lse, *(_planes(g) for g in (dq, dk, dv)),
                 causal, float(scale), window, softcap,
                 (b, mq, mk, cu_seqlens_q, cu_seqlens_k), mods)
    return dq, dk, dv
