"""ops.softmax and ops.softmax_backward on the CPU backend against f64
numpy, in f32, f16 and bf16, at small and odd shapes and on every path
(a group of lanes per row, a block per row, a row split across blocks)."""

from __future__ import annotations

import unittest

import numpy as np
from opcheck import assert_close, cast, dtypes, f64

from warpforth import ops
from warpforth.ops import _common as common
from warpforth.ops import _softmax as sm

SOFTMAX = ops.SoftmaxConfig()   # the defaults
SHAPES = [(1, 1), (1, 2), (3, 31), (5, 33), (2, 3, 7), (4, 1000), (3, 4097),
          # a block per row: many rows of more than `short` columns
          (SOFTMAX.min_blocks, 1500),
          # split across blocks: few rows longer than 2 CHUNKs
          (2, 2 * SOFTMAX.chunk + 77), (2, 3 * SOFTMAX.chunk)]


def ref_softmax(x: np.ndarray) -> np.ndarray:
    m = x.max(-1, keepdims=True)
    e = np.exp(x - m)
    return e / e.sum(-1, keepdims=True)


# Per element: the output's rounding (half an ulp, a whole one here) on
# top of f32 math with ex2.approx, relative to each value, down to the
# dtype's subnormals.
ELEMENT_BOUND = {"f32": (2e-5, 1e-37), "f16": (2.0 ** -10, 2.0 ** -24),
                 "bf16": (2.0 ** -7, 1e-38)}


def pipe_kernels() -> int:
    """How many softmax_pipe kernels the op has compiled so far."""
    return sum("softmax_pipe" in k[0] for k in common._kernels)


def cluster_kernels() -> int:
    """How many softmax_cluster kernels the op has compiled so far."""
    return sum("softmax_cluster" in k[0] for k in common._kernels)


class Softmax(unittest.TestCase):
    def check(self, got, want, dt, what):
        assert_close(self, got, want, dt, what)

    def check_elements(self, got, want, dt, what):
        rel, tiny = ELEMENT_BOUND[dt]
        err = np.abs(f64(got) - want) - (rel * np.abs(want) + tiny)
        worst = np.unravel_index(np.argmax(err), err.shape)
        self.assertLessEqual(err[worst], 0, f"{what} {dt}: {worst} "
                             f"got {f64(got)[worst]!r} want {want[worst]!r}")

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
        with ops.tuned(softmax=dict(registers=False, shared_rows=False)):
            rng = np.random.default_rng(3)
            for dt in dtypes():
                x = cast(rng.standard_normal((SOFTMAX.min_blocks, 1100)) * 5,
                         dt)
                y = ops.softmax(x)
                self.check(y, ref_softmax(f64(x)), dt, "streaming")
                dy = cast(rng.standard_normal(x.shape), dt)
                y64, dy64 = f64(y), f64(dy)
                want = y64 * (dy64 - (dy64 * y64).sum(-1, keepdims=True))
                self.check(ops.softmax_backward(y, dy), want, dt,
                           "streaming backward")

    def test_shared_rows(self):
        # Rows too long for registers, kept in shared memory (forward).
        with ops.tuned(softmax=dict(registers=False)):
            rng = np.random.default_rng(5)
            for dt in dtypes():
                x = cast(rng.standard_normal((SOFTMAX.min_blocks, 1100)) * 5,
                         dt)
                self.check(ops.softmax(x), ref_softmax(f64(x)), dt, "shared")
                x[3, ::3] = -np.inf
                x[4, :] = -np.inf
                y = ops.softmax(x)
                self.assertTrue((y[3, ::3] == 0).all())
                self.assertTrue(np.isnan(y[4]).all())

    def test_pipe_rows(self):
        # Rows through softmax_pipe.forth: 1 to 8 vectors a thread,
        # partial last vectors, a block running several rows
        # (cpu_pipe_blocks = 3) or one, 1 to 3 rows in shared memory (f32
        # rows of 32K columns: 1, all that fits).
        rng = np.random.default_rng(6)
        before = pipe_kernels()
        shapes = [(7, 1032), (5, 8200), (2, 16392), (4, 4 * 8192),
                  (3, 3 * 8192 + 8)]
        for nbuf in (1, 2, 3):
            with ops.tuned(softmax=dict(
                    pipe_min_cols=1025, pipe_nbuf=nbuf, min_blocks=1,
                    pipe_dtypes=("f32", "bf16", "f16"))):
                for shape in shapes:
                    for dt in dtypes():
                        x = cast(rng.standard_normal(shape) * 5, dt)
                        a = common.arg(x, "x")
                        self.assertIsNotNone(sm._pipe(
                            ops.config("softmax"), a, shape[1], [a]))
                        y = ops.softmax(x)
                        want = ref_softmax(f64(x))
                        what = f"pipe {shape} nbuf {nbuf}"
                        self.check(y, want, dt, what)
                        self.check_elements(y, want, dt, what)
        self.assertGreaterEqual(pipe_kernels() - before, 30)

    def test_pipe_infinities(self):
        with ops.tuned(softmax=dict(pipe_min_cols=1025,
                                pipe_dtypes=("f32", "bf16", "f16"))):
            for dt in dtypes():
                x = cast(np.zeros((5, 1040)), dt)
                x[0, :] = -np.inf               # all -inf: NaN, as torch
                x[1, ::3] = -np.inf             # some -inf: exact zeros
                x[1, 1::3] = 2.0
                x[2, 100] = np.inf              # +inf: NaN (inf - inf)
                x[3, :] = -60000.0              # large equal values
                x[4, 7] = 1.0
                y = ops.softmax(x)
                self.assertTrue(np.isnan(f64(y[0])).all(), dt)
                self.assertTrue((f64(y[1, ::3]) == 0).all(), dt)
                self.assertAlmostEqual(float(f64(y[1]).sum()), 1.0, places=2)
                self.assertTrue(np.isnan(f64(y[2])).all(), dt)
                self.check_elements(y[3:], ref_softmax(f64(x[3:])), dt,
                                    "pipe finite rows")

    def test_split_variants(self):
        # The split rows (few long rows): registers or the streaming loop,
        # the write phase in either block order, rows in batches of launch
        # pairs, a smaller chunk; chunks of -inf, a row of -inf, and a last
        # chunk of 1 or 4.
        rng = np.random.default_rng(7)
        chunk = SOFTMAX.chunk
        cols = [2 * chunk + 1, 2 * chunk + 4, 3 * chunk + 4]
        for regs, rev, batch in [(True, False, 0), (True, True, 0),
                                 (True, True, 2), (False, True, 1),
                                 (False, False, 0), (True, True, -4096)]:
            chunk = -batch if batch < 0 else SOFTMAX.chunk
            with ops.tuned(softmax=dict(split_regs=regs, split_rev=rev,
                                    split_batch=max(batch, 0), chunk=chunk)):
                for n in cols if batch >= 0 else [2 * chunk + 8]:
                    for dt in dtypes():
                        x = cast(rng.standard_normal((5, n)) * 5, dt)
                        x[1, : chunk + 3] = -np.inf
                        x[2, :] = -np.inf
                        y = ops.softmax(x)
                        what = f"split {n} regs {regs} rev {rev} {batch}"
                        self.assertTrue(np.isnan(f64(y[2])).all(), what)
                        self.assertTrue((f64(y[1, : chunk + 3]) == 0)
                                        .all(), what)
                        keep = [0, 1, 3, 4]
                        want = ref_softmax(f64(x[keep]))
                        self.check(y[keep], want, dt, what)
                        self.check_elements(y[keep], want, dt, what)

    def test_cluster_rows(self):
        # The split rows in one launch, a cluster of cluster_blocks blocks
        # a row (on the CPU backend only when cluster_cpu forces it): 1 to
        # 3 rows, lengths at the chunk boundaries (B * 1024 * k +- 1: a
        # vector more or less per thread), odd lengths (one element per
        # access), the longest row the registers take (1024 threads); with
        # fewer values a thread (cluster_values) more threads and a row too
        # long for the cluster, which takes the split path. A block's
        # whole chunk of -inf, a row of -inf (NaN), a +inf (NaN).
        rng = np.random.default_rng(11)
        b = SOFTMAX.cluster_blocks
        chunk = SOFTMAX.chunk
        cases = [(32, n) for n in (2 * chunk + 1, 2 * chunk + 4,
                                   b * 1024 * 3 - 1, b * 1024 * 3,
                                   b * 1024 * 3 + 1, b * 1024 * 4 + 4,
                                   100003, b * 1024 * 32)]
        cases += [(4, b * 1024 * 4), (4, b * 1024 * 4 - 4), (4, 20003)]
        for i, (values, n) in enumerate(cases):
            rows = 1 + i % 3
            with ops.tuned(softmax=dict(
                    cluster_cpu=True, cluster_values=values,
                    cluster_dtypes=("f32", "bf16", "f16"))):
                for dt in dtypes():
                    x = cast(rng.standard_normal((rows, n)) * 5, dt)
                    first = -(-n // b) + 3          # block 0's chunk and more
                    x[0, :first] = -np.inf
                    if rows > 1:
                        x[1, :] = -np.inf
                    what = f"cluster {rows}x{n} values {values}"
                    self.assertIsNotNone(sm._cluster(ops.config("softmax"),
                        common.arg(x, "x"), n, 4 if n % 4 == 0 else 1), what)
                    y = ops.softmax(x)
                    self.assertTrue((f64(y[0, :first]) == 0).all(), what)
                    if rows > 1:
                        self.assertTrue(np.isnan(f64(y[1])).all(), what)
                    keep = [0] + list(range(2, rows))
                    want = ref_softmax(f64(x[keep]))
                    self.check(y[keep], want, dt, what)
                    self.check_elements(y[keep], want, dt, what)
                    z = cast(np.zeros((1, n)), dt)
                    z[0, n - 2] = np.inf
                    self.assertTrue(np.isnan(f64(ops.softmax(z))).all(), what)
        self.assertGreater(cluster_kernels(), 0)
        # Too long for the cluster's registers: the split path.
        with ops.tuned(softmax=dict(cluster_cpu=True, cluster_values=4,
                                cluster_dtypes=("f32", "bf16", "f16"))):
            x = cast(rng.standard_normal((2, b * 1024 * 4 + 4)), "f32")
            self.assertIsNone(sm._cluster(ops.config("softmax"),
                                          common.arg(x, "x"), x.shape[1], 4))
            self.check(ops.softmax(x), ref_softmax(f64(x)), "f32",
                       "cluster fallback")
        # Off by default on the CPU backend.
        self.assertIsNone(sm._cluster(ops.config("softmax"),
                                      common.arg(x, "x"), x.shape[1], 4))

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
        for cols in (5, 40, 3000, 2 * SOFTMAX.chunk + 5):
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
            x = cast(rng.standard_normal((3, 2 * SOFTMAX.chunk + 2)), dt)
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
