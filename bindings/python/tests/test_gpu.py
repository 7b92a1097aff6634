"""The Python package on the GPU: torch tensors, CuPy arrays, numpy arrays
(staged through device memory), streams and errors. Skipped without a GPU,
torch or CuPy. Not part of ctest (CI has no GPU); run it by hand:

    WARPFORTH_LIB=... PYTHONPATH=bindings/python python3 bindings/python/tests/test_gpu.py
"""

from __future__ import annotations

import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import warpforth  # noqa: E402
from warpforth.attention import demo_dir  # noqa: E402
sys.path.insert(0, str(Path(__file__).resolve().parent))
import pdl_pair  # noqa: E402

try:
    import torch
    import torch.nn.functional as F
except ImportError:
    torch = None
try:
    import cupy
except ImportError:
    cupy = None
try:
    import numpy
except ImportError:
    numpy = None

HAVE_GPU = warpforth.gpu_available()


def sdpa(q, k, v):
    return F.scaled_dot_product_attention(q, k, v, is_causal=True)


def rel(a, b) -> float:
    return float((a - b).abs().max() / b.abs().max())


@unittest.skipUnless(HAVE_GPU and torch is not None, "needs a GPU and torch")
class TorchTest(unittest.TestCase):
    def test_multihead_matches_sdpa(self):
        q, k, v = (torch.randn(2, 12, 100, 64, device="cuda") for _ in range(3))
        o = warpforth.multihead_attention(q, k, v)
        self.assertLess(rel(o, sdpa(q, k, v)), 1e-4)

    def test_side_stream(self):
        # The launch follows torch's current stream, so work ordered on a
        # side stream sees the kernel's output.
        q, k, v = (torch.randn(64, 32, device="cuda") for _ in range(3))
        s = torch.cuda.Stream()
        s.wait_stream(torch.cuda.current_stream())
        with torch.cuda.stream(s):
            o = warpforth.attention(q, k, v)
            want = sdpa(q[None], k[None], v[None])[0]
        s.synchronize()
        self.assertLess(rel(o, want), 1e-4)

    def test_dtype_and_layout_errors(self):
        q = torch.randn(16, 32, device="cuda", dtype=torch.float64)
        k = warpforth.Kernel.from_file(demo_dir() / "attention-f32.forth",
                                       device="gpu")
        with self.assertRaisesRegex(TypeError, "argument is f64"):
            k(q, q, q, q, 16, 32, grid=16, block=32)
        t = torch.randn(32, 16, device="cuda").t()
        with self.assertRaisesRegex(ValueError, "not contiguous"):
            k(t, t, t, t, 16, 32, grid=16, block=32)

    def test_time(self):
        q = torch.randn(1, 12, 256, 64, device="cuda")
        k = warpforth.Kernel.from_file(demo_dir() / "attention-mh-f32.forth",
                                       device="gpu", defines={"MAX_SEQ": 256})
        us = k.time(q, q, q, torch.empty_like(q), 256, 64, 12,
                    grid=(256, 12), block=128)
        self.assertGreater(us, 0.0)


@unittest.skipUnless(HAVE_GPU and cupy is not None and torch is not None,
                     "needs a GPU, CuPy and torch")
class CupyTest(unittest.TestCase):
    def test_cupy_arrays(self):
        q = cupy.random.uniform(-1, 1, (40, 32)).astype(cupy.float64)
        o = warpforth.attention(q, q, q)
        t = torch.as_tensor(q, device="cuda")
        want = sdpa(t[None], t[None], t[None])[0]
        self.assertLess(rel(torch.as_tensor(o, device="cuda"), want), 1e-10)


@unittest.skipUnless(HAVE_GPU, "needs a GPU")
class CheckedTest(unittest.TestCase):
    def test_out_of_bounds_in_a_loop(self):
        # checked=True: the same report as the CPU backend's.
        import array
        src = ("\\! kernel walk\n\\! param X i64[]\n\\! param N i64\n"
               "X N 0 DO 1 OVER ! 8 + LOOP DROP\n")
        k = warpforth.Kernel.from_source(src, name="walk.forth", device="gpu",
                                         checked=True)
        x = array.array("q", [0] * 4)
        k(x, 4)
        self.assertEqual(list(x), [1, 1, 1, 1])
        with self.assertRaisesRegex(warpforth.WarpForthError,
                                    "out-of-bounds 8-byte store to param 'X', "
                                    "walk.forth:4:17: byte offset 32 of 32 "
                                    r"\(thread \(0,0,0\) of block \(0,0,0\)\)"):
            k(x, 64)


@unittest.skipUnless(HAVE_GPU and numpy is not None and torch is not None,
                     "needs a GPU, numpy and torch")
class NumpyStagingTest(unittest.TestCase):
    def test_host_arrays_on_gpu(self):
        rng = numpy.random.default_rng(3)
        q = rng.uniform(-1, 1, (3, 50, 16)).astype(numpy.float32)
        o = numpy.zeros_like(q)
        warpforth.multihead_attention(q, q, q, o, device="gpu")
        t = torch.from_numpy(q).cuda()
        self.assertLess(rel(torch.from_numpy(o).cuda(), sdpa(t, t, t)), 1e-4)


def _sm90() -> bool:
    return torch.cuda.get_device_capability() >= (9, 0)


@unittest.skipUnless(HAVE_GPU and torch is not None and _sm90(),
                     "needs an sm_90 GPU and torch")
class PdlTest(unittest.TestCase):
    def test_consumer_waits_for_producer(self):
        # pdl_pair.py: 128 rounds of producer then '\! pdl' consumer on one
        # stream, nothing synchronised in between. The consumer may start
        # while the producer spins (about 0.2 ms; 256 blocks, all resident
        # on an H100, so every block runs GRID-DEP-LAUNCH at once); a
        # consumer that read A before the producer wrote it would see the
        # last round's values.
        n, spin = 1 << 16, 100_000
        a = torch.zeros(n, dtype=torch.int64, device="cuda")
        out = torch.zeros(pdl_pair.ROUNDS, n, dtype=torch.int64,
                          device="cuda")
        pdl_pair.run("gpu", a, out, n, spin, block=256)
        got = out.cpu()
        for seed in range(pdl_pair.ROUNDS):
            want = pdl_pair.expected(seed, spin)
            bad = (got[seed] != want).nonzero().flatten().tolist()
            if bad:
                self.fail(f"round {seed}: {len(bad)} of {n} cells wrong, "
                          f"cell {bad[0]} is {int(got[seed][bad[0]])}, "
                          f"want {want}")


if __name__ == "__main__":
    unittest.main(verbosity=2)
