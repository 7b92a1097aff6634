"""ops.apply_rotary and ops.rotary_cos_sin on the CPU backend against f64
numpy, in f32, f16 and bf16: small and odd shapes, partial rotary (r < d),
grouped heads (Hkv < Hq), cos/sin of shape (N, r) and (B, N, r), both
designs (ops/_rotary.py HEADS: the heads kernel at every vector width,
several heads a thread and block sizes; the rows kernel, scalar and
4-wide), in place; and errors that name the argument."""

from __future__ import annotations

import unittest

import numpy as np
from opcheck import DTYPES, assert_close, cast, dtypes, f64, import_torch

from warpforth import ops
from warpforth.ops import _common

# (B, Hq, Hkv, N, d, r, cos batched)
SHAPES = [(1, 1, 1, 1, 2, 2, False), (1, 2, 1, 33, 64, 64, False),
          (2, 4, 2, 33, 64, 64, True), (2, 3, 3, 5, 10, 6, True),
          (1, 4, 1, 7, 128, 32, False), (2, 1, 1, 3, 7, 4, False),
          (1, 2, 2, 9, 24, 16, True)]


def rotate_half(x: np.ndarray) -> np.ndarray:
    h = x.shape[-1] // 2
    return np.concatenate((-x[..., h:], x[..., :h]), -1)


def ref_rotary(x: np.ndarray, cos: np.ndarray, sin: np.ndarray):
    """HuggingFace's apply_rotary_pos_emb (unsqueeze_dim=1), with partial
    rotary: the features past r pass through."""
    r = cos.shape[-1]
    if cos.ndim == 2:
        cos, sin = cos[None, None], sin[None, None]
    else:
        cos, sin = cos[:, None], sin[:, None]
    xr = x[..., :r]
    return np.concatenate((xr * cos + rotate_half(xr) * sin, x[..., r:]), -1)


def inputs(rng, shape, dt, aligned=True):
    b, hq, hkv, n, d, r, batched = shape
    q = cast(rng.standard_normal((b, hq, n, d)), dt)
    k = cast(rng.standard_normal((b, hkv, n, d)), dt)
    cs = (b, n, r) if batched else (n, r)
    cos = cast(rng.uniform(-1, 1, cs), dt)
    sin = cast(rng.uniform(-1, 1, cs), dt)
    return q, k, cos, sin


def launched(fn):
    """fn()'s result and the (kernel file, defines) of every kernel it
    looked up (with no cached plan, so every launch looks its kernel up)."""
    used = []
    orig = _common.kernel

    def spy(file, on, defines=None, arch=None):
        used.append((file, dict(defines or {})))
        return orig(file, on, defines, arch)
    _common.clear_plans()
    _common.kernel = spy
    try:
        return fn(), used
    finally:
        _common.kernel = orig
        _common.clear_plans()


# Designs (tunables of ops/_rotary.py) the variant tests force: the rows
# kernel, and the heads kernel with 1 to 8 heads a thread (3: groups that
# do not divide the heads), narrower vectors, and blocks narrower than a
# row's units (each thread then loops over units).
VARIANTS = [
    ("rows", dict(heads=False)),
    ("heads", dict(heads=True)),
    ("heads hpt1", dict(heads=True, heads_per_thread=1)),
    ("heads hpt3", dict(heads=True, heads_per_thread=3)),
    ("heads hpt8", dict(heads=True, heads_per_thread=8)),
    ("heads 8-byte", dict(heads=True, vec_bytes=8)),
    ("heads 4-byte", dict(heads=True, vec_bytes=4)),
    ("heads block 8", dict(heads=True, heads_block=8, heads_per_thread=2)),
]
# (B, Hq, Hkv, N, d, r, cos batched): N 1, 7, 33; d 64 and 128; r < d (with
# an odd number of vectors past r: d 76); grouped heads; odd head counts.
VARIANT_SHAPES = [(1, 2, 2, 1, 64, 64, False), (2, 4, 2, 7, 128, 64, True),
                  (1, 8, 2, 33, 128, 128, False), (2, 3, 1, 33, 64, 32, True),
                  (2, 5, 5, 7, 128, 120, False), (1, 3, 1, 7, 76, 64, True),
                  (1, 1, 1, 33, 64, 48, False)]


class Rotary(unittest.TestCase):
    def check(self, got, want, dt, what):
        assert_close(self, got, want, dt, what)

    def test_shapes_and_dtypes(self):
        rng = np.random.default_rng(1)
        for shape in SHAPES:
            for dt in dtypes():
                q, k, cos, sin = inputs(rng, shape, dt)
                qo, ko = ops.apply_rotary(q, k, cos, sin)
                self.assertEqual((qo.dtype, qo.shape), (q.dtype, q.shape))
                self.assertEqual((ko.dtype, ko.shape), (k.dtype, k.shape))
                c64, s64 = f64(cos), f64(sin)
                self.check(qo, ref_rotary(f64(q), c64, s64), dt, f"q {shape}")
                self.check(ko, ref_rotary(f64(k), c64, s64), dt, f"k {shape}")
                # The features past r are copied exactly.
                r = shape[5]
                self.assertTrue((f64(qo)[..., r:] == f64(q)[..., r:]).all())

    def test_both_kernels_ran(self):
        # The rows kernel: r/2 and d - r multiples of 4 (and numpy's
        # aligned buffers) take the 4-wide f32 kernel, other shapes the
        # scalar one. The heads kernel: the widest vector (16 bytes at
        # most) that r/2, d - r and the addresses allow.
        rng = np.random.default_rng(6)
        cases = [(False, "f32", (1, 2, 1, 3, 16, 8, False), 4),
                 (False, "f32", (1, 2, 1, 3, 10, 6, True), 1),
                 (True, "f32", (1, 2, 1, 3, 16, 8, False), 4),
                 (True, "f32", (1, 2, 1, 3, 12, 4, False), 2),
                 (True, "f32", (1, 2, 1, 3, 10, 6, True), 1)]
        cases += [(True, dt, shape, v) for dt in dtypes() if dt != "f32"
                  for shape, v in (((1, 2, 1, 3, 32, 16, False), 8),
                                   ((1, 2, 1, 3, 16, 8, True), 4),
                                   ((1, 2, 1, 3, 12, 4, False), 2),
                                   ((1, 2, 1, 3, 10, 6, True), 1))]
        for heads, dt, shape, v in cases:
            q, k, cos, sin = inputs(rng, shape, dt)
            with ops.tuned(rotary=dict(heads=heads)):
                (qo, ko), used = launched(
                    lambda: ops.apply_rotary(q, k, cos, sin))
            self.check(qo, ref_rotary(f64(q), f64(cos), f64(sin)), dt,
                       f"q {shape}")
            self.check(ko, ref_rotary(f64(k), f64(cos), f64(sin)), dt,
                       f"k {shape}")
            file = ("rotary/apply_rotary_heads.forth" if heads else
                    "rotary/apply_rotary.forth")
            self.assertEqual([(f, d.get("V", 1), d.get("T")) for f, d in used],
                             [(file, v, dt)], f"{dt} {shape}")

    def test_16bit_rounding_exact(self):
        # Products of bf16 or f16 values are exact in f32, so the f32
        # result is the exact value rounded once, and the output that
        # rounded to the dtype: equal to the bit (ties to even, subnormals,
        # overflow, inf, NaN), on both designs: the rows kernel 4-wide (its
        # own conversions, d = 16) and scalar (d = 10); the heads kernel at
        # 8, 4, 2 and 1 elements a vector (d 32, 16, 12, 10).
        rng = np.random.default_rng(7)
        for dt in dtypes():
            if dt == "f32":
                continue
            big = 3e38 if dt == "bf16" else 6e4
            for heads, shapes in (
                    (False, ((2, 2, 1, 6, 16, 8, False),
                             (2, 2, 1, 6, 10, 6, True))),
                    (True, ((2, 2, 1, 6, 32, 16, False),
                            (2, 2, 1, 6, 16, 8, False),
                            (2, 3, 1, 6, 12, 4, True),
                            (2, 2, 1, 6, 10, 6, True)))):
                vs = set()
                for shape in shapes:
                    q, k, cos, sin = inputs(rng, shape, dt)
                    q = cast(rng.standard_normal(q.shape)
                             * np.exp(rng.uniform(-20, 8, q.shape)), dt)
                    q.reshape(-1)[:4] = [np.inf, -np.inf, np.nan, big]
                    k.reshape(-1)[:3] = [np.nan, 1.0, 1e-7]
                    # An infinity after a nonzero element: the pair's
                    # 32-bit word is a signaling NaN as an f32, which must
                    # travel as bits.
                    q.reshape(-1)[4:8] = [1e-30, np.inf, -3.0, -np.inf]
                    with ops.tuned(rotary=dict(heads=heads)):
                        (qo, ko), used = launched(
                            lambda: ops.apply_rotary(q, k, cos, sin))
                    vs |= {d.get("V", 1) for _, d in used}
                    for x, got in ((q, qo), (k, ko)):
                        with np.errstate(invalid="ignore", over="ignore"):
                            want = cast(ref_rotary(f64(x), f64(cos),
                                                   f64(sin))
                                        .astype(np.float32), dt)
                        g, w = got.view(np.uint16), want.view(np.uint16)
                        nan = np.isnan(f64(want))
                        self.assertTrue(np.isnan(f64(got))[nan].all(), shape)
                        self.assertTrue((g[~nan] == w[~nan]).all(),
                                        f"{dt} {shape} heads {heads}: "
                                        f"{np.count_nonzero(g != w)} differ")
                self.assertEqual(vs, {8, 4, 2, 1} if heads else {1, 4},
                                 f"{dt} heads {heads}")

    def test_variants(self):
        # Every design, forced, at small and odd shapes in every dtype.
        rng = np.random.default_rng(10)
        for shape in VARIANT_SHAPES:
            for dt in dtypes():
                q, k, cos, sin = inputs(rng, shape, dt)
                c64, s64 = f64(cos), f64(sin)
                wq, wk = ref_rotary(f64(q), c64, s64), ref_rotary(
                    f64(k), c64, s64)
                r = shape[5]
                for name, tun in VARIANTS:
                    what = f"{name} {shape}"
                    with ops.tuned(rotary=tun):
                        (qo, ko), used = launched(
                            lambda: ops.apply_rotary(q, k, cos, sin))
                    self.assertEqual(len(used), 1, what)
                    self.assertEqual("heads" in used[0][0],
                                     tun["heads"], what)
                    self.check(qo, wq, dt, f"q {what}")
                    self.check(ko, wk, dt, f"k {what}")
                    for x, o in ((q, qo), (k, ko)):
                        self.assertTrue(
                            (f64(o)[..., r:] == f64(x)[..., r:]).all(), what)

    def test_heads_kernel_copies_bits(self):
        # The heads kernel copies the features past r as they are, bit for
        # bit (NaN payloads, signaling NaNs, subnormals), at every vector
        # width; and rotates a q of no heads (k alone).
        rng = np.random.default_rng(11)
        for dt in dtypes():
            bits = {"f32": np.uint32}.get(dt, np.uint16)
            for shape in ((2, 2, 1, 5, 48, 16, False),
                          (1, 3, 3, 4, 40, 8, True),
                          (1, 2, 1, 3, 14, 4, False),
                          (1, 2, 2, 3, 9, 2, True)):
                q, k, cos, sin = inputs(rng, shape, dt)
                r = shape[5]
                for x in (q, k):
                    raw = x.view(bits)
                    raw[..., r:] = rng.integers(0, np.iinfo(bits).max,
                                                raw[..., r:].shape,
                                                dtype=np.uint64)
                with ops.tuned(rotary=dict(heads=True)):
                    qo, ko = ops.apply_rotary(q, k, cos, sin)
                for x, o in ((q, qo), (k, ko)):
                    self.assertTrue((o.view(bits)[..., r:]
                                     == x.view(bits)[..., r:]).all(),
                                    f"{dt} {shape}")
                    self.check(o[..., :r], ref_rotary(
                        f64(x[..., :r]), f64(cos), f64(sin)), dt,
                        f"{dt} {shape}")
            q0 = np.zeros((2, 0, 5, 16), q.dtype)
            k, cos, sin = (inputs(rng, (2, 1, 3, 5, 16, 16, True), dt)[1:])
            with ops.tuned(rotary=dict(heads=True)):
                qo, ko = ops.apply_rotary(q0, k, cos, sin)
            self.assertEqual(qo.shape, q0.shape)
            self.check(ko, ref_rotary(f64(k), f64(cos), f64(sin)), dt,
                       "no q heads")

    def test_16bit_words(self):
        # kernels/lib/bf16x4.fs and f16x4.fs, which the 4-wide kernels use
        # instead of BF@ BF! HF@ HF!: every 16-bit pattern loaded, and a
        # million f32 patterns (random, and around the rounding, subnormal
        # and overflow edges) stored, against numpy's conversions.
        import warpforth
        from warpforth.ops import _common
        rng = np.random.default_rng(8)
        edges = [np.arange(c - 4096, c + 4096, dtype=np.int64) for c in
                 (0x33000000, 0x38800000, 0x477FF000, 0x7F7FF000, 0x7F800000)]
        bits = np.concatenate([rng.integers(0, 2 ** 32, 2 ** 19)] + edges)
        bits = np.concatenate([bits, bits ^ 0x80000000]).astype(np.uint32)
        y = bits.view(np.float32)
        for dt, lib, word in (("f16", "f16x4", "HF4"),
                              ("bf16", "bf16x4", "BF4")):
            if dt not in dtypes():
                continue
            src = f"""
\\! kernel words_{dt}
\\! float f32
\\! param H i16[N]
\\! param X f32[N]
\\! param Y f32[N]
\\! param HO i16[N]
\\! param N i64
INCLUDE {lib}.fs
GLOBAL-ID 4 * {{ i }}
i N < IF
  H i 2 * + {word}@  X i 4 * + 4F!
  Y i 4 * + 4F@  HO i 2 * + {word}!
THEN
"""
            k = warpforth.Kernel.from_source(
                src, device="cpu", include_dirs=[str(_common.kernels_dir()
                                                     / "lib")])
            n = len(y)
            h = np.zeros(n, np.uint16)
            h[:65536] = np.arange(65536)
            x, ho = np.zeros(n, np.float32), np.zeros(n, np.uint16)
            k(h.view(np.int16), x, y, ho.view(np.int16), n,
              grid=-(-n // 1024), block=256)
            want = h[:65536].view(DTYPES[dt][0]).astype(np.float32)
            nan = np.isnan(want)
            self.assertTrue(np.isnan(x[:65536][nan]).all(), dt)
            self.assertTrue((x[:65536][~nan].view(np.uint32)
                             == want[~nan].view(np.uint32)).all(), dt)
            with np.errstate(over="ignore", invalid="ignore"):
                want = y.astype(DTYPES[dt][0])
            nan = np.isnan(want.astype(np.float32))
            got = ho.view(DTYPES[dt][0])
            self.assertTrue(np.isnan(got[nan].astype(np.float32)).all(), dt)
            self.assertTrue((ho[~nan] == want.view(np.uint16)[~nan]).all(),
                            dt)

    def test_unaligned_f32(self):
        # A view starting one float into its buffer: the scalar kernel
        # (the 4-wide one needs 16-byte alignment).
        rng = np.random.default_rng(2)
        q, k, cos, sin = inputs(rng, (1, 2, 1, 5, 16, 8, False), "f32")
        buf = np.empty(q.size + 1, np.float32)
        qv = buf[1:].reshape(q.shape)
        qv[...] = q
        qo, ko = ops.apply_rotary(qv, k, cos, sin)
        self.check(qo, ref_rotary(f64(q), f64(cos), f64(sin)), "f32", "view")

    def test_with_hf_cache(self):
        # rotary_cos_sin's cache applied to q and k, as a model does.
        rng = np.random.default_rng(3)
        for dt in dtypes():
            pos = np.arange(3, 3 + 17, dtype=np.int64)
            cos, sin = ops.rotary_cos_sin(pos, 32, dtype=DTYPES[dt][0])
            q, k, _, _ = inputs(rng, (1, 4, 2, 17, 32, 32, False), dt)
            qo, ko = ops.apply_rotary(q, k, cos, sin)
            self.check(qo, ref_rotary(f64(q), f64(cos), f64(sin)), dt, "hf")

    def test_out(self):
        rng = np.random.default_rng(4)
        q, k, cos, sin = inputs(rng, (1, 2, 1, 3, 8, 8, False), "f32")
        out = (np.empty_like(q), np.empty_like(k))
        qo, ko = ops.apply_rotary(q, k, cos, sin, out=out)
        self.assertIs(qo, out[0])
        self.assertIs(ko, out[1])
        self.check(ko, ref_rotary(f64(k), f64(cos), f64(sin)), "f32", "out=")
        # In place, on both designs and vector widths; the heads kernel
        # also with groups whose last heads repeat the last one (3 a
        # thread), read and written twice by the same thread.
        for tun in (dict(heads=False), dict(heads=True),
                    dict(heads=True, heads_per_thread=3)):
            for dt in dtypes():
                for shape in ((1, 4, 2, 5, 16, 8, True),
                              (1, 2, 1, 3, 10, 6, False),
                              (2, 4, 2, 7, 76, 64, False)):
                    q, k, cos, sin = inputs(rng, shape, dt)
                    wq = ref_rotary(f64(q), f64(cos), f64(sin))
                    wk = ref_rotary(f64(k), f64(cos), f64(sin))
                    with ops.tuned(rotary=tun):
                        qo, ko = ops.apply_rotary(q, k, cos, sin, out=(q, k))
                    self.assertIs(qo, q)
                    self.check(q, wq, dt, f"in place {shape} {tun}")
                    self.check(k, wk, dt, f"in place {shape} {tun}")

    def test_cos_sin_cache(self):
        # HuggingFace's default rope: f32 inv_freq, f32 products, cos/sin.
        for shape in ((5,), (2, 7)):
            pos = np.arange(int(np.prod(shape)), dtype=np.int64).reshape(
                shape) * 37
            for dim, base in ((8, 10000.0), (64, 500000.0)):
                cos, sin = ops.rotary_cos_sin(pos, dim, base=base)
                self.assertEqual(cos.shape, shape + (dim,))
                self.assertEqual(cos.dtype, np.float32)
                inv = 1.0 / (base ** (np.arange(0, dim, 2) / dim))
                ang = f64(pos)[..., None] * inv
                ang = np.concatenate((ang, ang), -1)
                # The angle is rounded to f32 (up to pos * 2^-24 radians)
                # before cos and sin, as in HF.
                tol = 2e-6 * max(1.0, float(pos.max()))
                self.assertLessEqual(np.abs(f64(cos) - np.cos(ang)).max(), tol)
                self.assertLessEqual(np.abs(f64(sin) - np.sin(ang)).max(), tol)
        for dt in dtypes():
            cos, sin = ops.rotary_cos_sin(np.arange(4), 6, dtype=dt)
            self.assertEqual(cos.dtype, DTYPES[dt][0])
            c32, _ = ops.rotary_cos_sin(np.arange(4), 6)
            self.assertTrue((cos == cast(c32, dt)).all(), dt)

    def test_cos_sin_to_the_ulp(self):
        # The kernel's own sine and cosine: within half an ulp (and a
        # hair) of the f64 value at HF's f32 angle, over positions up to
        # 1.5e6 and one past 2^24 (which float() rounds), both halves.
        rng = np.random.default_rng(9)
        pos = np.concatenate([np.arange(300), rng.integers(0, 1_500_000, 700),
                              [2 ** 24 + 3]]).astype(np.int64)
        for dim, base in ((128, 10000.0), (96, 500000.0), (2, 10.0)):
            cos, sin = ops.rotary_cos_sin(pos, dim, base=base)
            f32 = np.float32
            inv = f32(1.0) / (f32(base) ** (np.arange(0, dim, 2).astype(f32)
                                            / f32(dim)))
            ang = f64(pos.astype(f32)[:, None] * inv)
            ang = np.concatenate((ang, ang), -1)
            for got, want in ((cos, np.cos(ang)), (sin, np.sin(ang))):
                ulp = np.spacing(np.abs(want).astype(f32)).astype(np.float64)
                err = (np.abs(f64(got) - want) / ulp).max()
                self.assertLessEqual(err, 0.51, f"dim {dim} base {base}")

    def test_errors_name_the_argument(self):
        rng = np.random.default_rng(5)
        q, k, cos, sin = inputs(rng, (1, 4, 2, 3, 8, 8, False), "f32")
        with self.assertRaisesRegex(TypeError, "q: dtype float64"):
            ops.apply_rotary(f64(q), k, cos, sin)
        with self.assertRaisesRegex(TypeError, "k: dtype float16"):
            ops.apply_rotary(q, k.astype(np.float16), cos, sin)
        with self.assertRaisesRegex(TypeError, "sin: dtype float16"):
            ops.apply_rotary(q, k, cos, sin.astype(np.float16))
        with self.assertRaisesRegex(ValueError, "q: expected at least 4"):
            ops.apply_rotary(q[0], k, cos, sin)
        with self.assertRaisesRegex(ValueError, "k: shape"):
            ops.apply_rotary(q, k[..., :6].copy(), cos, sin)
        with self.assertRaisesRegex(ValueError, "k: its 3 heads do not "
                                    "divide q's 4"):
            ops.apply_rotary(q, np.ones((1, 3, 3, 8), np.float32), cos, sin)
        with self.assertRaisesRegex(ValueError, "cos: shape"):
            ops.apply_rotary(q, k, cos[:2].copy(), sin[:2].copy())
        with self.assertRaisesRegex(ValueError, "cos: shape"):
            ops.apply_rotary(q, k, np.ones((2, 3, 8), np.float32),
                             np.ones((2, 3, 8), np.float32))
        with self.assertRaisesRegex(ValueError, "cos: .* r = 5 must be even"):
            ops.apply_rotary(q, k, cos[:, :5].copy(), sin[:, :5].copy())
        with self.assertRaisesRegex(ValueError, "cos: .* r = 10 is larger"):
            ops.apply_rotary(q, k, np.ones((3, 10), np.float32),
                             np.ones((3, 10), np.float32))
        with self.assertRaisesRegex(ValueError, "sin: shape"):
            ops.apply_rotary(q, k, cos, sin[:, :4].copy())
        with self.assertRaisesRegex(ValueError, "q: the array is not"):
            ops.apply_rotary(np.swapaxes(q, 1, 2), k, cos, sin)
        with self.assertRaisesRegex(ValueError, "out\\[1\\]: shape"):
            ops.apply_rotary(q, k, cos, sin, out=(np.empty_like(q),
                                                  np.empty_like(q)))
        with self.assertRaisesRegex(TypeError, "out: expected a pair"):
            ops.apply_rotary(q, k, cos, sin, out=np.empty_like(q))
        with self.assertRaisesRegex(TypeError, "position_ids: dtype"):
            ops.rotary_cos_sin(np.arange(4.0), 8)
        with self.assertRaisesRegex(ValueError, "position_ids: expected"):
            ops.rotary_cos_sin(np.zeros((1, 2, 3), np.int64), 8)
        with self.assertRaisesRegex(ValueError, "dim: expected a positive"):
            ops.rotary_cos_sin(np.arange(4), 7)
        with self.assertRaisesRegex(TypeError, "dtype: float64"):
            ops.rotary_cos_sin(np.arange(4), 8, dtype="float64")


class RotaryAutograd(unittest.TestCase):
    def test_gradient_is_the_reverse_rotation(self):
        # On torch tensors that require grad, apply_rotary is the custom
        # op with autograd: dq, dk equal those of the rotation written in
        # torch (f32: the same products and sums), partial rotary and
        # GQA included; cos and sin get none.
        torch = import_torch()
        if torch is None:
            self.skipTest("needs torch")
        g = torch.Generator().manual_seed(2)
        q = torch.randn(2, 4, 9, 64, generator=g, requires_grad=True)
        k = torch.randn(2, 2, 9, 64, generator=g, requires_grad=True)
        cos, sin = ops.rotary_cos_sin(torch.arange(9), 32)

        def ref(x):
            r = x[..., :32]
            rot = torch.cat([-r[..., 16:], r[..., :16]], -1)
            return torch.cat([r * cos + rot * sin, x[..., 32:]], -1)
        dq, dk = torch.randn_like(q), torch.randn_like(k)
        a, b = ops.apply_rotary(q, k, cos, sin)
        got = torch.autograd.grad((a * dq).sum() + (b * dk).sum(), (q, k))
        want = torch.autograd.grad((ref(q) * dq).sum() + (ref(k) * dk).sum(),
                                   (q, k))
        for x, y in zip(got, want):
            torch.testing.assert_close(x, y, rtol=1e-6, atol=1e-6)


if __name__ == "__main__":
    unittest.main()
