"""ops.rms_norm, ops.layer_norm and their backwards on the CPU backend
(numpy arrays and CPU torch tensors) against float64 numpy references, in
f32, f16 and bf16, at small and odd shapes, with and without the fused
residual and the bias, on each path (a group of lanes a row, a block a
row, the looped path; 16-byte vectors and single elements); argument
errors; the torch ops' autograd against the explicit backward, bit for
bit; opcheck and torch.compile."""

from __future__ import annotations

import unittest

import numpy as np
from opcheck import DTYPES, cast, dtypes, f64, import_torch

from warpforth import ops

torch = import_torch()

SHAPES = [(1, 1), (3, 7), (33, 7), (3, 129), (33, 129), (1, 1000),
          (3, 1000), (1, 4099), (3, 4099), (2, 3, 129)]
# Error bounds relative to the largest reference value: the forward's
# DTYPES bound (its one rounding on f32 math; the Llama casting rounds
# twice, a unit of the dtype each); the gradients', which sum over a row
# (dx) or the rows (dweight) in f32, a little wider in f32.
GRAD_BOUND = {"f32": 2e-5, "f16": 2e-3, "bf16": 1.6e-2}
# Paths: the default plan, the looped (two-pass) path, single elements.
PATHS = [{}, {"registers": False}, {"vectors": False}]


def rnd(x64: np.ndarray, dt: str) -> np.ndarray:
    """x64 rounded to dt, back in f64 (what a store of it keeps)."""
    return f64(cast(x64, dt))


def ref_forward(x, w, b, r, eps, layer, llama, dt):
    """(y, h, mean, rstd) in f64 from the (dtype-valued) inputs."""
    h = f64(x) if r is None else rnd(f64(x) + f64(r), dt)
    mean = h.mean(-1, keepdims=True) if layer else np.zeros_like(h[..., :1])
    var = ((h - mean) ** 2).mean(-1, keepdims=True)
    rstd = 1.0 / np.sqrt(var + eps)
    xhat = (h - mean) * rstd
    if llama:
        xhat = rnd(xhat, dt)
    y = xhat * f64(w) + (0.0 if b is None else f64(b))
    return y, h, mean[..., 0], rstd[..., 0]


def ref_backward(dy, h, w, layer, eps, dh=None):
    """(dx, dweight, dbias) in f64, the statistics taken from h."""
    dy, h, w = f64(dy), f64(h), f64(w)
    mean = h.mean(-1, keepdims=True) if layer else 0.0
    rstd = 1.0 / np.sqrt(((h - mean) ** 2).mean(-1, keepdims=True) + eps)
    xhat = (h - mean) * rstd
    g = dy * w
    dx = g - xhat * (g * xhat).mean(-1, keepdims=True)
    if layer:
        dx -= g.mean(-1, keepdims=True)
    dx *= rstd
    if dh is not None:
        dx += f64(dh)
    n = h.shape[-1]
    return (dx, (dy * xhat).reshape(-1, n).sum(0), dy.reshape(-1, n).sum(0))


def err(got, want) -> float:
    return float(np.abs(f64(got) - want).max() / max(1.0, np.abs(want).max()))


class NormNumpy(unittest.TestCase):
    def inputs(self, rng, shape, dt, offset=0.0):
        n = shape[-1]
        return (cast(rng.standard_normal(shape) + offset, dt),
                cast(rng.standard_normal(n), dt),
                cast(rng.standard_normal(n), dt),
                cast(rng.standard_normal(shape), dt))

    def cases(self, seed):
        """(path, shape, dtype, (x, w, b, r)) for every path, shape and
        dtype, each under its path's config."""
        rng = np.random.default_rng(seed)
        for path in PATHS:
            with ops.tuned(norm=path):
                for shape in SHAPES:
                    for dt in dtypes():
                        yield path, shape, dt, self.inputs(rng, shape, dt)

    def check(self, got, want, bound, what):
        e = err(got, want)
        self.assertLessEqual(e, bound, f"{what}: error {e:.3g}")

    def test_forward(self):
        for path, shape, dt, (x, w, b, r) in self.cases(1):
            tol = DTYPES[dt][1]
            for res in (None, r):
                what = f"{path} {shape} {dt} res={res is not None}"
                got = ops.rms_norm(x, w, residual=res,
                                   return_stats=True)
                want = ref_forward(x, w, None, res, 1e-6, False,
                                   True, dt)
                self.assertEqual(got[0].dtype, x.dtype)
                self.check(got[0], want[0], 2 * tol,
                           "rms y " + what)
                self.check(got[-1], want[3], 1e-6,
                           "rms rstd " + what)
                if res is not None:
                    # h = x + r rounded once: exact
                    self.assertEqual(err(got[1], want[1]), 0.0)
                for bias in (None, b):
                    got = ops.layer_norm(x, w, bias, residual=res,
                                         return_stats=True)
                    want = ref_forward(x, w, bias, res, 1e-5,
                                       True, False, dt)
                    self.check(got[0], want[0], tol,
                               f"ln y bias={bias is not None} "
                               + what)
                    self.check(got[-2], want[2], 1e-6,
                               "ln mean " + what)
                    self.check(got[-1], want[3], 1e-6,
                               "ln rstd " + what)

    def test_casting_none_rounds_once(self):
        rng = np.random.default_rng(2)
        x, w, _, _ = self.inputs(rng, (3, 129), "bf16")
        y = ops.rms_norm(x, w, casting="none")
        want = ref_forward(x, w, None, None, 1e-6, False, False, "bf16")[0]
        self.check(y, want, DTYPES["bf16"][1], "casting none")
        # the Llama casting's extra rounding shows in some element
        self.assertFalse(np.array_equal(f64(y), f64(ops.rms_norm(x, w))))

    def test_large_mean(self):
        # LayerNorm of rows whose mean is 1000 standard deviations: the
        # looped path's sums around the first element keep the variance.
        rng = np.random.default_rng(3)
        for path in PATHS[:2]:
            with ops.tuned(norm=path):
                x, w, b, _ = self.inputs(rng, (3, 4099), "f32", 1000.0)
                y = ops.layer_norm(x, w, b)
                want = ref_forward(x, w, b, None, 1e-5, True, False, "f32")
                self.check(y, want[0], 1e-4, f"large mean {path}")

    def test_backward(self):
        rng = np.random.default_rng(8)
        for path, shape, dt, (x, w, _, r) in self.cases(4):
            dy = cast(rng.standard_normal(shape), dt)
            tol = GRAD_BOUND[dt]
            for dh in (None, r):
                what = f"{path} {shape} {dt} dh={dh is not None}"
                _, rstd = ops.rms_norm(x, w, return_stats=True)
                dx, dw = ops.rms_norm_backward(dy, x, w, rstd, dh)
                want = ref_backward(dy, x, w, False, 1e-6, dh)
                self.assertEqual(dw.dtype, w.dtype)
                self.check(dx, want[0], tol, "rms dx " + what)
                self.check(dw, want[1], tol, "rms dw " + what)
                _, mean, rstd = ops.layer_norm(
                    x, w, return_stats=True)
                for bias in (True, False):
                    dx, dw, db = ops.layer_norm_backward(
                        dy, x, w, mean, rstd, dh, bias)
                    want = ref_backward(dy, x, w, True, 1e-5, dh)
                    self.check(dx, want[0], tol, "ln dx " + what)
                    self.check(dw, want[1], tol, "ln dw " + what)
                    if bias:
                        self.check(db, want[2], tol,
                                   "ln db " + what)
                    else:
                        self.assertIsNone(db)

    def test_backward_is_deterministic(self):
        rng = np.random.default_rng(5)
        x, w, _, _ = self.inputs(rng, (33, 1000), "f32")
        dy = cast(rng.standard_normal(x.shape), "f32")
        _, rstd = ops.rms_norm(x, w, return_stats=True)
        first = ops.rms_norm_backward(dy, x, w, rstd)
        for _ in range(3):
            again = ops.rms_norm_backward(dy, x, w, rstd)
            for a, b in zip(first, again):
                self.assertTrue(np.array_equal(a, b))

    def test_out_in_place(self):
        rng = np.random.default_rng(6)
        x, w, _, _ = self.inputs(rng, (3, 129), "f32")
        want = ops.rms_norm(x, w)
        got = ops.rms_norm(x, w, out=x)
        self.assertIs(got, x)
        self.assertTrue(np.array_equal(x, want))

    def test_errors_name_the_parameter(self):
        rng = np.random.default_rng(7)
        x, w, b, r = self.inputs(rng, (3, 8), "f32")
        cases = [
            (ValueError, "weight: shape", lambda: ops.rms_norm(x, w[:7])),
            (TypeError, "weight: dtype",
             lambda: ops.rms_norm(x, w.astype(np.float16))),
            (ValueError, "bias: shape",
             lambda: ops.layer_norm(x, w, b[:4])),
            (ValueError, "residual: shape",
             lambda: ops.rms_norm(x, w, residual=r[:2])),
            (ValueError, "x: the array is not C-contiguous",
             lambda: ops.rms_norm(np.ones((8, 3), np.float32).T, w)),
            (TypeError, "x: dtype float64",
             lambda: ops.rms_norm(f64(x), w)),
            (ValueError, "casting:",
             lambda: ops.rms_norm(x, w, casting="gemma")),
            (ValueError, "eps:", lambda: ops.rms_norm(x, w, eps=-1.0)),
            (TypeError, "return_stats:",
             lambda: ops.layer_norm(x, w, return_stats="yes")),
            (TypeError, "rstd: dtype",
             lambda: ops.rms_norm_backward(x, x, w, f64(x[:, 0]))),
            (ValueError, "rstd: shape",
             lambda: ops.rms_norm_backward(x, x, w, x[:2, 0].copy())),
            (ValueError, "x: shape",
             lambda: ops.rms_norm_backward(x, x[:2], w, x[:, 0].copy())),
            (ValueError, "dh: shape",
             lambda: ops.rms_norm_backward(x, x, w, x[:, 0].copy(),
                                           x[:2])),
        ]
        for exc, text, call in cases:
            with self.subTest(text=text):
                with self.assertRaisesRegex(exc, text):
                    call()


@unittest.skipUnless(torch is not None, "needs torch")
class NormTorchCpu(unittest.TestCase):
    def tensors(self, shape, dtype=None, grad=True):
        g = torch.Generator().manual_seed(11)
        dtype = dtype or torch.float32
        n = shape[-1]
        x, r, dy, dh = (torch.randn(shape, generator=g).to(dtype)
                        for _ in range(4))
        w, b = (torch.randn(n, generator=g).to(dtype) for _ in range(2))
        if grad:
            for t in (x, r, w, b):
                t.requires_grad_()
        return x, r, w, b, dy, dh

    def test_autograd_equals_the_backward_ops(self):
        for dtype in (torch.float32, torch.bfloat16):
            for shape in ((3, 7), (5, 1000)):
                x, r, w, b, dy, dh = self.tensors(shape, dtype)
                with self.subTest(dtype=dtype, shape=shape):
                    y, h, rstd = ops.rms_norm(x, w, residual=r,
                                              return_stats=True)
                    got = torch.autograd.grad((y, h), (x, r, w), (dy, dh))
                    dx, dw = ops.rms_norm_backward(dy, h.detach(),
                                                   w.detach(), rstd, dh)
                    for a, e in zip(got, (dx, dx, dw)):
                        self.assertTrue(torch.equal(a, e))
                    y, mean, rstd = ops.layer_norm(x, w, b,
                                                   return_stats=True)
                    got = torch.autograd.grad(y, (x, w, b), dy)
                    want = ops.layer_norm_backward(dy, x.detach(), w.detach(),
                                                   mean, rstd)
                    for a, e in zip(got, want):
                        self.assertTrue(torch.equal(a, e))

    def test_numpy_and_torch_agree(self):
        x, r, w, b, _, _ = self.tensors((3, 129), grad=False)
        y, h = ops.layer_norm(x, w, b, residual=r)
        yn, hn = ops.layer_norm(x.numpy(), w.numpy(), b.numpy(),
                                residual=r.numpy())
        self.assertTrue(np.array_equal(y.numpy(), yn))
        self.assertTrue(np.array_equal(h.numpy(), hn))

    def test_opcheck(self):
        from warpforth.ops import _torch_ops as t
        x, r, w, b, dy, dh = self.tensors((3, 129), grad=False)
        _, rstd = ops.rms_norm(x, w, return_stats=True)
        _, mean, lrstd = ops.layer_norm(x, w, return_stats=True)
        cases = [
            (t.rms_norm_op, (x, w, r, 1e-6, 1)),
            (t.rms_norm_op, (x, w, None, 1e-6, 0)),
            (t.layer_norm_op, (x, w, b, r, 1e-5)),
            (t.layer_norm_op, (x, w, None, None, 1e-5)),
            (t.rms_norm_backward_op, (dy, x, w, rstd, dh)),
            (t.rms_norm_backward_op, (dy, x, w, rstd, None)),
            (t.layer_norm_backward_op, (dy, x, w, mean, lrstd, None, True)),
            (t.layer_norm_backward_op, (dy, x, w, mean, lrstd, dh, False)),
        ]
        for op, args in cases:
            with self.subTest(op=op.name()):
                torch.library.opcheck(op, args)

    def test_compile_fullgraph(self):
        def f(x, r, w, b):
            y, h = ops.rms_norm(x, w, residual=r)
            return y * 2 + h + ops.layer_norm(h, w, b)
        x, r, w, b, dy, _ = self.tensors((3, 129))
        torch._dynamo.reset()
        compiled = torch.compile(f, fullgraph=True, backend="aot_eager")
        o1, o2 = f(x, r, w, b), compiled(x, r, w, b)
        self.assertTrue(torch.equal(o1, o2))
        g1 = torch.autograd.grad(o1, (x, r, w, b), dy)
        g2 = torch.autograd.grad(o2, (x, r, w, b), dy)
        for a, e in zip(g1, g2):
            self.assertTrue(torch.equal(a, e))

    def test_errors_name_the_parameter(self):
        x, r, w, b, _, _ = self.tensors((3, 8), grad=False)
        with self.assertRaisesRegex(ValueError, "weight: shape"):
            ops.rms_norm(x, w[:7])
        with self.assertRaisesRegex(ValueError, "x: the tensor is not "
                                    "contiguous"):
            ops.layer_norm(torch.ones(8, 3).t(), w)
        with self.assertRaisesRegex(ValueError, "residual: shape"):
            ops.rms_norm(x, w, residual=r[:2])


@unittest.skipUnless(torch is not None, "needs torch")
class MixedArrays(unittest.TestCase):
    def test_numpy_beside_a_tensor_that_wants_grad(self):
        # Through autograd a numpy weight would leave the result outside
        # it: refused, naming the argument.
        x = torch.ones(2, 8, requires_grad=True)
        w = np.ones(8, np.float32)
        with self.assertRaisesRegex(TypeError, "^weight: ndarray, but x is "
                                    "a torch tensor"):
            ops.rms_norm(x, w)
        with self.assertRaisesRegex(TypeError, "^up: ndarray, but gate is"):
            ops.swiglu(x, np.ones((2, 8), np.float32))


if __name__ == "__main__":
    unittest.main()
