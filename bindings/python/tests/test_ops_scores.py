"""ops.attention_scores on the CPU backend against f64 numpy, in f32, f16
and bf16: one query (N=1), N < M (decoding: the diagonal at the
bottom-right), N = M, N > M, causal and not, scale given, odd sizes and
tiles wholly above the diagonal; and errors that name the argument."""

from __future__ import annotations

import unittest

import numpy as np
from opcheck import DTYPES, cast, dtypes, f64

from warpforth import ops

# (B, H, N, M, d)
SHAPES = [(1, 1, 1, 1, 2), (1, 2, 1, 37, 64), (2, 3, 33, 33, 64),
          (1, 2, 5, 70, 3), (1, 1, 130, 130, 17), (2, 1, 65, 200, 8),
          (1, 1, 70, 40, 5)]


def ref_scores(q, k, causal, scale):
    n, m = q.shape[-2], k.shape[-2]
    s = np.einsum("bhnd,bhmd->bhnm", q, k) * scale
    if causal:
        hidden = np.arange(m)[None, :] > np.arange(n)[:, None] + (m - n)
        s = np.where(hidden, -np.inf, s)
    return s


class Scores(unittest.TestCase):
    def check(self, got, q, k, causal, scale, dt, what):
        want = ref_scores(q, k, causal, scale)
        got = f64(got)
        shown = np.isfinite(want)
        self.assertTrue((got[~shown] == -np.inf).all(), f"{what}: mask")
        # The output's rounding (DTYPES, relative to the largest score)
        # plus the f32 sum of d products: d * 2^-24 of sum |q_i k_i|.
        d = q.shape[-1]
        sums = np.einsum("bhnd,bhmd->bhnm", np.abs(q), np.abs(k)) * abs(scale)
        tol = (DTYPES[dt][1] * max(1.0, np.abs(want[shown]).max(initial=0))
               + d * 2.0 ** -24 * sums.max())
        err = np.abs(got[shown] - want[shown]).max(initial=0)
        self.assertLessEqual(err, tol, f"{what} {dt}: error {err:.3g}")

    def test_shapes_and_dtypes(self):
        rng = np.random.default_rng(1)
        for shape in SHAPES:
            b, h, n, m, d = shape
            for dt in dtypes():
                q = cast(rng.standard_normal((b, h, n, d)), dt)
                k = cast(rng.standard_normal((b, h, m, d)), dt)
                for causal in (True, False):
                    s = ops.attention_scores(q, k, causal=causal)
                    self.assertEqual((s.dtype, s.shape),
                                     (q.dtype, (b, h, n, m)))
                    self.check(s, f64(q), f64(k), causal, d ** -0.5, dt,
                               f"{shape} causal={causal}")

    def test_every_kernel_ran(self):
        # Tall and decoding tiles, scalar and wide stores (f32: 4 scores
        # where M % 4 == 0, on the tensor cores: 2 where M is even), each
        # dtype.
        from warpforth.ops import _common
        rng = np.random.default_rng(3)
        for n, m in ((1, 12), (3, 13), (40, 64), (17, 31)):
            for dt in dtypes():
                q = cast(rng.standard_normal((1, 2, n, 8)), dt)
                k = cast(rng.standard_normal((1, 2, m, 8)), dt)
                for causal in (True, False):
                    s = ops.attention_scores(q, k, causal=causal)
                    self.check(s, f64(q), f64(k), causal, 8 ** -0.5, dt,
                               f"N{n} M{m} causal={causal}")
        seen = {(key[0], dict(key[3]).get("T", "f32"),
                 dict(key[3]).get("VST", 1), dict(key[3]).get("BN", 64))
                for key in _common._kernels if key[0].startswith("scores/")}
        for dt in dtypes():
            f = ("scores/attention_scores_f32.forth" if dt == "f32" else
                 "scores/attention_scores_mma.forth")
            want = {(f, dt, v, bn) for v in (1, 4 if dt == "f32" else 2)
                    for bn in (16, 64)}
            self.assertTrue(want <= seen, f"{dt}: {sorted(seen)}")

    def test_scale(self):
        rng = np.random.default_rng(2)
        q = cast(rng.standard_normal((1, 2, 9, 16)), "f32")
        k = cast(rng.standard_normal((1, 2, 12, 16)), "f32")
        for scale in (1.0, 0.3, -2.0):
            s = ops.attention_scores(q, k, causal=False, scale=scale)
            self.check(s, f64(q), f64(k), False, scale, "f32",
                       f"scale {scale}")

    def test_out(self):
        q = np.ones((1, 1, 3, 4), np.float32)
        k = np.ones((1, 1, 5, 4), np.float32)
        out = np.empty((1, 1, 3, 5), np.float32)
        self.assertIs(ops.attention_scores(q, k, out=out), out)
        self.check(out, f64(q), f64(k), True, 0.5, "f32", "out=")

    def test_errors_name_the_argument(self):
        q = np.ones((1, 2, 3, 4), np.float32)
        k = np.ones((1, 2, 5, 4), np.float32)
        with self.assertRaisesRegex(TypeError, "q: dtype float64"):
            ops.attention_scores(f64(q), k)
        with self.assertRaisesRegex(TypeError, "k: dtype float16"):
            ops.attention_scores(q, k.astype(np.float16))
        with self.assertRaisesRegex(ValueError, "q: expected at least 4"):
            ops.attention_scores(q[0], k)
        with self.assertRaisesRegex(ValueError, "k: shape"):
            ops.attention_scores(q, np.ones((1, 2, 5, 3), np.float32))
        with self.assertRaisesRegex(ValueError, "k: shape"):
            ops.attention_scores(q, np.ones((1, 1, 5, 4), np.float32))
        with self.assertRaisesRegex(ValueError, "k: the array is not"):
            ops.attention_scores(q, np.ones((1, 2, 4, 5), np.float32)
                                 .swapaxes(2, 3))
        with self.assertRaisesRegex(ValueError, "out: shape"):
            ops.attention_scores(q, k, out=np.empty((1, 2, 3, 4), np.float32))
        with self.assertRaisesRegex(TypeError, "out: dtype"):
            ops.attention_scores(q, k, out=np.empty((1, 2, 3, 5), np.float16))
        with self.assertRaisesRegex(TypeError, "scale: expected a number"):
            ops.attention_scores(q, k, scale="1")

    def test_empty(self):
        q = np.ones((1, 2, 0, 4), np.float32)
        k = np.ones((1, 2, 5, 4), np.float32)
        self.assertEqual(ops.attention_scores(q, k).shape, (1, 2, 0, 5))


if __name__ == "__main__":
    unittest.main()
