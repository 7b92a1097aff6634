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
import re
import subprocess
import sys
import tempfile
import textwrap
import types
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


class CacheEnv:
    """A temporary folder (0700) and WARPFORTH_CACHE_DIR in it, restored;
    modes that tests took away are given back before the folder goes."""

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
        for p in [self.dir, *self.dir.rglob("*")]:
            if not p.is_symlink():
                os.chmod(p, 0o700)
        self.tmp.cleanup()


class CacheTest(CacheEnv, unittest.TestCase):

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


# ---- issue 34: trust, nested INCLUDEs, cache_clear ---------------------

OTHER_UID = 65534  # 'nobody': a folder of another user needs root to make
AS_ROOT = os.geteuid() == 0

SCALE_CHILD = """
import array, json, sys, warpforth
k = warpforth.Kernel.from_source(sys.argv[1], device="cpu")
x = array.array("f", [1, 2])
k(x, 2, grid=1, block=2)
print(json.dumps([list(x), warpforth.cache_stats(),
                  str(warpforth.cache_dir())]))
"""


class EnvTest(CacheEnv, unittest.TestCase):
    """CacheEnv, and a child process that compiles through the cache."""

    def scale_child(self, cache=None):
        """Compiles and runs SOURCE on the CPU in a new process (the C
        library's warnings go to its stderr): (result, stats, cache_dir,
        stderr)."""
        env = dict(os.environ, WARPFORTH_CACHE_DIR=str(cache or self.cache))
        r = subprocess.run([sys.executable, "-c", SCALE_CHILD, SOURCE],
                           env=env, capture_output=True, text=True,
                           timeout=120)
        self.assertEqual(r.returncode, 0, r.stderr)
        x, stats, d = json.loads(r.stdout)
        return x, stats, d, r.stderr


class CacheFolderTrustTest(EnvTest):
    """Issue 34 item 2: a cache folder, subfolder or entry another user
    owns or could write is not used (the CPU backend links its entries
    into the process): one warning naming it and why, and the kernel still
    compiles and runs, uncached."""

    def assertRefused(self, folder, named, why, cache=None):
        x, stats, d, err = self.scale_child(cache)
        self.assertEqual(x, [2, 4])               # still compiled and run
        self.assertEqual((stats["hits"], stats["stores"]), (0, 0), stats)
        self.assertEqual(d, "None")               # the cache is off
        self.assertEqual(err.count("warning: not using the compile cache"),
                         1, err)
        self.assertIn(f"folder '{folder}'", err)
        self.assertIn(f"'{named}' is {why}", err)

    def test_world_and_group_writable_folders_are_refused(self):
        for mode in (0o777, 0o770, 0o1777, 0o720):
            with self.subTest(mode=oct(mode)):
                self.cache.mkdir(exist_ok=True)
                os.chmod(self.cache, mode)
                self.assertRefused(
                    self.cache, self.cache,
                    f"writable by group or others (mode {mode:04o})")
                self.assertEqual(list(self.cache.iterdir()), [])
        # The same folder made private: used again.
        os.chmod(self.cache, 0o755)
        x, stats, d, err = self.scale_child()
        self.assertEqual((stats["stores"], d, err), (1, str(self.cache), ""))

    def test_in_process_cache_dir_is_none_when_refused(self):
        self.cache.mkdir()
        os.chmod(self.cache, 0o777)
        self.assertIsNone(warpforth.cache_dir())
        before = warpforth.cache_stats()
        self.assertEqual(run_scale(warpforth.Kernel.from_source(
            SOURCE, device="cpu"), [1]), [2])
        self.assertEqual(warpforth.cache_stats(), before)
        self.assertEqual(list(self.cache.iterdir()), [])

    def test_symlink_is_judged_by_its_target(self):
        shared = self.dir / "shared"
        shared.mkdir()
        os.chmod(shared, 0o777)
        link = self.dir / "link"
        link.symlink_to(shared)
        self.assertRefused(link, link,
                           "writable by group or others (mode 0777)",
                           cache=link)
        os.chmod(shared, 0o700)
        _, stats, _, err = self.scale_child(cache=link)
        self.assertEqual((stats["stores"], err), (1, ""))

    def test_writable_entry_subfolder_and_entry_are_refused(self):
        _, stats, _, _ = self.scale_child()
        self.assertEqual(stats["stores"], 1)
        (entry,) = self.cache.glob("*/*.wfc")
        os.chmod(entry.parent, 0o777)
        self.assertRefused(self.cache, entry.parent,
                           "writable by group or others (mode 0777)")
        os.chmod(entry.parent, 0o700)
        os.chmod(entry, 0o666)
        self.assertRefused(self.cache, entry,
                           "writable by group or others (mode 0666)")
        os.chmod(entry, 0o600)
        _, stats, _, err = self.scale_child()
        self.assertEqual((stats["hits"], err), (1, ""))

    def test_made_folders_and_entries_are_private(self):
        self.cache = self.dir / "new" / "cache"
        _, stats, _, _ = self.scale_child()
        self.assertEqual(stats["stores"], 1)
        (entry,) = self.cache.glob("*/*.wfc")
        for folder in (self.dir / "new", self.cache, entry.parent):
            self.assertEqual(folder.stat().st_mode & 0o777, 0o700, folder)
        self.assertEqual(entry.stat().st_mode & 0o777, 0o600)

    @unittest.skipUnless(AS_ROOT, "making another user's files needs root")
    def test_folder_or_entry_of_another_user_is_refused(self):
        self.cache.mkdir()
        os.chown(self.cache, OTHER_UID, -1)
        why = f"owned by uid {OTHER_UID}, not by this user (uid 0)"
        self.assertRefused(self.cache, self.cache, why)
        os.chown(self.cache, 0, -1)
        # A forged entry: another user's file where the entry goes (the
        # checksum is no defence: anyone can recompute it).
        self.scale_child()
        (entry,) = self.cache.glob("*/*.wfc")
        os.chown(entry, OTHER_UID, -1)
        self.assertRefused(self.cache, entry, why)
        os.chown(entry.parent, OTHER_UID, -1)
        self.assertRefused(self.cache, entry.parent, why)

    def test_autotune_folder_follows_the_same_rules(self):
        from bump_kernel import BUMP
        tune = lambda: warpforth.autotune(  # noqa: E731
            BUMP, configs=[{"VPT": 1}, {"VPT": 2}], key=["N"],
            grid=lambda m: max(1, -(-m["N"] // (32 * m["VPT"]))), block=32,
            device="cpu", timing=True, warmup=0, rep=1)
        x = array.array("f", [0] * 64)
        tune()(x, 64)
        folder = self.cache / "autotune"
        self.assertEqual(folder.stat().st_mode & 0o777, 0o700)
        self.assertEqual(len(list(folder.glob("*.json"))), 1)
        os.chmod(folder, 0o777)
        with self.assertWarnsRegex(
                UserWarning, "not using the cache's autotune/ folder: the "
                "folder '%s' is writable by group or others" % folder):
            t = tune()
            t(x, 64)
        self.assertEqual(t.decisions, {"[64]": "timed"})  # not loaded


class NativeFolderTrustTest(EnvTest):
    """Issue 34 item 1: the torch ops' native library is built in, and
    loaded from, a folder only this user can write; a library in it must be
    this user's and not writable by others. (A stand-in compiler: no torch
    or C++ build needed.)"""

    def setUp(self):
        super().setUp()
        from warpforth.ops import _native
        self.native = _native
        cxx = self.dir / "fake-cxx"
        cxx.write_text('#!/bin/sh\nwhile [ "$1" != -o ]; do shift; done\n'
                       'echo built > "$2"\n')
        os.chmod(cxx, 0o700)
        self.saved_cxx = os.environ.get("CXX")
        os.environ["CXX"] = str(cxx)
        os.environ["WARPFORTH_CACHE"] = "0"    # the temporary folder
        self.saved_tempdir = tempfile.tempdir
        tempfile.tempdir = str(self.dir)
        self.torch = types.SimpleNamespace(
            __file__=str(self.dir / "torch" / "__init__.py"),
            __version__="9.9", version=types.SimpleNamespace(cuda=None),
            _C=types.SimpleNamespace(_GLIBCXX_USE_CXX11_ABI=1))
        self.folder = self.dir / f"warpforth-native-{os.getuid()}"

    def tearDown(self):
        tempfile.tempdir = self.saved_tempdir
        if self.saved_cxx is None:
            os.environ.pop("CXX", None)
        else:
            os.environ["CXX"] = self.saved_cxx
        super().tearDown()

    def build(self):
        return self.native._build(self.torch)

    def assertRefused(self, named, why):
        with self.assertRaises(warpforth._cache.UntrustedPath) as e:
            self.build()
        self.assertIn(f"'{named}' is {why}", str(e.exception))

    def test_private_folder_is_made_and_used(self):
        lib = self.build()
        self.assertEqual(lib.parent, self.folder)
        self.assertEqual(self.folder.stat().st_mode & 0o777, 0o700)
        self.assertEqual(lib.read_text(), "built\n")
        self.assertEqual(self.build(), lib)     # found, not built again

    def test_planted_folder_is_refused(self):
        lib = self.build()
        name = lib.name
        for mode in (0o777, 0o770, 0o1777):
            with self.subTest(mode=oct(mode)):
                os.chmod(self.folder, mode)
                self.assertRefused(
                    self.folder,
                    f"writable by group or others (mode {mode:04o})")
        os.chmod(self.folder, 0o700)
        # A symbolic link (even to a private folder) is refused.
        real = self.dir / "real"
        self.folder.rename(real)
        self.folder.symlink_to(real)
        self.assertRefused(self.folder, "a symbolic link")
        self.assertTrue((real / name).exists())

    @unittest.skipUnless(AS_ROOT, "making another user's files needs root")
    def test_folder_of_another_user_is_refused(self):
        self.folder.mkdir(mode=0o700)
        os.chown(self.folder, OTHER_UID, -1)
        self.assertRefused(
            self.folder, f"owned by uid {OTHER_UID}, not by this user (uid 0)")

    def test_writable_or_foreign_library_is_refused(self):
        lib = self.build()
        os.chmod(lib, 0o666)
        self.assertRefused(lib, "writable by group or others (mode 0666)")
        os.chmod(lib, 0o700)
        if AS_ROOT:
            os.chown(lib, OTHER_UID, -1)
            self.assertRefused(
                lib, f"owned by uid {OTHER_UID}, not by this user (uid 0)")

    def test_load_falls_back_to_python_with_a_warning(self):
        self.folder.mkdir(mode=0o777)
        os.chmod(self.folder, 0o777)
        sys.modules.setdefault("torch", self.torch)
        saved = self.native._state
        self.native._state = None
        try:
            with self.assertWarnsRegex(UserWarning, re.escape(
                    f"'{self.folder}' is writable by group or others")):
                self.assertIsNone(self.native.load())
        finally:
            self.native._state = saved
            if sys.modules.get("torch") is self.torch:
                del sys.modules["torch"]
        self.assertEqual(list(self.folder.iterdir()), [])


NESTED_KERNEL = SOURCE.replace("\\! const FACTOR 2", "INCLUDE a.fs")

NESTED_CHILD = """
import array, json, sys, warpforth
src = open("kernel.forth").read()
out = []
for k in (warpforth.Kernel.from_file("kernel.forth", device="cpu"),
          warpforth.Kernel.from_source(src, name="kernel.forth",
                                       device="cpu")):
    x = array.array("f", [1, 2])
    k(x, 2, grid=1, block=2)
    out.append(list(x))
print(json.dumps(out))
"""


class NestedIncludeKeyTest(EnvTest):
    """Issue 34 item 3: two checkouts that differ only in a second-level
    INCLUDEd file (kernel.forth INCLUDEs a.fs, a.fs INCLUDEs b.fs), each
    run from its own folder with a relative path, each get their own
    kernel: through warpforth-run, Kernel.from_file and from_source."""

    def checkout(self, name, factor):
        d = self.dir / name
        d.mkdir()
        (d / "kernel.forth").write_text(NESTED_KERNEL)
        (d / "a.fs").write_text("INCLUDE b.fs\n")
        (d / "b.fs").write_text(f": FACTOR ( -- n ) {factor} ;\n")
        return d

    def test_python_from_each_checkout(self):
        one, two = self.checkout("one", 2), self.checkout("two", 3)
        for _ in range(2):   # the second round from a warm cache
            for d, f in ((one, 2), (two, 3)):
                r = subprocess.run([sys.executable, "-c", NESTED_CHILD],
                                   cwd=d, capture_output=True, text=True,
                                   timeout=120)
                self.assertEqual(r.returncode, 0, r.stderr)
                self.assertEqual(json.loads(r.stdout), [[f, 2 * f]] * 2, d)
        # One entry per checkout (from_file and from_source of the same
        # name and text share it), each reused in the second round.
        self.assertEqual(len(list(self.cache.glob("*/*.wfc"))), 2)

    @unittest.skipUnless(os.environ.get("WARPFORTH_RUN"),
                         "WARPFORTH_RUN (warpforth-run's path) is not set")
    def test_warpforth_run_from_each_checkout(self):
        one, two = self.checkout("one", 2), self.checkout("two", 3)
        cmd = [os.environ["WARPFORTH_RUN"], "kernel.forth", "--device",
               "cpu", "--param", "X=1,2,3", "--param", "N=3", "--block", "3",
               "--print", "X"]
        for _ in range(2):
            for d, f in ((one, 2), (two, 3)):
                r = subprocess.run(cmd, cwd=d, capture_output=True,
                                   text=True, timeout=120)
                self.assertEqual(r.returncode, 0, r.stderr)
                self.assertIn(str([f, 2 * f, 3 * f]), r.stdout, d)

    def test_change_in_the_nested_file_is_a_miss(self):
        one = self.checkout("one", 2)
        load = lambda: warpforth.Kernel.from_file(  # noqa: E731
            one / "kernel.forth", device="cpu")
        self.assertEqual(run_scale(load(), [1]), [2])
        (one / "b.fs").write_text(": FACTOR ( -- n ) 7 ;\n")
        self.assertEqual(run_scale(load(), [1]), [7])


class CacheClearTest(EnvTest):
    """Issue 34 item 7: cache_clear removes what the cache wrote (entries,
    autotuning results, native builds) and nothing else, even with
    WARPFORTH_CACHE_DIR naming a folder that holds other files."""

    def test_foreign_files_and_folders_survive(self):
        from bump_kernel import BUMP
        self.cache.mkdir(mode=0o700)
        foreign = {
            self.cache / "notes.txt": "mine",
            self.cache / "project" / "data.bin": "data",
            self.cache / "ab" / "notes.txt": "two hex digits",
            self.cache / "autotune" / "README": "not a result",
            self.cache / "native" / "keep.txt": "not a build",
        }
        for p, text in foreign.items():
            p.parent.mkdir(exist_ok=True)
            p.write_text(text)
        warpforth.Kernel.from_source(SOURCE, device="cpu")
        t = warpforth.autotune(
            BUMP, configs=[{"VPT": 1}, {"VPT": 2}], key=["N"],
            grid=lambda m: max(1, -(-m["N"] // (32 * m["VPT"]))), block=32,
            device="cpu", timing=True, warmup=0, rep=1)
        t(array.array("f", [0] * 64), 64)
        (self.cache / "native" / "replay-9.9-0123456789abcdef.so") \
            .write_text("a build")
        ours = [p for p in self.cache.rglob("*")
                if p.is_file() and p not in foreign]
        # Entries (the kernel and the tuned configs), a result and its
        # lock file (autotune merges results under it), a build.
        self.assertEqual(sorted({p.suffix for p in ours}),
                         [".json", ".lock", ".so", ".wfc"], ours)
        warpforth.cache_clear()
        for p, text in foreign.items():
            self.assertEqual(p.read_text(), text, p)
        self.assertEqual([p for p in self.cache.rglob("*")
                          if p.is_file() and p not in foreign], [])
        # Emptied folders of its own are gone; the foreign ones stay.
        for folder in {p.parent for p in ours}:
            self.assertEqual(folder.exists(),
                             folder in {p.parent for p in foreign}, folder)
        self.assertTrue((self.cache / "project").is_dir())
        # And the cache works after it.
        before = warpforth.cache_stats()
        warpforth.Kernel.from_source(SOURCE, device="cpu")
        self.assertEqual(warpforth.cache_stats()["stores"],
                         before["stores"] + 1)


if __name__ == "__main__":
    unittest.main(verbosity=2)
