"""Every op as a torch custom op on the GPU: torch.compile(fullgraph=True)
of a function that calls them compiles without graph breaks and gives
eager's results bit for bit, and a CUDA graph captures them (replays
follow new inputs). Skipped without torch and a GPU."""

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


if __name__ == "__main__":
    unittest.main()
