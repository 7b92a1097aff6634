"""Strided q, k, v, out and dout in ops.flash_attention and
ops.flash_attention_backward (ops/_strided.py), on the CPU backend: the
Hopper kernels (forced with hopper=True) read and write the views where
they lie through strided tensor maps and strided stores, the mma.sync
kernels get dense copies.

Covered: HuggingFace's layout (q, k, v = one (B, N, 3, H, d) projection
split and transposed to (B, H, N, d)), grouped heads with k and v from a
(B, N, 2, Hkv, d) buffer, a batch of 2 and partial tiles, views TMA cannot
take (rows not 16-byte aligned: copied), a strided out=, and the plan
cache (a strided call's plan reused, not confused with a dense one's).
Each result equals (forward: bit for bit) the one from dense copies of the
same inputs, whose accuracy the other attention tests bound; the outputs'
dimension order follows the inputs' (o and dq like q, dk and dv like k)."""

from __future__ import annotations

import unittest

import numpy as np
from opcheck import cast, f64

from warpforth.ops import _common
from warpforth import ops


def hf_views(rng, b, h, n, d, dt, parts=3):
    """`parts` views (B, H, N, d) of one (B, N, parts, H, d) buffer, as
    HuggingFace's GPT-2 makes q, k, v."""
    buf = cast(rng.standard_normal((b, n, parts, h, d)), dt)
    return [buf[:, :, i].transpose(0, 2, 1, 3) for i in range(parts)]


def dense(*xs):
    return [np.ascontiguousarray(x) for x in xs]


class StridedAttention(unittest.TestCase):
    def setUp(self):
        self.saved = ops.config("attention"), ops.config("attention_backward")

    def tearDown(self):
        ops.configure(attention=self.saved[0],
                      attention_backward=self.saved[1])

    def forward_equal(self, q, k, v, causal, what):
        o, lse = ops.flash_attention(q, k, v, causal=causal, return_lse=True)
        od, lsed = ops.flash_attention(*dense(q, k, v), causal=causal,
                                       return_lse=True)
        self.assertTrue(np.array_equal(f64(o), f64(od)), what + ": o")
        self.assertTrue(np.array_equal(lse, lsed), what + ": lse")
        return o, lse

    def test_forward_hf_layout(self):
        rng = np.random.default_rng(1)
        for hopper in (True, False):
            ops.configure(attention=dict(hopper=hopper))
            for b, h, n, d, dt, causal in ((2, 3, 70, 64, "bf16", True),
                                           (1, 2, 130, 128, "f16", False)):
                what = f"hopper={hopper} B{b} H{h} N{n} d{d} {dt}"
                q, k, v = hf_views(rng, b, h, n, d, dt)
                self.assertFalse(q.flags.c_contiguous)
                o, _ = self.forward_equal(q, k, v, causal, what)
                # o in q's order: (B, N, H, d) in memory.
                self.assertTrue(o.transpose(0, 2, 1, 3).flags.c_contiguous,
                                what + ": o's layout")
        # A dense q still gets a dense o.
        q, k, v = dense(*hf_views(rng, 1, 2, 9, 64, "bf16"))
        self.assertTrue(ops.flash_attention(q, k, v).flags.c_contiguous)

    def test_forward_grouped_heads(self):
        ops.configure(attention=dict(hopper=True))
        rng = np.random.default_rng(2)
        q = hf_views(rng, 2, 4, 33, 64, "bf16", parts=1)[0]
        k, v = hf_views(rng, 2, 1, 100, 64, "bf16", parts=2)
        self.forward_equal(q, k, v, True, "GQA 4:1")

    def test_views_tma_cannot_take(self):
        # Rows 65 bf16 apart (130 bytes): not a multiple of 16 bytes, so
        # the op reads a dense copy; and a q whose features are strided.
        ops.configure(attention=dict(hopper=True))
        rng = np.random.default_rng(3)
        buf = cast(rng.standard_normal((1, 2, 40, 65)), "bf16")
        q = buf[..., :64]
        k, v = hf_views(rng, 1, 2, 40, 64, "bf16", parts=2)
        self.forward_equal(q, k, v, False, "unaligned rows")
        wide = cast(rng.standard_normal((1, 2, 40, 128)), "bf16")
        self.forward_equal(wide[..., ::2], k, v, True, "strided features")
        # A dense q 2 bytes off 16-byte alignment: copied too.
        flat = cast(rng.standard_normal(2 * 40 * 64 + 1), "bf16")
        q = flat[1:].reshape(1, 2, 40, 64)
        self.assertTrue(q.flags.c_contiguous)
        self.forward_equal(q, k, v, False, "misaligned dense q")

    def test_strided_out(self):
        rng = np.random.default_rng(4)
        q, k, v = hf_views(rng, 1, 2, 50, 64, "f16")
        want = ops.flash_attention(*dense(q, k, v))
        for hopper in (True, False):
            ops.configure(attention=dict(hopper=hopper))
            buf = np.full((1, 50, 2, 64), np.nan, np.float16)
            out = buf.transpose(0, 2, 1, 3)
            got = ops.flash_attention(q, k, v, out=out)
            self.assertIs(got, out)
            self.assertTrue(np.array_equal(buf.transpose(0, 2, 1, 3), want),
                            f"hopper={hopper}")

    def test_plan_cache(self):
        # The same strided call twice: one plan, the same result; a dense
        # call of the same shapes gets its own.
        ops.configure(attention=dict(hopper=True))
        rng = np.random.default_rng(5)
        q, k, v = hf_views(rng, 1, 2, 20, 64, "bf16")
        first = ops.flash_attention(q, k, v, causal=True)
        built = _common.plan_stats["built"]
        again = ops.flash_attention(q, k, v, causal=True)
        self.assertEqual(_common.plan_stats["built"], built)
        self.assertTrue(np.array_equal(f64(first), f64(again)))
        self.assertFalse(again.flags.c_contiguous)
        d = ops.flash_attention(*dense(q, k, v), causal=True)
        self.assertTrue(d.flags.c_contiguous)
        self.assertTrue(np.array_equal(f64(first), f64(d)))

    def test_backward(self):
        # Gradients from views equal those from dense copies; dq in q's
        # order, dk and dv in k's. The Hopper kernel sums dQ by atomics in
        # any order, so equal within f32 rounding of those sums.
        rng = np.random.default_rng(6)
        for hopper in (True, False):
            ops.configure(attention=dict(hopper=hopper),
                          attention_backward=dict(hopper=hopper))
            for b, hq, hkv, n, d, dt, causal in (
                    (2, 2, 2, 70, 64, "bf16", True),
                    (1, 4, 2, 65, 128, "f16", False)):
                what = f"hopper={hopper} B{b} Hq{hq} Hkv{hkv} N{n} d{d} {dt}"
                q = hf_views(rng, b, hq, n, d, dt, parts=1)[0]
                k, v = hf_views(rng, b, hkv, n, d, dt, parts=2)
                do = hf_views(rng, b, hq, n, d, dt, parts=1)[0]
                o, lse = ops.flash_attention(q, k, v, causal=causal,
                                             return_lse=True)
                got = ops.flash_attention_backward(do, q, k, v, o, lse,
                                                   causal)
                want = ops.flash_attention_backward(
                    *dense(do, q, k, v, o), lse, causal)
                for name, g, w in zip(("dq", "dk", "dv"), got, want):
                    err = np.abs(f64(g) - f64(w)).max()
                    self.assertLessEqual(err, 2 ** -7 * np.abs(f64(w)).max(),
                                         f"{what} {name}")
                    self.assertTrue(
                        g.transpose(0, 2, 1, 3).flags.c_contiguous,
                        f"{what} {name}'s layout")


if __name__ == "__main__":
    unittest.main()
