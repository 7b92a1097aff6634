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


def hf_top_k(x, k):
    """HuggingFace's TopKLogitsWarper."""
    k = min(k, x.size(-1))
    kth = torch.topk(x, k)[0][..., -1, None]
    return x.masked_fill(x < kth, float("-inf"))


def hf_top_p(x, p, min_tokens_to_keep=1):
    """HuggingFace's TopPLogitsWarper."""
    sorted_logits, sorted_indices = torch.sort(x, descending=False)
    cum = sorted_logits.softmax(dim=-1).cumsum(dim=-1)
    remove = cum <= (1 - p)
    remove[..., -min_tokens_to_keep:] = 0
    remove = remove.scatter(-1, sorted_indices, remove)
    return x.masked_fill(remove, float("-inf"))


def mass_above(x):
    """f64: per element, the probability of the larger values of its row."""
    x = x.double().reshape(-1, x.size(-1))
    xs, _ = torch.sort(x)
    probs = torch.softmax(xs, -1)
    suffix = torch.cat([probs.flip(-1).cumsum(-1).flip(-1),
                        torch.zeros_like(probs[:, :1])], -1)
    return suffix.gather(-1, torch.searchsorted(xs, x, right=True))


@unittest.skipUnless(HAVE_GPU, "needs torch with CUDA")
class TopKTopPGpu(unittest.TestCase):
    """The masks against HF's code on the same values in f32: top-k
    exactly; top-p exactly but for the two documented differences, an
    element tied with the lowest value HF keeps (kept whole here) and one
    whose decision lies within 1e-5 of p (the order of the f32 sums)."""
    SHAPES = [(1, 1), (3, 31), (5, 33), (2, 3, 1000), (7, 4097),
              (300, 2500), (2, 40000), (4, 262144), (64, 50257),
              (64, 128256)]

    def test_top_k(self):
        g = torch.Generator(device="cuda").manual_seed(1)
        for shape in self.SHAPES:
            for name in DTYPES:
                dt = getattr(torch, name)
                x = (torch.randn(shape, device="cuda", generator=g) * 3).to(dt)
                for k in sorted({1, 50, shape[-1], shape[-1] + 1}):
                    want = hf_top_k(x.float(), k).to(dt)
                    got = ops.top_k_mask(x, k)
                    self.assertTrue(torch.equal(got, want),
                                    f"top_k {shape} {name} k={k}")

    def check_top_p(self, x, p, m, what):
        got = ops.top_p_mask(x, p, m)
        want = hf_top_p(x.float(), p, m).to(x.dtype)
        kept, hf_kept = (got != float("-inf")), (want != float("-inf"))
        kept, hf_kept = kept.reshape(-1, x.size(-1)), hf_kept.reshape(
            -1, x.size(-1))
        x32 = x.float().reshape(-1, x.size(-1))
        hf_min = torch.where(hf_kept, x32, float("inf")).min(-1,
                                                            keepdim=True)[0]
        tie = kept & ~hf_kept & (x32 == hf_min)
        near = (mass_above(x) - p).abs() < 1e-5
        bad = (kept != hf_kept) & ~tie & ~near
        self.assertFalse(bad.any(), f"{what}: {bad.sum().item()} differ, "
                         f"first at {bad.nonzero()[:3].tolist()}")
        self.assertTrue(torch.equal(torch.where(kept, x32, float("-inf")),
                                    got.float().reshape(x32.shape)), what)

    def test_top_p(self):
        g = torch.Generator(device="cuda").manual_seed(2)
        for shape in self.SHAPES:
            for name in DTYPES:
                dt = getattr(torch, name)
                x = (torch.randn(shape, device="cuda", generator=g) * 3).to(dt)
                for p, m in ((0.0, 1), (0.5, 1), (0.9, 1), (0.95, 5),
                             (1.0, 1)):
                    self.check_top_p(x, p, m, f"top_p {shape} {name} p={p}")

    def test_infinities_ties_and_stream(self):
        x = torch.randint(-5, 5, (4, 5000), device="cuda").float()
        x[1, ::3] = float("-inf")
        x[2] = float("-inf")
        s = torch.cuda.Stream()
        s.wait_stream(torch.cuda.current_stream())
        with torch.cuda.stream(s):
            got = ops.top_k_mask(x, 100)
            want = hf_top_k(x, 100)
        s.synchronize()
        self.assertTrue(torch.equal(got, want))
        for p in (0.3, 0.9):
            self.check_top_p(x, p, 1, f"ties p={p}")

    def test_cpu_tensor_and_in_place(self):
        x = torch.randn(3, 700) * 3
        self.assertTrue(torch.equal(ops.top_k_mask(x, 10), hf_top_k(x, 10)))
        y = x.cuda()
        want = hf_top_k(y, 10)
        self.assertIs(ops.top_k_mask(y, 10, out=y), y)
        self.assertTrue(torch.equal(y, want))


if __name__ == "__main__":
    unittest.main()
