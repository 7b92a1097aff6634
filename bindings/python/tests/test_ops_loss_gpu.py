"""cross_entropy and linear_cross_entropy on the GPU (torch with CUDA;
skipped without), forward and backward through autograd, against float64
(torch's own loss on upcast inputs) and compared with torch in the same
dtype on the same inputs: the loss and each gradient within twice
torch's own error plus 1e-5 (relative to the largest magnitude of the
reference); torch.compile(fullgraph=True) gives the eager results."""

from __future__ import annotations

import sys
import unittest
from pathlib import Path

try:
    import torch
    HAVE_GPU = torch.cuda.is_available()
except ImportError:
    HAVE_GPU = False

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from torch_checks import check_within_torch  # noqa: E402

from warpforth import ops  # noqa: E402

F = None if not HAVE_GPU else torch.nn.functional


def capped(x, cap):
    return x if cap is None else cap * torch.tanh(x / cap)


@unittest.skipUnless(HAVE_GPU, "needs torch with CUDA")
class LossGpu(unittest.TestCase):
    def within(self, what, ours, theirs, want):
        check_within_torch(self, what, ours, theirs, want,
                           names=("loss", "grad", "grad2", "grad3"),
                           slack=1e-5)

    def test_cross_entropy_against_torch(self):
        torch.manual_seed(1)
        for dt in (torch.bfloat16, torch.float16, torch.float32):
            for shape, ignore, smooth, cap, red in (
                    ((333, 1000), -100, 0.0, None, "mean"),
                    ((64, 50257), -100, 0.1, None, "sum"),
                    ((2, 3, 128256), 7, 0.0, 30.0, "none"),
                    ((1, 5), -100, 0.2, 2.0, "mean")):
                what = f"{dt} {shape} {red} smooth={smooth} cap={cap}"
                v = shape[-1]
                x = 4 * torch.randn(shape, device="cuda")
                x = x.to(dt)
                t = torch.randint(0, v, shape[:-1], device="cuda")
                if t.numel() > 1:
                    t.view(-1)[0] = ignore
                g = torch.randn(shape[:-1] if red == "none" else (),
                                device="cuda")

                def run(fn, x):
                    x = x.detach().requires_grad_()
                    loss = fn(x)
                    return (loss.detach(),
                            torch.autograd.grad(loss, x, g.to(loss.dtype))[0])

                def torch_loss(x):
                    return F.cross_entropy(
                        capped(x, cap).reshape(-1, v), t.reshape(-1),
                        ignore_index=ignore, label_smoothing=smooth,
                        reduction=red).reshape(g.shape)
                ours = run(lambda x: ops.cross_entropy(
                    x, t, ignore, smooth, red, cap), x)
                theirs = run(torch_loss, x)
                want = run(torch_loss, x.double())
                self.within(what, ours, theirs, want)

    def test_linear_cross_entropy_against_torch(self):
        torch.manual_seed(2)
        for dt in (torch.bfloat16, torch.float32):
            for n, hd, v, bias, red in ((1000, 256, 50257, False, "mean"),
                                        (333, 128, 3001, True, "sum"),
                                        (77, 64, 1000, False, "none")):
                what = f"{dt} N{n} H{hd} V{v} bias={bias} {red}"
                h = torch.randn(n, hd, device="cuda", dtype=dt)
                w = (torch.randn(v, hd, device="cuda") / hd ** 0.5).to(dt)
                b = torch.randn(v, device="cuda", dtype=dt) if bias else None
                t = torch.randint(0, v, (n,), device="cuda")
                t[3] = -100
                g = torch.randn((n,) if red == "none" else (),
                                device="cuda")

                def run(fn, *ins):
                    ins = [x.detach().requires_grad_() for x in ins]
                    loss = fn(*ins)
                    return (loss.detach(),) + torch.autograd.grad(
                        loss, ins, g.to(loss.dtype))

                def stock(h, w, b=None):
                    x = h @ w.t() if b is None else torch.addmm(b, h, w.t())
                    return F.cross_entropy(x.float(), t, reduction=red)
                ins = (h, w) + ((b,) if bias else ())
                with ops.tuned(cross_entropy=dict(chunk=256)):
                    ours = run(lambda *a: ops.linear_cross_entropy(
                        a[0], a[1], t, bias=a[2] if bias else None,
                        reduction=red), *ins)
                theirs = run(stock, *ins)
                want = run(stock, *(x.double() for x in ins))
                self.within(what, ours, theirs, want)

    def test_compile_fullgraph(self):
        h = torch.randn(300, 64, device="cuda", dtype=torch.bfloat16,
                        requires_grad=True)
        w = torch.randn(5000, 64, device="cuda", dtype=torch.bfloat16,
                        requires_grad=True)
        t = torch.randint(0, 5000, (300,), device="cuda")

        def f(h, w):
            return (ops.linear_cross_entropy(h, w, t)
                    + ops.cross_entropy(h @ w.t(), t, label_smoothing=0.1))
        want = f(h, w)
        got = torch.compile(f, fullgraph=True)(h, w)
        self.assertTrue(torch.allclose(got, want, rtol=1e-5, atol=1e-5))
        for a, b in zip(torch.autograd.grad(got, (h, w)),
                        torch.autograd.grad(want, (h, w))):
            self.assertTrue(torch.allclose(a.float(), b.float(), rtol=1e-2,
                                           atol=1e-5))


if __name__ == "__main__":
    unittest.main()
