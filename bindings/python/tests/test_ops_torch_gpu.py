"""Every op as a torch custom op on the GPU: torch.compile(fullgraph=True)
of a function that calls them compiles without graph breaks and gives
eager's results bit for bit, and a CUDA graph captures them (replays
follow new inputs). The ops' C++ kernel (ops/_native.py) replays plans
that give the Python implementation's results, on torch's current
stream, and leaves CUDA graph captures to Python. Skipped without torch
and a GPU."""

from __future__ import annotations

import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

try:
    import torch
    HAVE_GPU = torch.cuda.is_available()
except ImportError:
    HAVE_GPU = False

from warpforth import ops  # noqa: E402


def pipeline(x, q, k, cos, sin):
    """Each op once: rotary, scores, softmax and its backward, the masks,
    flash attention, decode attention (append_kv writes into its caches:
    not a functional op, left out)."""
    q2, k2 = ops.apply_rotary(q, k, cos, sin)
    s = ops.attention_scores(q2, k2, causal=True)
    p = ops.softmax(s)
    dp = ops.softmax_backward(p, p)
    o = ops.flash_attention(q2, k2, k2, causal=True)
    lens = torch.full((1,), 64, dtype=torch.int32, device=q.device)
    dec = ops.decode_attention(q2[:, :, -1:].contiguous(), k2, k2, lens)
    return (ops.top_k_mask(x, 5), ops.top_p_mask(x, 0.9), p, dp, o, dec)


@unittest.skipUnless(HAVE_GPU, "needs torch with CUDA")
class TorchIntegration(unittest.TestCase):
    def inputs(self):
        g = torch.Generator(device="cuda").manual_seed(7)
        x = torch.randn(4, 1000, device="cuda", generator=g)
        q = torch.randn(1, 4, 64, 64, device="cuda", dtype=torch.bfloat16,
                        generator=g)
        k = torch.randn(1, 4, 64, 64, device="cuda", dtype=torch.bfloat16,
                        generator=g)
        cos, sin = ops.rotary_cos_sin(torch.arange(64, device="cuda"), 64,
                                      dtype=torch.bfloat16)
        return x, q, k, cos, sin

    def test_compile_fullgraph(self):
        args = self.inputs()
        torch._dynamo.reset()
        compiled = torch.compile(pipeline, fullgraph=True)
        for got, want in zip(compiled(*args), pipeline(*args)):
            torch.testing.assert_close(got, want, rtol=0, atol=0,
                                       equal_nan=True)

    def test_cuda_graph(self):
        args = self.inputs()
        pipeline(*args)                      # compile the kernels first
        s = torch.cuda.Stream()
        s.wait_stream(torch.cuda.current_stream())
        with torch.cuda.stream(s):
            pipeline(*args)
        torch.cuda.current_stream().wait_stream(s)
        g = torch.cuda.CUDAGraph()
        with torch.cuda.graph(g):
            outs = pipeline(*args)
        for a in args[:3]:
            a.copy_(torch.randn_like(a))
        g.replay()
        torch.cuda.synchronize()
        for got, want in zip(outs, pipeline(*args)):
            torch.testing.assert_close(got, want, rtol=0, atol=0,
                                       equal_nan=True)


@unittest.skipUnless(HAVE_GPU, "needs torch with CUDA")
class NativeReplayGpu(unittest.TestCase):
    """The GPU's plans: the Hopper forward's stream counter, the backward's
    scratch parts, decode's (no host reads on the GPU)."""

    def setUp(self):
        from warpforth.ops import _torch_ops
        self.assertTrue(_torch_ops.native(), "the native op path did not "
                        "build (a warning said why)")

    def cases(self, g):
        from warpforth.ops import _torch_ops as t

        def rnd(*shape, dtype=torch.bfloat16):
            return torch.randn(*shape, device="cuda", generator=g,
                               dtype=dtype)

        def attn():
            return rnd(2, 4, 200, 64), rnd(2, 2, 256, 64), \
                rnd(2, 2, 256, 64), True, 0.125

        def hf_layout():
            qkv = rnd(2, 300, 3 * 4 * 128).view(2, 300, 3, 4, 128)
            return (*(x.transpose(1, 2) for x in qkv.unbind(2)), False, 0.1)

        def attn_bwd():
            q, k, v, causal, scale = attn()
            o, lse = t.flash_attention_op(q, k, v, causal, scale)
            return rnd(*o.shape), q, k, v, o, lse, causal, scale

        def decode():
            lens = torch.tensor([100, 37], device="cuda", dtype=torch.int32)
            return (rnd(2, 8, 1, 128), rnd(2, 2, 128, 128),
                    rnd(2, 2, 128, 128), lens, None, None, None)

        return [(t.softmax_op, lambda: (rnd(7, 3000),), 0),
                (t.flash_attention_op, attn, 0),
                (t.flash_attention_op, hf_layout, 0),
                # dQ's sums are added in an order that changes between calls
                (t.flash_attention_backward_op, attn_bwd, 2e-2),
                (t.decode_attention_op, decode, 0)]

    def test_replays_what_python_computes(self):
        from warpforth.ops import _common, _native
        g = torch.Generator(device="cuda").manual_seed(9)
        side = torch.cuda.Stream()
        for op, make, tol in self.cases(g):
            with self.subTest(op=op.name()):
                _common.clear_plans()
                # A miss on each stream first: the Python implementation
                # makes the plan, and a stream's first Hopper forward its
                # counter (ops/_common.py), which the C++ kernel then finds.
                for stream in (torch.cuda.current_stream(), side):
                    with torch.cuda.stream(stream):
                        op(*make())
                    stream.synchronize()
                for stream in (torch.cuda.current_stream(), side):
                    args = make()
                    torch.cuda.current_stream().synchronize()
                    before = _native.stats()
                    with torch.cuda.stream(stream):
                        got = op(*args)
                    stream.synchronize()
                    self.assertEqual(_native.stats()["hits"],
                                     before["hits"] + 1)
                    py = getattr(torch.ops.warpforth,
                                 "_py_" + op.name().split("::")[1])
                    want = py.default(*args)
                    if isinstance(got, torch.Tensor):
                        got, want = (got,), (want,)
                    for a, b in zip(got, want):
                        self.assertEqual(a.stride(), b.stride())
                        torch.testing.assert_close(a, b, rtol=tol, atol=tol)

    def test_eager_calls_take_the_native_kernel(self):
        # ops.<op>(cuda tensors) runs the torch op's C++ kernel below
        # autograd: the same values as the Python path, no grad_fn on
        # outputs of ops without a backward, and the Python path's
        # errors for arguments that are not all torch tensors.
        import numpy as np
        from warpforth.ops import _common, _native, _softmax
        x = torch.randn(5, 3000, device="cuda", requires_grad=True)
        ops.softmax(x)
        before = _native.stats()["hits"]
        y = ops.softmax(x)
        self.assertEqual(_native.stats()["hits"], before + 1)
        self.assertIsNone(y.grad_fn)
        self.assertFalse(y.requires_grad)
        with torch.no_grad():
            want = _softmax._softmax_impl(x)
        torch.testing.assert_close(y, want, rtol=0, atol=0)
        q = torch.randn(1, 2, 64, 64, device="cuda")
        with self.assertRaisesRegex(ValueError, "k: "):
            ops.flash_attention(q, np.zeros((1, 2, 64, 64), np.float32),
                                np.zeros((1, 2, 64, 64), np.float32))
        with self.assertRaisesRegex(ValueError, "dy: "):
            ops.softmax_backward(y, y[:, :7].contiguous())
        _common.clear_plans()

    def test_cuda_graph_capture_takes_python(self):
        # While a graph is captured the Hopper forward needs a zeroed cell
        # of its own (ops/_common.py counter): the C++ kernel leaves the
        # call to Python, and the replays follow new inputs.
        from warpforth.ops import _native, _torch_ops as t
        g = torch.Generator(device="cuda").manual_seed(10)
        q, k, v = (torch.randn(1, 4, 256, 64, device="cuda", generator=g,
                               dtype=torch.bfloat16) for _ in range(3))
        t.flash_attention_op(q, k, v, True, 0.125)
        s = torch.cuda.Stream()
        s.wait_stream(torch.cuda.current_stream())
        with torch.cuda.stream(s):
            t.flash_attention_op(q, k, v, True, 0.125)
        torch.cuda.current_stream().wait_stream(s)
        before = _native.stats()
        graph = torch.cuda.CUDAGraph()
        with torch.cuda.graph(graph):
            o, lse = t.flash_attention_op(q, k, v, True, 0.125)
        self.assertEqual(_native.stats()["hits"], before["hits"])
        for x in (q, k, v):
            x.copy_(torch.randn_like(x))
        for _ in range(2):
            graph.replay()
        torch.cuda.synchronize()
        want = torch.nn.functional.scaled_dot_product_attention(
            q.float(), k.float(), v.float(), is_causal=True, scale=0.125)
        torch.testing.assert_close(o.float(), want, rtol=2e-2, atol=2e-2)


if __name__ == "__main__":
    unittest.main()
