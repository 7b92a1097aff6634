"""The compiler's warnings and a kernel's required block shape, from
Python, on the CPU backend: warnings come as one warpforth.WarpForthWarning
per compile (a compile-cache hit too), werror=True / WARPFORTH_WERROR=1
make them WarpForthError; a kernel's '\\! block' shape is its default block
and any other is refused. Registered as the ctest test `python-warnings`.
"""

from __future__ import annotations

import os
import sys
import tempfile
import unittest
import warnings
from pathlib import Path
from unittest import mock

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import warpforth  # noqa: E402

try:
    import numpy
except ImportError:
    numpy = None

# `c` is a local that hides the param C: the store then goes to the
# local's value (0), not to C.
HIDING = """\\! kernel hide
\\! param C i64[1]
5 { c }
c C !
"""

SCALED = """\\! kernel scaled
\\! param A f64[1]
1.5 2 F* A F!
"""

CLEAN = """\\! kernel clean
\\! param A f64[1]
1.5 2.0 F* A F!
"""

SHAPE = """\\! kernel shape
\\! block 4 2
\\! param A i64[3]
TID-X 0= TID-Y 0= AND IF  BDIM-X A !  BDIM-Y A 8 + !  BDIM-Z A 16 + !  THEN
"""


class Warnings(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        env = {"WARPFORTH_CACHE_DIR": self.dir.name}
        self.env = mock.patch.dict(os.environ, env)
        self.env.start()
        os.environ.pop("WARPFORTH_WERROR", None)

    def tearDown(self):
        self.env.stop()
        self.dir.cleanup()

    def compile(self, source, name, **kw):
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            k = warpforth.Kernel.from_source(source, name=name, device="cpu",
                                             **kw)
        return k, [w for w in caught
                   if issubclass(w.category, warpforth.WarpForthWarning)]

    def test_category(self):
        self.assertTrue(issubclass(warpforth.WarpForthWarning, UserWarning))

    def test_local_hides_param(self):
        k, caught = self.compile(HIDING, "hide.forth")
        self.assertEqual(len(caught), 1)
        text = str(caught[0].message)
        self.assertIn("hide.forth:3:5: warning: local 'c' hides the header "
                      "name 'C'", text)
        self.assertEqual(k.warnings.rstrip("\n"), text)
        # The warning points at the caller of from_source, not at the
        # package.
        self.assertEqual(caught[0].filename, __file__)

    def test_int_as_float_once_per_compile_and_cached(self):
        for attempt in range(2):  # the second compile is a cache hit
            before = warpforth.cache_stats()["hits"]
            k, caught = self.compile(SCALED, "scaled.forth")
            self.assertEqual(len(caught), 1, attempt)
            self.assertIn("scaled.forth:3:7: warning: 'F*' takes a float, "
                          "but is given the integer 2", str(caught[0].message))
            self.assertIn("2.0 was probably meant", str(caught[0].message))
            if attempt:
                self.assertEqual(warpforth.cache_stats()["hits"], before + 1)

    def test_clean_source_no_warning(self):
        k, caught = self.compile(CLEAN, "clean.forth")
        self.assertEqual(caught, [])
        self.assertEqual(k.warnings, "")

    def test_werror_argument(self):
        with self.assertRaises(warpforth.WarpForthError) as e:
            self.compile(SCALED, "scaled.forth", werror=True)
        self.assertIn("scaled.forth:3:7: error: 'F*' takes a float", str(e.exception))
        self.assertIn("[-Werror]", str(e.exception))
        # A clean kernel compiles under werror; werror=False overrides the
        # environment.
        self.compile(CLEAN, "clean.forth", werror=True)
        with mock.patch.dict(os.environ, {"WARPFORTH_WERROR": "1"}):
            k, caught = self.compile(SCALED, "scaled.forth", werror=False)
            self.assertEqual(len(caught), 1)

    def test_werror_environment(self):
        # Even after a warning compile stored its entry in the cache.
        self.compile(SCALED, "scaled.forth")
        with mock.patch.dict(os.environ, {"WARPFORTH_WERROR": "1"}):
            with self.assertRaises(warpforth.WarpForthError) as e:
                self.compile(SCALED, "scaled.forth")
            self.assertIn("[-Werror]", str(e.exception))
            with self.assertRaises(warpforth.WarpForthError) as e:
                warpforth.compile_ptx(SCALED, name="scaled.forth")
            self.assertIn("[-Werror]", str(e.exception))
        with mock.patch.dict(os.environ, {"WARPFORTH_WERROR": "maybe"}):
            with self.assertRaises(warpforth.WarpForthError) as e:
                self.compile(SCALED, "scaled.forth")
            self.assertIn("WARPFORTH_WERROR", str(e.exception))
        with self.assertRaises(TypeError):
            self.compile(SCALED, "scaled.forth", werror=1)


@unittest.skipIf(numpy is None, "numpy is not installed")
class Block(unittest.TestCase):
    def test_default_and_refusal(self):
        k = warpforth.Kernel.from_source(SHAPE, device="cpu")
        self.assertEqual(k.block, (4, 2, 1))
        a = numpy.zeros(3, dtype=numpy.int64)
        k(a)  # the kernel's block by default
        self.assertEqual(a.tolist(), [4, 2, 1])
        a[:] = 0
        k(A=a)  # the general launch path too
        self.assertEqual(a.tolist(), [4, 2, 1])
        a[:] = 0
        k(a, block=(4, 2))
        self.assertEqual(a.tolist(), [4, 2, 1])
        for wrong, shown in ((8, "8,1,1"), ((4, 2, 2), "4,2,2"), ([2, 4], "2,4,1")):
            with self.assertRaises(warpforth.WarpForthError) as e:
                k(a, block=wrong)
            self.assertIn("kernel 'shape'", str(e.exception))
            self.assertIn("requires blocks of 4,2,1", str(e.exception))
            self.assertIn("not " + shown, str(e.exception))
        with self.assertRaises(warpforth.WarpForthError):
            k.time(a, block=1)
        self.assertGreaterEqual(k.time(a), 0.0)

    def test_no_directive(self):
        k = warpforth.Kernel.from_source(CLEAN, device="cpu")
        self.assertIsNone(k.block)


if __name__ == "__main__":
    unittest.main()
