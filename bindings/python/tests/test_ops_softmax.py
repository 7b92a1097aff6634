"""ops.softmax and ops.softmax_backward on the CPU backend against f64
numpy, in f32, f16 and bf16, at small and odd shapes and on every path
(a group of lanes per row, a block per row, a row split across blocks)."""

from __future__ import annotations

import unittest

import numpy as np
from opcheck import assert_close, cast, dtypes, f64

from warpforth import ops
from warpforth.ops import _softmax as sm

SHAPES = [(1, 1), (1, 2), (3, 31), (5, 33), (2, 3, 7), (4, 1000), (3, 4097),
          # a block per row: many rows of more than SHORT columns
          (sm.MIN_BLOCKS, 1500),
          # split across blocks: few rows longer than 2 CHUNKs
          (2, 2 * sm.CHUNK + 77), (2, 3 * sm.CHUNK)]


def ref_softmax(x: np.ndarray) -> np.ndarray:
    m = x.max(-1, keepdims=True)
    e = np.exp(x - m)
    return e / e.sum(-1, keepdims=True)


class Softmax(unittest.TestCase):
    def check(self, got, want, dt, what):
        assert_close(self, got, want, dt, what)

    def test_shapes_and_dtypes(self):
        rng = np.random.default_rng(1)
        for shape in SHAPES:
            for dt in dtypes():
                x = cast(rng.standard_normal(shape) * 5, dt)
                y = ops.softmax(x)
                self.assertEqual(y.dtype, x.dtype)
                self.assertEqual(y.shape, x.shape)
                self.check(y, ref_softmax(f64(x)), dt, f"softmax {shape}")

    def test_streaming_rows(self):
        # Rows too long for registers or shared memory are read twice
        # instead (VPT=0).
        sm.REGISTERS = sm.SHARED_ROWS = False
        try:
            rng = np.random.default_rng(3)
            for dt in dtypes():
                x = cast(rng.standard_normal((sm.MIN_BLOCKS, 1100)) * 5, dt)
                y = ops.softmax(x)
                self.check(y, ref_softmax(f64(x)), dt, "streaming")
                dy = cast(rng.standard_normal(x.shape), dt)
                y64, dy64 = f64(y), f64(dy)
                want = y64 * (dy64 - (dy64 * y64).sum(-1, keepdims=True))
                self.check(ops.softmax_backward(y, dy), want, dt,
                           "streaming backward")
        finally:
            sm.REGISTERS = sm.SHARED_ROWS = True

    def test_shared_rows(self):
        # Rows too long for registers, kept in shared memory (forward).
        sm.REGISTERS = False
        try:
            rng = np.random.default_rng(5)
            for dt in dtypes():
                x = cast(rng.standard_normal((sm.MIN_BLOCKS, 1100)) * 5, dt)
                self.check(ops.softmax(x), ref_softmax(f64(x)), dt, "shared")
                x[3, ::3] = -np.inf
                x[4, :] = -np.inf
                y = ops.softmax(x)
                self.assertTrue((y[3, ::3] == 0).all())
                self.assertTrue(np.isnan(y[4]).all())
        finally:
            sm.REGISTERS = True

    def test_backward(self):
        rng = np.random.default_rng(2)
        for shape in SHAPES:
            for dt in dtypes():
                y = cast(ref_softmax(rng.standard_normal(shape) * 3), dt)
                dy = cast(rng.standard_normal(shape), dt)
                dx = ops.softmax_backward(y, dy)
                y64, dy64 = f64(y), f64(dy)
                want = y64 * (dy64 - (dy64 * y64).sum(-1, keepdims=True))
                self.check(dx, want, dt, f"backward {shape}")

    def test_infinities(self):
        for cols in (5, 40, 3000, 2 * sm.CHUNK + 5):
            rows = 2
            x = np.zeros((rows, cols), np.float32)
            x[0, :] = -np.inf                 # all -inf: NaN, as torch
            x[1, ::2] = -np.inf               # some -inf: exact zeros there
            x[1, 1::2] = np.arange(1, cols, 2) % 7
            y = ops.softmax(x)
            self.assertTrue(np.isnan(y[0]).all(), f"cols {cols}")
            self.assertTrue((y[1, ::2] == 0).all(), f"cols {cols}")
            self.assertAlmostEqual(float(f64(y[1]).sum()), 1.0, places=5)
            # A +inf makes the row NaN (inf - inf), as in torch.
            z = np.zeros((1, cols), np.float32)
            z[0, cols // 2] = np.inf
            self.assertTrue(np.isnan(ops.softmax(z)).all(), f"cols {cols}")

    def test_unaligned_rows(self):
        # Rows of a length not a multiple of 4, and a view starting one
        # element in: one element per access.
        rng = np.random.default_rng(4)
        for dt in dtypes():
            base = cast(rng.standard_normal(4 * 64 + 1) * 3, dt)
            x = base[1:].reshape(4, 64)
            self.check(ops.softmax(x), ref_softmax(f64(x)), dt, "offset")
            x = cast(rng.standard_normal((3, 2 * sm.CHUNK + 2)), dt)
            self.check(ops.softmax(x), ref_softmax(f64(x)), dt, "odd split")

    def test_out(self):
        x = np.linspace(-3, 3, 70, dtype=np.float32).reshape(2, 35)
        out = np.empty_like(x)
        self.assertIs(ops.softmax(x, out=out), out)
        self.check(out, ref_softmax(f64(x)), "f32", "out=")

    def test_errors_name_the_argument(self):
        x = np.ones((2, 8), np.float32)
        with self.assertRaisesRegex(TypeError, "x: dtype float64"):
            ops.softmax(np.ones((2, 8)))
        with self.assertRaisesRegex(ValueError, "x: the array is not "
                                    "C-contiguous"):
            ops.softmax(np.ones((8, 2), np.float32).T)
        with self.assertRaisesRegex(ValueError, "out: shape"):
            ops.softmax(x, out=np.empty((2, 7), np.float32))
        with self.assertRaisesRegex(TypeError, "out: dtype"):
            ops.softmax(x, out=np.empty((2, 8), np.float16))
        with self.assertRaisesRegex(ValueError, "dy: shape"):
            ops.softmax_backward(x, np.ones((2, 9), np.float32))
        with self.assertRaisesRegex(TypeError, "dy: dtype float16"):
            ops.softmax_backward(x, np.ones((2, 8), np.float16))
        with self.assertRaisesRegex(TypeError, "x: expected a torch tensor"):
            ops.softmax([1.0, 2.0])
        with self.assertRaisesRegex(ValueError, "x: expected at least 1"):
            ops.softmax(np.float32(1.0).reshape(()))

    def test_empty(self):
        self.assertEqual(ops.softmax(np.ones((0, 4), np.float32)).shape,
                         (0, 4))


if __name__ == "__main__":
    unittest.main()
