"""ops.swiglu, ops.geglu and their backwards on the CPU backend (numpy
arrays and CPU torch tensors) against float64 numpy references, in f32,
f16 and bf16, at small and odd shapes, with 16-byte vectors and single
elements; argument errors; the torch ops' autograd against the explicit
backward, bit for bit; opcheck and torch.compile."""

from __future__ import annotations

import math
import unittest

import numpy as np
from opcheck import DTYPES, cast, dtypes, f64, import_torch

from warpforth import ops

torch = import_torch()

SHAPES = [(1,), (7,), (3, 129), (33, 7), (3, 1000), (2, 4099), (4, 5, 8)]
# The gradients: one rounding of f32 math, as the forward, but the
# derivatives' exp/erf/tanh add a few f32 units (relative to the largest
# value).
GRAD_BOUND = {"f32": 1e-5, "f16": 1e-3, "bf16": 8e-3}
_erf = np.vectorize(math.erf)


def act(x: np.ndarray, kind: str) -> tuple[np.ndarray, np.ndarray]:
    """(act(x), act'(x)) in f64."""
    if kind == "silu":
        s = 1.0 / (1.0 + np.exp(-x))
        return x * s, s * (1.0 + x * (1.0 - s))
    if kind == "gelu":
        p = 0.5 * (1.0 + _erf(x / math.sqrt(2.0)))
        return x * p, p + x * np.exp(-0.5 * x * x) / math.sqrt(2 * math.pi)
    k = math.sqrt(2.0 / math.pi)
    t = np.tanh(k * (x + 0.044715 * x ** 3))
    return (0.5 * x * (1.0 + t), 0.5 * (1.0 + t)
            + 0.5 * x * (1.0 - t * t) * k * (1.0 + 3 * 0.044715 * x * x))


def forward(kind):
    if kind == "silu":
        return ops.swiglu, ops.swiglu_backward
    approx = "none" if kind == "gelu" else "tanh"
    return (lambda g, u, **kw: ops.geglu(g, u, approx, **kw),
            lambda dy, g, u: ops.geglu_backward(dy, g, u, approx))


def err(got, want) -> float:
    return float(np.abs(f64(got) - want).max() / max(1.0, np.abs(want).max()))


class GluNumpy(unittest.TestCase):
    def test_forward_and_backward(self):
        rng = np.random.default_rng(1)
        for path in ({}, {"vectors": False}):
            with ops.tuned(glu=path):
                for shape in SHAPES:
                    for dt in dtypes():
                        g, u, dy = (cast(rng.standard_normal(shape) * 3, dt)
                                    for _ in range(3))
                        for kind in ("silu", "gelu", "gelu_tanh"):
                            what = f"{kind} {path} {shape} {dt}"
                            fwd, bwd = forward(kind)
                            a, da = act(f64(g), kind)
                            y = fwd(g, u)
                            self.assertEqual(y.dtype, g.dtype)
                            self.assertEqual(y.shape, g.shape)
                            e = err(y, a * f64(u))
                            self.assertLessEqual(e, DTYPES[dt][1], what)
                            dg, du = bwd(dy, g, u)
                            e = err(dg, f64(dy) * f64(u) * da)
                            self.assertLessEqual(e, GRAD_BOUND[dt],
                                                 "dgate " + what)
                            e = err(du, f64(dy) * a)
                            self.assertLessEqual(e, GRAD_BOUND[dt],
                                                 "dup " + what)

    def test_out_in_place(self):
        g = np.linspace(-4, 4, 64, dtype=np.float32)
        u = np.ones(64, np.float32)
        want = ops.swiglu(g, u)
        self.assertIs(ops.swiglu(g, u, out=u), u)
        self.assertTrue(np.array_equal(u, want))

    def test_errors_name_the_parameter(self):
        g = np.ones((3, 8), np.float32)
        cases = [
            (ValueError, "up: shape", lambda: ops.swiglu(g, g[:2])),
            (TypeError, "up: dtype",
             lambda: ops.swiglu(g, g.astype(np.float16))),
            (ValueError, "gate: the array is not C-contiguous",
             lambda: ops.geglu(g.T, g.T.copy())),
            (ValueError, "approximate:",
             lambda: ops.geglu(g, g, approximate="erf")),
            (ValueError, "dy: shape",
             lambda: ops.swiglu_backward(g[:1], g, g)),
            (TypeError, "gate: dtype",
             lambda: ops.swiglu(f64(g), f64(g))),
        ]
        for exc, text, call in cases:
            with self.subTest(text=text):
                with self.assertRaisesRegex(exc, text):
                    call()


@unittest.skipUnless(torch is not None, "needs torch")
class GluTorchCpu(unittest.TestCase):
    def tensors(self, shape, dtype=None, grad=True):
        gen = torch.Generator().manual_seed(3)
        g, u, dy = (torch.randn(shape, generator=gen).to(
            dtype or torch.float32) for _ in range(3))
        if grad:
            g.requires_grad_()
            u.requires_grad_()
        return g, u, dy

    def test_autograd_equals_the_backward_ops(self):
        for dtype in (torch.float32, torch.bfloat16, torch.float16):
            for kind in ("silu", "gelu", "gelu_tanh"):
                g, u, dy = self.tensors((5, 131), dtype)
                fwd, bwd = forward(kind)
                got = torch.autograd.grad(fwd(g, u), (g, u), dy)
                want = bwd(dy, g.detach(), u.detach())
                with self.subTest(dtype=dtype, kind=kind):
                    for a, e in zip(got, want):
                        self.assertTrue(torch.equal(a, e))

    def test_opcheck(self):
        from warpforth.ops import _torch_ops as t
        g, u, dy = self.tensors((3, 129), grad=False)
        for op, args in ((t.swiglu_op, (g, u)), (t.geglu_op, (g, u, False)),
                         (t.geglu_op, (g, u, True)),
                         (t.swiglu_backward_op, (dy, g, u)),
                         (t.geglu_backward_op, (dy, g, u, True))):
            with self.subTest(op=op.name()):
                torch.library.opcheck(op, args)

    def test_compile_fullgraph(self):
        def f(g, u):
            return ops.swiglu(g, u) + ops.geglu(g, u, approximate="tanh")
        g, u, dy = self.tensors((3, 129))
        torch._dynamo.reset()
        compiled = torch.compile(f, fullgraph=True, backend="aot_eager")
        o1, o2 = f(g, u), compiled(g, u)
        self.assertTrue(torch.equal(o1, o2))
        for a, e in zip(torch.autograd.grad(o1, (g, u), dy),
                        torch.autograd.grad(o2, (g, u), dy)):
            self.assertTrue(torch.equal(a, e))


if __name__ == "__main__":
    unittest.main()
