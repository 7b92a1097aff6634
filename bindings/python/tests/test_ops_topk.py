"""ops.top_k_mask and ops.top_p_mask on the CPU backend against f64 numpy
references of HuggingFace's TopKLogitsWarper and TopPLogitsWarper, in f32,
f16 and bf16, at small and odd shapes, with ties, -inf and edge arguments.

Top-p inputs are drawn so that no kept/masked decision lies within MARGIN
of p in f64: the f32 softmax of the kernel then agrees exactly (one flat
262144-element row is checked to within 1e-5 of p instead). The rule for
ties is the documented one, by value (ref_top_p); hf_top_p is HF's own code,
which the rule matches when values are distinct."""

from __future__ import annotations

import unittest

import numpy as np
from opcheck import cast, dtypes, f64

from warpforth import ops
from warpforth.ops import _topk as tk

TOPK = ops.TopkConfig()   # the defaults


def k_split(rows: int, cols: int, k: int):
    """The top-k split path's shape under the current config."""
    return tk._split(ops.config("topk"), rows, cols, k)


def p_split(rows: int, cols: int):
    """The top-p split path's shape under the current config."""
    return tk._p_split(ops.config("topk"), rows, cols)


SHAPES = [(1, 1), (1, 31), (3, 33), (2, 3, 7), (4, 1000), (2, 4097),
          (1, 9000)]          # the last: 1024 threads per row
MARGIN = 1e-4


def ref_top_k(x: np.ndarray, k: int) -> np.ndarray:
    """TopKLogitsWarper: below the k-th largest value -> -inf. NaN is the
    largest, as torch.topk has it (so a NaN k-th value masks nothing)."""
    x = f64(x)
    k = min(k, x.shape[-1])
    desc = np.sort(np.where(np.isnan(x), np.inf, x), axis=-1)[..., ::-1]
    nans = np.sort(np.isnan(x), axis=-1)[..., ::-1]
    kth = np.where(nans, np.nan, desc)[..., k - 1:k]
    return np.where(x < kth, -np.inf, x)


def softmax(x: np.ndarray) -> np.ndarray:
    e = np.exp(x - x.max(-1, keepdims=True))
    return e / e.sum(-1, keepdims=True)


def mass_above(x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per element of 2-D x: the probability of the elements of its row
    with a larger value, and their number (equal values: the same)."""
    prob = softmax(x)
    above = np.empty_like(x)
    count = np.empty(x.shape, np.int64)
    for r in range(x.shape[0]):
        order = np.argsort(x[r], kind="stable")
        xs = x[r][order]
        # suffix[i]: the probability of xs[i:]
        suffix = np.append(np.cumsum(prob[r][order][::-1])[::-1], 0.0)
        i = np.searchsorted(xs, x[r], side="right")
        above[r] = suffix[i]
        count[r] = x.shape[1] - i
    return above, count


def ref_top_p(x: np.ndarray, p: float, m: int = 1) -> np.ndarray:
    """The documented rule: kept when the probability of the larger values
    is below p or fewer than m values are larger (p = 1 keeps all)."""
    x = f64(x).reshape(-1, x.shape[-1])
    if p >= 1.0:
        return x.copy()
    above, count = mass_above(x)
    keep = (above < p) | (count < m)
    return np.where(keep, x, -np.inf)


def hf_top_p(x: np.ndarray, p: float, m: int = 1) -> np.ndarray:
    """TopPLogitsWarper as HF writes it (sort ascending, softmax, cumsum)."""
    x = f64(x).reshape(-1, x.shape[-1])
    order = np.argsort(x, axis=-1, kind="stable")
    xs = np.take_along_axis(x, order, -1)
    cum = np.cumsum(softmax(xs), -1)
    remove = cum <= 1 - p
    remove[:, -m:] = False
    back = np.empty_like(remove)
    np.put_along_axis(back, order, remove, -1)
    return np.where(back, -np.inf, x)


def unambiguous(x: np.ndarray, p: float) -> bool:
    if p in (0.0, 1.0):
        return True
    above, _ = mass_above(f64(x).reshape(-1, x.shape[-1]))
    return bool(np.abs(above - p).min() > MARGIN)


def logits(rng, shape, dt, p=None, scale=3.0) -> np.ndarray:
    """Random logits in dt whose top-p decisions at p are clear."""
    for _ in range(100):
        x = cast(rng.standard_normal(shape) * scale, dt)
        if p is None or unambiguous(x, p):
            return x
    raise AssertionError(f"no unambiguous input for {shape} p={p}")


class Check(unittest.TestCase):
    def check(self, got, want, what):
        """Equal values, -inf where masked (NaN where NaN)."""
        got = f64(got).reshape(want.shape)
        same = (got == want) | (np.isnan(got) & np.isnan(want))
        self.assertTrue(same.all(), f"{what}: {np.argwhere(~same)[:5]}")


class TopK(Check):
    def test_shapes_dtypes_k(self):
        # Both paths: split rows (small k) and one block a row.
        for split in (True, False):
            rng = np.random.default_rng(1)
            with ops.tuned(topk=dict(split=split, split_max_rows=65535)):
                for shape in SHAPES:
                    n = shape[-1]
                    for dt in dtypes():
                        x = logits(rng, shape, dt)
                        for k in sorted({1, 2, min(50, n), n, n + 3}):
                            y = ops.top_k_mask(x, k)
                            self.assertEqual((y.dtype, y.shape),
                                             (x.dtype, x.shape))
                            self.check(y, ref_top_k(x, k),
                                       f"{shape} {dt} k={k} split={split}")

    def test_split_path(self):
        # Small chunk blocks (32 threads of 2 elements) cut short rows into
        # many chunks: k above a chunk's length (it gives all it has),
        # above the block's threads (no lower bound), ties and -inf across
        # chunks, a chunk of -inf only, leading dimensions, in place.
        self.assertIsNotNone(k_split(1, 128256, 50))
        self.assertIsNotNone(k_split(TOPK.split_max_rows, 50257, 50))
        self.assertIsNone(k_split(TOPK.split_max_rows + 1, 50257, 50))
        self.assertIsNone(k_split(1, 50257, TOPK.split_kmax + 1))
        rng = np.random.default_rng(10)
        with ops.tuned(topk=dict(chunk_block=32, chunk_e=2, split_blocks=64,
                                 split_max_rows=65535)):
            self.assertEqual(k_split(64, 1000, 7)[:2], (16, 63))
            for dt in dtypes():
                x = logits(rng, (3, 1000), dt)
                for k in (1, 5, 33, 40, 63, 64, 100, 999):
                    self.check(ops.top_k_mask(x, k), ref_top_k(x, k),
                               f"{dt} k={k}")
            x = rng.integers(-3, 4, (2, 3, 701)).astype(np.float32)
            x[0, 1, :200] = -np.inf
            x[1, 2, ::2] = -np.inf
            x[1, 0, 100:] = 2.0
            for k in (1, 2, 30, 64, 150, 600, 701):
                self.check(ops.top_k_mask(x, k), ref_top_k(x, k),
                           f"ties k={k}")
            y = x.copy()
            self.assertIs(ops.top_k_mask(y, 30, out=y), y)
            self.check(y, ref_top_k(x, 30), "in place")

    def test_split_distributions(self):
        # Rows whose k largest sit in one chunk (sorted), in the first
        # (reversed), all equal, special values only, and values over the
        # whole f32 range (the select's digits then span all 32 bits).
        rng = np.random.default_rng(12)
        special = np.array([-np.inf, np.inf, 3e38, -3e38, 1e-45, -1e-45,
                            0.0, -0.0, 1.0, np.nan], np.float32)
        rows = {
            "sorted": np.sort(rng.standard_normal((2, 900)), -1),
            "reversed": np.sort(rng.standard_normal((2, 900)), -1)[:, ::-1],
            "equal": np.full((2, 900), 2.5),
            "special": rng.choice(special, (2, 900)),
            "wide": rng.standard_normal((2, 900))
            * np.exp(rng.uniform(-80, 80, (2, 900))),
        }
        with ops.tuned(topk=dict(chunk_block=32, chunk_e=2, split_blocks=64,
                                 split_max_rows=65535)):
            for name, x in rows.items():
                x = np.ascontiguousarray(x, np.float32)
                for k in (1, 17, 64, 333):
                    self.check(ops.top_k_mask(x, k), ref_top_k(x, k),
                               f"{name} k={k}")

    def test_split_long_rows(self):
        # The default split at a vocabulary-sized row: several chunks of
        # 4096, keys from all of them in one merge block.
        rng = np.random.default_rng(11)
        x = logits(rng, (2, 50257), "f32")
        x[1, rng.choice(50257, 40, replace=False)] = 9.0   # a tied top
        self.assertGreater(k_split(2, 50257, 50)[0], 1)
        for k in (1, 39, 40, 41, 50, 1024):
            self.check(ops.top_k_mask(x, k), ref_top_k(x, k), f"k={k}")

    def test_ties_infinities_zeros(self):
        rng = np.random.default_rng(2)
        for n in (33, 1000):
            x = rng.integers(-4, 5, (3, n)).astype(np.float32)
            x[1, ::3] = -np.inf
            x[2, :] = -np.inf
            x[2, 5] = 1.0
            for k in (1, 3, n // 2, n - 1):
                self.check(ops.top_k_mask(x, k), ref_top_k(x, k),
                           f"ties n={n} k={k}")
        # -0.0 and +0.0 are one value.
        z = np.array([[0.0, -0.0, -1.0, 0.0, -0.0, -2.0]], np.float32)
        for k in range(1, 7):
            self.check(ops.top_k_mask(z, k), ref_top_k(z, k), f"zeros k={k}")
        allinf = np.full((2, 40), -np.inf, np.float32)
        self.check(ops.top_k_mask(allinf, 3), f64(allinf), "all -inf")

    def test_nan_is_largest(self):
        x = np.array([[1.0, np.nan, 3.0, -np.nan, 2.0, 0.5],
                      [4.0, 1.0, -np.nan, 2.0, 3.0, 0.0]], np.float32)
        self.assertTrue(np.signbit(x[0, 3]))   # a NaN with the sign bit
        for k in range(1, 7):
            self.check(ops.top_k_mask(x, k), ref_top_k(x, k), f"k={k}")

    def test_extreme_values(self):
        v = [np.finfo(np.float32).max, -np.finfo(np.float32).max,
             np.finfo(np.float32).tiny, -np.finfo(np.float32).tiny, 1e-45,
             -1e-45, np.inf, 1.0, -1.0, 3.0e38, -3.0e38]
        x = np.array([v], np.float32)
        for k in range(1, len(v) + 1):
            self.check(ops.top_k_mask(x, k), ref_top_k(x, k), f"k={k}")

    def test_out_and_in_place(self):
        rng = np.random.default_rng(3)
        x = logits(rng, (3, 100), "f32")
        want = ref_top_k(x, 7)
        out = np.empty_like(x)
        self.assertIs(ops.top_k_mask(x, 7, out=out), out)
        self.check(out, want, "out=")
        self.assertIs(ops.top_k_mask(x, 7, out=x), x)
        self.check(x, want, "in place")

    def test_errors_name_the_argument(self):
        x = np.ones((2, 8), np.float32)
        with self.assertRaisesRegex(ValueError, "k: must be at least 1"):
            ops.top_k_mask(x, 0)
        with self.assertRaisesRegex(TypeError, "k: expected an integer"):
            ops.top_k_mask(x, 2.0)
        with self.assertRaisesRegex(TypeError, "logits: dtype float64"):
            ops.top_k_mask(np.ones((2, 8)), 1)
        with self.assertRaisesRegex(ValueError, "logits: the array is not"):
            ops.top_k_mask(np.ones((8, 2), np.float32).T, 1)
        with self.assertRaisesRegex(ValueError, "out: shape"):
            ops.top_k_mask(x, 1, out=np.empty((2, 7), np.float32))
        with self.assertRaisesRegex(TypeError, "out: dtype"):
            ops.top_k_mask(x, 1, out=np.empty((2, 8), np.float16))

    def test_many_candidates(self):
        # More elements share the threshold's first 12 bits than the kernel
        # keeps: it reads the row again for the last pass.
        rng = np.random.default_rng(9)
        x = (1.0 + rng.random((3, 3000)) * 0.1).astype(np.float32)
        with ops.tuned(topk=dict(cand_max=64, split=False)):
            for k in (1, 100, 2999):
                self.check(ops.top_k_mask(x, k), ref_top_k(x, k), f"k={k}")
            for target in (0.1, 0.5, 0.9):
                # p halfway between two elements' masses above (they are
                # close here: all have about the same probability).
                above = np.unique(mass_above(f64(x[:1]))[0])
                i = np.searchsorted(above, target)
                p = float(above[i - 1] + above[i]) / 2
                self.assertTrue(unambiguous(x[:1], p))
                self.check(ops.top_p_mask(x[:1], p), ref_top_p(x[:1], p),
                           f"p={p}")

    def test_empty(self):
        self.assertEqual(ops.top_k_mask(np.ones((0, 4), np.float32), 2)
                         .shape, (0, 4))


class TopP(Check):
    def test_shapes_dtypes_p(self):
        # Both paths at their defaults: one block a row, and the split
        # (rows of 4097 and 9000: a few chunks; TopPSplit has more).
        for split in (True, False):
            rng = np.random.default_rng(4)
            with ops.tuned(topk=dict(split=split)):
                for shape in SHAPES:
                    for dt in dtypes():
                        for p, m in ((0.0, 1), (0.5, 1), (0.9, 1), (1.0, 1),
                                     (0.9, 3), (0.2, 40)):
                            x = logits(rng, shape, dt, p)
                            y = ops.top_p_mask(x, p, m)
                            self.assertEqual((y.dtype, y.shape),
                                             (x.dtype, x.shape))
                            self.check(y, ref_top_p(x, p, m),
                                       f"{shape} {dt} p={p} m={m} "
                                       f"split={split}")

    def test_matches_hf_without_ties(self):
        # The documented rule is HF's whenever the values are distinct.
        rng = np.random.default_rng(5)
        for p, m in ((0.0, 1), (0.3, 1), (0.9, 1), (0.95, 5), (0.9, 2000)):
            x = logits(rng, (4, 1000), "f32", p)
            self.assertEqual(len(np.unique(x[0])), 1000)
            want = hf_top_p(x, p, m)
            self.check(ref_top_p(x, p, m), want, f"reference p={p}")
            self.check(ops.top_p_mask(x, p, m), want, f"p={p} m={m}")

    def test_ties_infinities_zeros(self):
        rng = np.random.default_rng(6)
        for n in (33, 1000):
            x = (rng.integers(-6, 7, (3, n)) * 0.75).astype(np.float32)
            x[1, ::3] = -np.inf
            x[2, :] = -np.inf
            x[2, 5] = 1.0
            for p, m in ((0.0, 1), (0.5, 1), (0.9, 1), (0.9, 2), (1.0, 1)):
                self.assertTrue(unambiguous(x, p))
                y = ops.top_p_mask(x, p, m)
                self.check(y, ref_top_p(x, p, m), f"ties n={n} p={p}")
                # A superset of HF's choice: tied groups kept whole.
                hf = hf_top_p(x, p, m)
                self.assertTrue((np.isinf(y) <= np.isinf(hf)).all())
        allinf = np.full((2, 40), -np.inf, np.float32)
        self.check(ops.top_p_mask(allinf, 0.5), f64(allinf), "all -inf")
        z = np.array([[0.0, -0.0, -1.0, 0.0, -0.0, -2.0]], np.float32)
        for p in (0.0, 0.5, 0.95):
            self.check(ops.top_p_mask(z, p), ref_top_p(z, p), f"zeros p={p}")

    def test_nan_or_inf_row_is_kept(self):
        # HF's softmax of such a row is NaN: nothing is removed.
        x = np.tile(np.linspace(-5, 5, 50, dtype=np.float32), (2, 1))
        x[0, 3] = np.nan
        x[1, 7] = np.inf
        self.check(ops.top_p_mask(x, 0.5), f64(x), "NaN/inf rows")

    def test_long_row(self):
        # A vocabulary-sized row: most of the mass in a few hundred large
        # logits, so that the threshold falls where the gaps are wide...
        rng = np.random.default_rng(7)
        n = 262144
        x = (rng.standard_normal((1, n)) * 2).astype(np.float32)
        x[0, rng.choice(n, 300, replace=False)] = \
            rng.uniform(12, 20, 300).astype(np.float32)
        # Both paths: one row is split by default.
        flat = (rng.standard_normal((1, n)) * 2).astype(np.float32)
        for split in (True, False):
            with ops.tuned(topk=dict(split=split)):
                for p in (0.5, 0.9):
                    self.assertTrue(unambiguous(x, p))
                    self.check(ops.top_p_mask(x, p), ref_top_p(x, p),
                               f"p={p} split={split}")
                # ...and a flat one, where it falls in the tail: there, the
                # f32 sums may decide otherwise only within 1e-5 of p.
                got = np.isinf(ops.top_p_mask(flat, 0.9))
                want = np.isinf(ref_top_p(flat, 0.9))
                above, _ = mass_above(f64(flat))
                differ = got != want
                self.assertTrue((np.abs(above[differ] - 0.9) < 1e-5).all())
                self.assertLess(differ.sum(), 20)

    def test_out_and_in_place(self):
        rng = np.random.default_rng(8)
        x = logits(rng, (3, 100), "f32", 0.8)
        want = ref_top_p(x, 0.8)
        out = np.empty_like(x)
        self.assertIs(ops.top_p_mask(x, 0.8, out=out), out)
        self.check(out, want, "out=")
        self.assertIs(ops.top_p_mask(x, 0.8, out=x), x)
        self.check(x, want, "in place")

    def test_errors_name_the_argument(self):
        x = np.ones((2, 8), np.float32)
        for p in (-0.1, 1.5, float("nan")):
            with self.assertRaisesRegex(ValueError, "p: must be in"):
                ops.top_p_mask(x, p)
        with self.assertRaisesRegex(TypeError, "p: expected a number"):
            ops.top_p_mask(x, "0.9")
        with self.assertRaisesRegex(ValueError, "min_tokens_to_keep: must"):
            ops.top_p_mask(x, 0.9, 0)
        with self.assertRaisesRegex(TypeError, "min_tokens_to_keep: expected"):
            ops.top_p_mask(x, 0.9, 1.0)
        with self.assertRaisesRegex(TypeError, "logits: dtype float64"):
            ops.top_p_mask(np.ones((2, 8)), 0.9)
        with self.assertRaisesRegex(ValueError, "out: shape"):
            ops.top_p_mask(x, 0.9, out=np.empty((2, 7), np.float32))

    def test_empty(self):
        self.assertEqual(ops.top_p_mask(np.ones((3, 0), np.float32), 0.5)
                         .shape, (3, 0))


def split_tunables(block=32, **more):
    """Knobs that send top_p_mask down its split path at any shape:
    chunks of 8 columns or more, up to 64 a row (so that short rows are
    cut into many), blocks of `block` threads."""
    return ops.tuned(topk=dict(topp_split_max_rows=65535, topp_chunk_min=8,
                               topp_min_chunks=1, topp_split_blocks=64,
                               topp_block=block, **more))


def heavy_top(rng, shape, dt, count=300, low=12.0):
    """Rows of 2*N(0,1) with `count` logits in [low, low+8) a row: most of
    the mass in a few hundred elements, so that the decisions at p are
    clear even on long rows (TopP.test_long_row's construction)."""
    x = rng.standard_normal(shape) * 2
    flat = x.reshape(-1, shape[-1])
    for r in range(flat.shape[0]):
        flat[r, rng.choice(shape[-1], count, replace=False)] = \
            rng.uniform(low, low + 8, count)
    return cast(x, dt)


class TopPSplit(Check):
    """top_p_mask's split path (topp-split.fs: many blocks a row), forced
    at small and odd shapes; each result against the f64 reference and
    against the one-block-a-row kernel's (topk-rows.fs) on the same input."""

    def check_split(self, x, p, m=1, what="", want=None):
        shape = np.shape(x)
        rows = int(np.prod(shape[:-1])) if shape[-1] else 0
        self.assertIsNotNone(p_split(rows, shape[-1]), what)
        y = ops.top_p_mask(x, p, m)
        self.assertEqual((y.dtype, y.shape), (x.dtype, x.shape))
        with ops.tuned(topk=dict(split=False)):
            rows_path = ops.top_p_mask(x, p, m)
        if want is None:
            want = ref_top_p(x, p, m)
        self.check(y, want, f"{what} p={p} m={m} (reference)")
        self.check(y, f64(rows_path), f"{what} p={p} m={m} (one block a row)")
        return y

    def test_choice(self):
        # Few long rows split; many rows, or a short row, do not.
        nch, ch, block = p_split(1, 128256)
        self.assertGreater(nch, 64)
        self.assertGreaterEqual(nch * ch, 128256)
        self.assertLess((nch - 1) * ch, 128256)
        self.assertIsNotNone(p_split(TOPK.topp_split_max_rows, 50257))
        self.assertIsNone(p_split(TOPK.topp_split_max_rows + 1, 50257))
        self.assertIsNone(p_split(1, 1000))
        with ops.tuned(topk=dict(split=False)):
            self.assertIsNone(p_split(1, 128256))
        with split_tunables():
            self.assertEqual(p_split(1, 1), (1, 1, 32))
            self.assertEqual(p_split(1, 31), (3, 11, 32))
            self.assertEqual(p_split(2, 4097)[:2], (32, 129))

    def test_shapes_dtypes_p(self):
        rng = np.random.default_rng(20)
        shapes = [(1, 1), (1, 31), (3, 33), (2, 3, 7), (1, 1000),
                  (4, 1000), (2, 4097)]
        for block in (32, 256):
            with split_tunables(block):
                for shape in shapes:
                    for dt in dtypes():
                        for p, m in ((0.0, 1), (0.5, 1), (0.9, 1),
                                     (1.0, 1), (0.9, 3), (0.2, 40),
                                     (0.0, 5)):
                            x = logits(rng, shape, dt, p)
                            self.check_split(x, p, m,
                                             f"{shape} {dt} block={block}")

    def test_long_row(self):
        # A vocabulary-sized row with the default chunks (and 4 rows with
        # 64-element chunks of 1024 threads: long chunks, few of them).
        rng = np.random.default_rng(21)
        for dt in dtypes():
            x = heavy_top(rng, (1, 50000), dt)
            for p, m in ((0.0, 1), (0.5, 1), (0.9, 1), (0.9, 20),
                         (1.0, 1)):
                self.assertTrue(unambiguous(x, p))
                self.check_split(x, p, m, f"(1, 50000) {dt}")
        x = heavy_top(rng, (3, 50000), "f32")
        with ops.tuned(topk=dict(topp_block=1024)):
            self.check_split(x, 0.8, 1, "(3, 50000) 1024 threads")

    def test_ties_infinities(self):
        # Ties at the threshold (by value: whole groups kept), -inf
        # elements, a row of -inf but one, chunks of -inf only, all -inf.
        rng = np.random.default_rng(22)
        with split_tunables():
            for n in (33, 1000, 4097):
                x = (rng.integers(-6, 7, (4, n)) * 0.75).astype(np.float32)
                x[1, ::3] = -np.inf
                x[2, :] = -np.inf
                x[2, 5] = 1.0
                x[3, : n // 2] = -np.inf
                for p, m in ((0.0, 1), (0.6, 1), (0.9, 1), (0.9, 2),
                             (0.3, 40), (1.0, 1)):
                    self.assertTrue(unambiguous(x, p))
                    for dt in dtypes():
                        self.check_split(cast(x, dt), p, m, f"ties n={n}")
            allinf = np.full((2, 40), -np.inf, np.float32)
            self.check_split(allinf, 0.5, 1, "all -inf", f64(allinf))
            z = np.array([[0.0, -0.0, -1.0, 0.0, -0.0, -2.0] * 5],
                         np.float32)
            for p in (0.0, 0.5, 0.95):
                self.check_split(z, p, 1, "zeros")

    def test_nan_or_inf_row_is_kept(self):
        x = np.tile(np.linspace(-5, 5, 500, dtype=np.float32), (3, 1))
        x[0, 3] = np.nan
        x[1, 470] = np.inf
        x[2, 100] = -np.inf
        with split_tunables():
            y = ops.top_p_mask(x, 0.5)
        self.check(y[:2], f64(x[:2]), "NaN/inf rows")
        self.check(y[2:], ref_top_p(x[2:], 0.5), "-inf row")

    def test_distributions(self):
        # The largest in one chunk (sorted) or the first (reversed), all
        # equal, one 12-bit bin for every element (the whole row is the
        # candidates' list), values over the whole f32 range.
        rng = np.random.default_rng(23)
        rows = {
            "sorted": np.sort(rng.standard_normal((2, 900)) * 3, -1),
            "reversed": np.sort(rng.standard_normal((2, 900)) * 3,
                                -1)[:, ::-1],
            "equal": np.full((2, 900), 2.5),
            "one bin": 1.0 + rng.random((2, 3000)) * 0.1,
            "wide": rng.standard_normal((2, 900))
            * np.exp(rng.uniform(-80, 80, (2, 900))),
            "huge": rng.choice([3e38, -3e38, 1e38, 2e38, -np.inf, 0.0],
                               (2, 900)),
        }
        with split_tunables():
            for name, x in rows.items():
                x = np.ascontiguousarray(x, np.float32)
                above = np.unique(mass_above(f64(x[:1]))[0])
                ps = [0.0, 1.0]
                for target in (0.1, 0.5, 0.9):
                    # p halfway between two masses above (of the first row)
                    i = min(max(np.searchsorted(above, target), 1),
                            len(above) - 1)
                    ps.append(float(above[i - 1] + above[i]) / 2)
                for p in ps:
                    if unambiguous(x, p):
                        for m in (1, 7, 100):
                            self.check_split(x, p, m, name)

    def test_out_and_in_place(self):
        rng = np.random.default_rng(24)
        with split_tunables():
            for dt in dtypes():
                x = logits(rng, (3, 100), dt, 0.8)
                want = ref_top_p(x, 0.8, 2)
                out = np.empty_like(x)
                self.assertIs(ops.top_p_mask(x, 0.8, 2, out=out), out)
                self.check(out, want, f"{dt} out=")
                for _ in range(2):      # again: the cached plan
                    y = x.copy()
                    self.assertIs(ops.top_p_mask(y, 0.8, 2, out=y), y)
                    self.check(y, want, f"{dt} in place")
        x = heavy_top(rng, (2, 50000), "bf16")
        self.assertTrue(unambiguous(x, 0.9))
        want = ref_top_p(x, 0.9)
        self.assertIs(ops.top_p_mask(x, 0.9, out=x), x)
        self.check(x, want, "in place, default chunks")

if __name__ == "__main__":
    unittest.main()
