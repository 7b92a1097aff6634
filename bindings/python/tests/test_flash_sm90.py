"""kernels/attention/flash_attention_sm90.forth, bf16 and f16 (TMA, wgmma with
P from registers, warp specialization) on the CPU backend against the f64
reference (attention_reference.py).

Covered: head_dim 64 and 128; causal and full; Nq != Nkv (bottom-right
causal, and Nq > Nkv so that rows see no key: o 0, lse -inf); lengths that
are not multiples of the 128-row tiles (TMA fills zeros past the end, the
kernel masks those keys); several key tiles (the two-stage rings wrap);
grouped-query heads (Hq 4, Hkv 2) and a batch of 2; bf16 and f16. O starts
as NaN: every row must be written.

Error bound (elementwise, against f64 on the same 16-bit inputs): P is
rounded to 16 bits before P V, as FlashAttention does: |o - ref| <=
4 u max|v| + 1e-5 with u the dtype's half ulp (bf16 2^-8, f16 2^-11), the
P rounding (relative u per term, summed against a convex combination of
v) plus the output's rounding; lse within 1e-4 (f32 math in base 2).
The GPU comparison with torch's SDPA is bench/ops_attention.py --sm90.
"""

from __future__ import annotations

import unittest
from pathlib import Path

import numpy as np
from attention_reference import attention_reference

try:
    import ml_dtypes
except ImportError:  # the set-up installs it
    ml_dtypes = None

import warpforth
from warpforth import ops
from warpforth.ops import _attention

KERNELS = Path(__file__).resolve().parents[3] / "kernels" / "attention"
HALF_ULP = {"bf16": 2.0 ** -8, "f16": 2.0 ** -11}


class FlashSm90(unittest.TestCase):
    kernels: dict = {}

    def kernel(self, dtype, d, causal, schedule):
        key = (dtype, d, causal, tuple(sorted(schedule.items())))
        if key not in self.kernels:
            self.kernels[key] = warpforth.Kernel.from_file(
                KERNELS / "flash_attention_sm90.forth", device="cpu",
                arch="sm_90", defines={"HEAD_DIM": d, "CAUSAL": int(causal),
                                       **schedule, "T": dtype})
        return self.kernels[key]

    def run_case(self, b, hq, hkv, nq, nkv, d, causal, dtype, seed,
                 schedule=None, hg=None, blocks=None, twice=False):
        self.assertIsNotNone(ml_dtypes, "ml_dtypes is needed (tools/setup.sh)")
        t = ml_dtypes.bfloat16 if dtype == "bf16" else np.float16
        rng = np.random.default_rng(seed)
        q = rng.standard_normal((b, hq, nq, d)).astype(t)
        k = rng.standard_normal((b, hkv, nkv, d)).astype(t)
        v = rng.standard_normal((b, hkv, nkv, d)).astype(t)
        o = np.full((b, hq, nq, d), np.nan, dtype=t)
        lse = np.full((b, hq, nq), np.nan, dtype=np.float32)
        scale = 1.0 / np.sqrt(d)
        kern = self.kernel(dtype, d, causal, schedule or {})
        tiles = -(-nq // kern.const("BR"))
        # Items: LPT, groups of hg (batch, head) pairs (all of them unless
        # given), the query tile between pairs and groups, as the op does;
        # a block an item unless `blocks` (persistent blocks) is given.
        hg = hg or b * hq
        items = tiles * (hg * -(-b * hq // hg) if kern.const("LPT")
                         else b * hq)
        fd = _attention.fast_divisor
        def strides(x):  # (batch, head, row) in elements: dense
            return [s // x.itemsize for s in x.strides[:3]]
        # DYN's item counter and its count of blocks done, which the last
        # block sets back to 0 (the op keeps one a stream): with DYN a
        # second launch on the same cells (`twice`) must compute the same.
        ticket = np.zeros(2, np.int64)
        cu = np.zeros(1, np.int32)      # CU_Q, CU_K, BT: unread (no VARLEN)
        ref_o, ref_lse = attention_reference(q, k, v, causal=causal)
        what = (f"B{b} Hq{hq} Hkv{hkv} Nq{nq} Nkv{nkv} d{d} causal={causal} "
                f"{dtype} {schedule or 'default schedule'}")
        for run in range(2 if twice else 1):
            o[...] = np.nan
            lse[...] = np.nan
            kern(q, k, v, o, lse, nq, nkv, hq, hkv, b, hg, nq, fd(hg),
                 fd(tiles), fd(hq), fd(hq // hkv), scale, 0, 0, 1.0, cu, cu,
                 cu, 0, ticket,
                 *strides(q), *strides(k), *strides(v), *strides(o),
                 grid=(blocks or items,), block=kern.const("NTHREADS"))
            self.assertEqual(ticket.tolist(), [0, 0], what + ": counter")
            self.check(o, lse, ref_o, ref_lse, v, dtype,
                       what + f" (launch {run + 1})")

    def check(self, o, lse, ref_o, ref_lse, v, dtype, what):
        got = o.astype(np.float64)
        self.assertFalse(np.isnan(got).any(), what + ": unwritten output")
        bound = 4 * HALF_ULP[dtype] * np.abs(v.astype(np.float64)).max() + 1e-5
        err = np.abs(got - ref_o).max()
        self.assertLessEqual(err, bound, what + ": o")
        finite = np.isfinite(ref_lse)
        self.assertTrue((np.isneginf(lse) == ~finite).all(), what + ": lse -inf")
        lerr = np.abs(lse[finite] - ref_lse[finite]).max() if finite.any() else 0
        self.assertLessEqual(lerr, 1e-4, what + ": lse")

    def test_full(self):
        self.run_case(1, 2, 2, 200, 300, 64, False, "bf16", 1)

    def test_causal_square(self):
        self.run_case(1, 2, 2, 300, 300, 128, True, "bf16", 2)

    def test_causal_bottom_right(self):
        self.run_case(1, 1, 1, 100, 333, 64, True, "f16", 3)
        self.run_case(1, 1, 1, 200, 70, 64, True, "bf16", 4)  # rows see none

    def test_grouped_heads_batch(self):
        self.run_case(2, 4, 2, 130, 260, 128, False, "f16", 5)
        # Several query tiles, heads and batches: the LPT grid (one group,
        # groups of 2 pairs, of 3: the last group's third pair past the
        # end) and the plain one map blocks alike.
        for lpt, hg in ((1, None), (1, 2), (1, 3), (0, None)):
            self.run_case(2, 4, 2, 300, 300, 64, True, "bf16", 6,
                          {"LPT": lpt}, hg)

    def test_persistent_blocks(self):
        # Fewer blocks than items: each block steps through several (in
        # order, then backwards), its Q buffers and K/V rings running on
        # across them: one block for all 24 items (both Q buffers reused,
        # rows with no key between), 5 blocks (rounds of unequal length,
        # the last one past the items), with groups of 3 pairs (slots
        # past the last pair skipped), the plain order, one consumer with
        # two blocks an SM, and one Q buffer; and with DYN the items after
        # each block's first from the counter (more blocks than items too).
        for i, (schedule, hg, blocks) in enumerate((
                ({}, None, 1), ({}, 3, 5), ({"LPT": 0}, None, 5),
                ({"NCWG": 1, "MINB": 2}, 2, 4),
                ({"QBUF": 1, "KVS": 1}, None, 3),
                ({"DYN": 1}, None, 1), ({"DYN": 1}, 3, 5),
                ({"DYN": 1, "NCWG": 1, "MINB": 2}, 2, 4),
                ({"DYN": 1, "QBUF": 1, "KVS": 1}, None, 3),
                ({"DYN": 1}, 2, 40))):
            self.run_case(2, 4, 2, 200, 150, 64, True, "bf16", 40 + i,
                          schedule, hg, blocks, twice="DYN" in schedule)
        self.run_case(1, 4, 1, 150, 400, 128, False, "f16", 50, {}, None, 2)

    def test_schedules(self):
        # Every -D schedule of the kernel (flash-attention-sm90.fs): one
        # tile at a time, FlashAttention-3's overlap with and without
        # ping-pong turns, three consumer warpgroups (192 query rows), a
        # third K/V stage, one consumer (64 rows, two blocks an SM: no
        # turns). Several key tiles, so that the rings wrap and
        # the overlap's prologue, loop and epilogue all run.
        for i, schedule in enumerate((
                {"OVERLAP": 0}, {"OVERLAP": 1, "PINGPONG": 0},
                {"OVERLAP": 1, "PINGPONG": 1},
                {"OVERLAP": 1, "PINGPONG": 1, "NCWG": 3},
                {"OVERLAP": 1, "PINGPONG": 0, "NCWG": 3, "KVS": 3},
                {"OVERLAP": 1, "PINGPONG": 1, "NCWG": 1, "MINB": 2},
                {"OVERLAP": 1, "NCWG": 1, "MINB": 2, "KVS": 1})):
            self.run_case(1, 1, 1, 260, 520, 64, True, "bf16", 10 + i,
                          schedule)
            self.run_case(1, 1, 1, 150, 400, 64, False, "f16", 20 + i,
                          schedule)
        # 176-key tiles (wgmma n176, FlashAttention-3's at d128 full).
        self.run_case(1, 1, 1, 200, 400, 128, False, "bf16", 30,
                      {"BC": 176, "QBUF": 1})
        self.run_case(1, 1, 1, 230, 500, 128, True, "f16", 31,
                      {"BC": 176, "QBUF": 1})

    @staticmethod
    def qkv(seed, q_shape, kv_shape):
        """bf16 q, k and v of these shapes, standard normal."""
        rng = np.random.default_rng(seed)
        return [rng.standard_normal(s).astype(ml_dtypes.bfloat16)
                for s in (q_shape, kv_shape, kv_shape)]

    def test_op_takes_it_on_hopper(self):
        # ops.flash_attention's dispatch (hopper None picks it on an sm_90
        # GPU; True forces it here), against the mma.sync kernel.
        q, k, v = self.qkv(9, (1, 2, 150, 64), (1, 1, 150, 64))
        with ops.tuned(attention=dict(hopper=True)):
            o, lse = ops.flash_attention(q, k, v, causal=True, return_lse=True)
        ref_o, ref_lse = attention_reference(q, k, v, causal=True)
        bound = 4 * HALF_ULP["bf16"] * np.abs(v.astype(np.float64)).max() + 1e-5
        self.assertLessEqual(np.abs(o.astype(np.float64) - ref_o).max(), bound)
        self.assertLessEqual(np.abs(lse - ref_lse).max(), 1e-4)

    def test_op_rounds(self):
        # The op's blocks take 1, 2 or 3 items (in order, then backwards)
        # or are persistent, or take their items after the first from a
        # counter (DYN: the default for causal rows, persistent): every
        # item is computed alike, whichever block takes it, so the outputs
        # agree bit for bit.
        q, k, v = self.qkv(11, (2, 3, 200, 64), (2, 3, 170, 64))
        outs = []
        for rounds, defines in ((1, {"DYN": 0}), (2, {"DYN": 0}),
                                (3, {"DYN": 0}), (0, {"DYN": 0}),
                                (None, {}), (2, {"DYN": 1})):
            with ops.tuned(attention=dict(hopper=True, hopper_rounds=rounds,
                                          hopper_defines=defines)):
                outs.append(ops.flash_attention(q, k, v, causal=True,
                                                return_lse=True))
        for o, lse in outs[1:]:
            np.testing.assert_array_equal(o, outs[0][0])
            np.testing.assert_array_equal(lse, outs[0][1])
        ref_o, _ = attention_reference(q, k, v, causal=True)
        bound = 4 * HALF_ULP["bf16"] * np.abs(v.astype(np.float64)).max() + 1e-5
        self.assertLessEqual(np.abs(outs[0][0].astype(np.float64) -
                                    ref_o).max(), bound)

    def test_fast_divisor(self):
        # fdiv's encoding (flash-lpt.fs): exact for every n < 2^31 at the
        # divisors' extremes and around powers of two; 0 and 2^31 refused.
        rng = np.random.default_rng(12)
        divisors = [1, 2, 3, 5, 7, 12, 48, 96, 127, 128, 129, 1000, 65535,
                    65537, (1 << 30) + 1, (1 << 31) - 1]
        ns = [0, 1, 2, 1 << 20, (1 << 31) - 2, (1 << 31) - 1] + [
            int(x) for x in rng.integers(0, 1 << 31, 200)]
        for d in divisors:
            md = _attention.fast_divisor(d)
            m, sh = md & 0xFFFFFFFF, md >> 32
            for n in ns + [d - 1, d, d + 1, 3 * d - 1]:
                if n < 1 << 31:
                    self.assertEqual((n * m) >> sh, n // d, (n, d))
                    self.assertLess(n * m, 1 << 63)
        for bad in (0, 1 << 31):
            with self.assertRaises(ValueError):
                _attention.fast_divisor(bad)


if __name__ == "__main__":
    unittest.main()
