"""warpforth.ops on the GPU against torch in the same dtype (torch + CUDA
needed; skipped otherwise, run by hand on a GPU machine):

    WARPFORTH_LIB=.../libwarpforth.so PYTHONPATH=bindings/python \\
        python3 bindings/python/tests/test_ops_gpu.py
"""

from __future__ import annotations

import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

try:
    import torch
    HAVE_GPU = torch.cuda.is_available()
except ImportError:
    HAVE_GPU = False

from warpforth import ops  # noqa: E402

# Error bounds against torch in the same dtype, relative to the output's
# largest magnitude: the output's own rounding (bf16 8 bits, f16 11 bits of
# mantissa), twice, plus f32 math on both sides.
BOUND = {"float32": 2e-6, "bfloat16": 1.6e-2, "float16": 2e-3}
DTYPES = ["float32", "bfloat16", "float16"]


def close(test, got, want, dtype, what):
    err = (got.double() - want.double()).abs().nan_to_num(0).max().item()
    scale = max(1.0, want.double().abs().nan_to_num(0).max().item())
    test.assertLessEqual(err / scale, BOUND[dtype], f"{what} {dtype}")
    test.assertTrue(torch.equal(got.isnan(), want.isnan()), f"{what} NaNs")


@unittest.skipUnless(HAVE_GPU, "needs torch with CUDA")
class SoftmaxGpu(unittest.TestCase):
    SHAPES = [(1, 1), (3, 31), (5, 33), (2, 3, 1000), (7, 4097),
              (300, 2500), (2, 40000), (4, 262144), (64, 128256)]

    def test_forward_backward(self):
        g = torch.Generator(device="cuda").manual_seed(0)
        for shape in self.SHAPES:
            for name in DTYPES:
                dt = getattr(torch, name)
                x = (torch.randn(shape, device="cuda", generator=g) * 4).to(dt)
                y = ops.softmax(x)
                close(self, y, torch.softmax(x.float(), -1).to(dt), name,
                      f"softmax {shape}")
                dy = torch.randn(shape, device="cuda", generator=g).to(dt)
                dx = ops.softmax_backward(y, dy)
                y32, dy32 = y.float(), dy.float()
                want = y32 * (dy32 - (dy32 * y32).sum(-1, keepdim=True))
                close(self, dx, want.to(dt), name, f"backward {shape}")

    def test_infinities_and_stream(self):
        x = torch.zeros(3, 5000, device="cuda")
        x[0] = float("-inf")
        x[1, ::2] = float("-inf")
        s = torch.cuda.Stream()
        with torch.cuda.stream(s):
            y = ops.softmax(x)
        s.synchronize()
        close(self, y, torch.softmax(x, -1), "float32", "inf rows")


if __name__ == "__main__":
    unittest.main()
