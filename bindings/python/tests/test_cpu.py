"""The Python package on the CPU backend, checked against a plain-Python
reference. Needs only the standard library (array buffers); the numpy cases
run when numpy is installed. Registered as the ctest test `python-cpu`:

    WARPFORTH_LIB=build/.../libwarpforth.so PYTHONPATH=bindings/python \\
        python3 bindings/python/tests/test_cpu.py
"""

from __future__ import annotations

import array
import math
import random
import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import warpforth  # noqa: E402
from warpforth.attention import demo_dir  # noqa: E402

try:
    import numpy
except ImportError:
    numpy = None

F64_TOL, F32_TOL = 1e-10, 1e-4


def reference(q, k, v, seq_len, head_dim, heads=1):
    """Causal softmax(q k^T / sqrt(d)) v in double, head after head."""
    out = [0.0] * (heads * seq_len * head_dim)
    scale = 1.0 / math.sqrt(head_dim)
    for h in range(heads):
        base = h * seq_len * head_dim
        row = lambda m, r: m[base + r * head_dim: base + (r + 1) * head_dim]
        for i in range(seq_len):
            qi = row(q, i)
            s = [scale * sum(a * b for a, b in zip(qi, row(k, j)))
                 for j in range(i + 1)]
            top = max(s)
            p = [math.exp(x - top) for x in s]
            norm = 1.0 / sum(p)
            for c in range(head_dim):
                out[base + i * head_dim + c] = norm * sum(
                    p[j] * v[base + j * head_dim + c] for j in range(i + 1))
    return out


def relative_error(got, want) -> float:
    scale = max(max(abs(x) for x in want), 1e-300)
    return max(abs(a - b) for a, b in zip(got, want)) / scale


def random_array(code: str, n: int, seed: int) -> array.array:
    rng = random.Random(seed)
    return array.array(code, (rng.uniform(-1, 1) for _ in range(n)))


_kernels: dict = {}


def kernel(file: str, max_seq: int = 128) -> warpforth.Kernel:
    key = (file, max_seq)
    if key not in _kernels:
        _kernels[key] = warpforth.Kernel.from_file(
            demo_dir() / file, device="cpu", defines={"MAX_SEQ": max_seq})
    return _kernels[key]


class AttentionTest(unittest.TestCase):
    def check_single(self, file, code, tol, seq_len, head_dim, block):
        n = seq_len * head_dim
        q, k, v = (random_array(code, n, s) for s in (1, 2, 3))
        o = array.array(code, bytes(n * q.itemsize))
        kernel(file)(q, k, v, o, seq_len, head_dim, grid=seq_len, block=block)
        err = relative_error(o, reference(q, k, v, seq_len, head_dim))
        self.assertLessEqual(err, tol, f"{file} s{seq_len} d{head_dim}")

    def test_f64(self):
        for seq_len, head_dim, block in [(1, 32, 32), (17, 32, 64),
                                         (64, 64, 128), (100, 32, 96)]:
            self.check_single("attention.forth", "d", F64_TOL, seq_len,
                              head_dim, block)

    def test_f32(self):
        for seq_len, head_dim, block in [(1, 32, 32), (16, 64, 32),
                                         (100, 32, 256)]:
            self.check_single("attention-f32.forth", "f", F32_TOL, seq_len,
                              head_dim, block)

    def test_multihead(self):
        heads, seq_len, head_dim = 3, 33, 16
        n = heads * seq_len * head_dim
        q, k, v = (random_array("f", n, s) for s in (4, 5, 6))
        o = array.array("f", bytes(4 * n))
        kern = kernel("attention-mh-f32.forth")
        kern(q, k, v, o, seq_len, head_dim, heads, grid=(seq_len, heads),
             block=64)
        err = relative_error(o, reference(q, k, v, seq_len, head_dim, heads))
        self.assertLessEqual(err, F32_TOL)

    def test_helper_with_shape(self):
        seq_len, head_dim = 20, 8
        q, k, v = (random_array("d", seq_len * head_dim, s) for s in (7, 8, 9))
        o = array.array("d", bytes(8 * seq_len * head_dim))
        warpforth.attention(q, k, v, o, seq_len=seq_len, head_dim=head_dim)
        self.assertLessEqual(
            relative_error(o, reference(q, k, v, seq_len, head_dim)), F64_TOL)

    @unittest.skipIf(numpy is None, "numpy is not installed")
    def test_numpy(self):
        rng = numpy.random.default_rng(0)
        q, k, v = (rng.uniform(-1, 1, (2, 4, 40, 16)).astype(numpy.float32)
                   for _ in range(3))
        o = warpforth.multihead_attention(q, k, v)
        want = reference(q.ravel().tolist(), k.ravel().tolist(),
                         v.ravel().tolist(), 40, 16, heads=8)
        self.assertLessEqual(relative_error(o.ravel().tolist(), want), F32_TOL)
        # numpy scalars are scalars, though they have __array_interface__.
        o2 = numpy.zeros_like(q)
        kernel("attention-mh-f32.forth")(
            q, k, v, o2, numpy.int64(40), numpy.int32(16), numpy.int64(8),
            grid=(40, 8), block=64)
        self.assertTrue((o2 == o).all())
        q64 = rng.uniform(-1, 1, (30, 24))
        o64 = warpforth.attention(q64, q64, q64)
        want = reference(*(q64.ravel().tolist(),) * 3, 30, 24)
        self.assertLessEqual(relative_error(o64.ravel().tolist(), want), F64_TOL)


class ApiTest(unittest.TestCase):
    def test_signature(self):
        k = kernel("attention-f32.forth")
        self.assertEqual(k.name, "attention_f32")
        self.assertEqual([p.name for p in k.params],
                         ["Q", "K", "V", "O", "SEQ_LEN", "HEAD_DIM"])
        self.assertEqual(k.params[0].type, "f32")
        self.assertTrue(k.params[0].is_array)
        self.assertEqual(k.params[0].size, "SEQ_LEN*HEAD_DIM")
        self.assertFalse(k.params[4].is_array)
        self.assertEqual(k.float_type, "f32")
        self.assertEqual(k.const("MAX_SEQ"), 128)
        self.assertIn("@kernel attention_f32", k.signature)
        self.assertEqual(k.device.kind, "cpu")

    def test_dtype_mismatch(self):
        q = array.array("d", bytes(8 * 16))
        with self.assertRaisesRegex(TypeError, "param 'Q': argument is f64, "
                                    "signature says f32"):
            kernel("attention-f32.forth")(q, q, q, q, 4, 4, grid=4, block=32)

    def test_runtime_size_check(self):
        q = array.array("f", bytes(4 * 15))
        with self.assertRaisesRegex(warpforth.WarpForthError,
                                    "param 'Q': buffer holds 15 f32 values"):
            kernel("attention-f32.forth")(q, q, q, q, 4, 4, grid=4, block=32)

    def test_argument_errors(self):
        k = kernel("attention-f32.forth")
        q = array.array("f", bytes(64))
        with self.assertRaisesRegex(TypeError, "no value for HEAD_DIM"):
            k(q, q, q, q, 4, grid=4, block=32)
        with self.assertRaisesRegex(TypeError, "param 'SEQ_LEN' is a scalar; got array"):
            k(q, q, q, q, q, 4, grid=4, block=32)
        with self.assertRaisesRegex(warpforth.WarpForthError, "float"):
            k(q, q, q, q, 4.5, 1, grid=4, block=32)
        # Named arguments bind like positional ones.
        k(q, q, q, O=q, SEQ_LEN=4, HEAD_DIM=4, grid=4, block=32)

    def test_compile_error(self):
        with self.assertRaisesRegex(warpforth.WarpForthError,
                                    "bad.forth:.*error"):
            warpforth.Kernel.from_source("\\! kernel k\nNOSUCHWORD\n",
                                         name="bad.forth", device="cpu")

    def test_memory_round_trip(self):
        dev = warpforth.device("cpu")
        src = array.array("d", [1.5, -2.0, 3.25])
        back = array.array("d", bytes(24))
        addr = dev.alloc(24)
        s, _ = src.buffer_info()
        b, _ = back.buffer_info()
        dev.upload(addr, s, 24)
        dev.download(b, addr, 24)
        dev.free(addr)
        self.assertEqual(list(back), [1.5, -2.0, 3.25])
        with self.assertRaises(warpforth.WarpForthError):
            dev.free(addr)

    def test_out_of_bounds(self):
        # The CPU backend checks accesses against the buffers the call
        # passes (here a 4-element array for an undeclared size).
        k = warpforth.Kernel.from_source(
            "\\! kernel oob\n\\! param X i64[]\n\\! param N i64\n"
            "7 X N CELLS + !\n", name="oob.forth", device="cpu")
        x = array.array("q", [0] * 4)
        k(x, 3)
        self.assertEqual(list(x), [0, 0, 0, 7])
        with self.assertRaisesRegex(warpforth.WarpForthError,
                                    "out-of-bounds 8-byte store to param 'X', "
                                    "oob.forth:4:15: byte offset 32 of 32"):
            k(x, 4)

    def test_checked(self):
        # checked=True is --check-bounds: the PTX takes the check record,
        # and ASSERT is compiled in (on the CPU the bounds are always
        # checked, here through a loop-carried address).
        src = ("\\! kernel walk\n\\! param X i64[]\n\\! param N i64\n"
               "N 0 > ASSERT X N 0 ?DO 1 OVER ! 8 + LOOP DROP\n")
        ptx = warpforth.compile_ptx(src, name="walk.forth", checked=True)
        self.assertIn("// @checked", ptx)
        self.assertIn("walk_param_2", ptx)
        self.assertNotIn("@checked", warpforth.compile_ptx(src))
        k = warpforth.Kernel.from_source(src, name="walk.forth", device="cpu",
                                         checked=True)
        x = array.array("q", [0] * 4)
        k(x, 4)
        self.assertEqual(list(x), [1, 1, 1, 1])
        with self.assertRaisesRegex(warpforth.WarpForthError,
                                    "out-of-bounds 8-byte store to param 'X', "
                                    "walk.forth:4:31: byte offset 32 of 32"):
            k(x, 8)
        with self.assertRaisesRegex(warpforth.WarpForthError,
                                    "assertion failed at walk.forth:4:7 "
                                    r"\(thread \(0,0,0\) of block \(0,0,0\)\)"):
            k(x, 0)

    def test_time(self):
        k = kernel("attention-f32.forth")
        q = array.array("f", bytes(4 * 64))
        us = k.time(q, q, q, q, 8, 8, grid=8, block=32)
        self.assertGreater(us, 0.0)


if __name__ == "__main__":
    unittest.main(verbosity=2)
