"""The compile cache (bindings/load/CompileCache.h) on the CPU backend and
for PTX (compile_ptx needs no GPU): a hit or a miss on each part of the key,
INCLUDEd files, corrupt entries, two processes at once, WARPFORTH_CACHE=0,
and warpforth-run. ctest `python-cache`:

    WARPFORTH_LIB=build/.../libwarpforth.so PYTHONPATH=bindings/python \\
        WARPFORTH_RUN=build/tools/warpforth-run/warpforth-run \\
        python3 bindings/python/tests/test_cache.py

Every test works in its own WARPFORTH_CACHE_DIR (a temporary folder)."""

from __future__ import annotations

import array
import json
import os
import subprocess
import sys
import tempfile
import textwrap
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import warpforth  # noqa: E402

SOURCE = """\\! kernel scale
\\! float f32
\\! param X f32[N]
\\! param N i64
\\! const FACTOR 2
GLOBAL-ID DUP N < IF
  FLOATS X +  DUP F@ FACTOR S>F F*  SWAP F!
ELSE DROP THEN
"""


def run_scale(k, values):
    x = array.array("f", values)
    k(x, len(x), grid=1, block=max(1, len(x)))
    return list(x)


class CacheTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.dir = Path(self.tmp.name)
        self.cache = self.dir / "cache"
        self.saved = {k: os.environ.get(k) for k in
                      ("WARPFORTH_CACHE_DIR", "WARPFORTH_CACHE")}
        os.environ["WARPFORTH_CACHE_DIR"] = str(self.cache)
        os.environ.pop("WARPFORTH_CACHE", None)

    def tearDown(self):
        for k, v in self.saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
        self.tmp.cleanup()

    def delta(self, fn):
        """fn()'s result and the change in this process's cache counters."""
        before = warpforth.cache_stats()
        out = fn()
        after = warpforth.cache_stats()
        return out, {k: after[k] - before[k] for k in after}

    def assertMiss(self, d):
        self.assertEqual((d["hits"], d["misses"], d["stores"]), (0, 1, 1), d)

    def assertHit(self, d):
        self.assertEqual((d["hits"], d["misses"], d["stores"]), (1, 0, 0), d)

    def compile(self, source=SOURCE, **kw):
        kw.setdefault("device", "cpu")
        return warpforth.Kernel.from_source(source, **kw)

    def entries(self):
        return sorted(self.cache.glob("*/*.wfc"))

    # ---- hits and misses ---------------------------------------------

    def test_hit_then_miss_on_each_part_of_the_key(self):
        k, d = self.delta(self.compile)
        self.assertMiss(d)
        self.assertEqual(run_scale(k, [1, 2, 3]), [2, 4, 6])
        k, d = self.delta(self.compile)
        self.assertHit(d)
        # The cached object runs (it is the kernel, not just its signature).
        self.assertEqual(run_scale(k, [1, 2, 3]), [2, 4, 6])
        self.assertEqual(k.name, "scale")
        variants = {
            "source text": dict(source=SOURCE.replace("F*", "F*  ")),
            "defines": dict(defines={"FACTOR": 3}),
            "float mode": dict(float="f64"),
            "arch": dict(arch="sm_90"),
            "bounds checks": dict(checked=True),
            "include dirs": dict(include_dirs=[str(self.dir)]),
            "name (path)": dict(name="other.forth"),
        }
        for what, kw in variants.items():
            with self.subTest(what):
                _, d = self.delta(lambda: self.compile(**kw))
                self.assertMiss(d)
                _, d = self.delta(lambda: self.compile(**kw))
                self.assertHit(d)
        # The defines change the code, and the cache keeps them apart.
        self.assertEqual(run_scale(self.compile(defines={"FACTOR": 3}),
                                   [1, 2]), [3, 6])
        self.assertEqual(run_scale(self.compile(), [1, 2]), [2, 4])
        self.assertEqual(len(self.entries()), 1 + len(variants))

    def test_ptx_hit_and_miss(self):
        # compile_ptx (wf_compile_to_ptx) caches PTX: no GPU needed.
        ptx, d = self.delta(lambda: warpforth.compile_ptx(SOURCE))
        self.assertMiss(d)
        again, d = self.delta(lambda: warpforth.compile_ptx(SOURCE))
        self.assertHit(d)
        self.assertEqual(again, ptx)
        self.assertIn(".target sm_80", ptx)
        for kw in (dict(arch="sm_90"), dict(defines={"FACTOR": 5}),
                   dict(float="f64"), dict(checked=True)):
            with self.subTest(**kw):
                out, d = self.delta(lambda: warpforth.compile_ptx(SOURCE, **kw))
                self.assertMiss(d)
                self.assertNotEqual(out, ptx)
        sm90, d = self.delta(lambda: warpforth.compile_ptx(SOURCE, arch="sm_90"))
        self.assertHit(d)
        self.assertIn(".target sm_90", sm90)

    def test_include_contents_and_search_path(self):
        lib = self.dir / "lib"
        lib.mkdir()
        (lib / "words.fs").write_text(": TWICE ( x -- 2x ) 2 * ;\n")
        main = self.dir / "k.forth"
        main.write_text(SOURCE.replace("FACTOR S>F", "FACTOR TWICE S>F")
                        .replace("\\! const FACTOR 2",
                                 "\\! const FACTOR 2\nINCLUDE words.fs"))
        load = lambda: warpforth.Kernel.from_file(  # noqa: E731
            main, device="cpu", include_dirs=[str(lib)])
        k, d = self.delta(load)
        self.assertMiss(d)
        self.assertEqual(run_scale(k, [1]), [4])
        k, d = self.delta(load)
        self.assertHit(d)
        # Another INCLUDEd text: a miss, and the new code runs.
        (lib / "words.fs").write_text(": TWICE ( x -- 3x ) 3 * ;\n")
        k, d = self.delta(load)
        self.assertMiss(d)
        self.assertEqual(run_scale(k, [1]), [6])
        _, d = self.delta(load)
        self.assertHit(d)
        # A file of that name now found earlier on the search path (the
        # kernel's own folder comes before -I): a miss, and it is used.
        (self.dir / "words.fs").write_text(": TWICE ( x -- 5x ) 5 * ;\n")
        k, d = self.delta(load)
        self.assertMiss(d)
        self.assertEqual(run_scale(k, [1]), [10])
        # The main file's own text is in the key too.
        main.write_text(main.read_text() + "\n")
        _, d = self.delta(load)
        self.assertMiss(d)

    # ---- damaged entries ---------------------------------------------

    def test_corrupt_entries_are_rebuilt_never_loaded(self):
        self.compile()
        (entry,) = self.entries()
        whole = entry.read_bytes()
        damages = {
            "truncated": whole[: len(whole) // 2],
            "last byte cut": whole[:-1],
            "empty": b"",
            "one bit flipped": whole[:100] + bytes([whole[100] ^ 4])
            + whole[101:],
            "checksum flipped": whole[:-1] + bytes([whole[-1] ^ 1]),
            "garbage": os.urandom(len(whole)),
            "longer": whole + b"\0",
        }
        for what, data in damages.items():
            with self.subTest(what):
                entry.write_bytes(data)
                k, d = self.delta(self.compile)
                self.assertEqual((d["corrupt"], d["hits"], d["stores"]),
                                 (1, 0, 1), d)
                self.assertEqual(run_scale(k, [1, 2]), [2, 4])
                # Rebuilt: whole again, and a hit next time.
                self.assertEqual(entry.read_bytes(), whole)
                _, d = self.delta(self.compile)
                self.assertHit(d)

    def test_unreadable_cache_folder_never_fails_a_compile(self):
        os.environ["WARPFORTH_CACHE_DIR"] = str(self.dir / "file")
        (self.dir / "file").write_text("not a folder")
        k, d = self.delta(self.compile)
        self.assertEqual(d["stores"], 0)
        self.assertEqual(run_scale(k, [3]), [6])

    # ---- off ---------------------------------------------------------

    def test_disabled(self):
        for off in ("0", "off", "false"):
            with self.subTest(off):
                os.environ["WARPFORTH_CACHE"] = off
                self.assertIsNone(warpforth.cache_dir())
                _, d = self.delta(self.compile)
                self.assertEqual(d, {"hits": 0, "misses": 0, "stores": 0,
                                     "corrupt": 0})
                _, d = self.delta(lambda: warpforth.compile_ptx(SOURCE))
                self.assertEqual(d["stores"], 0)
                self.assertFalse(self.cache.exists())
        os.environ["WARPFORTH_CACHE"] = "1"
        self.assertEqual(warpforth.cache_dir(), self.cache)

    def test_default_folder_is_the_users_cache(self):
        env = dict(os.environ)
        env.pop("WARPFORTH_CACHE_DIR")
        env["XDG_CACHE_HOME"] = str(self.dir / "xdg")
        code = "import warpforth; print(warpforth.cache_dir())"
        out = subprocess.run([sys.executable, "-c", code], env=env,
                             capture_output=True, text=True, check=True)
        self.assertEqual(out.stdout.strip(), str(self.dir / "xdg" / "warpforth"))
        env.pop("XDG_CACHE_HOME")
        env["HOME"] = str(self.dir / "home")
        out = subprocess.run([sys.executable, "-c", code], env=env,
                             capture_output=True, text=True, check=True)
        self.assertEqual(out.stdout.strip(),
                         str(self.dir / "home" / ".cache" / "warpforth"))

    # ---- other processes ---------------------------------------------

    def child(self, code, extra_env=None):
        env = dict(os.environ, **(extra_env or {}))
        return subprocess.Popen(
            [sys.executable, "-c", textwrap.dedent(code)], env=env,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)

    CHILD = """
        import array, json, sys, warpforth
        src = sys.argv[1] if len(sys.argv) > 1 else None
        out = []
        for i in range(%d):
            k = warpforth.Kernel.from_source(%r.replace("FACTOR 2",
                                             "FACTOR %%d" %% (i %% %d + 2)),
                                             device="cpu")
            x = array.array("f", [1, 2])
            k(x, 2, grid=1, block=2)
            out.append(list(x))
        print(json.dumps([out, warpforth.cache_stats()]))
    """

    def test_new_process_hits(self):
        self.compile()
        p = self.child(self.CHILD % (1, SOURCE, 1))
        out, err = p.communicate(timeout=120)
        self.assertEqual(p.returncode, 0, err)
        results, stats = json.loads(out)
        self.assertEqual(results, [[2, 4]])
        self.assertEqual((stats["hits"], stats["misses"]), (1, 0))

    def test_concurrent_processes(self):
        # Four processes compile the same 6 kernels at once, in the same
        # order: they race to write the same entries. Each must run right,
        # and the folder must hold 6 whole entries and no temporary file.
        n = 6
        procs = [self.child(self.CHILD % (n, SOURCE, n)) for _ in range(4)]
        for p in procs:
            out, err = p.communicate(timeout=300)
            self.assertEqual(p.returncode, 0, err)
            results, stats = json.loads(out)
            self.assertEqual(results, [[f, 2 * f] for f in range(2, 2 + n)])
            self.assertEqual(stats["corrupt"], 0)
            self.assertEqual(stats["hits"] + stats["misses"], n)
        self.assertEqual(len(self.entries()), n)
        self.assertEqual([p for p in self.cache.rglob("*")
                          if p.is_file() and not p.name.endswith(".wfc")], [])
        # A fifth process finds all of them.
        p = self.child(self.CHILD % (n, SOURCE, n))
        out, err = p.communicate(timeout=120)
        _, stats = json.loads(out)
        self.assertEqual((stats["hits"], stats["misses"], stats["corrupt"]),
                         (n, 0, 0))

    # ---- warpforth-run -------------------------------------------------

    @unittest.skipUnless(os.environ.get("WARPFORTH_RUN"),
                         "WARPFORTH_RUN (warpforth-run's path) is not set")
    def test_warpforth_run(self):
        src = self.dir / "scale.forth"
        src.write_text(SOURCE)
        cmd = [os.environ["WARPFORTH_RUN"], str(src), "--device", "cpu",
               "--param", "X=1,2,3", "--param", "N=3", "--block", "3",
               "--print", "X"]
        env = dict(os.environ, WARPFORTH_CACHE_LOG="1")
        logs = []
        for _ in range(2):
            r = subprocess.run(cmd, env=env, capture_output=True, text=True)
            self.assertEqual(r.returncode, 0, r.stderr)
            self.assertIn("[2, 4, 6]", r.stdout)
            logs.append(r.stderr)
        self.assertRegex(logs[0], r"warpforth cache: miss [0-9a-f]{32}")
        self.assertRegex(logs[0], r"warpforth cache: store [0-9a-f]{32}")
        self.assertRegex(logs[1], r"warpforth cache: hit [0-9a-f]{32}")
        r = subprocess.run(cmd, env=dict(env, WARPFORTH_CACHE="0"),
                           capture_output=True, text=True)
        self.assertEqual((r.returncode, r.stderr), (0, ""))

    def test_compiler_id(self):
        cid = warpforth._cache.compiler_id()
        self.assertRegex(cid, r"^warpforth %s build [0-9a-f]{40}$"
                         % warpforth.__version__.replace(".", r"\."))


if __name__ == "__main__":
    unittest.main(verbosity=2)
