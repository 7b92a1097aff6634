"""ops.flash_attention_varlen and flash_attention_varlen_backward
(packed sequences, FlashAttention's varlen API) on the CPU backend against
the f64 reference (attention_reference.varlen_reference: each sequence
attended on its own), in every kernel: f32 (3xTF32), bf16/f16 on the
mma.sync kernels and on the Hopper ones (hopper True on the CPU);
sequence lengths 0, 1, 7, 129 and 1000 mixed, queries and keys of
different lengths per sequence (causal at each one's bottom-right, rows
without keys), GQA, windows and softcap; the backward with dQ by atomics
(sm_90's default) and by its own pass (sm_80's); torch tensors through
the custom op with autograd and torch.compile; errors that name the
argument.

Bounds as the dense tests' (test_ops_attention_window.py): f32 2e-6 of
the largest output (1e-5 for gradients), bf16/f16 u (|v|max + |o|max)
for the output and 4u of the largest gradient, LSE 1e-5 / 1e-3
absolute."""

from __future__ import annotations

import unittest

import numpy as np
from attention_reference import (gather_paged, varlen_backward_reference,
                                 varlen_reference)
from opcheck import cast, f64

from warpforth import ops

UNIT = {"bf16": 2.0 ** -8, "f16": 2.0 ** -11}
LSE_BOUND = {"f32": 1e-5, "bf16": 1e-3, "f16": 1e-3}

# (query lengths, key lengths, Hq, Hkv, d, causal, window, softcap)
CASES = [
    ([0, 1, 7, 129, 100], [0, 1, 7, 129, 100], 4, 2, 64, True, (-1, -1), 0),
    ([5, 70, 1, 33], [9, 40, 0, 65], 2, 1, 64, False, (-1, -1), 0.0),
    ([5, 70, 1, 33], [9, 40, 3, 65], 2, 2, 64, True, (8, -1), 4.0),
    ([130, 2], [60, 200], 2, 1, 128, False, (3, 20), 0.0),
]
LONG = ([1000, 7, 0, 129], [1000, 7, 5, 129], 2, 1, 64, True, (-1, -1), 0.0)


def packed(rng, lq, lk, hq, hkv, d, dt):
    cq = np.concatenate([[0], np.cumsum(lq)]).astype(np.int32)
    ck = np.concatenate([[0], np.cumsum(lk)]).astype(np.int32)
    q, do = (cast(rng.standard_normal((cq[-1], hq, d)), dt) for _ in "qd")
    k, v = (cast(rng.standard_normal((ck[-1], hkv, d)), dt) for _ in "kv")
    return q, k, v, do, cq, ck


def hopper(on):
    """The Hopper kernels (forward and backward) on or off."""
    return ops.tuned(attention=dict(hopper=on),
                     attention_backward=dict(hopper=on))


class Varlen(unittest.TestCase):
    def run_case(self, dt, case, backward=True):
        lq, lk, hq, hkv, d, causal, window, cap = case
        what = f"{dt} q{lq} k{lk} H{hq}/{hkv} d{d} {causal} {window} {cap}"
        rng = np.random.default_rng(abs(hash(what)) % 2**32)
        q, k, v, do, cq, ck = packed(rng, lq, lk, hq, hkv, d, dt)
        o, lse = ops.flash_attention_varlen(
            q, k, v, cq, ck, causal=causal, window=window, softcap=cap,
            return_lse=True)
        want, want_lse = varlen_reference(q, k, v, cq, ck, causal, None,
                                          window, cap)
        self.assertEqual((o.shape, o.dtype), (q.shape, q.dtype), what)
        self.assertEqual((lse.shape, lse.dtype), ((hq, cq[-1]), np.float32))
        seen = np.isfinite(want_lse)
        bound = (2e-6 * max(1.0, np.abs(want).max()) if dt == "f32" else
                 UNIT[dt] * (np.abs(f64(v)).max(initial=0) +
                             np.abs(want).max()))
        err = np.abs(f64(o) - want).max()
        self.assertLessEqual(err, bound, f"{what}: o error {err:.3g}")
        self.assertTrue((lse[~seen] == -np.inf).all(), what + ": lse -inf")
        err = np.abs(f64(lse)[seen] - want_lse[seen]).max(initial=0)
        self.assertLessEqual(err, LSE_BOUND[dt], f"{what}: lse {err:.3g}")
        if not backward:
            return
        got = ops.flash_attention_varlen_backward(
            do, q, k, v, o, lse, cq, ck, causal=causal, window=window,
            softcap=cap)
        want = varlen_backward_reference(do, q, k, v, cq, ck, causal, None,
                                         window, cap)
        bound = 1e-5 if dt == "f32" else 4 * UNIT[dt]
        for name, g, w in zip(("dq", "dk", "dv"), got, want):
            self.assertEqual(g.shape, w.shape, what)
            err = np.abs(f64(g) - w).max() / max(1.0, np.abs(w).max())
            self.assertLessEqual(err, bound, f"{what} {name}: {err:.3g}")

    def test_mma_kernels(self):
        for dt in ("bf16", "f16"):
            for case in CASES:
                self.run_case(dt, case)
        with ops.tuned(attention_backward=dict(dq_mode="pass")):
            self.run_case("bf16", CASES[0])
            self.run_case("f16", CASES[2])

    def test_f32(self):
        for case in CASES:
            self.run_case("f32", case)

    def test_hopper_kernels(self):
        with hopper(True):
            for dt in ("bf16", "f16"):
                for case in CASES:
                    self.run_case(dt, case)

    def test_long_sequence(self):
        self.run_case("bf16", LONG, backward=False)
        with hopper(True):
            self.run_case("bf16", LONG, backward=False)

    def paged_case(self, dt, bs, lq, used, causal=True, window=(-1, -1),
                   cap=0.0):
        what = f"{dt} block {bs} q{lq} keys{used} {causal} {window} {cap}"
        rng = np.random.default_rng(abs(hash(what)) % 2**32)
        hq, hkv, d, nb = 4, 2, 64, 40
        maxb = -(-max(used) // bs) + 1
        perm = rng.permutation(nb)      # blocks in any order, shared
        bt = np.array([[perm[(s * maxb + i) % nb] for i in range(maxb)]
                       for s in range(len(lq))], np.int32)
        cq = np.concatenate([[0], np.cumsum(lq)]).astype(np.int32)
        q = cast(rng.standard_normal((cq[-1], hq, d)), dt)
        kc, vc = (cast(rng.standard_normal((nb, bs, hkv, d)), dt)
                  for _ in "kv")
        su = np.array(used, np.int32)
        o, lse = ops.flash_attention_varlen(
            q, kc, vc, cq, None, causal=causal, window=window, softcap=cap,
            block_table=bt, seqused_k=su, return_lse=True)
        kp, ck = gather_paged(kc, bt, su)
        vp, _ = gather_paged(vc, bt, su)
        want, want_lse = varlen_reference(q, kp, vp, cq, ck, causal, None,
                                          window, cap)
        seen = np.isfinite(want_lse)
        bound = UNIT[dt] * (np.abs(f64(vc)).max() + np.abs(want).max())
        self.assertLessEqual(np.abs(f64(o) - want).max(), bound, what)
        self.assertTrue((lse[~seen] == -np.inf).all(), what)
        err = np.abs(f64(lse)[seen] - want_lse[seen]).max(initial=0)
        self.assertLessEqual(err, LSE_BOUND[dt], what)

    def test_paged_prefill(self):
        # Chunks of queries against a paged cache of blocks 16, 64 and
        # 256 (the Hopper kernel copies min(its 128 keys, a block) rows at
        # a time), bottom-right causal, a sequence without keys.
        for on in (False, True):
            with hopper(on):
                for bs in (16, 64, 256):
                    self.paged_case("bf16", bs, [5, 100, 1, 37],
                                    [60, 300, 0, 37])
                self.paged_case("f16", 64, [70, 3], [200, 3], False,
                                (20, 4), 5.0)

    def test_paged_errors(self):
        q = np.zeros((6, 2, 64), np.float32).astype(np.float16)
        kc = np.zeros((4, 16, 2, 64), np.float16)
        cq = np.array([0, 2, 6], np.int32)
        bt = np.array([[0, 1], [2, 3]], np.int32)
        su = np.array([10, 20], np.int32)
        with self.assertRaisesRegex(ValueError, "^block_table and seqused_k"):
            ops.flash_attention_varlen(q, kc, kc, cq, None, block_table=bt)
        with self.assertRaisesRegex(ValueError, r"^seqused_k: 40 is outside "
                                    r"\[0, 32\]"):
            ops.flash_attention_varlen(q, kc, kc, cq, None, block_table=bt,
                                       seqused_k=np.array([1, 40], np.int32))
        with self.assertRaisesRegex(ValueError, "^block_table: entry 7 of "
                                    "sequence 0"):
            ops.flash_attention_varlen(
                q, kc, kc, cq, None, seqused_k=su,
                block_table=np.array([[7, 1], [2, 3]], np.int32))
        with self.assertRaisesRegex(ValueError, "^k: block size 12"):
            k12 = np.zeros((4, 12, 2, 64), np.float16)
            ops.flash_attention_varlen(q, k12, k12, cq, None, block_table=bt,
                                       seqused_k=su)
        with self.assertRaisesRegex(ValueError, r"^block_table: shape"):
            ops.flash_attention_varlen(q, kc, kc, cq, None, block_table=bt[:1],
                                       seqused_k=su)
        with self.assertRaisesRegex(ValueError, "^k: a paged cache"):
            ops.flash_attention_varlen(q.astype(np.float32),
                                       kc.astype(np.float32),
                                       kc.astype(np.float32), cq, None,
                                       block_table=bt, seqused_k=su)

    def test_unread_bounds_stay_inside(self):
        # cu_seqlens that the op cannot read (on the GPU: no device sync)
        # reach the kernels unchecked: decreasing, negative, past the
        # total. The kernels clamp each sequence into the rows (set-seq),
        # so nothing outside q, k, v or out is touched (CI runs this under
        # the CPU sanitizer, which reports any access outside a buffer).
        from unittest import mock

        from warpforth.ops import _attention_varlen as av
        from warpforth.ops import _common as c

        def unread(x, name, like, total, batch):
            return c.arg(x, name, dtypes=("i32",)), None
        rng = np.random.default_rng(5)
        q, k, v, do, _, _ = packed(rng, [40, 40], [40, 40], 2, 1, 64, "bf16")
        bad = np.array([0, 200, -7, 9999], np.int32)
        with mock.patch.object(av, "_cu", unread):
            for on in (False, True):
                with hopper(on):
                    o, lse = ops.flash_attention_varlen(
                        q, k, v, bad, bad, 80, 80, causal=True,
                        return_lse=True)
                    ops.flash_attention_varlen_backward(
                        do, q, k, v, o, lse, bad, bad, 80, 80, causal=True)

    def test_max_seqlen(self):
        rng = np.random.default_rng(2)
        q, k, v, _, cq, ck = packed(rng, [3, 9], [3, 9], 2, 2, 64, "bf16")
        a = ops.flash_attention_varlen(q, k, v, cq, ck)
        b = ops.flash_attention_varlen(q, k, v, cq, ck, 9, 9)
        c = ops.flash_attention_varlen(q, k, v, cq, ck, 40, 20)  # larger
        np.testing.assert_array_equal(a, b)
        np.testing.assert_array_equal(a, c)
        with self.assertRaisesRegex(ValueError, "^max_seqlen_q: 8 is less"):
            ops.flash_attention_varlen(q, k, v, cq, ck, 8, 9)

    def test_torch_autograd_and_compile(self):
        import torch
        rng = np.random.default_rng(4)
        q, k, v, do, cq, ck = packed(rng, [3, 0, 17, 40], [3, 5, 17, 40], 4,
                                     2, 64, "f32")
        tq, tk, tv = (torch.tensor(x, requires_grad=True) for x in (q, k, v))
        cu_q, cu_k = torch.tensor(cq), torch.tensor(ck)
        o = ops.flash_attention_varlen(tq, tk, tv, cu_q, cu_k, causal=True,
                                       window=(5, -1), softcap=3.0)
        o.backward(torch.tensor(do))
        want = varlen_reference(q, k, v, cq, ck, True, None, (5, -1), 3.0)[0]
        self.assertLessEqual(np.abs(o.detach().numpy() - want).max(), 2e-6)
        grads = varlen_backward_reference(do, q, k, v, cq, ck, True, None,
                                          (5, -1), 3.0)
        for g, w in zip((tq.grad, tk.grad, tv.grad), grads):
            self.assertLessEqual(np.abs(g.numpy() - w).max(), 1e-5)
        f = torch.compile(lambda q, k, v: ops.flash_attention_varlen(
            q, k, v, cu_q, cu_k, 40, 40, causal=True), fullgraph=True)
        eager = ops.flash_attention_varlen(tq, tk, tv, cu_q, cu_k,
                                           causal=True)
        self.assertTrue(torch.equal(f(tq, tk, tv), eager))

    def test_errors_name_the_argument(self):
        q = np.zeros((6, 2, 64), np.float32)
        cu = np.array([0, 2, 6], np.int32)
        for bad, msg in ((np.array([0, 2, 5], np.int32), "end at the total"),
                         (np.array([1, 2, 6], np.int32), "start at 0"),
                         (np.array([0, 4, 2, 6], np.int32), "never decrease"),
                         (np.array([0, 2, 6], np.int64), "int32|i32|dtype"),
                         (np.array([[0, 6]], np.int32), r"\(batch \+ 1,\)")):
            with self.assertRaisesRegex((ValueError, TypeError),
                                        "^cu_seqlens_q: .*(" + msg + ")"):
                ops.flash_attention_varlen(q, q, q, bad, cu)
        with self.assertRaisesRegex(ValueError, r"^cu_seqlens_k: shape"):
            ops.flash_attention_varlen(q, q, q, cu, cu[:2])
        with self.assertRaisesRegex(ValueError, r"^q: expected \(total"):
            ops.flash_attention_varlen(q[None], q, q, cu, cu)
        with self.assertRaisesRegex(ValueError, "^k: 3 heads"):
            k = np.zeros((6, 3, 64), np.float32)
            ops.flash_attention_varlen(q, k, k, cu, cu)
        with self.assertRaisesRegex(ValueError, "^lse: shape"):
            ops.flash_attention_varlen_backward(q, q, q, q, q,
                                                np.zeros((6, 2), np.float32),
                                                cu, cu)


if __name__ == "__main__":
    unittest.main()
