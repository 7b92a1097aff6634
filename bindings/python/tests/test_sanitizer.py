"""Sanitize mode on the CPU backend (docs/sanitizer.md): Kernel.from_source
and from_file with sanitize=True, WARPFORTH_SANITIZE=1, and the exception
type. Each faulty kernel has a corrected twin that runs clean. Registered
as the ctest test `python-sanitizer`:

    WARPFORTH_LIB=build/bindings/capi/libwarpforth.so \\
        PYTHONPATH=bindings/python python3 bindings/python/tests/test_sanitizer.py
"""

from __future__ import annotations

import array
import os
import sys
import tempfile
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import warpforth  # noqa: E402

# A block sum of 64 that halves its shared partials; FIXED puts the BARRIER
# between the steps that the GPU needs.
REDUCE = """\\! kernel reduce
\\! const FIXED 0
\\! param X i64[64]
\\! param OUT i64[1]
\\! shared P i64[64]
TID-X { t }
t CELLS X + @ t CELLS P + S!
BARRIER
32 BEGIN DUP 0 > WHILE
  t OVER < IF  t CELLS P + S@  OVER t + CELLS P + S@ +  t CELLS P + S!  THEN
  FIXED IF BARRIER THEN
  2/
REPEAT DROP
t 0= IF P S@ OUT ! THEN
"""

WARPSUM = """\\! kernel warpsum
\\! float f32
\\! param OUT f32[64]
1.0 FWARP-SUM  TID-X FLOATS OUT + F!
"""

UNINIT = """\\! kernel uninit
\\! const FIXED 0
\\! param OUT i64[32]
\\! shared S i64[33]
TID-X { t }
t 31 < FIXED OR IF  t 1+ t CELLS S + S!  THEN
BARRIER
t 31 < IF  t 1+ CELLS S + S@  t CELLS OUT + !  THEN
"""

DIVERGENT = """\\! kernel divergent
\\! const FIXED 0
\\! param OUT i64[32]
\\! shared S i64[32]
TID-X { t }
t t CELLS S + S!
FIXED IF  BARRIER  ELSE  t 16 < IF BARRIER THEN  THEN
BARRIER
31 t - CELLS S + S@  t CELLS OUT + !
"""


def reduce_kernel(fixed: int, **kw) -> warpforth.Kernel:
    return warpforth.Kernel.from_source(REDUCE, name="reduce.forth",
                                        device="cpu",
                                        defines={"FIXED": fixed}, **kw)


def reduce_args():
    return array.array("q", range(64)), array.array("q", [0])


class SanitizeArgument(unittest.TestCase):
    def test_race_raises_sanitizer_error(self):
        k = reduce_kernel(0, sanitize=True)
        self.assertTrue(k.sanitized)
        x, out = reduce_args()
        with self.assertRaises(warpforth.SanitizerError) as caught:
            k(x, out, block=64)
        msg = str(caught.exception)
        self.assertIn("race (write after read) on shared memory bytes", msg)
        self.assertIn("reduce.forth:10:", msg)
        self.assertIn("of block (0,0,0)", msg)
        # A subclass of the package's error type.
        self.assertIsInstance(caught.exception, warpforth.WarpForthError)

    def test_unsanitized_run_does_not_see_the_race(self):
        k = reduce_kernel(0)
        self.assertFalse(k.sanitized)
        x, out = reduce_args()
        k(x, out, block=64)  # the CPU's fibers hide it

    def test_fixed_twin_is_clean_and_exact(self):
        k = reduce_kernel(1, sanitize=True)
        x, out = reduce_args()
        k(x, out, block=64)
        self.assertEqual(out[0], sum(range(64)))

    def test_from_file(self):
        with tempfile.TemporaryDirectory() as d:
            path = Path(d) / "reduce.forth"
            path.write_text(REDUCE)
            k = warpforth.Kernel.from_file(path, device="cpu", sanitize=True)
            x, out = reduce_args()
            with self.assertRaisesRegex(warpforth.SanitizerError,
                                        r"race \(write after read\)"):
                k(x, out, block=64)

    def test_partial_warp(self):
        k = warpforth.Kernel.from_source(WARPSUM, name="w.forth",
                                         device="cpu", sanitize=True)
        out = array.array("f", [0.0] * 64)
        with self.assertRaisesRegex(warpforth.SanitizerError,
                                    r"incomplete warp at .*'FSHFL-XOR'(.|\n)*"
                                    r"lanes 16\.\.31 do not exist"):
            k(out, block=48)
        k(out, block=64)
        self.assertEqual(list(out[:2]), [32.0, 32.0])

    @staticmethod
    def run_twin(source, name, fixed):
        """The kernel with -D FIXED (0: the bug, 1: its corrected twin),
        sanitized, in a block of 32 on an i64[32] OUT; returns OUT."""
        k = warpforth.Kernel.from_source(
            source, name=name, device="cpu", sanitize=True,
            defines={"FIXED": fixed})
        out = array.array("q", [0] * 32)
        k(out, block=32)
        return out

    def test_uninitialized_read(self):
        def run(fixed):
            return self.run_twin(UNINIT, "u.forth", fixed)
        with self.assertRaisesRegex(
                warpforth.SanitizerError,
                r"uninitialized read of shared memory bytes 0xf8\.\.0xff"
                r"(.|\n)*thread \(30,0,0\) \(linear 30\) read at u\.forth:8:"):
            run(0)
        self.assertEqual(list(run(1)[:3]), [2, 3, 4])

    def test_barrier_divergence(self):
        def run(fixed):
            return self.run_twin(DIVERGENT, "d.forth", fixed)
        with self.assertRaisesRegex(
                warpforth.SanitizerError,
                r"barrier divergence(.|\n)*linear 0\.\.15\) wait at "
                r"d\.forth:7:36 'BARRIER'(.|\n)*linear 16\.\.31\) wait at "
                r"d\.forth:8:1 'BARRIER'"):
            run(0)
        self.assertEqual(list(run(1)[:3]), [31, 30, 29])

    def test_out_of_bounds_in_endless_loop_stops(self):
        # Not a sanitizer report: every CPU run stops at the first fault.
        k = warpforth.Kernel.from_source(
            "\\! kernel forever\n\\! param OUT i64[4]\n"
            "0 BEGIN  DUP DUP CELLS OUT + !  1+  0 UNTIL\n",
            name="forever.forth", device="cpu")
        out = array.array("q", [0] * 4)
        with self.assertRaisesRegex(warpforth.WarpForthError,
                                    "out-of-bounds 8-byte store to param "
                                    "'OUT', forever.forth:3:") as caught:
            k(out)
        self.assertNotIsInstance(caught.exception, warpforth.SanitizerError)


class SanitizeEnvironment(unittest.TestCase):
    def setUp(self):
        self.saved = os.environ.get("WARPFORTH_SANITIZE")
        os.environ["WARPFORTH_SANITIZE"] = "1"

    def tearDown(self):
        if self.saved is None:
            del os.environ["WARPFORTH_SANITIZE"]
        else:
            os.environ["WARPFORTH_SANITIZE"] = self.saved

    def test_environment_sanitizes_every_cpu_kernel(self):
        k = reduce_kernel(0)  # no sanitize argument
        self.assertTrue(k.sanitized)
        x, out = reduce_args()
        with self.assertRaisesRegex(warpforth.SanitizerError,
                                    r"race \(write after read\)"):
            k(x, out, block=64)

    def test_zero_means_off(self):
        os.environ["WARPFORTH_SANITIZE"] = "0"
        self.assertFalse(reduce_kernel(0).sanitized)


if __name__ == "__main__":
    unittest.main()
