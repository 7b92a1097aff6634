"""The f64 reference of ops.flash_attention, for its tests in every dtype."""

from __future__ import annotations

import numpy as np


def hidden_keys(nq: int, nkv: int, causal: bool = False,
                window=(-1, -1)):
    """(nq, nkv) bool: the keys each query does not see. FlashAttention's
    window_size: query i sees keys j with i + nkv - nq - left <= j <=
    i + nkv - nq + right (-1: unlimited); causal means right = 0."""
    left, right = window
    if causal:
        right = 0
    rel = np.arange(nkv)[None, :] - (np.arange(nq)[:, None] + (nkv - nq))
    hidden = np.zeros((nq, nkv), bool)
    if right >= 0:
        hidden |= rel > right
    if left >= 0:
        hidden |= rel < -left
    return hidden


def _scores(q, k, scale, softcap):
    """The scaled scores, capped: softcap tanh(s scale / softcap)."""
    s = np.einsum("bhnd,bhmd->bhnm", q, k) * scale
    if softcap:
        return softcap * np.tanh(s / softcap), s
    return s, s


def _modded(s, score, hidden, visible):
    """The user's words: `score` (s, b, h, q, k index grids -> s') on the
    capped scores, then the hidden keys and those `visible` (a bool array
    broadcast to the scores' shape) does not show at -inf."""
    if score is not None:
        s = score(s, *np.ogrid[tuple(slice(0, n) for n in s.shape)])
    if visible is not None:
        hidden = hidden | ~np.broadcast_to(visible, s.shape)
    return np.where(hidden, -np.inf, s), hidden


def attention_reference(q, k, v, causal: bool = False, scale=None,
                        window=(-1, -1), softcap: float = 0.0,
                        visible=None, score=None):
    """softmax(q k^T * scale) v in float64 from numpy arrays of any dtype:
    q (B, Hq, Nq, d), k and v (B, Hkv, Nkv, d), query head h reading
    key/value head h // (Hq // Hkv); scale 1/sqrt(d) unless given. With
    causal, query i sees keys j <= i + (Nkv - Nq). Returns (o, lse), o
    (B, Hq, Nq, d) and lse (B, Hq, Nq) the natural-log log-sum-exp of each
    query's scaled scores over the keys it sees; a query that sees none
    has o 0 and lse -inf. window and softcap as flash_attention's;
    visible and score as mask_mod's and score_mod's (_modded)."""
    q, k, v = (np.asarray(x).astype(np.float64) for x in (q, k, v))
    b, hq, nq, d = q.shape
    hkv, nkv = k.shape[1], k.shape[2]
    if scale is None:
        scale = 1.0 / np.sqrt(d)
    group = hq // hkv
    k = np.repeat(k, group, axis=1)
    v = np.repeat(v, group, axis=1)
    s, _ = _scores(q, k, scale, softcap)
    s, _ = _modded(s, score, hidden_keys(nq, nkv, causal, window), visible)
    m = s.max(axis=-1, keepdims=True, initial=-np.inf)
    seen = np.isfinite(m)                  # rows that see some key
    p = np.exp(s - np.where(seen, m, 0.0))
    total = p.sum(axis=-1, keepdims=True)
    o = np.einsum("bhnm,bhmd->bhnd", p, v) / np.where(seen, total, 1.0)
    with np.errstate(divide="ignore"):
        lse = np.where(seen, m + np.log(np.where(seen, total, 1.0)), -np.inf)
    return o, lse[..., 0]


def attention_backward_reference(dout, q, k, v, causal: bool = False,
                                 scale=None, window=(-1, -1),
                                 softcap: float = 0.0, visible=None,
                                 score=None, score_grad=None):
    """(dq, dk, dv) of attention_reference's output in float64, for the
    gradient dout: P = softmax, dV = P^T dO, dP = dO V^T, dS = P (dP - D)
    with D = rowsum(dO O), dQ = scale dS K, dK = scale dS^T Q; dk and dv
    summed over the query heads of each key/value head. score_grad:
    score's derivative (the same arguments)."""
    q, k, v, dout = (np.asarray(x).astype(np.float64)
                     for x in (q, k, v, dout))
    b, hq, nq, d = q.shape
    hkv, nkv = k.shape[1], k.shape[2]
    if scale is None:
        scale = 1.0 / np.sqrt(d)
    group = hq // hkv
    o, lse = attention_reference(q, k, v, causal, scale, window, softcap,
                                 visible, score)
    ke = np.repeat(k, group, axis=1)
    ve = np.repeat(v, group, axis=1)
    s1, raw = _scores(q, ke, scale, softcap)
    s, hidden = _modded(s1, score, hidden_keys(nq, nkv, causal, window),
                        visible)
    with np.errstate(invalid="ignore"):
        p = np.exp(s - lse[..., None])      # 0 where masked or no key
    p = np.where(hidden, 0.0, p)
    p = np.where(np.isfinite(lse)[..., None], p, 0.0)
    dv = np.einsum("bhnm,bhnd->bhmd", p, dout)
    dp = np.einsum("bhnd,bhmd->bhnm", dout, ve)
    ds = p * (dp - (dout * o).sum(axis=-1, keepdims=True))
    if score_grad is not None:
        ds = ds * score_grad(
            s1, *np.ogrid[tuple(slice(0, n) for n in s1.shape)])
    if softcap:   # d(softcap tanh(x / softcap))/dx = 1 - tanh^2
        ds = ds * (1.0 - np.tanh(raw / softcap) ** 2)
    dq = np.einsum("bhnm,bhmd->bhnd", ds, ke) * scale
    dk = np.einsum("bhnm,bhnd->bhmd", ds, q) * scale
    return (dq, dk.reshape(b, hkv, group, nkv, d).sum(axis=2),
            dv.reshape(b, hkv, group, nkv, d).sum(axis=2))


def varlen_reference(q, k, v, cu_q, cu_k, causal=False, scale=None,
                     window=(-1, -1), softcap=0.0):
    """flash_attention_varlen's f64 reference: q (total_q, Hq, d), k and v
    (total_k, Hkv, d), sequence s the rows cu_q[s]:cu_q[s+1] of q and
    cu_k[s]:cu_k[s+1] of k and v, each attended on its own
    (attention_reference). Returns (o (total_q, Hq, d), lse (Hq,
    total_q))."""
    q, k, v = (np.asarray(x).astype(np.float64) for x in (q, k, v))
    o = np.zeros(q.shape)
    lse = np.full((q.shape[1], q.shape[0]), -np.inf)
    for s in range(len(cu_q) - 1):
        qs = slice(int(cu_q[s]), int(cu_q[s + 1]))
        ks = slice(int(cu_k[s]), int(cu_k[s + 1]))
        if qs.stop == qs.start:
            continue
        if ks.stop == ks.start:   # no key: o 0, lse -inf
            continue
        os_, ls = attention_reference(
            q[qs].transpose(1, 0, 2)[None], k[ks].transpose(1, 0, 2)[None],
            v[ks].transpose(1, 0, 2)[None], causal,
            scale if scale is not None else 1.0 / np.sqrt(q.shape[-1]),
            window, softcap)
        o[qs] = os_[0].transpose(1, 0, 2)
        lse[:, qs] = ls[0]
    return o, lse


def varlen_backward_reference(dout, q, k, v, cu_q, cu_k, causal=False,
                              scale=None, window=(-1, -1), softcap=0.0):
    """(dq, dk, dv) of varlen_reference, per sequence
    (attention_backward_reference), in the packed layouts."""
    q, k, v, dout = (np.asarray(x).astype(np.float64)
                     for x in (q, k, v, dout))
    dq, dk, dv = np.zeros(q.shape), np.zeros(k.shape), np.zeros(v.shape)
    t = (lambda x: x.transpose(1, 0, 2)[None])
    for s in range(len(cu_q) - 1):
        qs = slice(int(cu_q[s]), int(cu_q[s + 1]))
        ks = slice(int(cu_k[s]), int(cu_k[s + 1]))
        if qs.stop == qs.start or ks.stop == ks.start:
            continue
        g = attention_backward_reference(
            t(dout[qs]), t(q[qs]), t(k[ks]), t(v[ks]), causal,
            scale if scale is not None else 1.0 / np.sqrt(q.shape[-1]),
            window, softcap)
        dq[qs], dk[ks], dv[ks] = (x[0].transpose(1, 0, 2) for x in g)
    return dq, dk, dv


def gather_paged(cache, block_table, seqused):
    """A paged cache (blocks, block_size, H, d) as packed keys (total, H,
    d) and their cu_seqlens: sequence s's keys j < seqused[s] from block
    block_table[s, j // block_size], row j % block_size."""
    cache = np.asarray(cache)
    bs = cache.shape[1]
    rows = [cache[block_table[s][j // bs], j % bs]
            for s in range(len(seqused)) for j in range(int(seqused[s]))]
    packed = (np.stack(rows) if rows else
              np.zeros((0,) + cache.shape[2:], cache.dtype))
    cu = np.concatenate([[0], np.cumsum(seqused)]).astype(np.int32)
    return packed, cu


def check_output(test, what, o, lse, want, want_lse, bound, lse_bound):
    """o within `bound` of the reference `want` on the rows that see a key,
    exactly 0 on the others (their lse -inf), lse within `lse_bound`."""
    seen = np.isfinite(want_lse)
    o64 = np.asarray(o).astype(np.float64)
    err = np.abs(o64 - want)[seen].max(initial=0)
    test.assertLessEqual(err, bound, f"{what}: o error {err:.3g}")
    test.assertTrue((o64[~seen] == 0).all(), f"{what}: rows of 0")
    test.assertTrue((np.asarray(lse)[~seen] == -np.inf).all(),
                    f"{what}: lse -inf")
    err = np.abs(np.asarray(lse).astype(np.float64)[seen]
                 - want_lse[seen]).max(initial=0)
    test.assertLessEqual(err, lse_bound, f"{what}: lse error {err:.3g}")
