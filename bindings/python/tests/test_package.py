"""The package around the kernels, on the CPU backend: one version
everywhere (warpforth.__version__, the C library, warpforthc --version and
the launchers), the launch path that packs arguments once per call
(Kernel._pack) against the general one, and where an installed package
finds its parts. ctest `python-package`:

    WARPFORTH_LIB=build/.../libwarpforth.so PYTHONPATH=bindings/python \\
        WARPFORTHC=build/tools/warpforthc/warpforthc \\
        python3 bindings/python/tests/test_package.py
"""

from __future__ import annotations

import array
import os
import re
import subprocess
import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import warpforth  # noqa: E402
from warpforth import _lib  # noqa: E402

try:
    import numpy
except ImportError:
    numpy = None

ROOT = Path(__file__).resolve().parents[3]

MIXED = """\\! kernel mixed
\\! float f64
\\! param A f64[N]
\\! param B i32[N]
\\! param N i64
\\! param S f64
\\! param K i64
GLOBAL-ID DUP N < IF
  DUP CELLS A +  DUP F@ S F*  SWAP F!
  4 * B +  DUP I32@ K +  SWAP I32!
ELSE DROP THEN
"""


class Version(unittest.TestCase):
    def test_one_version(self):
        text = (ROOT / "CMakeLists.txt").read_text()
        want = re.search(r"project\(WarpForth\s+VERSION\s+([0-9.]+)",
                         text).group(1)
        self.assertEqual(warpforth.__version__, want)
        self.assertEqual(_lib.lib().wf_version().decode(), want)
        self.assertIn(f"warpforth {want} build ",
                      warpforth._cache.compiler_id())
        pyproject = (ROOT / "pyproject.toml").read_text()
        self.assertIn('input = "CMakeLists.txt"', pyproject)
        tools = [os.environ.get("WARPFORTHC")]
        launchers = Path(_lib.lib()._name).parent / "launchers"
        tools.append(str(launchers / "warpforthc"))
        for tool in tools:
            if not tool or not Path(tool).is_file():
                continue
            with self.subTest(tool=tool):
                out = subprocess.run([tool, "--version"], capture_output=True,
                                     text=True, check=True).stdout
                self.assertEqual(out.strip(), f"warpforthc {want} (LLVM 19)")

    def test_launchers_run_the_tools(self):
        launchers = Path(_lib.lib()._name).parent / "launchers"
        run = launchers / "warpforth-run"
        if not run.is_file():
            self.skipTest("no launchers next to the library")
        src = Path(os.environ.get("TMPDIR", "/tmp")) / f"wf-pkg-{os.getpid()}.forth"
        src.write_text(MIXED)
        try:
            r = subprocess.run(
                [str(run), str(src), "--device", "cpu", "--param",
                 "A=1,2", "--param", "B=i32[2]:5,6", "--param", "N=2",
                 "--param", "S=3", "--param", "K=-1", "--block", "2",
                 "--print", "A", "--print", "B"],
                capture_output=True, text=True)
            self.assertEqual(r.returncode, 0, r.stderr)
            self.assertIn("[3, 6]", r.stdout)
            self.assertIn("[4, 5]", r.stdout)
            r = subprocess.run([str(launchers / "warpforthc"), str(src)],
                               capture_output=True, text=True)
            self.assertEqual(r.returncode, 0, r.stderr)
            self.assertIn(".entry mixed", r.stdout)
        finally:
            src.unlink()


class LaunchPath(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.k = warpforth.Kernel.from_source(MIXED, device="cpu")

    def run_both(self, make, *scalars, **launch):
        """The same launch through _pack (one packed buffer) and through
        the general path (_launch): the same results."""
        a1, b1 = make()
        a2, b2 = make()
        self.assertIsNotNone(self.k._pack((a1, b1) + scalars,
                                          launch.get("grid", 1),
                                          launch.get("block", 1), 0, None))
        self.k(a1, b1, *scalars, **launch)
        self.k._launch((a2, b2) + scalars, {}, launch.get("grid", 1),
                       launch.get("block", 1), 0, None, timed=False)
        self.assertEqual(list(a1), list(a2))
        self.assertEqual(list(b1), list(b2))
        return a1, b1

    def test_buffers(self):
        # array.array is not a fast-path type: the general path.
        a = array.array("d", [1, 2, 3])
        b = array.array("i", [1, 2, 3])
        self.assertIsNone(self.k._pack((a, b, 3, 1.0, 1), 1, 1, 0, None))
        self.k(a, b, 3, 2.5, -7, block=3)
        self.assertEqual((list(a), list(b)), ([2.5, 5, 7.5], [-6, -5, -4]))

    @unittest.skipIf(numpy is None, "numpy is not installed")
    def test_numpy_fast_path(self):
        make = lambda: (numpy.arange(1, 6, dtype=numpy.float64),  # noqa: E731
                        numpy.arange(1, 6, dtype=numpy.int32))
        # A first general launch records numpy's dtypes for the fast path.
        a, b = make()
        self.k._launch((a, b, 5, 1.0, 0), {}, 1, 5, 0, None, timed=False)
        a, b = self.run_both(make, 5, -0.5, 2**40, block=5)
        self.assertEqual(a.tolist(), [-0.5, -1, -1.5, -2, -2.5])
        # i32 stores keep the low 32 bits of 2**40 + b: b itself.
        self.assertEqual(b.tolist(), [1, 2, 3, 4, 5])
        self.run_both(make, 5, 2.0, -2**63, grid=(1, 1), block=(5, 1, 1))

    @unittest.skipIf(numpy is None, "numpy is not installed")
    def test_what_takes_the_general_path(self):
        a = numpy.zeros(4)
        b = numpy.zeros(4, dtype=numpy.int32)
        self.k._launch((a, b, 4, 1.0, 0), {}, 1, 4, 0, None, timed=False)
        pack = lambda *args: self.k._pack(args, 1, 4, 0, None)  # noqa: E731
        self.assertIsNotNone(pack(a, b, 4, 1.0, 0))
        cases = {
            "bool scalar": (a, b, 4, 1.0, True),
            "numpy scalar": (a, b, numpy.int64(4), 1.0, 0),
            "past 64 bits": (a, b, 4, 1.0, 2**64),
            "non-contiguous": (numpy.zeros(8)[::2], b, 4, 1.0, 0),
            "read-only": (numpy.frombuffer(bytes(32)), b, 4, 1.0, 0),
            "wrong dtype": (a.astype(numpy.float32), b, 4, 1.0, 0),
            "a list": ([0.0] * 4, b, 4, 1.0, 0),
        }
        for what, args in cases.items():
            with self.subTest(what):
                self.assertIsNone(pack(*args))
        # ... where the same checks as before raise or convert.
        self.k(a, b, 4, 1, True, block=4)             # int -> f64, bool -> 1
        self.assertEqual(b.tolist(), [1, 1, 1, 1])
        self.k(a, b, numpy.int64(4), 1.0, 2**64 - 1, block=4)  # -1
        self.assertEqual(b.tolist(), [0, 0, 0, 0])
        with self.assertRaisesRegex(ValueError, "not C-contiguous"):
            self.k(numpy.zeros(8)[::2], b, 4, 1.0, 0, block=4)
        with self.assertRaisesRegex(ValueError, "read-only"):
            self.k(numpy.frombuffer(bytes(32)), b, 4, 1.0, 0, block=4)
        with self.assertRaisesRegex(TypeError, "argument is f32, signature "
                                    "says f64"):
            self.k(a.astype(numpy.float32), b, 4, 1.0, 0, block=4)
        with self.assertRaisesRegex(ValueError, "does not fit in 64 bits"):
            self.k(a, b, 4, 1.0, 2**64, block=4)
        # Sizes are the runtime's check, on the fast path too.
        with self.assertRaisesRegex(_lib.WarpForthError, "param 'A'"):
            self.k(numpy.zeros(3), b, 4, 1.0, 0, block=4)
        with self.assertRaisesRegex(ValueError, "grid"):
            self.k(a, b, 4, 1.0, 0, grid=0)

    def test_pack_layout(self):
        # '<3I3IQQ' then '<iiQQqd' per param: wf_launch_config and wf_arg.
        self.assertEqual(self.k._packer.size, 40 + 40 * 5)


class Installed(unittest.TestCase):
    def test_parts_found_beside_the_package(self):
        # In the checkout these are the checkout's; an installed package
        # (tests/pip_install.py checks one) has its own beside it.
        from warpforth.attention import demo_dir
        from warpforth.ops._common import kernels_dir
        env = os.environ.get("WARPFORTH_KERNELS_DIR")
        self.assertEqual(kernels_dir(), Path(env) if env else ROOT / "kernels")
        self.assertEqual(demo_dir(), ROOT / "demo")
        self.assertTrue(_lib.in_checkout())


class LazyOps(unittest.TestCase):
    """`import warpforth` then `warpforth.ops.softmax(...)` works (issue 36),
    and importing the package does not import the op library."""

    def test_ops_after_import_warpforth(self):
        code = (
            "import sys, time\n"
            "t = time.perf_counter()\n"
            "import warpforth\n"
            "t = time.perf_counter() - t\n"
            "assert 'warpforth.ops' not in sys.modules, 'ops imported eagerly'\n"
            "import numpy\n"
            "x = numpy.array([[0.0, 1.0, 2.0]], numpy.float32)\n"
            "y = warpforth.ops.softmax(x)\n"
            "e = numpy.exp(x - 2.0)\n"
            "assert numpy.allclose(y, e / e.sum(), rtol=1e-6), y\n"
            "assert warpforth.ops is sys.modules['warpforth.ops']\n"
            "print(f'{t * 1000:.1f}')\n")
        p = subprocess.run([sys.executable, "-c", code], capture_output=True,
                           text=True, env=os.environ, timeout=300)
        self.assertEqual(p.returncode, 0, p.stderr)
        # The package's own import time (ms), for the record; the ops are
        # not part of it.
        print(f"import warpforth: {p.stdout.strip()} ms", file=sys.stderr)

    def test_unknown_attribute(self):
        import warpforth
        with self.assertRaisesRegex(AttributeError, "no attribute 'opz'"):
            warpforth.opz


if __name__ == "__main__":
    unittest.main(verbosity=2)
