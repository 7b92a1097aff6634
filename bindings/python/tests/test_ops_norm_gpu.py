"""rms_norm, layer_norm, swiglu and geglu on CUDA tensors (skipped without
a GPU) against torch's own ops in the same dtype (F.rms_norm,
F.layer_norm, F.silu(g) * u, F.gelu(g) * u): forward and every gradient
within twice torch's own error against a float64 reference (plus a few
f32 units), on every path (lanes, a block a row, the looped path; 16-byte
vectors and single elements); the weight gradient deterministic; and
torch.compile(fullgraph=True) and CUDA graphs (torch_checks)."""

from __future__ import annotations

import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from opcheck import import_torch  # noqa: E402
from torch_checks import check_compile_and_graphs  # noqa: E402

torch = import_torch()
CUDA = torch is not None and torch.cuda.is_available()

from warpforth import ops  # noqa: E402

if CUDA:
    import torch.nn.functional as F
    DTYPES = (torch.bfloat16, torch.float16, torch.float32)

# (rows, n): a lane group a row, a block a row in registers (4096, 8192),
# the looped path (50000), odd lengths (single-element accesses).
SHAPES = [(4, 1), (3, 7), (33, 129), (64, 1000), (33, 4099), (64, 4096),
          (16, 8192), (4, 50000)]
PATHS = [{}, {"registers": False}, {"vectors": False}]


def rel_err(got, want) -> float:
    return float((got.double() - want).abs().max()) / max(
        1.0, float(want.abs().max()))


def grads(fn, inputs, dy):
    """(outputs, gradients of inputs) of fn on fresh leaves."""
    leaves = [t.detach().requires_grad_() for t in inputs]
    out = fn(*leaves)
    return out.detach(), torch.autograd.grad(out, leaves, dy)


@unittest.skipUnless(CUDA, "needs torch with a CUDA GPU")
class NormsOnGpu(unittest.TestCase):
    def compare(self, what, ours_fn, torch_fn, inputs, dy, slack=4e-6):
        """ours and torch's outputs and gradients, each against the float64
        run of torch_fn: ours within 2x torch's error plus `slack`."""
        want = grads(torch_fn, [t.double() for t in inputs], dy.double())
        ours = grads(ours_fn, inputs, dy)
        theirs = grads(torch_fn, inputs, dy)
        for i, (a, t, w) in enumerate(zip(
                (ours[0],) + ours[1], (theirs[0],) + theirs[1],
                (want[0],) + want[1])):
            e_ours, e_torch = rel_err(a, w), rel_err(t, w)
            self.assertLessEqual(e_ours, 2 * e_torch + slack,
                                 f"{what} output/grad {i}: ours {e_ours:.3g}"
                                 f", torch {e_torch:.3g}")

    def inputs(self, shape, dtype, offset=0.0):
        g = torch.Generator(device="cuda").manual_seed(5)
        n = shape[-1]
        x, r, dy = (torch.randn(shape, device="cuda", generator=g) for _ in
                    range(3))
        w, b = (torch.randn(n, device="cuda", generator=g) for _ in range(2))
        return [t.to(dtype) for t in (x + offset, r, w, b, dy)]

    def test_against_torch(self):
        for path in PATHS:
            with ops.tuned(norm=path, glu={"vectors": path.get("vectors",
                                                               True)}):
                for dtype in DTYPES:
                    for shape in SHAPES:
                        n = shape[-1]
                        x, r, w, b, dy = self.inputs(shape, dtype)
                        what = f"{path} {dtype} {shape}"
                        self.compare(
                            "rms_norm " + what,
                            lambda x, w: ops.rms_norm(x, w, 1e-6,
                                                      casting="none"),
                            lambda x, w: F.rms_norm(x, (n,), w, 1e-6),
                            [x, w], dy)
                        self.compare(
                            "rms_norm+residual " + what,
                            lambda x, r, w: ops.rms_norm(
                                x, w, 1e-6, residual=r, casting="none")[0],
                            lambda x, r, w: F.rms_norm(x + r, (n,), w, 1e-6),
                            [x, r, w], dy)
                        # Rows of one element: dx is 0 in exact math;
                        # ours keeps the f32 rounding of dy * w (a fused
                        # multiply-add in one of its two sums) times
                        # rstd = 1/sqrt(eps) = 316 (H200: 5.2e-6 in f32).
                        self.compare(
                            "layer_norm " + what,
                            lambda x, w, b: ops.layer_norm(x, w, b),
                            lambda x, w, b: F.layer_norm(x, (n,), w, b),
                            [x, w, b], dy, 2e-5 if n == 1 else 4e-6)
                        self.compare(
                            "swiglu " + what, ops.swiglu,
                            lambda g, u: F.silu(g) * u, [x, r], dy)
                        for approx in ("none", "tanh"):
                            self.compare(
                                f"geglu {approx} " + what,
                                lambda g, u: ops.geglu(g, u, approx),
                                lambda g, u: F.gelu(g, approximate=approx)
                                * u, [x, r], dy)

    def test_llama_casting_is_hf(self):
        # HF's LlamaRMSNorm: within one unit of the dtype of its bits.
        for dtype in (torch.bfloat16, torch.float16):
            x, _, w, _, _ = self.inputs((64, 4096), dtype)
            h = x.float()
            hf = w * (h * torch.rsqrt(h.pow(2).mean(-1, keepdim=True)
                                      + 1e-6)).to(dtype)
            got = ops.rms_norm(x, w, 1e-6)
            ulp = torch.finfo(dtype).eps
            err = ((got.float() - hf.float()).abs()
                   / hf.float().abs().clamp_min(1e-3)).max().item()
            self.assertLessEqual(err, 2 * ulp, f"{dtype}")

    def test_weight_gradient_is_deterministic(self):
        x, r, w, b, dy = self.inputs((4096, 4096), torch.bfloat16)
        _, mean, rstd = ops.layer_norm(x, w, b, return_stats=True)
        first = ops.layer_norm_backward(dy, x, w, mean, rstd)
        for _ in range(3):
            for a, e in zip(first, ops.layer_norm_backward(dy, x, w, mean,
                                                           rstd)):
                self.assertTrue(torch.equal(a, e))

    def test_large_mean(self):
        x, _, w, b, dy = self.inputs((64, 50000), torch.float32, 1000.0)
        n = x.shape[-1]
        self.compare("layer_norm large mean",
                     lambda x, w, b: ops.layer_norm(x, w, b),
                     lambda x, w, b: F.layer_norm(x, (n,), w, b),
                     [x, w, b], dy)

    def test_compile_and_graphs(self):
        x, r, w, b, _ = self.inputs((64, 4096), torch.bfloat16)

        def block(x, r, w, b):
            y, h = ops.rms_norm(x, w, residual=r)
            z = ops.layer_norm(h, w, b)
            return ops.swiglu(y, z) + ops.geglu(y, z, "tanh")
        check_compile_and_graphs(
            self, block, [t.detach().requires_grad_() for t in (x, r, w, b)])


if __name__ == "__main__":
    unittest.main()
