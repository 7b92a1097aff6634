"""torch.autograd.gradcheck of flash_attention's autograd (issue 15), where
float32 inputs as CPU tensors (the CPU backend, in the normal test
command: CI installs torch, and a missing one fails there) and on the GPU
where there is one, tiny shapes with
grouped heads, causal with Nq < Nkv (bottom-right) and full.

Tolerance, documented: the kernels compute in float32 (3xTF32 products on
the GPU, f32 on the CPU backend; there is no float64 path), so gradcheck's
central differences carry about ulp(|o|) / eps of rounding: with eps =
1e-3 that is ~1e-4, far inside atol 2e-3 and rtol 2e-2, while a wrong
gradient (a missing term, a swapped operand) is off by O(1). nondet_tol:
dQ's sums come from atomics in an order that changes between calls on the
GPU."""

from __future__ import annotations

import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from opcheck import import_torch  # noqa: E402

torch = import_torch()

from warpforth import ops  # noqa: E402
from warpforth.ops import _common  # noqa: E402

EPS, ATOL, RTOL, NONDET = 1e-3, 2e-3, 2e-2, 1e-5


@unittest.skipUnless(torch is not None, "needs torch")
class FlashAttentionGradcheck(unittest.TestCase):
    # (B, Hq, Hkv, Nq, Nkv, d, causal)
    CASES = [(1, 2, 1, 3, 5, 64, True), (1, 2, 2, 4, 4, 64, False)]

    def run_case(self, device):
        torch.manual_seed(7)
        for b, hq, hkv, nq, nkv, d, causal in self.CASES:
            q = torch.randn(b, hq, nq, d, device=device, requires_grad=True)
            k = torch.randn(b, hkv, nkv, d, device=device,
                            requires_grad=True)
            v = torch.randn(b, hkv, nkv, d, device=device,
                            requires_grad=True)
            with self.subTest(device=device, causal=causal, nq=nq, nkv=nkv):
                self.assertTrue(torch.autograd.gradcheck(
                    lambda q, k, v: ops.flash_attention(q, k, v,
                                                        causal=causal),
                    (q, k, v), eps=EPS, atol=ATOL, rtol=RTOL,
                    nondet_tol=NONDET))

    def test_cpu_backend(self):
        self.run_case("cpu")

    @unittest.skipUnless(torch is not None and torch.cuda.is_available(),
                         "needs torch with CUDA")
    def test_gpu(self):
        self.run_case("cuda")

    def test_catches_a_wrong_gradient(self):
        # The same check fails when the backward's dV is 10% off:
        # the tolerance above cannot hide a wrong gradient.
        from warpforth.ops import _attention_backward as ab
        saved = ab.flash_attention_backward

        def off(*args):
            dq, dk, dv = saved(*args)
            return dq, dk, dv * 1.1
        ab.flash_attention_backward = off
        # No plan replays the true backward (the torch ops' C++ kernel,
        # ops/_native.py): the call takes the Python implementation.
        _common.clear_plans()
        try:
            q, k, v = (torch.randn(1, 1, 3, 64, requires_grad=True)
                       for _ in range(3))
            with self.assertRaises(RuntimeError):   # GradcheckError
                torch.autograd.gradcheck(
                    lambda q, k, v: ops.flash_attention(q, k, v),
                    (q, k, v), eps=EPS, atol=ATOL, rtol=RTOL,
                    nondet_tol=NONDET)
        finally:
            ab.flash_attention_backward = saved
            _common.clear_plans()


if __name__ == "__main__":
    unittest.main()
