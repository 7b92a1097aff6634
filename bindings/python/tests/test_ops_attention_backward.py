"""ops.flash_attention_backward on the CPU backend against the f64
gradients (attention_reference.attention_backward_reference), bfloat16,
float16 and float32: N 1, 7, 65, 129 (partial tiles, several row and column tiles),
head_dim 32 to 128 (64 in every case, the others once; 256 is an error), grouped heads 4:1 (dK, dV summed over the group),
causal and full, causal with Nq < Nkv and Nq > Nkv (rows without keys:
zero gradients), a given scale; errors that name the argument.

Bound: the products run on the 16-bit tensor cores with P and dS rounded
to the input's dtype and f32 sums, and the gradients are rounded once
more, so each is within about 4u of its largest magnitude (u the unit
roundoff, 2^-8 for bfloat16, 2^-11 for float16: one for P, one for dS,
one for the output, one for the inputs' rounding carried through dP - D);
measured: 1u to 1.3u. float32 (3xTF32 products, f32 sums): within 1e-5
of the largest magnitude (measured: below 1e-6)."""

from __future__ import annotations

import unittest

import numpy as np
from attention_reference import attention_backward_reference
from opcheck import cast, f64

from warpforth import ops

UNIT = {"bf16": 2.0 ** -8, "f16": 2.0 ** -11}
BOUND = {dt: 4 * u for dt, u in UNIT.items()}
BOUND["f32"] = 1e-5

# (B, Hq, Hkv, Nq, Nkv, d), at head_dim 64 in both dtypes, causal and not;
# each other head_dim once (compiling the unrolled kernels takes most of
# the time: about 1 s per kernel at d64, 4 at d256).
SHAPES = [
    (1, 1, 1, 1, 1, 64),
    (1, 4, 1, 7, 7, 64),        # GQA 4:1
    (1, 2, 1, 7, 129, 64),      # Nq < Nkv (decoding shape)
    (1, 2, 2, 129, 65, 64),     # Nq > Nkv: causal rows 0..63 see no key
    (1, 2, 1, 129, 129, 64),    # three column tiles, two row tiles
]
OTHER_DIMS = [  # (shape, dtype, causal)
    ((1, 2, 2, 65, 65, 96), "bf16", True),
    ((1, 2, 1, 129, 129, 128), "f16", False),
    ((1, 4, 2, 65, 33, 128), "bf16", True),
    ((1, 2, 1, 33, 33, 32), "f16", True),
    ((1, 2, 1, 129, 129, 96), "f16", True),
]


def inputs(rng, shape, dt):
    b, hq, hkv, nq, nkv, d = shape
    return [cast(rng.standard_normal(s), dt) for s in
            ((b, hq, nq, d), (b, hkv, nkv, d), (b, hkv, nkv, d),
             (b, hq, nq, d))]


class FlashAttentionBackward(unittest.TestCase):
    SHAPES = SHAPES     # test_shapes' cases (the Hopper test has its own)

    def check(self, shape, dt, causal, scale=None):
        what = f"{dt} {shape} causal={causal} scale={scale}"
        rng = np.random.default_rng(abs(hash(what)) % 2**32)
        q, k, v, do = inputs(rng, shape, dt)
        o, lse = ops.flash_attention(q, k, v, causal=causal, scale=scale,
                                     return_lse=True)
        got = ops.flash_attention_backward(do, q, k, v, o, lse, causal,
                                           scale)
        want = attention_backward_reference(do, q, k, v, causal, scale)
        for name, g, w, x in zip(("dq", "dk", "dv"), got, want, (q, k, v)):
            self.assertEqual((g.dtype, g.shape), (x.dtype, x.shape),
                             f"{what} {name}")
            err = np.abs(f64(g) - w).max() / max(1.0, np.abs(w).max())
            self.assertLessEqual(err, BOUND[dt],
                                 f"{what} {name}: error {err:.3g}")

    def test_shapes(self):
        for dt in ("bf16", "f16"):
            for shape in self.SHAPES:
                for causal in (True, False):
                    self.check(shape, dt, causal)

    def test_head_dims(self):
        for shape, dt, causal in OTHER_DIMS:
            self.check(shape, dt, causal)

    def test_f32(self):
        for shape, causal in [((1, 4, 1, 7, 7, 64), True),
                              ((1, 2, 1, 7, 129, 64), True),
                              ((1, 2, 2, 129, 65, 64), True),
                              ((1, 2, 1, 65, 65, 96), False),
                              ((1, 2, 1, 65, 33, 128), True)]:
            self.check(shape, "f32", causal)

    def test_atomic_dq(self):
        # DQ_ATOMIC: dQ by f32 atomics in the dK/dV kernel (FA2's form),
        # rows past the end of the keys included (their dS must not reach
        # dQ), every dtype, grouped heads; for sm_90 (the CPU backend's
        # default) two floats an atomic (2FATOMIC-ADD-F32), for sm_80 one.
        # "pass" too: the default (None) takes "atomic" for sm_90.
        for mode, arch in (("atomic", None), ("atomic", "sm_80"),
                           ("pass", None)):
            with ops.tuned(attention_backward=dict(dq_mode=mode),
                           attention=dict(arch=arch)):
                for shape, dt, causal in [
                        ((1, 2, 2, 7, 7, 64), "bf16", False),
                        ((1, 4, 1, 33, 100, 64), "f16", True),
                        ((1, 2, 2, 129, 65, 64), "f32", True),
                        ((1, 4, 2, 65, 33, 128), "bf16", True)]:
                    self.check(shape, dt, causal)

    def test_scale(self):
        self.check((1, 2, 1, 65, 65, 64), "bf16", True, scale=0.3)

    def test_pre_kernel(self):
        # flash_backward_pre.forth on its own (-D T), every output first
        # NaN: D = rowsum(dO * O) and L2 = LSE log2(e) for rows < NQ, the
        # padding rows NQ .. NQP-1 zero (the dK/dV kernels' 16-byte copies
        # read them), and with ZERO_DQ dQ's f32 sums zeroed (nothing else
        # zeroes them before the atomics); dO a strided view.
        import warpforth
        from pathlib import Path
        kdir = Path(__file__).resolve().parents[3] / "kernels" / "attention"
        rng = np.random.default_rng(8)
        b, h, nq, nqp = 2, 3, 70, 128
        # LPR lanes a row: the op's choice at each head size, and the others
        # (8 at d64: two steps a lane; 32 at d96: lanes without features).
        for dt, d, lpr in (("bf16", 64, 16), ("f32", 64, 16),
                           ("bf16", 64, 8), ("f32", 96, 32),
                           ("bf16", 32, 8), ("bf16", 128, 32)):
            kern = warpforth.Kernel.from_file(
                kdir / "flash_backward_pre.forth", device="cpu",
                defines={"HEAD_DIM": d, "ZERO_DQ": 1, "LPR": lpr, "T": dt})
            dt_what = f"{dt} d{d} LPR {lpr}"
            buf = cast(rng.standard_normal((b, nq, h, d)), dt)
            do = buf.transpose(0, 2, 1, 3)          # strided (B, H, N, d)
            o = cast(rng.standard_normal((b, h, nq, d)), dt)
            lse = rng.standard_normal((b, h, nq)).astype(np.float32)
            dpre = np.full((b * h, nqp), np.nan, np.float32)
            l2 = np.full((b * h, nqp), np.nan, np.float32)
            acc = np.full((b, h, nq, d), np.nan, np.float32)
            es = buf.itemsize
            flat = np.lib.stride_tricks.as_strided(
                buf, shape=(buf.size,), strides=(es,))
            kern(flat, o, lse, dpre, l2, acc, nq, nqp, b, h,
                 *[x // es for x in do.strides[:3]],
                 *[x // o.itemsize for x in o.strides[:3]],
                 grid=(-(-nqp // kern.const("ROWS")), h, b),
                 block=32 * kern.const("WARPS"))
            want_d = (f64(do) * f64(o)).sum(-1).reshape(b * h, nq)
            np.testing.assert_allclose(dpre[:, :nq], want_d, rtol=1e-5,
                                       atol=1e-4, err_msg=dt_what)
            np.testing.assert_allclose(
                l2[:, :nq], lse.reshape(b * h, nq) * np.log2(np.e),
                rtol=1e-6, err_msg=dt_what)
            self.assertTrue((dpre[:, nq:] == 0).all() and
                            (l2[:, nq:] == 0).all(), dt_what)
            self.assertTrue((acc == 0).all(), dt_what)

    def test_no_keys_no_gradient(self):
        # Nq > Nkv, causal: the first Nq - Nkv rows see no key.
        rng = np.random.default_rng(5)
        q, k, v, do = inputs(rng, (1, 2, 2, 70, 20, 64), "f16")
        o, lse = ops.flash_attention(q, k, v, causal=True, return_lse=True)
        dq, dk, dv = ops.flash_attention_backward(do, q, k, v, o, lse, True)
        self.assertTrue((f64(dq)[:, :, :50] == 0).all())

    def test_errors_name_the_argument(self):
        rng = np.random.default_rng(6)
        q, k, v, do = inputs(rng, (1, 2, 1, 8, 8, 64), "bf16")
        o, lse = ops.flash_attention(q, k, v, return_lse=True)
        bad = [
            ((do[:, :1], q, k, v, o, lse), ValueError, "dout"),
            ((do, q, k, v, o, lse[:, :1]), ValueError, "lse"),
            ((do, q, k, v, o, lse.astype(np.float16)), TypeError, "lse"),
            ((do, q, k[:, :, :4], v, o, lse), ValueError, "v"),
            ((do, q, k, v, o.astype(np.float32), lse), TypeError, "out"),
            ((do, q, k, v, o, np.zeros((1, 2, 8), np.float64)), TypeError,
             "lse"),
            ((do, q, k, v, o, lse, False, "x"), TypeError, "scale"),
        ]
        for args, exc, name in bad:
            with self.assertRaisesRegex(exc, rf"^{name}\b", msg=name):
                ops.flash_attention_backward(*args)
        q2, k2, v2, d2 = inputs(rng, (1, 1, 1, 4, 4, 256), "bf16")
        o2, l2 = ops.flash_attention(q2, k2, v2, return_lse=True)
        with self.assertRaisesRegex(ValueError, "^q: head dimension 256"):
            ops.flash_attention_backward(d2, q2, k2, v2, o2, l2)


if __name__ == "__main__":
    unittest.main()
