"""The package's GPU side (issue 17), with torch on a GPU: the compile cache
for PTX (a new process loads and compiles nothing), autotuning with CUDA
events (stored per GPU name and key, reused by a new Autotuner), and the
packed launch path with CUDA tensors and streams. ctest
`python-ops-cache-gpu` (label gpu; skipped without torch or a GPU):

    WARPFORTH_LIB=.../libwarpforth.so PYTHONPATH=bindings/python \\
        python3 bindings/python/tests/test_ops_cache_gpu.py

Also run from an installed wheel by `bash tools/gpu-check.sh wheel`."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import textwrap
import time
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

try:
    import torch
except ImportError:
    torch = None

import warpforth  # noqa: E402
from warpforth import ops  # noqa: E402

HAVE_GPU = (torch is not None and torch.cuda.is_available()
            and warpforth.gpu_available())

from bump_kernel import BUMP  # noqa: E402


def grid(m):
    return max(1, -(-m["N"] // (128 * m["VPT"])))


@unittest.skipUnless(HAVE_GPU, "needs torch with a CUDA GPU")
class GpuPackage(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.saved = os.environ.get("WARPFORTH_CACHE_DIR")
        os.environ["WARPFORTH_CACHE_DIR"] = str(Path(self.tmp.name) / "c")

    def tearDown(self):
        if self.saved is None:
            os.environ.pop("WARPFORTH_CACHE_DIR", None)
        else:
            os.environ["WARPFORTH_CACHE_DIR"] = self.saved
        self.tmp.cleanup()

    def child(self) -> dict:
        code = textwrap.dedent("""
            import json, time, torch, warpforth
            from warpforth import ops
            x = torch.randn(8, 1000, device="cuda")
            torch.cuda.synchronize()
            t = time.perf_counter(); y = ops.softmax(x); torch.cuda.synchronize()
            first = time.perf_counter() - t
            ok = bool((y - torch.softmax(x, -1)).abs().max() < 1e-6)
            print(json.dumps({"first": first, "ok": ok,
                              "stats": warpforth.cache_stats()}))
        """)
        r = subprocess.run([sys.executable, "-c", code], capture_output=True,
                           text=True, env=dict(os.environ))
        self.assertEqual(r.returncode, 0, r.stderr)
        return json.loads(r.stdout.strip().splitlines()[-1])

    def test_new_process_compiles_nothing(self):
        cold = self.child()
        warm = self.child()
        self.assertTrue(cold["ok"] and warm["ok"])
        self.assertEqual(cold["stats"]["stores"], 1)
        self.assertEqual((warm["stats"]["hits"], warm["stats"]["misses"],
                          warm["stats"]["stores"]), (1, 0, 0))
        print(f"\nsoftmax first call: {cold['first'] * 1e3:.1f} ms compiling, "
              f"{warm['first'] * 1e3:.1f} ms from the cache", file=sys.stderr)

    def test_ptx_for_this_gpu(self):
        k = warpforth.Kernel.from_source(BUMP, device="gpu")
        before = warpforth.cache_stats()
        k2 = warpforth.Kernel.from_source(BUMP, device="gpu")
        after = warpforth.cache_stats()
        self.assertEqual(after["hits"] - before["hits"], 1)
        self.assertEqual(k.ptx, k2.ptx)
        x = torch.zeros(1000, device="cuda")
        k2(x, 1000, grid=8, block=128)
        torch.cuda.synchronize()
        self.assertTrue(bool((x == 1).all()))

    def test_autotune_times_on_the_gpu_and_keeps_it(self):
        configs = [{"REPS": 65536}, {"REPS": 1}, {"VPT": 4}]
        mk = lambda: warpforth.autotune(  # noqa: E731
            BUMP, configs=configs, key=["N"], grid=grid, block=128,
            restore=["X"], device="gpu")
        t = mk()
        x = torch.zeros(1 << 16, device="cuda")
        t(x, x.numel())
        torch.cuda.synchronize()
        self.assertTrue(bool((x == 1).all()))  # timing runs undone
        key = f"[{x.numel()}]"
        self.assertEqual(t.decisions[key], "timed")
        times = t.timings[key]
        self.assertGreater(times[0], times[1])
        self.assertNotEqual(t.best_config(N=x.numel()), {"REPS": 65536})
        files = list((warpforth.cache_dir() / "autotune").glob("*.json"))
        self.assertEqual(len(files), 1)
        data = json.loads(files[0].read_text())
        self.assertEqual(data["device"], warpforth.device("gpu").name)
        t2 = mk()
        t2(x, x.numel())
        self.assertEqual(t2.decisions[key], "loaded")
        print(f"\nautotune medians (us): {dict(zip(map(str, configs), times))}",
              file=sys.stderr)

    def test_packed_launch_with_cuda_tensors_and_streams(self):
        k = warpforth.Kernel.from_source(BUMP, device="gpu")
        x = torch.zeros(4096, device="cuda")
        self.assertIsNotNone(k._pack((x, 4096), 32, 128, 0, None))
        # The general path for what the fast one leaves: a Parameter,
        # a non-contiguous view, a CPU tensor (staged), named arguments.
        p = torch.nn.Parameter(torch.zeros(64, device="cuda"),
                               requires_grad=False)
        self.assertIsNone(k._pack((p, 64), 1, 64, 0, None))
        cpu = torch.zeros(64)
        self.assertIsNone(k._pack((cpu, 64), 1, 64, 0, None))
        k(p, 64, block=64)
        k(cpu, 64, block=64)
        k(X=x, N=4096, grid=32, block=128)
        # On a side stream: ordered after work queued there before it.
        s = torch.cuda.Stream()
        y = torch.zeros(1 << 20, device="cuda")
        with torch.cuda.stream(s):
            y.fill_(41)
            k(y, y.numel(), grid=y.numel() // 128, block=128)
        s.synchronize()
        torch.cuda.synchronize()
        self.assertTrue(bool((y == 42).all()))
        self.assertTrue(bool((p == 1).all()) and bool((cpu == 1).all()))
        self.assertTrue(bool((x == 1).all()))
        # Errors from the runtime on the fast path: a short buffer.
        with self.assertRaisesRegex(warpforth.WarpForthError, "param 'X'"):
            k(torch.zeros(10, device="cuda"), 4096, grid=32, block=128)

    def test_op_call_cost(self):
        # Not a benchmark (bench/launch_overhead.py is): a bound that
        # catches a slow path taken by mistake.
        x = torch.randn(4, 64, device="cuda")
        out = torch.empty_like(x)
        for _ in range(100):
            ops.softmax(x, out=out)
        torch.cuda.synchronize()
        n = 2000
        t = time.perf_counter()
        for _ in range(n):
            ops.softmax(x, out=out)
        torch.cuda.synchronize()
        us = (time.perf_counter() - t) / n * 1e6
        print(f"\nops.softmax 4x64 out=: {us:.1f} us per call", file=sys.stderr)
        self.assertLess(us, 40)


if __name__ == "__main__":
    unittest.main(verbosity=2)
