"""Issue 34, items 4, 5, 11 and 12, on the CPU backend with numpy arrays and
CPU torch tensors: an out= (or append_kv's caches) sharing memory with an
input is refused naming both, also after a plan was made without the
overlap; rotary_cos_sin refuses positions past +-2^27 and is within half
an f32 ulp up to there; grids past a GPU's limits are refused naming the
argument; scalar arguments go through one checking path (numpy scalars
accepted, bools refused, ranges named), also after a replayed plan.
ctest python-ops-args."""

from __future__ import annotations

import math
import sys
import unittest
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from opcheck import import_torch  # noqa: E402
from warpforth import ops  # noqa: E402

torch = import_torch()
rng = np.random.default_rng(34)


def randn(*shape):
    return rng.standard_normal(shape).astype(np.float32)


def kinds():
    """numpy, and torch CPU tensors where torch is installed."""
    yield "numpy", lambda a: a
    if torch is not None:
        yield "torch", torch.from_numpy


class OverlapTest(unittest.TestCase):
    """Item 4."""

    def test_flash_attention_out_on_k_or_v(self):
        for kind, t in kinds():
            q, k, v = (t(randn(1, 2, 8, 64)) for _ in range(3))
            for name, out in (("k", k), ("v", v), ("q", q)):
                with self.subTest(kind=kind, out=name):
                    with self.assertRaisesRegex(ValueError,
                                                f"out overlaps {name}"):
                        ops.flash_attention(q, k, v, out=out)

    def test_flash_attention_partial_overlap_after_a_plan(self):
        # k and out views of one buffer, one row apart; first the same
        # layout on two buffers (a plan is made), then the overlap.
        for kind, t in kinds():
            with self.subTest(kind=kind):
                q = t(randn(1, 2, 8, 64))
                v = t(randn(1, 2, 8, 64))
                big, other = t(randn(1, 2, 9, 64)), t(randn(1, 2, 9, 64))
                k = big[:, :, :8]
                ops.flash_attention(q, k, v, out=other[:, :, 1:])
                ops.flash_attention(q, k, v, out=other[:, :, 1:])
                with self.assertRaisesRegex(ValueError, "out overlaps k"):
                    ops.flash_attention(q, k, v, out=big[:, :, 1:])

    def test_apply_rotary_swapped_outputs(self):
        for kind, t in kinds():
            q, k = t(randn(1, 2, 4, 8)), t(randn(1, 2, 4, 8))
            cos, sin = ops.rotary_cos_sin(np.arange(4), 8)
            cos, sin = t(cos), t(sin)
            with self.subTest(kind=kind):
                with self.assertRaisesRegex(ValueError, "out\\[0\\] overlaps k"):
                    ops.apply_rotary(q, k, cos, sin, out=(k, q))
                o = t(randn(1, 2, 4, 8))
                with self.assertRaisesRegex(ValueError,
                                            "out\\[1\\] overlaps out\\[0\\]"):
                    ops.apply_rotary(q, k, cos, sin, out=(o, o))
                # In place still works.
                wq, wk = ops.apply_rotary(q, k, cos, sin)
                ops.apply_rotary(q, k, cos, sin, out=(q, k))
                np.testing.assert_array_equal(np.asarray(q), np.asarray(wq))
                np.testing.assert_array_equal(np.asarray(k), np.asarray(wk))

    def test_softmax_and_topk_in_place_or_disjoint_only(self):
        n = 64
        for kind, t in kinds():
            with self.subTest(kind=kind):
                buf, other = t(randn(2 * n + 1)), t(randn(2 * n + 1))
                x = buf[:2 * n].reshape(2, n)
                want = np.asarray(ops.softmax(x)).copy()
                ops.softmax(x, out=other[1:].reshape(2, n))  # a plan
                ops.softmax(x, out=other[1:].reshape(2, n))
                with self.assertRaisesRegex(ValueError, "out overlaps x"):
                    ops.softmax(x, out=buf[1:].reshape(2, n))
                y = x.clone() if kind == "torch" else x.copy()
                ops.softmax(y, out=y)                     # in place
                np.testing.assert_array_equal(np.asarray(y), want)
                dbuf = t(randn(2 * n + 1))
                dy = dbuf[:2 * n].reshape(2, n)
                with self.assertRaisesRegex(ValueError, "out overlaps dy"):
                    ops.softmax_backward(t(want), dy,
                                         out=dbuf[1:].reshape(2, n))
                for op in (lambda o: ops.top_k_mask(x, 3, out=o),
                           lambda o: ops.top_p_mask(x, 0.5, out=o)):
                    op(other[1:].reshape(2, n))
                    with self.assertRaisesRegex(ValueError,
                                                "out overlaps logits"):
                        op(buf[1:].reshape(2, n))

    def test_scores_and_decode_out_on_an_input(self):
        for kind, t in kinds():
            with self.subTest(kind=kind):
                q, k = t(randn(1, 2, 4, 16)), t(randn(1, 2, 4, 16))
                with self.assertRaisesRegex(ValueError, "out overlaps k"):
                    ops.attention_scores(q, k, out=_view_of(k, (1, 2, 4, 4),
                                                            t))
                q = t(randn(1, 2, 1, 64))
                kc, vc = t(randn(1, 2, 8, 64)), t(randn(1, 2, 8, 64))
                sl = t(np.array([8], np.int32))
                with self.assertRaisesRegex(ValueError, "out overlaps v_cache"):
                    ops.decode_attention(q, kc, vc, sl,
                                         out=_view_of(vc, (1, 2, 1, 64), t))
                with self.assertRaisesRegex(ValueError, "out overlaps q"):
                    ops.decode_attention(q, kc, vc, sl, out=q)

    def test_append_kv_caches_and_inputs(self):
        for kind, t in kinds():
            with self.subTest(kind=kind):
                kc, vc = t(randn(1, 1, 8, 16)), t(randn(1, 1, 8, 16))
                sl = t(np.array([4], np.int32))
                kn, vn = t(randn(1, 1, 2, 16)), t(randn(1, 1, 2, 16))
                ops.append_kv(kc, vc, kn, vn, sl)   # a plan
                ops.append_kv(kc, vc, kn, vn, sl)
                with self.assertRaisesRegex(ValueError,
                                            "k_cache overlaps k_new"):
                    ops.append_kv(kc, vc, kc[:, :, 0:2], vn, sl)
                with self.assertRaisesRegex(ValueError,
                                            "v_cache overlaps k_cache"):
                    ops.append_kv(kc, kc, kn, vn, sl)


def _view_of(x, shape, t):
    """A view of x's first elements as `shape` (sharing its memory)."""
    n = math.prod(shape)
    return x.reshape(-1)[:n].reshape(shape)


class RotaryPositionsTest(unittest.TestCase):
    """Item 5: the range is [-2^27, 2^27]; both sides of it."""

    LIMIT = 1 << 27

    def test_inside_is_within_half_an_ulp(self):
        pos = np.array([self.LIMIT, -self.LIMIT, self.LIMIT - 8,
                        148875800 - (1 << 27) // 2, 123456789, -98765432],
                       np.int64)
        for kind, t in kinds():
            with self.subTest(kind=kind):
                c, s = ops.rotary_cos_sin(t(pos), 4)
                c, s = np.asarray(c)[:, 0], np.asarray(s)[:, 0]
                for p, cv, sv in zip(pos, c, s):
                    a = float(np.float32(p))
                    for got, ref in ((cv, math.cos(a)), (sv, math.sin(a))):
                        ulp = float(np.spacing(np.float32(abs(ref))))
                        self.assertLessEqual(abs(float(got) - ref), ulp / 2,
                                             f"position {p}")

    def test_outside_is_refused(self):
        for p in (self.LIMIT + 1, -self.LIMIT - 1, 148875800, 2 ** 58,
                  2 ** 63 - 1, -2 ** 63):
            for kind, t in kinds():
                with self.subTest(kind=kind, p=p):
                    with self.assertRaisesRegex(
                            ValueError, f"position_ids: {p} is outside "
                            "\\[-2\\^27, 2\\^27\\]"):
                        ops.rotary_cos_sin(t(np.array([0, p], np.int64)), 8)


    def test_kernel_gives_nan_outside(self):
        """What CUDA tensors get (their values are not read on the host):
        the kernel itself, called directly, writes NaN past the range."""
        from warpforth import Kernel
        from warpforth.ops import _common as c
        k = Kernel.from_file(c.kernels_dir() / "rotary" /
                             "rotary_cos_sin.forth", device="cpu")
        pos = np.array([self.LIMIT, self.LIMIT + 1, -self.LIMIT - 1,
                        2 ** 62, -2 ** 63, 5], np.int64)
        inv = np.ones(1, np.float32)
        cos = np.zeros((6, 2), np.float32)
        sin = np.zeros((6, 2), np.float32)
        k(pos, inv, cos, sin, 6, 1, grid=1, block=256)
        self.assertTrue(np.isfinite(cos[[0, 5]]).all())
        self.assertTrue(np.isnan(cos[1:5]).all())
        self.assertTrue(np.isnan(sin[1:5]).all())
        self.assertAlmostEqual(float(cos[5, 0]), math.cos(5.0), places=6)


class GridLimitTest(unittest.TestCase):
    """Item 11: refused before the launch, naming the argument."""

    def test_scores_batch_times_heads(self):
        for kind, t in kinds():
            with self.subTest(kind=kind):
                q = t(np.zeros((1, 65536, 1, 16), np.float32))
                with self.assertRaisesRegex(ValueError,
                                            "q: B \\* H = 65536 is more "
                                            "than 65535"):
                    ops.attention_scores(q, q)
                q = t(np.zeros((3, 21846, 1, 16), np.float32))
                with self.assertRaisesRegex(ValueError, "q: B \\* H = 65538"):
                    ops.attention_scores(q, q, causal=False)

    def test_flash_attention_batch_or_heads(self):
        for kind, t in kinds():
            for shape, what in (((65536, 1, 1, 64), "batch B = 65536"),
                                ((1, 65536, 1, 64),
                                 "query heads Hq = 65536")):
                with self.subTest(kind=kind, shape=shape):
                    q = t(np.zeros(shape, np.float32))
                    with self.assertRaisesRegex(ValueError, f"q: {what} is "
                                                "more than 65535"):
                        ops.flash_attention(q, q, q)

    def test_apply_rotary_batch(self):
        for kind, t in kinds():
            with self.subTest(kind=kind):
                q = t(np.zeros((65536, 1, 1, 2), np.float32))
                cos = t(np.ones((1, 2), np.float32))
                with self.assertRaisesRegex(ValueError, "q: batch B = 65536 "
                                            "is more than 65535"):
                    ops.apply_rotary(q, q, cos, cos)


class ScalarArgsTest(unittest.TestCase):
    """Item 12: one checking path for every op's scalar arguments."""

    def test_numpy_scalars_are_numbers(self):
        for kind, t in kinds():
            with self.subTest(kind=kind):
                q, k = t(randn(1, 2, 4, 16)), t(randn(1, 2, 4, 16))
                want = np.asarray(ops.attention_scores(q, k, scale=0.125))
                for s in (np.float32(0.125), np.float64(0.125)):
                    np.testing.assert_array_equal(
                        np.asarray(ops.attention_scores(q, k, scale=s)),
                        want)
                x = t(randn(3, 50))
                np.testing.assert_array_equal(
                    np.asarray(ops.top_k_mask(x, np.int64(5))),
                    np.asarray(ops.top_k_mask(x, 5)))
                np.testing.assert_array_equal(
                    np.asarray(ops.top_p_mask(x, np.float32(0.5),
                                              np.int32(2))),
                    np.asarray(ops.top_p_mask(x, 0.5, 2)))
                c1 = ops.rotary_cos_sin(np.arange(4), np.int64(8),
                                        base=np.float32(500.0))
                c2 = ops.rotary_cos_sin(np.arange(4), 8, base=500.0)
                np.testing.assert_array_equal(c1[0], c2[0])

    def test_huge_k_keeps_the_row(self):
        for kind, t in kinds():
            with self.subTest(kind=kind):
                x = t(randn(3, 50))
                for big in (2 ** 63, 2 ** 64 + 5, 10 ** 30):
                    np.testing.assert_array_equal(
                        np.asarray(ops.top_k_mask(x, big)), np.asarray(x))
                    np.testing.assert_array_equal(
                        np.asarray(ops.top_p_mask(x, 0.0, big)),
                        np.asarray(x))

    def test_bad_scalars_name_the_argument_and_range(self):
        for kind, t in kinds():
            q, k = t(randn(1, 2, 4, 64)), t(randn(1, 2, 4, 64))
            x = t(randn(3, 50))
            kc, vc = t(randn(1, 2, 8, 64)), t(randn(1, 2, 8, 64))
            sl = t(np.array([8], np.int32))
            q1 = t(randn(1, 2, 1, 64))
            bad = [
                (lambda: ops.attention_scores(q, k, scale=True), TypeError,
                 "scale: expected a number, got bool"),
                (lambda: ops.attention_scores(q, k, scale=float("nan")),
                 ValueError, "scale: must be a finite number"),
                (lambda: ops.attention_scores(q, k, causal="False"),
                 TypeError, "causal: expected a bool"),
                (lambda: ops.flash_attention(q, k, k, scale=np.inf),
                 ValueError, "scale: must be a finite number"),
                (lambda: ops.flash_attention(q, k, k, causal=2), TypeError,
                 "causal: expected a bool"),
                (lambda: ops.flash_attention(q, k, k, return_lse="yes"),
                 TypeError, "return_lse: expected a bool"),
                (lambda: ops.top_k_mask(x, 0), ValueError,
                 "k: must be at least 1, got 0"),
                (lambda: ops.top_k_mask(x, True), TypeError,
                 "k: expected an integer, got bool"),
                (lambda: ops.top_k_mask(x, np.float32(2)), TypeError,
                 "k: expected an integer"),
                (lambda: ops.top_p_mask(x, 1.5), ValueError,
                 "p: must be in \\[0, 1\\], got 1.5"),
                (lambda: ops.top_p_mask(x, True), TypeError,
                 "p: expected a number, got bool"),
                (lambda: ops.top_p_mask(x, 0.5, np.int64(0)), ValueError,
                 "min_tokens_to_keep: must be at least 1"),
                (lambda: ops.decode_attention(q1, kc, vc, sl,
                                              num_splits=10 ** 12),
                 ValueError, "num_splits: must be in \\[1, 65535\\]"),
                (lambda: ops.decode_attention(q1, kc, vc, sl,
                                              num_splits=True),
                 TypeError, "num_splits: expected an integer"),
                (lambda: ops.decode_attention(q1, kc, vc, sl, scale="1"),
                 TypeError, "scale: expected a number"),
                (lambda: ops.rotary_cos_sin(np.arange(4), 8, base=True),
                 TypeError, "base: expected a number, got bool"),
                (lambda: ops.rotary_cos_sin(np.arange(4), 8, base=-1.0),
                 ValueError, "base: must be in \\(0, inf\\)"),
                (lambda: ops.rotary_cos_sin(np.arange(4), True), TypeError,
                 "dim: expected an integer"),
                (lambda: ops.rotary_cos_sin(np.arange(4), 2 ** 40),
                 ValueError, "dim: must be in \\[2, 1048576\\]"),
            ]
            for i, (call, err, msg) in enumerate(bad):
                with self.subTest(kind=kind, case=i, msg=msg):
                    with self.assertRaisesRegex(err, msg):
                        call()

    @unittest.skipIf(torch is None, "torch is not installed")
    def test_bad_scalar_after_a_good_call(self):
        """A good call first (a plan, the C++ replay's where it loads),
        then bad scalars: each misses the plan and is refused."""
        x = torch.from_numpy(randn(3, 50))
        q = torch.from_numpy(randn(1, 2, 4, 64))
        q1 = torch.from_numpy(randn(1, 2, 1, 64))
        kc = torch.from_numpy(randn(1, 2, 8, 64))
        sl = torch.tensor([8], dtype=torch.int32)
        for good, bad, err in (
                (lambda: ops.top_k_mask(x, 2),
                 lambda: ops.top_k_mask(x, 0), ValueError),
                (lambda: ops.top_p_mask(x, 0.5, 1),
                 lambda: ops.top_p_mask(x, 0.5, 0), ValueError),
                (lambda: ops.top_p_mask(x, 0.5, 1),
                 lambda: ops.top_p_mask(x, float("nan")), ValueError),
                (lambda: ops.attention_scores(q, q, scale=1.0),
                 lambda: ops.attention_scores(q, q, scale=True), TypeError),
                (lambda: ops.attention_scores(q, q, scale=1.0),
                 lambda: ops.attention_scores(q, q, scale=float("inf")),
                 ValueError),
                (lambda: ops.flash_attention(q, q, q, causal=True),
                 lambda: ops.flash_attention(q, q, q, causal="no"),
                 TypeError),
                (lambda: ops.decode_attention(q1, kc, kc, sl, num_splits=2),
                 lambda: ops.decode_attention(q1, kc, kc, sl,
                                              num_splits=2 ** 63),
                 ValueError)):
            good()
            good()
            with self.assertRaises(err):
                bad()


if __name__ == "__main__":
    unittest.main()
