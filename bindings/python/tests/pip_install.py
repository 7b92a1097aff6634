"""`pip install .` of a fresh copy of the repository into a new virtual
environment, then the installed package on the CPU backend with no source
tree and no build folder left: an op, a user kernel, the version, the
warpforthc and warpforth-run commands. ctest `python-pip-install`:

    python3 bindings/python/tests/pip_install.py [C_COMPILER CXX_COMPILER]

The copy is what a clone would hold (git's tracked and untracked-but-not-
ignored files, so uncommitted work is tested too). pip builds with
scikit-build-core (installed by tools/setup.sh, no build isolation, nothing
downloaded) and the repository's CMake: a real build of the compiler,
runtime and C library. With ccache on PATH it runs under ccache with the
same compilers as the main build (the arguments) and base_dir set to the
copy, so that objects the main build compiled are reused: about 10 s
instead of about 1.5 minutes on 2 cores. The build folder is inside the
copy and goes with it."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
import textwrap
import time
import unittest
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
SKIP_DIRS = {".git", "__pycache__", "dist", ".whl"}


def repo_files() -> list[Path]:
    """The files a fresh clone would have (plus untracked, unignored ones)."""
    try:
        out = subprocess.run(
            ["git", "-C", str(ROOT), "ls-files", "-z", "--cached", "--others",
             "--exclude-standard"], capture_output=True, check=True).stdout
        files = [Path(p) for p in out.decode().split("\0") if p]
        return [f for f in files if (ROOT / f).is_file()]
    except (OSError, subprocess.CalledProcessError):
        # Not a git work tree: everything but build folders.
        files = []
        for dirpath, dirnames, filenames in os.walk(ROOT):
            rel = Path(dirpath).relative_to(ROOT)
            dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS
                           and not (rel == Path(".") and (d.startswith("build")
                                                         or d.startswith(".carry")))]
            files += [rel / f for f in filenames]
        return files


class PipInstall(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory(prefix="wf-pip-")
        t = Path(cls.tmp.name)
        src, cls.venv, cls.work = t / "src", t / "venv", t / "work"
        cls.work.mkdir()
        started = time.monotonic()
        for f in repo_files():
            (src / f).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / f, src / f)
        subprocess.run([sys.executable, "-m", "venv", "--without-pip",
                        "--system-site-packages", str(cls.venv)], check=True)
        cls.python = cls.venv / "bin" / "python"
        env = cls.clean_env()
        env["CMAKE_BUILD_PARALLEL_LEVEL"] = os.environ.get(
            "CMAKE_BUILD_PARALLEL_LEVEL", "2")
        if len(sys.argv) > 2:
            # The main build's compilers: scikit-build-core would otherwise
            # take Python's (x86_64-linux-gnu-g++), and ccache keys by name.
            env["CC"], env["CXX"] = sys.argv[1], sys.argv[2]
        if shutil.which("ccache"):
            env["CMAKE_C_COMPILER_LAUNCHER"] = "ccache"
            env["CMAKE_CXX_COMPILER_LAUNCHER"] = "ccache"
            env["CCACHE_BASEDIR"] = str(src)
        # pip 23.0 (Debian 12) knows --config-settings, not -C.
        cmd = [str(cls.python), "-m", "pip", "install", "--no-build-isolation",
               "--no-deps", "--no-index",
               f"--config-settings=build-dir={src / 'build'}", str(src)]
        r = subprocess.run(cmd, env=env, capture_output=True, text=True,
                           cwd=cls.work)
        cls.install_seconds = time.monotonic() - started
        if r.returncode != 0:
            raise AssertionError("pip install failed:\n" + r.stdout[-6000:]
                                 + r.stderr[-6000:])
        # No source tree, no build folder: only the installed package.
        shutil.rmtree(src)
        print(f"\npip install . (copy, venv, build, install): "
              f"{cls.install_seconds:.1f} s", file=sys.stderr)

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    @classmethod
    def clean_env(cls) -> dict:
        env = {k: v for k, v in os.environ.items()
               if k not in ("WARPFORTH_LIB", "PYTHONPATH",
                            "WARPFORTH_KERNELS_DIR", "WARPFORTH_DEMO_DIR")}
        env["WARPFORTH_CACHE_DIR"] = str(Path(cls.tmp.name) / "cache")
        return env

    def py(self, code: str) -> str:
        r = subprocess.run([str(self.python), "-c", textwrap.dedent(code)],
                           env=self.clean_env(), cwd=self.work,
                           capture_output=True, text=True)
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
        return r.stdout

    def test_op_on_the_cpu_backend(self):
        out = self.py("""
            import numpy as np, warpforth
            from warpforth import ops, _lib
            from warpforth.ops._common import kernels_dir
            site = warpforth.__file__.rsplit("/", 2)[0]
            assert site.endswith("site-packages"), warpforth.__file__
            x = np.random.default_rng(0).standard_normal((5, 300)).astype(np.float32)
            y = ops.softmax(x)
            e = np.exp(x.astype(np.float64) - x.max(-1, keepdims=True))
            ref = e / e.sum(-1, keepdims=True)
            assert np.abs(y - ref).max() < 1e-6, np.abs(y - ref).max()
            lib = _lib.lib()._name
            assert lib.startswith(site + "/warpforth/"), lib
            assert str(kernels_dir()).startswith(site), kernels_dir()
            print("ok", warpforth.cache_stats()["stores"])
        """)
        self.assertTrue(out.startswith("ok"), out)

    def test_torch_ops_native_path(self):
        # The installed package carries the C++ plan replay's source
        # (ops/native_replay.cpp) and builds it on first use.
        try:
            import torch  # noqa: F401
        except ImportError:
            if os.environ.get("CI"):
                raise
            self.skipTest("needs torch")
        # An earlier build for this torch is replaced, another torch's kept.
        import torch
        native = Path(self.clean_env()["WARPFORTH_CACHE_DIR"]) / "native"
        native.mkdir(parents=True, exist_ok=True)
        version = re.sub(r"[^0-9A-Za-z.]", "_", torch.__version__)
        stale = native / f"replay-{version}-0000000000000000.so"
        other = native / "replay-0.0.0-0000000000000000.so"
        stale.write_bytes(b"")
        other.write_bytes(b"")
        out = self.py("""
            import torch, warpforth
            from warpforth.ops import _native, _torch_ops
            assert _native.__file__.startswith(
                warpforth.__file__.rsplit("/", 1)[0]), _native.__file__
            assert _torch_ops.native()
            x = torch.randn(3, 40)
            for _ in range(2):
                y = _torch_ops.softmax_op(x)
            assert (y - x.softmax(-1)).abs().max() < 1e-6
            print("ok", _native.stats()["hits"])
        """)
        self.assertEqual(out.split()[-2:], ["ok", "1"], out)
        self.assertFalse(stale.exists())
        self.assertTrue(other.exists())
        self.assertEqual(len(list(native.glob(f"replay-{version}-*.so"))), 1)

    def test_user_kernel_and_demo_attention(self):
        kernel = Path(self.work) / "scale.forth"
        kernel.write_text("\\! kernel scale\n\\! param X f64[N]\n"
                          "\\! param N i64\n\\! param FACTOR f64\n"
                          "GLOBAL-ID DUP N < IF\n"
                          "  CELLS X +  DUP F@ FACTOR F*  SWAP F!\n"
                          "ELSE DROP THEN\n")
        out = self.py("""
            import numpy as np, warpforth
            k = warpforth.Kernel.from_file("scale.forth", device="cpu")
            x = np.arange(4.0)
            k(x, 4, 2.5, block=4)
            assert x.tolist() == [0, 2.5, 5, 7.5], x
            q = np.random.default_rng(1).standard_normal((16, 8))
            o = warpforth.attention(q, q, q, device="cpu")
            assert o.shape == (16, 8)
            print("ok")
        """)
        self.assertEqual(out.strip(), "ok")

    def test_version_and_commands(self):
        version = self.py("import warpforth; print(warpforth.__version__)")
        version = version.strip()
        self.assertRegex(version, r"^\d+\.\d+\.\d+$")
        meta = self.py("from importlib.metadata import version; "
                       "print(version('warpforth'))").strip()
        self.assertEqual(meta, version)
        bin_dir = self.venv / "bin"
        r = subprocess.run([str(bin_dir / "warpforthc"), "--version"],
                           env=self.clean_env(), cwd=self.work,
                           capture_output=True, text=True)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(r.stdout.strip(), f"warpforthc {version} (LLVM 19)")
        (Path(self.work) / "k.forth").write_text(
            "\\! kernel k\n\\! param X f64[4]\n"
            "4 0 DO  I CELLS X +  DUP F@ 1.0e0 F+ SWAP F!  LOOP\n")
        r = subprocess.run([str(bin_dir / "warpforth-run"), "k.forth",
                            "--device", "cpu", "--param", "X=1,2,3,4",
                            "--print", "X"], env=self.clean_env(),
                           cwd=self.work, capture_output=True, text=True)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn("[2, 3, 4, 5]", r.stdout)
        r = subprocess.run([str(bin_dir / "warpforthc"), "k.forth"],
                           env=self.clean_env(), cwd=self.work,
                           capture_output=True, text=True)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn(".visible .entry k(", r.stdout)


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1], verbosity=2)
