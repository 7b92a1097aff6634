"""ops.flash_attention and flash_attention_backward with window= (local
attention, FlashAttention's window_size) and softcap= on the CPU backend,
against the f64 reference (attention_reference.py), in every kernel: f32
(3xTF32), bf16/f16 on the mma.sync kernels and on the Hopper kernels
(HOPPER True on the CPU). Windows at the edges: one key (0, 0), left only,
right only, both, causal with a left bound (Gemma/Mistral's), windows
past every key, rows that see no key (Nq > Nkv with a right bound); odd
lengths (7, 65, 129), GQA; softcap alone and with a window. Tiles outside
every row's window are not visited: NaN keys and values there leave the
output and the gradients finite (a visited tile would carry NaN through
P V even where masked). Errors name the argument.

Bounds: the forward and backward tests' own (test_ops_attention.py and
test_ops_attention_backward.py): f32 within 2e-6 relative of the largest
output (1e-5 for the gradients), bf16/f16 within 4u of the largest
gradient and u (|v|max + |o|max) for the output, LSE within 1e-3 (16-bit)
or 1e-5 (f32) absolute. The CPU backend's FTANH-APPROX is libm's tanhf:
the GPU's tanh.approx (2^-11 relative) is bounded in the GPU test."""

from __future__ import annotations

import unittest

import numpy as np
from attention_reference import attention_backward_reference
from attention_reference import attention_reference, check_output
from opcheck import cast, f64

from warpforth import ops


def hopper(on):
    """The Hopper kernels (forward and backward) on or off."""
    return ops.tuned(attention=dict(hopper=on),
                     attention_backward=dict(hopper=on))

UNIT = {"bf16": 2.0 ** -8, "f16": 2.0 ** -11}
LSE_BOUND = {"f32": 1e-5, "bf16": 1e-3, "f16": 1e-3}

# (shape (B, Hq, Hkv, Nq, Nkv, d), causal, window, softcap)
CASES = [
    ((1, 2, 1, 65, 65, 64), False, (0, 0), 0.0),        # one key a row
    ((1, 2, 1, 65, 65, 64), False, (16, -1), 0.0),      # left only
    ((1, 2, 2, 7, 129, 64), False, (-1, 3), 0.0),       # right only, Nq < Nkv
    ((1, 4, 2, 129, 129, 64), True, (33, -1), 0.0),     # causal + left, GQA
    ((1, 2, 1, 129, 65, 64), False, (5, 7), 0.0),       # Nq > Nkv: empty rows
    ((1, 2, 1, 65, 65, 64), False, (500, 500), 0.0),    # past every key
    ((1, 2, 1, 65, 129, 64), False, (-1, -1), 20.0),    # softcap alone
    ((1, 2, 1, 129, 129, 64), True, (40, 0), 3.0),      # window + softcap
]


def inputs(rng, shape, dt):
    b, hq, hkv, nq, nkv, d = shape
    return [cast(rng.standard_normal(s), dt) for s in
            ((b, hq, nq, d), (b, hkv, nkv, d), (b, hkv, nkv, d),
             (b, hq, nq, d))]


class WindowSoftcap(unittest.TestCase):
    def forward(self, dt, shape, causal, window, softcap, what):
        rng = np.random.default_rng(abs(hash((what, shape))) % 2**32)
        q, k, v, do = inputs(rng, shape, dt)
        o, lse = ops.flash_attention(q, k, v, causal=causal, window=window,
                                     softcap=softcap, return_lse=True)
        want, want_lse = attention_reference(q, k, v, causal, None, window,
                                             softcap)
        if dt == "f32":
            bound = 2e-6 * max(1.0, np.abs(want).max())
        else:
            bound = UNIT[dt] * (np.abs(f64(v)).max() + np.abs(want).max())
        check_output(self, what, o, lse, want, want_lse, bound,
                     LSE_BOUND[dt])
        return q, k, v, do, o, lse

    def backward(self, dt, shape, causal, window, softcap, what):
        q, k, v, do, o, lse = self.forward(dt, shape, causal, window,
                                           softcap, what)
        got = ops.flash_attention_backward(do, q, k, v, o, lse, causal,
                                           None, window, softcap)
        want = attention_backward_reference(do, q, k, v, causal, None,
                                            window, softcap)
        bound = 1e-5 if dt == "f32" else 4 * UNIT[dt]
        for name, g, w in zip(("dq", "dk", "dv"), got, want):
            err = np.abs(f64(g) - w).max() / max(1.0, np.abs(w).max())
            self.assertLessEqual(err, bound, f"{what} {name}: {err:.3g}")

    def test_mma_kernels(self):
        for dt in ("bf16", "f16"):
            for shape, causal, window, cap in CASES:
                self.backward(dt, shape, causal, window, cap,
                              f"{dt} {shape} causal={causal} w={window} "
                              f"cap={cap}")

    def test_f32(self):
        for shape, causal, window, cap in CASES[1:2] + CASES[3:5] + CASES[7:]:
            self.backward("f32", shape, causal, window, cap,
                          f"f32 {shape} causal={causal} w={window} cap={cap}")

    def test_hopper_kernels(self):
        with hopper(True):
            for dt in ("bf16", "f16"):
                for shape, causal, window, cap in CASES:
                    self.backward(dt, shape, causal, window, cap,
                                  f"hopper {dt} {shape} causal={causal} "
                                  f"w={window} cap={cap}")

    def test_large_head_dims(self):
        # head_dim 192 and 256: the Hopper forward (whole 64-feature
        # panels, one Q buffer, 64 or 96 keys a tile) and the mma.sync one.
        for on in (True, False):
            with hopper(on):
                for d, causal, window, cap in ((256, True, (-1, -1), 0.0),
                                               (192, False, (30, 5), 7.0)):
                    self.forward("bf16", (1, 2, 1, 150, 170, d), causal,
                                 window, cap,
                                 f"hopper={on} d{d} causal={causal} "
                                 f"w={window} cap={cap}")

    def test_causal_is_a_window(self):
        # (-1, 0) is causal; causal=True with (left, 5) keeps right 0.
        rng = np.random.default_rng(7)
        q, k, v, _ = inputs(rng, (1, 2, 1, 65, 70, 64), "bf16")
        causal = ops.flash_attention(q, k, v, causal=True)
        np.testing.assert_array_equal(
            ops.flash_attention(q, k, v, window=(-1, 0)), causal)
        np.testing.assert_array_equal(
            ops.flash_attention(q, k, v, causal=True, window=(-1, 5)), causal)
        w = ops.flash_attention(q, k, v, causal=True, window=(10, 5))
        np.testing.assert_array_equal(
            ops.flash_attention(q, k, v, window=(10, 0)), w)

    def test_skips_tiles_outside_the_window(self):
        # 16 queries at the end of 1000 keys, window (8, 0): they see keys
        # 976 .. 999. Keys and values below 700 are NaN: a visited tile of
        # them would make the rows NaN, masked or not (0 * NaN).
        shape = (1, 2, 1, 16, 1000, 64)
        for dt, on in (("bf16", False), ("f16", True), ("f32", False)):
            rng = np.random.default_rng(3)
            q, k, v, do = inputs(rng, shape, dt)
            k[:, :, :700] = np.nan
            v[:, :, :700] = np.nan
            with hopper(on):
                o, lse = ops.flash_attention(q, k, v, window=(8, 0),
                                             return_lse=True)
                dq, dk, dv = ops.flash_attention_backward(
                    do, q, k, v, o, lse, False, None, (8, 0))
            what = f"{dt} hopper={on}"
            self.assertTrue(np.isfinite(f64(o)).all(), what + ": o")
            self.assertTrue(np.isfinite(f64(dq)).all(), what + ": dq")
            for name, g in (("dk", dk), ("dv", dv)):
                self.assertTrue((f64(g)[:, :, :900] == 0).all(),
                                f"{what}: {name} of unseen keys")
                self.assertTrue(np.isfinite(f64(g)).all(), f"{what}: {name}")
            kf, vf = (np.nan_to_num(f64(x)) for x in (k, v))
            want, _ = attention_reference(q, kf, vf, False, None, (8, 0))
            bound = (2e-6 if dt == "f32" else
                     UNIT[dt] * (np.abs(vf).max() + np.abs(want).max()))
            self.assertLessEqual(np.abs(f64(o) - want).max(), bound, what)

    def test_errors_name_the_argument(self):
        q = np.zeros((1, 1, 4, 64), np.float32)
        for window, err in (((-2, 0), ValueError), ((0,), TypeError),
                            ((1.5, 0), TypeError), ("ab", TypeError),
                            ((True, 0), TypeError)):
            with self.assertRaisesRegex(err, "^window: "):
                ops.flash_attention(q, q, q, window=window)
            with self.assertRaisesRegex(err, "^window: "):
                ops.flash_attention_backward(q, q, q, q, q, q[..., 0],
                                             window=window)
        for cap, err in ((-1.0, ValueError), (float("inf"), ValueError),
                         (float("nan"), ValueError), ("3", TypeError)):
            with self.assertRaisesRegex(err, "^softcap: "):
                ops.flash_attention(q, q, q, softcap=cap)


if __name__ == "__main__":
    unittest.main()
