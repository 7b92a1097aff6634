"""The Python package on the CPU backend, checked against a plain-Python
reference. Needs only the standard library (array buffers); the numpy cases
run when numpy is installed. Registered as the ctest test `python-cpu`:

    WARPFORTH_LIB=build/.../libwarpforth.so PYTHONPATH=bindings/python \\
        python3 bindings/python/tests/test_cpu.py
"""

from __future__ import annotations

import array
import math
import os
import random
import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import warpforth  # noqa: E402
from warpforth.attention import demo_dir  # noqa: E402
sys.path.insert(0, str(Path(__file__).resolve().parent))
import pdl_pair  # noqa: E402

try:
    import numpy
except ImportError:
    numpy = None
try:
    import ml_dtypes
except ImportError:
    ml_dtypes = None

# In CI (tools/setup.sh installs them) the numpy and ml_dtypes cases must
# run, not be skipped.
if os.environ.get("CI") == "true":
    for _name, _module in (("numpy", numpy), ("ml_dtypes", ml_dtypes)):
        if _module is None:
            sys.exit(f"test_cpu.py: CI=true but {_name} is not importable by "
                     f"{sys.executable}; tools/setup.sh installs it")

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

    def test_define_spellings(self):
        # As -D (docs/language.md): {NAME: None} is -D NAME, i.e. NAME=1;
        # an empty value and a value with '=' are errors naming NAME.
        src = "\\! kernel k\n\\! const FLAG 7\n\\! param OUT i64[1]\nFLAG OUT !\n"
        def compile(value):
            return warpforth.Kernel.from_source(
                src, name="defines.forth", device="cpu",
                defines={"FLAG": value})
        self.assertEqual(compile(None).const("FLAG"), 1)
        self.assertEqual(compile(5).const("FLAG"), 5)
        with self.assertRaisesRegex(warpforth.WarpForthError,
                                    "-D 'FLAG=': no value for 'FLAG'"):
            compile("")
        with self.assertRaisesRegex(warpforth.WarpForthError,
                                    "-D 'FLAG=1=2': the value of 'FLAG'"):
            compile("1=2")

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


class PdlTest(unittest.TestCase):
    def test_consumer_after_producer(self):
        # test_gpu.py's PdlTest on the CPU backend: launches run in order
        # and GRID-DEP-WAIT / GRID-DEP-LAUNCH do nothing, so each round's
        # row holds that round's producer value (a smaller grid and spin).
        n, spin = 96, 1000
        a = array.array("q", [0] * n)
        rows = [array.array("q", [0] * n) for _ in range(pdl_pair.ROUNDS)]
        pdl_pair.run("cpu", a, rows, n, spin, block=32)
        for seed, row in enumerate(rows):
            self.assertEqual(list(row), [pdl_pair.expected(seed, spin)] * n,
                             f"round {seed}")


_STORE = ("\\! kernel store\n\\! param X i64[4]\n\\! param V i64\n"
          "V X !\n")


def store_kernel() -> warpforth.Kernel:
    if "store" not in _kernels:
        _kernels["store"] = warpforth.Kernel.from_source(
            _STORE, name="store.forth", device="cpu")
    return _kernels["store"]


class BadInputTest(unittest.TestCase):
    """Bad input raises a Python exception naming what was wrong (issue 12):
    never a crash, a silent truncation or a write into read-only memory."""

    def test_alloc_sizes(self):  # 12.3
        dev = warpforth.device("cpu")
        for n in (-1, 0, 2**64):
            with self.assertRaisesRegex(ValueError, "alloc: nbytes"):
                dev.alloc(n)
        with self.assertRaisesRegex(TypeError, "alloc: nbytes"):
            dev.alloc(1.5)
        # Fits in size_t, but in no machine's memory.
        with self.assertRaisesRegex(warpforth.WarpForthError,
                                    "cannot allocate 18446744073709551615"):
            dev.alloc(2**64 - 1)
        with self.assertRaisesRegex(warpforth.WarpForthError,
                                    "cannot allocate 1125899906842624"):
            dev.alloc(2**50)
        src = array.array("d", [1.0])
        s, _ = src.buffer_info()
        addr = dev.alloc(8)
        try:
            with self.assertRaisesRegex(ValueError, "upload: nbytes"):
                dev.upload(addr, s, -1)
            with self.assertRaisesRegex(ValueError, "download: dst"):
                dev.download(-8, addr, 8)
            with self.assertRaisesRegex(warpforth.WarpForthError, "overruns"):
                dev.upload(addr, s, 16)
        finally:
            dev.free(addr)

    def test_read_only_arrays(self):  # 12.4
        k = store_kernel()
        frozen = b"\0" * 32
        with self.assertRaisesRegex(ValueError, "param 'X': the array is "
                                    "read-only"):
            k(frozen, 7)
        self.assertEqual(frozen, b"\0" * 32)
        data = array.array("q", [0] * 4)
        with self.assertRaisesRegex(ValueError, "read-only"):
            k(memoryview(data).toreadonly(), 7)
        self.assertEqual(list(data), [0, 0, 0, 0])
        k(data, 7)  # writable: fine
        self.assertEqual(list(data), [7, 0, 0, 0])

    @unittest.skipIf(numpy is None, "numpy is not installed")
    def test_read_only_numpy(self):  # 12.4
        k = store_kernel()
        a = numpy.zeros(4, dtype=numpy.int64)
        a.setflags(write=False)
        with self.assertRaisesRegex(ValueError, "param 'X': the array is "
                                    "read-only"):
            k(a, 7)
        self.assertEqual(a.tolist(), [0, 0, 0, 0])
        view = numpy.frombuffer(b"\0" * 32, dtype=numpy.int64)
        with self.assertRaisesRegex(ValueError, "read-only"):
            k(view, 7)
        b = numpy.zeros(4, dtype=numpy.int64)
        k(b, 7)
        self.assertEqual(b.tolist(), [7, 0, 0, 0])

    def test_scalar_range(self):  # 12.10
        k = store_kernel()
        x = array.array("q", [0] * 4)
        with self.assertRaisesRegex(ValueError, "param 'V': 36893488147419103234 "
                                    "does not fit in 64 bits"):
            k(x, 2**65 + 2)
        with self.assertRaisesRegex(ValueError, "param 'V'"):
            k(x, 2**64 + 2)
        with self.assertRaisesRegex(ValueError, "param 'V'"):
            k(x, -2**63 - 1)
        self.assertEqual(list(x), [0, 0, 0, 0])
        k(x, 2**64 - 1)  # a bit pattern: -1
        self.assertEqual(list(x), [-1, 0, 0, 0])

    def test_launch_shape(self):  # 12.10
        k = store_kernel()
        x = array.array("q", [0] * 4)
        for grid in (2**32 + 1, -1, 0, (1, 2**32), (1, -1)):
            with self.assertRaisesRegex(ValueError, "grid"):
                k(x, 1, grid=grid)
        for grid in ("12", 1.5, True, (1, "2"), None):
            with self.assertRaisesRegex(TypeError, "grid"):
                k(x, 1, grid=grid)
        with self.assertRaisesRegex(ValueError, "block"):
            k(x, 1, block=(1, 1, 1, 1))
        for shared in (-1, 2**64):
            with self.assertRaisesRegex(ValueError, "shared"):
                k(x, 1, shared=shared)
        with self.assertRaisesRegex(TypeError, "shared"):
            k(x, 1, shared="4")
        self.assertEqual(list(x), [0, 0, 0, 0])

    def test_nul_in_strings(self):  # 12.10
        with self.assertRaisesRegex(ValueError, "source: contains a NUL"):
            warpforth.Kernel.from_source(_STORE + "\0 bogus", device="cpu")
        with self.assertRaisesRegex(ValueError, "name: contains a NUL"):
            warpforth.Kernel.from_source(_STORE, name="a\0b", device="cpu")
        with self.assertRaisesRegex(ValueError, "path: contains a NUL"):
            warpforth.Kernel.from_file("x.forth\0y", device="cpu")
        with self.assertRaisesRegex(ValueError, "source: contains a NUL"):
            warpforth.compile_ptx(_STORE + "\0")
        with self.assertRaisesRegex(ValueError, "defines"):
            warpforth.Kernel.from_source(_STORE, defines={"A": "1\0"},
                                         device="cpu")

    def test_unreadable_sources(self):  # 12.14, 12.15
        with self.assertRaisesRegex(warpforth.WarpForthError,
                                    "'/dev/zero' is not a regular file"):
            warpforth.Kernel.from_file("/dev/zero", device="cpu")
        with self.assertRaisesRegex(warpforth.WarpForthError,
                                    "is a directory, not a file"):
            warpforth.Kernel.from_file(Path(__file__).parent, device="cpu")
        with self.assertRaisesRegex(warpforth.WarpForthError,
                                    "No such file or directory"):
            warpforth.Kernel.from_file("/nonexistent.forth", device="cpu")
        # A UTF-8 byte-order mark is skipped.
        k = warpforth.Kernel.from_source("\ufeff" + _STORE, device="cpu")
        self.assertEqual(k.name, "store")

    @unittest.skipIf(ml_dtypes is None, "ml_dtypes is not installed")
    def test_bf16_from_numpy(self):  # 12.17
        k = warpforth.Kernel.from_source(
            "\\! kernel twice\n\\! param X bf16[4]\n"
            "4 0 DO  I 2* X + BF@ 2.0 F* I 2* X + BF!  LOOP\n", device="cpu")
        x = numpy.array([1.5, -2, 0.25, 3], dtype=ml_dtypes.bfloat16)
        k(x)
        self.assertEqual(x.astype(numpy.float32).tolist(), [3, -4, 0.5, 6])
        with self.assertRaisesRegex(TypeError, "param 'X': argument is f32, "
                                    "signature says bf16"):
            k(numpy.zeros(4, dtype=numpy.float32))
        with self.assertRaisesRegex(TypeError, "ml_dtypes.bfloat16"):
            k(numpy.zeros(4, dtype="V2"))


class CompileChecksTest(unittest.TestCase):
    """Issue 34: what a GPU would refuse is refused on the CPU too, at
    compile time, with the package's error."""

    def test_arch_checked_on_cpu(self):
        src = "\\! kernel k\n\\! param X i64[1]\n7 X !\n"
        with self.assertRaisesRegex(warpforth.WarpForthError,
                                    "unknown GPU architecture 'sm_9999'"):
            warpforth.Kernel.from_source(src, device="cpu", arch="sm_9999")
        x = array.array("q", [0])
        warpforth.Kernel.from_source(src, device="cpu", arch="sm_90a")(x)
        self.assertEqual(list(x), [7])

    def test_register_index_out_of_range(self):
        k = warpforth.Kernel.from_source(
            "\\! kernel r\n\\! param X i64[1]\n\\! param N i64\n"
            "\\! reg R i64[4]\n5 N R! N R@ X !\n", name="r.forth",
            device="cpu")
        x = array.array("q", [0])
        k(x, 3)
        self.assertEqual(list(x), [5])
        with self.assertRaisesRegex(
                warpforth.WarpForthError,
                r"out-of-bounds index into register array 'R' \(R!\), "
                r"r.forth:5:5: index 4 of 4 elements"):
            k(x, 4)


if __name__ == "__main__":
    unittest.main(verbosity=2)
