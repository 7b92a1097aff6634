"""ops.decode_attention and ops.append_kv on the CPU backend against an f64
numpy reference (decode_reference below).

Covered: grouped-query heads 1:1, 4:1, 8:1 and Hq = 1 (MQA); cache lengths
1, 17 and 1000 and ragged batches; Nq = 1, 4 and 8 new tokens (causal among
them, aligned to the end of each sequence's cache), including groups of
more than 8 rows (several row chunks a KV head); head_dim 64 and 128 (32
and 256 once); split and unsplit (num_splits 1 against several, and the
heuristic); a paged cache with a shuffled block table (block sizes 16, 32
and 1) equal to the contiguous one; float32, bfloat16 and float16; the
log-sum-exp; out=; append_kv into both layouts; arguments that are wrong,
with errors that name them. Cache slots past a sequence's length and
unused pages hold NaN: the kernel must never read them.

Error bounds (elementwise, against f64 on the same inputs; the 16-bit
inputs are exact in f32 and the kernel computes in f32):
- the output: U[dt] * |o| + F32_BOUND * max(1, max|o|). U[dt] is half an
  ulp of the output's dtype (bf16 2^-8, f16 2^-11 relative, 0 for f32):
  the one rounding to q's dtype at the end; F32_BOUND = 2e-6 covers the
  f32 math (the error of a score is about sqrt(d) 2^-24 |q||k| scale,
  below 1e-6 at d128 with these inputs, which moves o by that times
  max|v|; ex2.approx is within 2^-22; sums over at most 1000 keys).
  Measured: below 6e-7 in f32; in bf16/f16 within 1e-7 of the rounding
  term.
- the log-sum-exp: LSE_BOUND = 1e-5 absolute in every dtype (the
  same f32 math in log units; measured below 1e-6).
- the tensor-core kernel (the decode config's mma, bf16/f16 at d 64 and
  128) rounds P to the dtype before P V, as FlashAttention-2 does: its
  output has the further term UP[dt] * sum_j p_j |v_j| / sum_j p_j (half
  an ulp of each p_j, times the |v| it weighs), plus 2^-24 sum_j |v_j| /
  sum_j p_j for f16's subnormal p (below 2^-14 its absolute error is
  2^-25). Measured: about a third of that term.
- paged against contiguous: bit for bit (the same keys in the same order
  and splits, only the addresses differ).
- split against unsplit: 2 U[dt] |o| + 2 F32_BOUND max(1, max|o|) (each
  within the bound above of f64; measured about 1e-7 in f32).
"""

from __future__ import annotations

import math
import unittest

import numpy as np
from opcheck import cast, dtypes, f64

from warpforth import ops
from warpforth.ops import _decode

DECODE = ops.DecodeConfig()   # the defaults

F32_BOUND = 2e-6
LSE_BOUND = 1e-5
U = {"f32": 0.0, "bf16": 2.0 ** -8, "f16": 2.0 ** -11}
UP = U   # P rounded to the dtype (the MMA kernel)


def mma_kernel(dt, d):
    """Whether decode_attention runs the tensor-core kernel here."""
    return (ops.config("decode").mma and dt != "f32"
            and d in _decode.MMA_HEAD_DIMS)


def decode_reference(q, k, v, lens, scale=None, weights=False):
    """Attention of q (B, Hq, Nq, d) to the contiguous cache k, v (B, Hkv,
    N, d) in float64: query token i of sequence b sees keys 0 .. lens[b] -
    Nq + i, query head h reads KV head h // (Hq // Hkv). Returns (o, lse),
    lse the natural-log log-sum-exp (B, Hq, Nq); with weights also
    (sum_j p_j |v_j|, sum_j |v_j| over the keys seen) / sum_j p_j, each
    (B, Hq, Nq, d): what a rounding of each p_j moves o by."""
    q, k, v = f64(q), f64(k), f64(v)
    b, hq, nq, d = q.shape
    hkv, n = k.shape[1], k.shape[2]
    scale = 1.0 / math.sqrt(d) if scale is None else scale
    g = hq // hkv
    k = np.nan_to_num(np.repeat(k, g, axis=1))
    v = np.nan_to_num(np.repeat(v, g, axis=1))
    s = np.einsum("bhnd,bhmd->bhnm", q, k) * scale
    last = np.asarray(lens)[:, None] - nq + np.arange(nq)[None, :]
    hidden = np.arange(n)[None, None, :] > last[:, :, None]   # (B, Nq, N)
    s = np.where(hidden[:, None], -np.inf, s)
    m = s.max(axis=-1, keepdims=True)
    p = np.exp(s - m)
    total = p.sum(axis=-1, keepdims=True)
    o = np.einsum("bhnm,bhmd->bhnd", p, v) / total
    if weights:
        pv = np.einsum("bhnm,bhmd->bhnd", p, np.abs(v)) / total
        av = np.einsum("bhnm,bhmd->bhnd", (p > 0).astype(float),
                       np.abs(v)) / total
        return o, (m + np.log(total))[..., 0], (pv, av)
    return o, (m + np.log(total))[..., 0]


def make_cache(rng, b, hkv, n, d, lens, dt):
    """K and V (B, Hkv, N, d) in dtype dt, NaN past each sequence's
    length."""
    k, v = (cast(rng.standard_normal((b, hkv, n, d)), dt) for _ in "kv")
    for i, n_i in enumerate(lens):
        k[i, :, n_i:] = np.nan
        v[i, :, n_i:] = np.nan
    return k, v


def to_paged(rng, k, lens, bs, spare=3):
    """The contiguous cache k (B, Hkv, N, d) as pages (num_blocks, bs, Hkv,
    d) in shuffled order, with `spare` unused pages and every unused slot
    NaN, and its block table (B, ceil(N / bs)) int32 (entries past a
    sequence's pages point at random pages, as in a real cache)."""
    b, hkv, n, d = k.shape
    per = -(-n // bs)
    nblk = b * per + spare
    order = rng.permutation(nblk)
    table = order[:b * per].reshape(b, per).astype(np.int32)
    return pages_of(k, lens, table, nblk, bs), table


def pages_of(x, lens, table, nblk, bs):
    """The contiguous cache x (B, Hkv, N, d) in the pages (nblk, bs, Hkv, d)
    that `table` gives each sequence, unused slots NaN."""
    b, hkv, n, d = x.shape
    pages = np.full((nblk, bs, hkv, d), np.nan, dtype=x.dtype)
    for i in range(b):
        for j in range(-(-int(lens[i]) // bs)):
            rows = x[i, :, j * bs:(j + 1) * bs]              # (Hkv, <=bs, d)
            pages[table[i, j], :rows.shape[1]] = rows.transpose(1, 0, 2)
    return pages


def to_paged_kv(rng, k, v, lens, bs):
    """K and V in the same shuffled pages (to_paged) and their table."""
    kp, table = to_paged(rng, k, lens, bs)
    return kp, pages_of(v, lens, table, kp.shape[0], bs), table


def inputs(rng, b, hq, hkv, nq, n, d, lens, dt):
    q = cast(rng.standard_normal((b, hq, nq, d)), dt)
    k, v = make_cache(rng, b, hkv, n, d, lens, dt)
    return q, k, v, np.asarray(lens, dtype=np.int32)


class DecodeAttention(unittest.TestCase):
    def check(self, got, lse, q, k, v, lens, dt, what, scale=None):
        want, want_lse, (pv, av) = decode_reference(q, k, v, lens, scale,
                                                    weights=True)
        self.assertEqual((got.dtype, got.shape), (q.dtype, q.shape), what)
        err = np.abs(f64(got) - want)
        bound = U[dt] * np.abs(want) + F32_BOUND * max(1.0, np.abs(want).max())
        if mma_kernel(dt, q.shape[3]):
            bound = bound + UP[dt] * pv + (2.0 ** -24 if dt == "f16" else 0) * av
        worst = (err - bound).max()
        self.assertLessEqual(worst, 0.0, f"{what}: error {err.max():.3g}")
        if lse is not None:
            self.assertEqual((lse.dtype, lse.shape), (np.float32, q.shape[:3]))
            e = np.abs(f64(lse) - want_lse).max()
            self.assertLessEqual(e, LSE_BOUND, f"{what}: lse error {e:.3g}")

    def test_groups_and_lengths(self):
        # GQA 1:1, 4:1, 8:1, Hq = 1; lengths 1, 17, 1000 and ragged; Nq 1.
        rng = np.random.default_rng(1)
        cases = [  # B, Hq, Hkv, N, d, lens
            (1, 1, 1, 17, 128, [17]),
            (2, 4, 4, 17, 64, [1, 17]),
            (2, 8, 2, 1000, 128, [1000, 17]),
            (1, 8, 1, 1000, 64, [1000]),
            (3, 8, 1, 40, 128, [1, 40, 23]),
        ]
        for b, hq, hkv, n, d, lens in cases:
            q, k, v, sl = inputs(rng, b, hq, hkv, 1, n, d, lens, "f32")
            o, lse = ops.decode_attention(q, k, v, sl, return_lse=True)
            self.check(o, lse, q, k, v, sl, "f32",
                       f"B{b} Hq{hq} Hkv{hkv} N{n} d{d} lens {lens}")

    def test_new_tokens(self):
        # Nq 4 and 8: causal among the new tokens; 4:1 with Nq 4 is 16 rows
        # a KV head (two blocks of 8), 8:1 with Nq 4 32 rows, 1:1 with Nq 3
        # three rows a block.
        rng = np.random.default_rng(2)
        cases = [  # B, Hq, Hkv, Nq, N, d, lens
            (2, 8, 2, 4, 300, 128, [300, 4]),
            (1, 8, 1, 4, 50, 64, [37]),
            (2, 2, 2, 3, 33, 64, [3, 33]),
            (1, 1, 1, 8, 100, 128, [100]),
        ]
        for b, hq, hkv, nq, n, d, lens in cases:
            q, k, v, sl = inputs(rng, b, hq, hkv, nq, n, d, lens, "f32")
            for splits in (1, 3):
                o, lse = ops.decode_attention(q, k, v, sl, return_lse=True,
                                              num_splits=splits)
                self.check(o, lse, q, k, v, sl, "f32",
                           f"B{b} Hq{hq} Hkv{hkv} Nq{nq} lens {lens} "
                           f"splits {splits}")

    def test_dtypes(self):
        rng = np.random.default_rng(3)
        for dt in dtypes():
            for (b, hq, hkv, nq, n, d, lens) in [
                    (2, 8, 2, 1, 1000, 128, [1000, 17]),
                    (1, 4, 1, 4, 64, 64, [64]),
                    (1, 2, 1, 1, 40, 32, [40]),
                    (1, 2, 2, 2, 40, 256, [33])]:
                q, k, v, sl = inputs(rng, b, hq, hkv, nq, n, d, lens, dt)
                o, lse = ops.decode_attention(q, k, v, sl, return_lse=True)
                self.check(o, lse, q, k, v, sl, dt,
                           f"{dt} B{b} Hq{hq} Hkv{hkv} Nq{nq} N{n} d{d}")

    def test_paged_equals_contiguous(self):
        rng = np.random.default_rng(4)
        for dt, bs, (b, hq, hkv, nq, n, d, lens) in [
                ("f32", 16, (3, 8, 2, 1, 200, 128, [200, 1, 77])),
                ("bf16", 32, (2, 4, 1, 4, 130, 64, [130, 64])),
                ("f16", 16, (2, 8, 8, 1, 48, 128, [17, 48])),
                ("f32", 1, (1, 2, 1, 2, 9, 64, [9]))]:
            if dt not in dtypes():
                continue
            q, k, v, sl = inputs(rng, b, hq, hkv, nq, n, d, lens, dt)
            kp, vp, table = to_paged_kv(rng, k, v, sl, bs)
            for splits in (None, 1, 4):
                want, wl = ops.decode_attention(q, k, v, sl, return_lse=True,
                                                num_splits=splits)
                got, gl = ops.decode_attention(q, kp, vp, sl, table,
                                               return_lse=True,
                                               num_splits=splits)
                what = f"{dt} block_size {bs} splits {splits}"
                self.assertTrue(np.array_equal(f64(got), f64(want)), what)
                self.assertTrue(np.array_equal(gl, wl), what)
                self.check(got, gl, q, k, v, sl, dt, what)

    def test_split_equals_unsplit(self):
        rng = np.random.default_rng(5)
        for dt in dtypes():
            q, k, v, sl = inputs(rng, 2, 8, 2, 1, 1000, 128, [1000, 300], dt)
            one = ops.decode_attention(q, k, v, sl, num_splits=1)
            want, _, (pv, _) = decode_reference(q, k, v, sl, weights=True)
            top = max(1.0, np.abs(want).max())
            extra = 2 * UP[dt] * pv if mma_kernel(dt, 128) else 0.0
            for splits in (2, 7, 40, 200):      # 200: most splits empty
                got = ops.decode_attention(q, k, v, sl, num_splits=splits)
                diff = np.abs(f64(got) - f64(one))
                bound = (2 * U[dt] * np.abs(want) + 2 * F32_BOUND * top
                         + extra)
                self.assertLessEqual((diff - bound).max(), 0.0,
                                     f"{dt} {splits} splits: {diff.max()}")

    def test_fused_merge(self):
        # fused_merge: the last block of each group merges the splits (no
        # merge kernel): the same arithmetic as the merge kernel, so the
        # same bits, for both kernels (the tensor-core one for 16-bit at
        # d128, the CUDA-core one for f32), paged, ragged lengths with
        # empty splits, row chunks (Hq/Hkv 16 with Nq 2: two chunks of a
        # group on the tensor-core kernel), twice in a row (the counters
        # start from zero each call).
        rng = np.random.default_rng(31)
        for dt, hq, nq in (("bf16", 8, 1), ("f16", 32, 2), ("f32", 8, 1)):
            q, k, v, sl = inputs(rng, 3, hq, 2, nq, 700, 128,
                                 [700, 90, 3], dt)
            for splits in (2, 7, 40):
                with ops.tuned(decode=dict(fused_merge=False)):
                    want, wl = ops.decode_attention(q, k, v, sl,
                                                    num_splits=splits,
                                                    return_lse=True)
                with ops.tuned(decode=dict(fused_merge=True)):
                    for _ in range(2):
                        got, gl = ops.decode_attention(q, k, v, sl,
                                                       num_splits=splits,
                                                       return_lse=True)
                        what = f"{dt} Hq{hq} Nq{nq} {splits} splits"
                        self.assertTrue(np.array_equal(
                            f64(got), f64(want)), what)
                        self.assertTrue(np.array_equal(gl, wl), what)

    def test_programmatic_dependent_launch(self):
        # PDL (sm_90's kernels: the decode kernel lets the merge kernel
        # launch early, the merge waits for its results): the same bits as
        # plain launches, for both decode kernels, with and without
        # splits. On the CPU backend the grid-dependency words do nothing
        # (launches run one after another); the GPU test runs the pair.
        rng = np.random.default_rng(32)
        for dt, hq in (("bf16", 8), ("f32", 8)):
            q, k, v, sl = inputs(rng, 2, hq, 2, 1, 500, 128, [500, 40],
                                 dt)
            for splits in (1, 5):
                with ops.tuned(decode=dict(pdl=False)):
                    want, wl = ops.decode_attention(
                        q, k, v, sl, num_splits=splits, return_lse=True)
                with ops.tuned(decode=dict(pdl=True)):
                    got, gl = ops.decode_attention(
                        q, k, v, sl, num_splits=splits, return_lse=True)
                what = f"{dt} {splits} splits"
                self.assertTrue(np.array_equal(f64(got), f64(want)),
                                what)
                self.assertTrue(np.array_equal(gl, wl), what)

    def test_scale_out_and_lse(self):
        rng = np.random.default_rng(6)
        q, k, v, sl = inputs(rng, 2, 4, 2, 2, 70, 64, [70, 5], "f32")
        o = ops.decode_attention(q, k, v, sl, scale=0.3)
        self.assertIsInstance(o, np.ndarray)
        self.check(o, None, q, k, v, sl, "f32", "scale 0.3", scale=0.3)
        out = np.full_like(q, np.nan)
        got = ops.decode_attention(q, k, v, sl, out=out, num_splits=3)
        self.assertIs(got, out)
        self.check(out, None, q, k, v, sl, "f32", "out=")
        out[...] = np.nan
        got, lse = ops.decode_attention(q, k, v, sl, out=out,
                                        return_lse=True)
        self.assertIs(got, out)
        self.check(out, lse, q, k, v, sl, "f32", "out= and lse")

    def test_empty(self):
        q = np.ones((1, 2, 0, 64), np.float32)
        k = np.ones((1, 1, 5, 64), np.float32)
        o, lse = ops.decode_attention(q, k, k, np.array([5], np.int32),
                                      return_lse=True)
        self.assertEqual((o.shape, lse.shape), ((1, 2, 0, 64), (1, 2, 0)))
        z = np.ones((0, 2, 1, 64), np.float32)
        kz = np.ones((0, 1, 5, 64), np.float32)
        self.assertEqual(ops.decode_attention(
            z, kz, kz, np.zeros(0, np.int32)).shape, (0, 2, 1, 64))

    def test_kernel_shapes(self):
        # The other shapes the kernel takes (the decode config's tune, for
        # benchmarks): prefetch on and off, 2 and 8 warps a block, 2 loads a
        # step, two 16-byte chunks of a key a lane (8 lanes a key at d128
        # bf16).
        rng = np.random.default_rng(11)
        dt = "bf16" if "bf16" in dtypes() else "f32"
        q, k, v, sl = inputs(rng, 2, 8, 2, 2, 120, 128, [120, 41], dt)
        for tune in ({"PREFETCH": 1}, {"WARPS": 2}, {"WARPS": 8, "U": 2},
                     {"PREFETCH": 0, "WARPS": 1}, {"CPL": 2, "U": 2},
                     {"CPL": 4, "U": 1, "PREFETCH": 0}):
            # (the CUDA-core kernel)
            with ops.tuned(decode=dict(mma=False, tune=tune)):
                o, lse = ops.decode_attention(q, k, v, sl, num_splits=2,
                                              return_lse=True)
            self.check(o, lse, q, k, v, sl, dt, f"{tune}")

    def test_async_ring(self):
        # K/V through a ring of cp.async steps in shared memory (STAGES):
        # the same keys in the same order as the register kernel, so the
        # same bits, contiguous and paged (block sizes 16 and 1: a page
        # per key), with splits whose key ranges are shorter than the
        # ring, longer, and empty; 1 to 4 stages, one and two chunks a
        # lane, 1 and 8 warps, f32 at d256 (the ring capped by max_ring).
        rng = np.random.default_rng(12)
        dt = "bf16" if "bf16" in dtypes() else "f32"
        cases = [  # dt, B, Hq, Hkv, Nq, N, d, lens
            (dt, 2, 8, 2, 2, 300, 128, [300, 41]),
            (dt, 3, 4, 4, 1, 70, 64, [1, 70, 33]),
            ("f32", 1, 2, 1, 1, 90, 256, [90])]
        tunes = ({"STAGES": 1}, {"STAGES": 2}, {"STAGES": 3},
                 {"STAGES": 4, "U": 2}, {"STAGES": 3, "CPL": 2, "U": 2},
                 {"STAGES": 2, "WARPS": 1}, {"STAGES": 3, "WARPS": 8})
        def set_tune(tune: dict) -> None:     # on the CUDA-core kernel
            ops.configure(decode=dict(mma=False, tune=tune))
        saved = ops.config("decode")
        try:
            for cdt, b, hq, hkv, nq, n, d, lens in cases:
                q, k, v, sl = inputs(rng, b, hq, hkv, nq, n, d, lens, cdt)
                pages = {}
                for bs in (16, 1):
                    kp, vp, table = to_paged_kv(rng, k, v, sl, bs)
                    pages[bs] = (kp, vp, table)
                for splits in (1, 3, 40):
                    set_tune({})
                    want, wl = ops.decode_attention(
                        q, k, v, sl, num_splits=splits, return_lse=True)
                    for tune in tunes:
                        set_tune(tune)
                        what = (f"{cdt} B{b} Hq{hq} Hkv{hkv} Nq{nq} d{d} "
                                f"splits {splits} {tune}")
                        got, gl = ops.decode_attention(
                            q, k, v, sl, num_splits=splits, return_lse=True)
                        base = {k_: v_ for k_, v_ in tune.items()
                                if k_ != "STAGES"}
                        if base:    # the register kernel of the same shape
                            set_tune(base)
                            want, wl = ops.decode_attention(
                                q, k, v, sl, num_splits=splits,
                                return_lse=True)
                            set_tune(tune)
                        self.assertTrue(np.array_equal(f64(got), f64(want)),
                                        what)
                        self.assertTrue(np.array_equal(gl, wl), what)
                        self.check(got, gl, q, k, v, sl, cdt, what)
                        if splits == 3 and tune["STAGES"] in (1, 3):
                            for bs, (kp, vp, table) in pages.items():
                                pg, pl = ops.decode_attention(
                                    q, kp, vp, sl, table, num_splits=splits,
                                    return_lse=True)
                                self.assertTrue(np.array_equal(
                                    f64(pg), f64(got)), f"{what} paged {bs}")
                                self.assertTrue(np.array_equal(pl, gl),
                                                f"{what} paged {bs}")
                        if base:
                            set_tune({})
                            want, wl = ops.decode_attention(
                                q, k, v, sl, num_splits=splits,
                                return_lse=True)
        finally:
            ops.configure(decode=saved)

    def test_mma_kernel(self):
        # The tensor-core kernel (decode-mma.fs): 8-row tiles (GQA 1:1,
        # 4:1, 8:1, Hq = 1, Nq 1 and 4) and 16-row ones (16 rows, and 32:
        # two row chunks), lengths 1, 17, 1000 and ragged, d 64 and 128,
        # both dtypes, split and not; paged equal to contiguous bit for bit
        # at block sizes 16 and 64 (one table read a step) and 1 and 8
        # (pages smaller than a step).
        rng = np.random.default_rng(14)
        cases = [  # B, Hq, Hkv, Nq, N, d, lens
            (2, 8, 2, 1, 1000, 128, [1000, 17]),
            (3, 4, 4, 1, 40, 64, [1, 40, 23]),
            (1, 8, 1, 1, 17, 128, [17]),
            (1, 1, 1, 4, 50, 64, [37]),
            (2, 8, 2, 4, 130, 128, [130, 4]),    # 16 rows a KV head
            (1, 8, 1, 4, 70, 64, [70]),          # 32: two row chunks
            (1, 32, 8, 1, 300, 128, [300]),      # the group
        ]
        with ops.tuned(decode=dict(mma=True)):
            for dt in [x for x in dtypes() if x != "f32"]:
                for b, hq, hkv, nq, n, d, lens in cases:
                    q, k, v, sl = inputs(rng, b, hq, hkv, nq, n, d, lens, dt)
                    what = f"{dt} B{b} Hq{hq} Hkv{hkv} Nq{nq} d{d} {lens}"
                    for splits in (1, 3, None):
                        o, lse = ops.decode_attention(
                            q, k, v, sl, num_splits=splits, return_lse=True)
                        self.check(o, lse, q, k, v, sl, dt,
                                   f"{what} splits {splits}")
                    if (b, hq, nq) not in ((2, 8, 1), (2, 8, 4)):
                        continue
                    for bs in (16, 64, 1, 8):
                        kp, vp, table = to_paged_kv(rng, k, v, sl, bs)
                        want, wl = ops.decode_attention(
                            q, k, v, sl, num_splits=3, return_lse=True)
                        got, gl = ops.decode_attention(
                            q, kp, vp, sl, table, num_splits=3,
                            return_lse=True)
                        self.assertTrue(np.array_equal(f64(got), f64(want)),
                                        f"{what} paged {bs}")
                        self.assertTrue(np.array_equal(gl, wl),
                                        f"{what} paged {bs}")

    def test_mma_kernel_shapes(self):
        # The MMA kernel's other shapes (mma_tune): ring stages 1
        # to 4, 32 keys a warp step, 1, 2 and 8 warps; the same keys in
        # the same order per warp step only when KT and WARPS are the
        # default's, so each is checked against f64.
        rng = np.random.default_rng(15)
        dt = "bf16" if "bf16" in dtypes() else None
        if dt is None:
            self.skipTest("no bf16")
        for b, hq, hkv, nq, n, d, lens in (
                (2, 8, 2, 2, 300, 128, [300, 41]),
                (2, 4, 1, 4, 90, 64, [90, 5])):
            q, k, v, sl = inputs(rng, b, hq, hkv, nq, n, d, lens, dt)
            for tune in ({"STAGES": 1}, {"STAGES": 2}, {"STAGES": 4},
                         {"KT": 32}, {"KT": 32, "STAGES": 3},
                         {"WARPS": 1}, {"WARPS": 2}, {"WARPS": 8}):
                with ops.tuned(decode=dict(mma=True, mma_tune=tune)):
                    for splits in (1, 3):
                        o, lse = ops.decode_attention(
                            q, k, v, sl, num_splits=splits, return_lse=True)
                        self.check(o, lse, q, k, v, sl, dt,
                                   f"d{d} {tune} splits {splits}")

    def test_stages_switch(self):
        # stages (the default's switch): the -D values and the shared
        # memory it implies (MIN_BLOCKS lowered to what fits an H100's SM;
        # the ring at most max_ring bytes).
        with ops.tuned(decode=dict(stages=3)):
            df, _ = _decode._tiles(4, "bf16", 128)
            self.assertEqual((df["STAGES"], df["PREFETCH"]), (3, 0))
            smem = _decode._smem_bytes(df, 2)
            self.assertEqual(smem, 51328)        # ptxas: 3 x 16 KiB ring
            self.assertEqual(df["MIN_BLOCKS"], 4)
        with ops.tuned(decode=dict(stages=4)):
            df, _ = _decode._tiles(4, "bf16", 128)
            self.assertEqual(df["MIN_BLOCKS"], 3)   # 67712 bytes a block
            df, _ = _decode._tiles(4, "f32", 256)   # 32 KiB a step
            self.assertEqual(df["STAGES"], 2)
            rng = np.random.default_rng(13)
            q, k, v, sl = inputs(rng, 1, 4, 1, 1, 50, 64, [50], "f32")
            o, lse = ops.decode_attention(q, k, v, sl, return_lse=True)
            self.check(o, lse, q, k, v, sl, "f32", "STAGES 4")
        self.assertNotIn("STAGES", _decode._tiles(
            4, "bf16", 128, cfg=DECODE.replace(stages=0))[0])
        self.assertEqual(_decode._tiles(
            4, "bf16", 128, cfg=DECODE.replace(stages=2))[0]["STAGES"], 2)
        # GPUs before sm_80 have no cp.async: no ring there.
        self.assertNotIn("STAGES", _decode._tiles(4, "bf16", 128,
                                                   ring=False)[0])

    def test_split_heuristic(self):
        def h(b, n, blocks_per_sm=3):
            # The shape, bf16 Hq32 Hkv8 d128 Nq1, on an H100.
            return _decode.num_splits_heuristic(
                b * 8, n, 132, blocks_per_sm, kv_bytes=2 * b * 8 * n * 256,
                split_bytes=2 * b * 32 * 128 * 4)

        def waves(b, s):
            return b * 8 * s / 396
        self.assertEqual(h(8, 4096), 6)                  # 384 of 396 slots
        self.assertGreaterEqual(waves(1, h(1, 131072)), 0.85)
        s = h(64, 1024)                                  # 1.3 waves unsplit
        self.assertGreater(s, 1)
        self.assertGreaterEqual(waves(64, s) / math.ceil(waves(64, s)), 0.9)
        self.assertEqual(h(1, 4096), 4096 // DECODE.min_split_keys)
        self.assertEqual(h(1, 300), 1)       # the merge would cost more
        self.assertEqual(h(1, 100), 1)       # too short to cut
        self.assertLessEqual(h(1, 10 ** 7), DECODE.max_splits)
        # The tensor-core kernel: one block an SM, one wave at most (the
        # H100's best split counts: bench/ops_decode.py --sweep).
        def mma(b, n):
            return _decode.num_splits_heuristic(
                b * 8, n, 132, 2, kv_bytes=2 * b * 8 * n * 256,
                split_bytes=2 * b * 32 * 128 * 4, one_wave=True)
        self.assertEqual(mma(8, 4096), 2)
        self.assertEqual(mma(1, 131072), 16)
        self.assertEqual(mma(1, 4096), 16)
        self.assertEqual(mma(64, 1024), 1)
        self.assertEqual(mma(1, 300), 1)

    def test_errors_name_the_argument(self):
        rng = np.random.default_rng(7)
        q, k, v, sl = inputs(rng, 2, 4, 2, 2, 20, 64, [20, 3], "f32")
        da = ops.decode_attention
        with self.assertRaisesRegex(ValueError, r"q: expected \(B, Hq"):
            da(q[None], k, v, sl)
        with self.assertRaisesRegex(ValueError, "k_cache: shape"):
            da(q, k[:1], v[:1], sl)
        with self.assertRaisesRegex(ValueError, "v_cache: shape"):
            da(q, k, v[:, :, :10].copy(), sl)
        with self.assertRaisesRegex(ValueError, "k_cache: 3 heads"):
            kk = np.ones((2, 3, 20, 64), np.float32)
            da(q, kk, kk, sl)
        with self.assertRaisesRegex(ValueError, "q: head dimension 48"):
            q48 = np.ones((2, 4, 2, 48), np.float32)
            k48 = np.ones((2, 2, 20, 48), np.float32)
            da(q48, k48, k48, sl)
        with self.assertRaisesRegex(TypeError, "k_cache: dtype float16, but"):
            da(q, k.astype(np.float16), v, sl)
        with self.assertRaisesRegex(TypeError, "cache_seqlens: dtype int64"):
            da(q, k, v, sl.astype(np.int64))
        with self.assertRaisesRegex(ValueError, "cache_seqlens: shape"):
            da(q, k, v, sl[:1])
        with self.assertRaisesRegex(ValueError,
                                    r"cache_seqlens: 21 is outside \[2, 20\]"):
            da(q, k, v, np.array([21, 3], np.int32))
        with self.assertRaisesRegex(ValueError,
                                    r"cache_seqlens: 1 is outside \[2, 20\]"):
            da(q, k, v, np.array([20, 1], np.int32))
        with self.assertRaisesRegex(ValueError, "k_cache: the array is not"):
            da(q, np.ones((2, 2, 64, 20), np.float32).swapaxes(2, 3), v, sl)
        with self.assertRaisesRegex(ValueError, "k_cache: not 16-byte"):
            raw = np.ones(k.size + 2, np.float32)
            da(q, raw[2:].reshape(k.shape), v, sl)
        with self.assertRaisesRegex(TypeError, "scale: expected a number"):
            da(q, k, v, sl, scale="1")
        with self.assertRaisesRegex(ValueError, "num_splits: must be in"):
            da(q, k, v, sl, num_splits=0)
        with self.assertRaisesRegex(ValueError, "out: shape"):
            da(q, k, v, sl, out=np.empty((2, 4, 2, 32), np.float32))
        with self.assertRaisesRegex(TypeError, "out: dtype"):
            da(q, k, v, sl, out=np.empty(q.shape, np.float16))
        with self.assertRaisesRegex(TypeError, "cache_seqlens: expected"):
            da(q, k, v, [20, 3])
        # Paged.
        kp, table = to_paged(rng, k, sl, 16)
        with self.assertRaisesRegex(ValueError, "block_table: shape"):
            da(q, kp, kp, sl, table[:1])
        with self.assertRaisesRegex(TypeError, "block_table: dtype int64"):
            da(q, kp, kp, sl, table.astype(np.int64))
        bad = table.copy()
        bad[0, 1] = kp.shape[0]
        with self.assertRaisesRegex(ValueError, "block_table: entry"):
            da(q, kp, kp, sl, bad)
        bad[0, 1] = -1
        with self.assertRaisesRegex(ValueError, "block_table: entry -1"):
            da(q, kp, kp, sl, bad)
        with self.assertRaisesRegex(ValueError, "k_cache: block size 12"):
            k12 = np.ones((4, 12, 2, 64), np.float32)
            da(q, k12, k12, sl, table)
        with self.assertRaisesRegex(ValueError, r"cache_seqlens: 33 is "
                                    r"outside \[2, 32\]"):
            da(q, kp, kp, np.array([33, 2], np.int32), table)

    def test_cpu_refuses_a_misaligned_cache(self):
        # What a GPU faults on (a 16-byte load from an address that is not
        # 16-byte aligned) the CPU backend refuses too, past the host check.
        from warpforth import WarpForthError
        rng = np.random.default_rng(8)
        q, k, v, sl = inputs(rng, 1, 1, 1, 1, 8, 64, [8], "f32")
        kern = _decode.c.kernel(
            "decode/decode_attention.forth", _decode.c.arg(q, "q"),
            {"HEAD_DIM": 64, "RB": 1, "U": 4, "MIN_BLOCKS": 4, "PAGED": 0,
             "T": "f32"})
        raw = np.zeros(k.size + 1, np.float32)
        km = raw[1:].reshape(k.shape)
        km[...] = k
        o, lse = np.empty_like(q), np.empty((1, 1, 1), np.float32)
        with self.assertRaisesRegex(WarpForthError, "misaligned"):
            kern(q, km, v, o, lse, lse, lse, lse, sl, sl, 1, 1, 1, 1, 8, 0,
                 1, 0, k.size, 1, 1, 1, 0.125, grid=(1, 1, 1), block=128)


class AppendKV(unittest.TestCase):
    def test_contiguous_and_paged(self):
        rng = np.random.default_rng(9)
        for dt in dtypes():
            b, hkv, n, d, nnew = 3, 2, 40, 64, 3
            lens = np.array([3, 40, 17], np.int32)
            k = cast(rng.standard_normal((b, hkv, n, d)), dt)
            v = cast(rng.standard_normal((b, hkv, n, d)), dt)
            kn = cast(rng.standard_normal((b, hkv, nnew, d)), dt)
            vn = cast(rng.standard_normal((b, hkv, nnew, d)), dt)
            want_k, want_v = k.copy(), v.copy()
            for i in range(b):
                want_k[i, :, lens[i] - nnew:lens[i]] = kn[i]
                want_v[i, :, lens[i] - nnew:lens[i]] = vn[i]
            kc, vc = k.copy(), v.copy()
            self.assertEqual(ops.append_kv(kc, vc, kn, vn, lens), (kc, vc))
            self.assertTrue(np.array_equal(kc.view(np.uint8),
                                           want_k.view(np.uint8)), dt)
            self.assertTrue(np.array_equal(vc.view(np.uint8),
                                           want_v.view(np.uint8)), dt)
            # Paged: the same append, compared through the block table.
            full = np.full(b, n, np.int32)
            kp, table = to_paged(rng, k, full, 16)
            vp = np.zeros_like(kp)
            ops.append_kv(kp, vp, kn, vn, lens, table)
            for i in range(b):
                for j in range(lens[i] - nnew, lens[i]):
                    page, slot = table[i, j // 16], j % 16
                    self.assertTrue(np.array_equal(
                        kp[page, slot].view(np.uint8),
                        want_k[i, :, j].view(np.uint8)), f"{dt} k {i} {j}")
                    self.assertTrue(np.array_equal(
                        vp[page, slot].view(np.uint8),
                        want_v[i, :, j].view(np.uint8)), f"{dt} v {i} {j}")

    def test_bits_are_copied(self):
        # NaN payloads, -0 and subnormals go through unchanged.
        bits = np.array([0x7FC0_1234, 0xFF80_0001, 0x8000_0000, 0x0000_0001],
                        np.uint32)
        kn = np.tile(bits, 16).view(np.float32).reshape(1, 1, 1, 64)
        k = np.zeros((1, 1, 4, 64), np.float32)
        v = np.zeros_like(k)
        ops.append_kv(k, v, kn, kn, np.array([2], np.int32))
        self.assertTrue(np.array_equal(k[0, 0, 1].view(np.uint32),
                                       kn[0, 0, 0].view(np.uint32)))
        self.assertTrue((k[0, 0, [0, 2, 3]] == 0).all())

    def test_decode_after_append(self):
        # A decoder's step: append the new token's K/V, then attend.
        rng = np.random.default_rng(10)
        b, hq, hkv, n, d = 2, 4, 2, 32, 64
        lens = np.array([10, 20], np.int32)
        k, v = (cast(rng.standard_normal((b, hkv, n, d)), "f32")
                for _ in "kv")
        kn, vn = (cast(rng.standard_normal((b, hkv, 1, d)), "f32")
                  for _ in "kv")
        q = cast(rng.standard_normal((b, hq, 1, d)), "f32")
        lens = lens + 1
        ops.append_kv(k, v, kn, vn, lens)
        o, lse = ops.decode_attention(q, k, v, lens, return_lse=True)
        DecodeAttention.check(self, o, lse, q, k, v, lens, "f32", "step")

    def test_errors_name_the_argument(self):
        k = np.zeros((2, 2, 8, 64), np.float32)
        kn = np.zeros((2, 2, 3, 64), np.float32)
        sl = np.array([3, 8], np.int32)
        ap = ops.append_kv
        with self.assertRaisesRegex(ValueError, "v_new: shape"):
            ap(k, k.copy(), kn, kn[:, :, :2].copy(), sl)
        with self.assertRaisesRegex(ValueError, "k_cache: 1 KV heads"):
            kk = np.zeros((2, 1, 8, 64), np.float32)
            ap(kk, kk.copy(), kn, kn, sl)
        with self.assertRaisesRegex(ValueError,
                                    r"cache_seqlens: 2 is outside \[3, 8\]"):
            ap(k, k.copy(), kn, kn, np.array([2, 8], np.int32))
        with self.assertRaisesRegex(ValueError, "k_new: a row of d = 2"):
            ap(k[..., :2].copy(), k[..., :2].copy(), kn[..., :2].copy(),
               kn[..., :2].copy(), sl)
        with self.assertRaisesRegex(TypeError, "k_cache: dtype float16"):
            ap(k.astype(np.float16), k.astype(np.float16), kn, kn, sl)


if __name__ == "__main__":
    unittest.main()
