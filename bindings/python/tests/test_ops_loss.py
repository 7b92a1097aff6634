"""ops.cross_entropy, ops.cross_entropy_backward and
ops.linear_cross_entropy on the CPU backend against f64 numpy, in f32,
f16 and bf16, at small and odd shapes on both kernel layouts (lanes of a
warp a row, a block a row; 4-element and single accesses), with
ignore_index, label smoothing, the softcap and every reduction; on CPU
torch tensors their autograd (equal to the explicit backward bit for
bit), torch.library.opcheck and torch.compile(fullgraph=True).

Bounds: the losses are float32 from inputs exact in every dtype, so only
the f32 math counts: 1e-5 of (1 + |loss|) (a sum of C exponentials and a
log; a wrong term is off by O(1)). Gradients are rounded to the logits'
dtype: each element within its dtype's unit roundoff of itself (half
the subnormals' spacing below them) plus 1e-5 of the largest (f32
math)."""

from __future__ import annotations

import unittest

import numpy as np
from opcheck import cast, dtypes, f64, import_torch

from warpforth import ops
from warpforth.ops import _loss

torch = import_torch()
UNIT = {"f32": 2.0 ** -24, "f16": 2.0 ** -11, "bf16": 2.0 ** -8}
# Half the spacing of the dtype's subnormals (f16's start at 6e-5).
TINY = {"f32": 0.0, "f16": 2.0 ** -25, "bf16": 0.0}


def ref_rows(x, t, ignore, smooth, cap):
    """(losses, gradient of sum(losses)) of each row in f64."""
    x = f64(x)
    c = x.shape[-1]
    if cap:
        x = cap * np.tanh(x / cap)
    m = x.max(-1, keepdims=True)
    e = np.exp(x - m)
    lse = m[..., 0] + np.log(e.sum(-1))
    valid = t != ignore
    tt = np.where(valid, t, 0)
    xt = np.take_along_axis(x, tt[..., None], -1)[..., 0]
    loss = lse - (1 - smooth) * xt - smooth / c * x.sum(-1)
    loss = np.where(valid, loss, 0.0)
    onehot = np.zeros_like(x)
    np.put_along_axis(onehot, tt[..., None], 1.0, -1)
    g = e / e.sum(-1, keepdims=True) - smooth / c - (1 - smooth) * onehot
    if cap:
        g *= 1 - (x / cap) ** 2
    g *= valid[..., None]
    return loss, g


def reduce(losses, t, ignore, reduction):
    if reduction == "none":
        return losses
    if reduction == "sum":
        return losses.sum()
    return losses.sum() / (t != ignore).sum()


def targets(rng, shape, c, ignore):
    t = rng.integers(0, c, shape)
    flat = t.reshape(-1)
    flat[:1] = c - 1                    # the last class
    if flat.size > 2:
        flat[1] = 0                     # the first
        flat[2] = ignore                # an ignored row
    return t


class CrossEntropy(unittest.TestCase):
    # rows of C classes: lanes a row up to `short` (1024) columns, else a
    # block a row; C % 4 picks 4-element or single accesses.
    SHAPES = [(1, 1), (3, 2), (5, 7), (33, 129), (3, 1000), (2, 1025),
              (3, 4099), (2, 4100), (2, 3, 64)]

    def check_grad(self, got, want, dt, what):
        err = np.abs(f64(got) - want) - (
            UNIT[dt] * np.abs(want) + 1e-5 * np.abs(want).max() + TINY[dt])
        self.assertLessEqual(err.max(), 0, f"{what}: gradient off by "
                             f"{np.abs(f64(got) - want).max():.3g}")

    def test_against_f64(self):
        rng = np.random.default_rng(1)
        for shape in self.SHAPES:
            c = shape[-1]
            for dt in dtypes():
                for ignore, smooth, cap in ((-100, 0.0, None),
                                            (-1, 0.1, None),
                                            (-100, 0.0, 5.0),
                                            (3, 0.25, 2.0)):
                    what = (f"{shape} {dt} ignore={ignore} "
                            f"smooth={smooth} cap={cap}")
                    x = cast(4 * rng.standard_normal(shape), dt)
                    t = targets(rng, shape[:-1], c, ignore)
                    want, wg = ref_rows(x, t, ignore, smooth, cap)
                    for red in ("none", "sum", "mean"):
                        got = ops.cross_entropy(x, t, ignore, smooth, red,
                                                cap)
                        w = reduce(want, t, ignore, red)
                        self.assertEqual(np.shape(got), np.shape(w))
                        err = np.abs(f64(got) - w)
                        if red == "mean" and not (t != ignore).any():
                            self.assertTrue(np.isnan(got), what)
                            continue
                        self.assertLessEqual(
                            (err - 1e-5 * (1 + np.abs(w))).max(), 0,
                            f"{what} {red}: loss off by {err.max():.3g}")
                    # The gradient for per-row dlosses, and for one scale.
                    losses, lse = _loss._cross_entropy_rows_impl(
                        x, t, ignore, smooth, cap or 0.0)
                    d = rng.standard_normal(shape[:-1]).astype(np.float32)
                    g = ops.cross_entropy_backward(x, t, lse, d, ignore,
                                                   smooth, cap)
                    self.check_grad(g, wg * f64(d)[..., None], dt, what)
                    g = ops.cross_entropy_backward(
                        x, t, lse, np.full(1, 0.5, np.float32), ignore,
                        smooth, cap)
                    self.check_grad(g, 0.5 * wg, dt, what + " scalar")

    def test_unaligned_rows(self):
        # Logits that start off a 4-element boundary take single-element
        # accesses throughout (aligned ones: a head and tail of single
        # elements a row around 4-element vectors, covered above).
        rng = np.random.default_rng(5)
        for c in (7, 1000, 2051):
            buf = np.empty(3 * c + 1, np.float32)
            x = buf[1:].reshape(3, c)
            x[...] = 3 * rng.standard_normal((3, c))
            t = rng.integers(0, c, 3)
            want, wg = ref_rows(x, t, -100, 0.1, None)
            got = ops.cross_entropy(x, t, label_smoothing=0.1,
                                    reduction="none")
            np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)
            _, lse = _loss._cross_entropy_rows_impl(x, t, -100, 0.1, 0.0)
            g = ops.cross_entropy_backward(x, t, lse, np.ones(3, np.float32),
                                           label_smoothing=0.1)
            self.check_grad(g, wg, "f32", f"unaligned C={c}")

    def test_in_place_gradient(self):
        rng = np.random.default_rng(2)
        x = rng.standard_normal((4, 300)).astype(np.float32)
        t = rng.integers(0, 300, 4)
        loss = ops.cross_entropy(x, t, reduction="none")
        _, lse = _loss._cross_entropy_rows_impl(x, t, -100, 0.0, 0.0)
        want = ops.cross_entropy_backward(x, t, lse, np.ones(4, np.float32))
        got = ops.cross_entropy_backward(x, t, lse, np.ones(4, np.float32),
                                         out=x)
        self.assertIs(got, x)
        np.testing.assert_array_equal(x, want)
        self.assertEqual(loss.shape, (4,))

    def test_out_of_range_target_is_nan(self):
        # Never a read outside the row: the loss (and gradient) say NaN.
        x = np.zeros((3, 10), np.float32)
        t = np.array([10, -5, 2])
        got = ops.cross_entropy(x, t, reduction="none")
        self.assertTrue(np.isnan(got[0]) and np.isnan(got[1]))
        self.assertAlmostEqual(float(got[2]), np.log(10), places=5)

    def test_infinite_logits(self):
        # -inf logits (masked classes) weigh nothing; smoothing over them
        # is infinite, as in torch.
        x = np.array([[0.0, -np.inf, 1.0, -np.inf]], np.float32)
        t = np.array([2])
        got = ops.cross_entropy(x, t)
        self.assertAlmostEqual(float(got), np.log1p(np.exp(-1.0)), places=6)
        self.assertEqual(float(ops.cross_entropy(x, t, label_smoothing=0.1)),
                         np.inf)

    def test_errors(self):
        x = np.zeros((3, 10), np.float32)
        t = np.zeros(3, np.int64)
        with self.assertRaisesRegex(ValueError, r"^targets: shape \(4,\), "
                                    r"expected \(3,\)"):
            ops.cross_entropy(x, np.zeros(4, np.int64))
        with self.assertRaisesRegex(TypeError, "^targets: dtype float32"):
            ops.cross_entropy(x, np.zeros(3, np.float32))
        with self.assertRaisesRegex(TypeError, "^logits: dtype int64"):
            ops.cross_entropy(t.reshape(3, 1), t)
        with self.assertRaisesRegex(ValueError, r"^label_smoothing: must be "
                                    r"in \[0, 1\]"):
            ops.cross_entropy(x, t, label_smoothing=1.5)
        with self.assertRaisesRegex(ValueError, "^reduction: expected one"):
            ops.cross_entropy(x, t, reduction="avg")
        with self.assertRaisesRegex(ValueError, r"^softcap: must be in"):
            ops.cross_entropy(x, t, softcap=-1.0)
        with self.assertRaisesRegex(TypeError, "^ignore_index: expected an "
                                    "integer"):
            ops.cross_entropy(x, t, ignore_index=1.5)
        with self.assertRaisesRegex(ValueError, "^logits: a row of 0"):
            ops.cross_entropy(np.zeros((3, 0), np.float32), t)
        with self.assertRaisesRegex(ValueError, r"^dlosses: shape \(2,\)"):
            ops.cross_entropy_backward(x, t, np.zeros(3, np.float32),
                                       np.zeros(2, np.float32))
        with self.assertRaisesRegex(TypeError, "^targets: ndarray, but "
                                    "logits is a torch tensor"):
            import torch as th
            ops.cross_entropy(th.zeros(3, 10), t)
        # One row: logits (C,) and a numpy integer scalar.
        self.assertAlmostEqual(float(ops.cross_entropy(x[0], np.int64(3))),
                               np.log(10), places=5)
        with self.assertRaisesRegex(ValueError, r"^lse: shape \(2,\)"):
            ops.cross_entropy_backward(x, t, np.zeros(2, np.float32),
                                       np.zeros(3, np.float32))


def ref_linear(h, w, b, t, ignore, smooth, cap, reduction):
    """(loss, dh, dw, db) of the linear cross-entropy in f64 (gradients of
    sum(loss) for 'none', else of the loss)."""
    h64, w64 = f64(h).reshape(-1, h.shape[-1]), f64(w)
    x = h64 @ w64.T + (0 if b is None else f64(b))
    losses, g = ref_rows(x, t.reshape(-1), ignore, smooth, cap)
    if reduction == "mean":
        g = g / (t != ignore).sum()
    loss = reduce(losses, t.reshape(-1), ignore, reduction)
    if reduction == "none":
        loss = loss.reshape(t.shape)
    return (loss, (g @ w64).reshape(h.shape), g.T @ h64,
            None if b is None else g.sum(0))


@unittest.skipUnless(torch is not None, "needs torch")
class LinearCrossEntropy(unittest.TestCase):
    def test_against_f64(self):
        # Several chunks (chunk=16 tokens; 37 and 2x9 are not multiples),
        # bias or none, every reduction, on torch CPU tensors through the
        # custom op and autograd; numpy arrays give the same loss.
        rng = np.random.default_rng(3)
        for dt in dtypes():
            tdt = {"f32": torch.float32, "f16": torch.float16,
                   "bf16": torch.bfloat16}[dt]
            for shape, vocab, bias, (ignore, smooth, cap), red in (
                    ((37, 24), 301, True, (-100, 0.0, None), "mean"),
                    ((2, 9, 16), 1030, False, (-100, 0.1, 4.0), "sum"),
                    ((37, 24), 77, False, (5, 0.0, None), "none"),
                    ((1, 8), 5, True, (-100, 0.2, 3.0), "mean")):
                what = f"{dt} {shape} V{vocab} bias={bias} {red}"
                h = cast(rng.standard_normal(shape), dt)
                w = cast(rng.standard_normal((vocab, shape[-1])) / 4, dt)
                b = cast(rng.standard_normal(vocab), dt) if bias else None
                t = targets(rng, shape[:-1], vocab, ignore)
                want = ref_linear(h, w, b, t, ignore, smooth, cap, red)
                ins = [torch.from_numpy(x.astype(np.float32)).to(tdt)
                       .requires_grad_() for x in (h, w) + ((b,) if bias
                                                            else ())]
                kw = dict(ignore_index=ignore, label_smoothing=smooth,
                          reduction=red, softcap=cap)
                with ops.tuned(cross_entropy=dict(chunk=16)):
                    loss = ops.linear_cross_entropy(
                        ins[0], ins[1], torch.from_numpy(t),
                        bias=ins[2] if bias else None, **kw)
                    got = torch.autograd.grad(loss.sum(), ins)
                    np_loss = ops.linear_cross_entropy(h, w, t, bias=b, **kw)
                np.testing.assert_allclose(f64(np_loss),
                                           loss.detach().double().numpy(),
                                           rtol=1e-5, atol=1e-5)
                err = np.abs(loss.detach().double().numpy() - want[0])
                # The logits are rounded to the dtype by the GEMM (as on
                # the GPU): their rounding, times the logits' size, on top
                # of the f32 math.
                xmax = np.abs(f64(h) @ f64(w).T).max() if h.ndim == 2 else 8
                tol = 1e-5 + 2 * UNIT[dt] * xmax
                self.assertLessEqual(err.max(), tol * (1 + np.abs(
                    want[0]).max()), f"{what} loss")
                for name, g, w64 in zip(("dh", "dw", "db"), got, want[1:]):
                    e = np.abs(g.double().numpy() - w64).max()
                    top = np.abs(w64).max()
                    self.assertLessEqual(e, (8 * UNIT[dt] * max(1, xmax)
                                             + 1e-5) * top,
                                         f"{what} {name}: {e:.3g} of {top:.3g}")

    def test_chunks_do_not_change_the_result(self):
        # f32: one chunk or many give the same loss and gradients (up to
        # the f32 sums' order).
        g = torch.Generator().manual_seed(4)
        h = torch.randn(70, 32, generator=g, requires_grad=True)
        w = torch.randn(500, 32, generator=g, requires_grad=True)
        t = torch.randint(0, 500, (70,), generator=g)
        res = []
        for chunk in (7, 64, 0):
            with ops.tuned(cross_entropy=dict(chunk=chunk)):
                loss = ops.linear_cross_entropy(h, w, t)
            res.append((loss,) + torch.autograd.grad(loss, (h, w)))
        for other in res[1:]:
            for a, b in zip(res[0], other):
                torch.testing.assert_close(a, b, rtol=1e-5, atol=1e-6)

    def test_no_grad_and_frozen_weight(self):
        g = torch.Generator().manual_seed(5)
        h = torch.randn(10, 8, generator=g, requires_grad=True)
        w = torch.randn(40, 8, generator=g)          # frozen
        t = torch.randint(0, 40, (10,), generator=g)
        want = torch.nn.functional.cross_entropy(h @ w.t(), t)
        loss = ops.linear_cross_entropy(h, w, t)
        dh, = torch.autograd.grad(loss, h)
        dwant, = torch.autograd.grad(want, h)
        torch.testing.assert_close(dh, dwant, rtol=1e-5, atol=1e-6)
        with torch.no_grad():
            torch.testing.assert_close(ops.linear_cross_entropy(h, w, t),
                                       want.detach())

    def test_errors(self):
        h = np.zeros((4, 8), np.float32)
        w = np.zeros((10, 8), np.float32)
        t = np.zeros(4, np.int64)
        with self.assertRaisesRegex(ValueError, r"^weight: shape \(10, 7\), "
                                    "but hidden has 8 features"):
            ops.linear_cross_entropy(h, np.zeros((10, 7), np.float32), t)
        with self.assertRaisesRegex(TypeError, "^weight: dtype float16, "
                                    "but hidden is float32"):
            ops.linear_cross_entropy(h, w.astype(np.float16), t)
        with self.assertRaisesRegex(ValueError, r"^bias: shape \(9,\), "
                                    r"expected \(10,\)"):
            ops.linear_cross_entropy(h, w, t, bias=np.zeros(9, np.float32))
        with self.assertRaisesRegex(ValueError, r"^targets: shape \(3,\)"):
            ops.linear_cross_entropy(h, w, t[:3])


@unittest.skipUnless(torch is not None, "needs torch")
class LossTorchOps(unittest.TestCase):
    def test_autograd_is_the_backward(self):
        g = torch.Generator().manual_seed(6)
        for dt in (torch.float32, torch.bfloat16):
            x = (3 * torch.randn(6, 333, generator=g)).to(dt)
            x.requires_grad_()
            t = torch.randint(0, 333, (6,), generator=g)
            t[2] = -100
            loss = ops.cross_entropy(x, t, label_smoothing=0.1, softcap=4.0)
            got, = torch.autograd.grad(loss, x)
            with torch.no_grad():
                _, lse = _loss._cross_entropy_rows_impl(x, t, -100, 0.1, 4.0)
                d = torch.full((6,), 1 / 5)
                want = ops.cross_entropy_backward(x, t, lse, d, -100, 0.1,
                                                  4.0)
            self.assertTrue(torch.equal(got, want))

    def test_opcheck(self):
        from warpforth.ops import _torch_ops
        g = torch.Generator().manual_seed(7)
        x = torch.randn(5, 40, generator=g)
        t = torch.randint(0, 40, (5,), generator=g)
        losses, lse = _torch_ops.cross_entropy_rows_op(x, t, -100, 0.0, 0.0)
        h = torch.randn(5, 8, generator=g)
        w = torch.randn(40, 8, generator=g)
        for op, args in (
                (_torch_ops.cross_entropy_rows_op, (x, t, -100, 0.1, 2.0)),
                (_torch_ops.cross_entropy_backward_op,
                 (x, t, lse, torch.ones(5), -100, 0.0, 0.0)),
                (_torch_ops.linear_cross_entropy_op,
                 (h, w, None, t, -100, 0.0, 0.0, "mean", 3)),
                (_torch_ops.linear_cross_entropy_op,
                 (h, w, None, t, -100, 0.0, 0.0, "none", 0)),
                (_torch_ops.linear_cross_entropy_backward_op,
                 (torch.ones(5), h, w, None, t, -100, 0.0, 0.0, 3))):
            with self.subTest(op=op.name()):
                torch.library.opcheck(op, args, test_utils=(
                    "test_schema", "test_faketensor",
                    "test_aot_dispatch_static"))

    def test_compile_fullgraph(self):
        g = torch.Generator().manual_seed(8)
        h = torch.randn(12, 16, generator=g, requires_grad=True)
        w = torch.randn(100, 16, generator=g, requires_grad=True)
        t = torch.randint(0, 100, (12,), generator=g)

        def f(h, w):
            logits = h @ w.t()
            return (ops.cross_entropy(logits, t, label_smoothing=0.1)
                    + ops.linear_cross_entropy(h, w, t, softcap=3.0))
        torch._dynamo.reset()
        compiled = torch.compile(f, fullgraph=True, backend="aot_eager")
        want = f(h, w)
        got = compiled(h, w)
        self.assertTrue(torch.equal(got, want))
        for a, b in zip(torch.autograd.grad(got, (h, w)),
                        torch.autograd.grad(want, (h, w))):
            self.assertTrue(torch.equal(a, b))


if __name__ == "__main__":
    unittest.main()
