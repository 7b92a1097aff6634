"""ops.flash_attention_backward on the Hopper kernel
(kernels/attention/flash_backward_sm90.forth, bf16 and f16: TMA, wgmma with P
and dS from registers, dQ by f32 atomics), forced onto the CPU backend with the
attention_backward config's hopper=True, against the f64 gradients with
test_ops_attention_backward.py's reference and bounds: N 1, 7, 65, 129
(tiles of 128 keys and 64 or 128 queries only partly inside: TMA fills
zeros there and the kernel masks those keys and queries), causal and full,
causal with Nq < Nkv and Nq > Nkv (rows that see no key get no gradient),
grouped heads 4:1 (dK, dV summed over the group in the block), both 16-bit
dtypes, head_dim 64 and 128, several key blocks and query tiles (the
two-stage Q/dO ring wraps), and the dispatch (hopper None on the CPU keeps
the mma.sync kernels)."""

from __future__ import annotations

import unittest

import numpy as np
import test_ops_attention_backward as base
from attention_reference import attention_backward_reference
from opcheck import f64

from warpforth import ops
from warpforth.ops import _attention_backward as ab

# (B, Hq, Hkv, Nq, Nkv, d): compiling the unrolled kernel dominates (a few
# seconds per (dtype, d, causal)); the CPU simulates every wgmma per thread.
SHAPES = [
    (1, 1, 1, 1, 1, 64),
    (1, 4, 1, 7, 7, 64),        # GQA 4:1
    (1, 2, 1, 7, 129, 64),      # Nq < Nkv: two key blocks
    (1, 2, 2, 129, 65, 64),     # Nq > Nkv: causal rows 0..63 see no key
    (1, 2, 1, 129, 129, 64),    # two key blocks, two query tiles
]
D128 = [
    ((1, 2, 1, 65, 65, 128), "bf16", True),
    ((1, 4, 1, 129, 129, 128), "f16", False),   # three query tiles, GQA
    ((1, 2, 2, 7, 129, 128), "f16", True),
    ((1, 2, 2, 129, 7, 128), "bf16", True),
]


class FlashAttentionBackwardSm90(base.FlashAttentionBackward):
    SHAPES = SHAPES     # the base class's test_shapes runs these
    def setUp(self):
        self.saved = ops.config("attention_backward")
        ops.configure(attention_backward=dict(hopper=True))

    def tearDown(self):
        ops.configure(attention_backward=self.saved)

    # The mma.sync cases of the base class are not this kernel's.
    test_head_dims = test_f32 = test_atomic_dq = None
    test_errors_name_the_argument = None

    def test_head_dim_128(self):
        for shape, dt, causal in D128:
            self.check(shape, dt, causal)

    def test_bf16_ds_in_two_parts(self):
        # bf16's dS goes into dQ as two 16-bit parts (the kernel's
        # DS_SPLIT): dQ's error then stays far below the one-part
        # kernel's, whose dS rounding alone made dQ's error 2.4 times
        # SDPA's on the H100 at N1024 d128 full (issue 15's bound is 2;
        # elsewhere one part's error is SDPA's: ds_split picks, below).
        rng = np.random.default_rng(21)
        shape = (1, 2, 1, 64, 300, 128)
        q, k, v, do = base.inputs(rng, shape, "bf16")
        o, lse = ops.flash_attention(q, k, v, return_lse=True)
        want = attention_backward_reference(do, q, k, v, False, None)[0]
        errs = []
        for defines in ({"DS_SPLIT": 1}, {"DS_SPLIT": 0}):
            with ops.tuned(attention_backward=dict(hopper_defines=defines)):
                dq = ops.flash_attention_backward(do, q, k, v, o, lse)[0]
            errs.append(np.abs(f64(dq) - want).max() / np.abs(want).max())
        # Measured: 2.0e-3 (about dq's own rounding, u/2) against 4.7e-3.
        split, one = errs
        self.assertLess(split, 0.6 * one, f"dq error {split:.3g} vs {one:.3g}")
        self.assertLess(split, 0.6 * base.UNIT["bf16"], f"dq error {split:.3g}")
        # The op's choice: two parts for bf16 full attention at d128 only.
        self.assertEqual([ab.ds_split(dt, d, causal)["DS_SPLIT"]
                          for dt in ("bf16", "f16") for d in (64, 128)
                          for causal in (False, True)],
                         [0, 0, 1, 0, 0, 0, 0, 0])

    def test_dq_paths(self):
        # dQ's sums go into DQACC by TMA reductions of a shared tile (the
        # default, DQ_TMA: boxes past NQ clipped), issued by a thread of
        # the producer's warpgroup (DQW) or by each consumer warpgroup's
        # leader, or by atomics, 1, 2 or 4 floats one (DQ_VEC; 4: lanes
        # swap halves by shuffles first): the same gradients within the
        # bounds each way, at ragged rows (a tile past NQ).
        for defines in ({"DQ_TMA": 1}, {"DQ_TMA": 1, "DQW": 0},
                        *({"DQ_TMA": 0, "DQ_VEC": vec} for vec in (1, 2, 4))):
            with ops.tuned(attention_backward=dict(hopper_defines=defines)):
                self.check((1, 2, 1, 77, 140, 64), "bf16", False)
                self.check((1, 2, 2, 70, 70, 128), "f16", True)

    def test_block_order(self):
        # LPT (the default): grid (HG, key blocks, groups of HG (batch, K/V
        # head) pairs), the heaviest key blocks of a group first; LPT 0:
        # grid (key blocks, HKV, BATCH). Same gradients over several key
        # blocks, heads and batches: one group, groups of one pair, and
        # three pairs in two groups of two (a pair's Q, dO and dQ sums
        # 2 * 150 * 64 * 8 bytes), the last one's second past the end.
        pair = 2 * 150 * 64 * 8
        budget = ops.AttentionConfig().lpt_group_bytes
        for lpt, group_bytes, shape in (
                (1, budget, (2, 4, 2, 150, 300, 64)),
                (1, pair, (2, 4, 2, 150, 300, 64)),
                (1, 2 * pair, (1, 6, 3, 150, 300, 64)),
                (0, budget, (2, 4, 2, 150, 300, 64))):
            with ops.tuned(
                    attention_backward=dict(hopper_defines={"LPT": lpt}),
                    attention=dict(lpt_group_bytes=group_bytes)):
                self.check(shape, "bf16", True)

    def test_block_shapes(self):
        # The kernel's other block shapes (bench/backward_tiles.py): one
        # consumer warpgroup making both of a tile's dQ parts (d64 at 128
        # query rows, d128), one making the one part (d64 at 64 rows, two
        # blocks an SM), and two consumers with one part between them.
        for defines, d in (({"NCWG": 1, "MINB": 2}, 64),
                           ({"NCWG": 1, "MINB": 2}, 128),
                           ({"NCWG": 1, "BR": 64, "MINB": 2}, 64),
                           ({"NCWG": 2, "BR": 64}, 64)):
            with ops.tuned(attention_backward=dict(hopper_defines=defines)):
                self.check((1, 2, 1, 150, 200, d), "bf16", True)

    def test_programmatic_dependent_launch(self):
        # PDL on (what sm_90 GPUs run: '\! pdl' pre, main and convert
        # kernels with their GRID-DEP words) gives the gradients of PDL off
        # bit for bit; on the CPU backend launches run in order.
        rng = np.random.default_rng(12)
        q, k, v, do = base.inputs(rng, (1, 4, 2, 129, 129, 64), "bf16")
        o, lse = ops.flash_attention(q, k, v, causal=True, return_lse=True)
        got = {}
        for pdl in (True, False):
            with ops.tuned(attention_backward=dict(pdl=pdl)):
                got[pdl] = ops.flash_attention_backward(do, q, k, v, o, lse,
                                                        causal=True)
        for a, b in zip(got[True], got[False]):
            np.testing.assert_array_equal(f64(a), f64(b))
        self.check((1, 4, 2, 129, 129, 64), "bf16", True)

    def test_dispatch(self):
        # hopper None on the CPU backend: the mma.sync kernels, same result
        # within the bounds (and f32 never takes the Hopper kernel).
        with ops.tuned(attention_backward=dict(hopper=None)):
            self.check((1, 2, 1, 65, 65, 64), "bf16", True)
        self.check((1, 2, 1, 33, 33, 64), "f32", True)


if __name__ == "__main__":
    unittest.main()
