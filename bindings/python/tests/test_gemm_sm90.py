"""kernels/gemm/gemm_sm90.forth, bf16 and f16 (TMA + mbarriers + wgmma,
warp specialized) on the CPU backend against an f64 numpy product.

Shapes: tiles that divide (M 128, N a multiple of BN, K a multiple of 64)
and ragged ones (M, N, K not multiples of the tile: TMA fills past the
edges with zeros, the epilogue stores only inside C), more k tiles than
pipeline stages (the ring wraps, phases flip), BN 64 and 128 with 2 and 3
stages. C starts as NaN: every element must be written.

Error bound: the inputs are bf16 and exact in f32; the CPU backend sums
each k16 step's products exactly (double) and rounds the accumulator to
f32 once a step, so the f32 result is within K/16 * 2^-24 * sum|a||b|
of f64 (far below what is checked), then one rounding to bf16: 2^-8
relative (f16: 2^-11). Checked: |C - ref| <= that |ref| + 1e-3 sqrt(K).
The GPU figure (against torch.matmul) is bench/gemm_sm90.py.
"""

from __future__ import annotations

import unittest
from pathlib import Path

import numpy as np

try:
    import ml_dtypes
except ImportError:  # the set-up installs it; say so rather than skip
    ml_dtypes = None

import warpforth

GEMM = Path(__file__).resolve().parents[3] / "kernels" / "gemm"


class GemmSm90(unittest.TestCase):
    def run_case(self, m, n, k, bn, stages, seed, group=8, dtype="bf16"):
        self.assertIsNotNone(ml_dtypes, "ml_dtypes is needed (tools/setup.sh)")
        rng = np.random.default_rng(seed)
        t = ml_dtypes.bfloat16 if dtype == "bf16" else np.float16
        a = rng.standard_normal((m, k)).astype(t)
        b = rng.standard_normal((k, n)).astype(t)
        c = np.full((m, n), np.nan, dtype=t)
        kern = warpforth.Kernel.from_file(
            GEMM / "gemm_sm90.forth", device="cpu", arch="sm_90",
            defines={"BN": bn, "STAGES": stages, "GROUP": group, "T": dtype})
        kern(m, n, k, a, b, c, grid=-(-n // bn) * -(-m // 128), block=384)
        ref = a.astype(np.float64) @ b.astype(np.float64)
        got = c.astype(np.float64)
        self.assertFalse(np.isnan(got).any(), "C has unwritten elements")
        err = np.abs(got - ref)
        ulp = 2.0 ** -8 if dtype == "bf16" else 2.0 ** -11
        bound = ulp * np.abs(ref) + 1e-3 * np.sqrt(k)
        self.assertTrue((err <= bound).all(),
                        f"M{m} N{n} K{k} BN{bn} S{stages}: max error "
                        f"{err.max():.3g}, worst excess "
                        f"{(err - bound).max():.3g}")

    def test_whole_tiles(self):
        self.run_case(128, 128, 128, 64, 2, 1)

    def test_ring_wraps(self):
        # 5 k tiles through 2 and 3 stages: the phases flip.
        self.run_case(128, 128, 320, 128, 2, 2)
        self.run_case(128, 64, 320, 64, 3, 3)

    def test_ragged_edges(self):
        # M, N, K not multiples of the tile (N, K multiples of 8 for TMA).
        self.run_case(200, 136, 72, 64, 2, 4)
        self.run_case(70, 72, 8, 128, 2, 5)

    def test_grouped_tile_order(self):
        # 5 row tiles x 3 column tiles in groups of 2: the last group is
        # a partial one; every tile must be computed exactly once.
        self.run_case(600, 192, 64, 64, 2, 6, group=2)
        self.run_case(600, 192, 64, 64, 2, 7, group=1000)

    def test_f16(self):
        self.run_case(200, 136, 200, 128, 2, 8, dtype="f16")


if __name__ == "__main__":
    unittest.main()
