"""flash_attention with mask_mod, score_mod and mod_args on the GPU (torch
with CUDA; skipped without), forward and backward through autograd,
against float64 (SDPA on upcast inputs, the mask explicit) and compared
with SDPA in the same dtype on the same inputs (the mask as a boolean
attn_mask; ALiBi as a float bias). Bound: each of o, dq, dk, dv within
twice SDPA's own error plus 1e-3 of the largest magnitude, relative to
the largest magnitude of the reference; rows that see no key exactly 0;
torch.compile(fullgraph=True) and CUDA graphs give the eager results. On the H200 the default kernels are the Hopper ones (d64 and
d128) and the mma.sync ones (d96)."""

from __future__ import annotations

import sys
import unittest
from pathlib import Path

try:
    import torch
    HAVE_GPU = torch.cuda.is_available()
except ImportError:
    HAVE_GPU = False

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from torch_checks import check_compile_and_graphs  # noqa: E402
from torch_checks import check_within_torch, grads  # noqa: E402

from warpforth import ops  # noqa: E402

DOC = """: MASK-MOD { b h qi ki -- flag }
  b NQ * qi + ARG0@  b NKV * ki + ARG0@  = ;
"""
ALIBI = """: SCORE-MOD { s b h qi ki -- s' }  h ARG1@  ki qi - S>F F*  s F+ ;
: SCORE-MOD-GRAD { s b h qi ki -- g }  1.0 ;
"""



def documents(b, n, count):
    ids = torch.zeros(b, n, dtype=torch.int32)
    for i in range(b):
        ids[i, torch.randperm(n - 1)[:count - 1] + 1] = 1
    return ids.cumsum(1, dtype=torch.int32).cuda()


@unittest.skipUnless(HAVE_GPU, "needs torch with CUDA")
class ModsGpu(unittest.TestCase):
    CASES = [  # (B, Hq, Hkv, N, d), documents, causal, alibi
        ((2, 8, 2, 1000, 128), 8, True, False),
        ((1, 4, 4, 777, 64), 3, False, True),
        ((2, 4, 2, 517, 96), 5, True, True),       # mma.sync
        ((1, 4, 1, 4096, 128), 16, True, True),
    ]

    def test_against_sdpa(self):
        torch.manual_seed(7)
        for dt in (torch.bfloat16, torch.float16):
            for (b, hq, hkv, n, d), count, causal, alibi in self.CASES:
                what = (f"{dt} B{b} Hq{hq} Hkv{hkv} N{n} d{d} docs={count} "
                        f"causal={causal} alibi={alibi}")
                q = torch.randn(b, hq, n, d, device="cuda", dtype=dt)
                k = torch.randn(b, hkv, n, d, device="cuda", dtype=dt)
                v = torch.randn(b, hkv, n, d, device="cuda", dtype=dt)
                ids = documents(b, n, count)
                slopes = (2.0 ** -torch.arange(1, hq + 1)).float().cuda()
                mask = (ids[:, None, :, None] == ids[:, None, None, :])
                if causal:
                    mask = mask & torch.ones(n, n, dtype=torch.bool,
                                             device="cuda").tril()
                pos = torch.arange(n, device="cuda")
                bias = torch.zeros(1, hq, n, n, device="cuda")
                if alibi:
                    bias = slopes[None, :, None, None] * (
                        pos[None, :] - pos[:, None]).float()
                do = torch.randn(b, hq, n, d, device="cuda", dtype=dt)
                group = hq // hkv

                def sdpa(q, k, v):
                    full = bias.to(q.dtype).masked_fill(~mask, float("-inf"))
                    return torch.nn.functional.scaled_dot_product_attention(
                        q, k.repeat_interleave(group, 1),
                        v.repeat_interleave(group, 1), attn_mask=full)
                ours = grads(lambda q, k, v: ops.flash_attention(
                    q, k, v, causal=causal, mask_mod=DOC,
                    score_mod=ALIBI if alibi else None,
                    mod_args=(ids, slopes)), q, k, v, do)
                want = grads(sdpa, *(x.double() for x in (q, k, v)), do)
                theirs = grads(sdpa, q, k, v, do)
                check_within_torch(self, what, ours, theirs, want)

    def test_compile_and_graphs(self):
        ids = documents(1, 300, 3)
        slopes = torch.full((4,), 0.25, device="cuda")
        inputs = [torch.randn(1, 4, 300, 128, device="cuda",
                              dtype=torch.bfloat16, requires_grad=True)
                  for _ in range(3)]
        check_compile_and_graphs(self, lambda q, k, v: ops.flash_attention(
            q, k, v, causal=True, mask_mod=DOC, score_mod=ALIBI,
            mod_args=(ids, slopes)), inputs)

    def test_no_key_rows_are_zero(self):
        q, k, v = (torch.randn(1, 2, 300, 128, device="cuda",
                               dtype=torch.bfloat16) for _ in range(3))
        src = ": MASK-MOD { b h qi ki -- flag }  qi 100 <  ki 50 < AND ;\n"
        o, lse = ops.flash_attention(q, k, v, mask_mod=src, return_lse=True)
        self.assertTrue(bool((o[:, :, 100:] == 0).all()))
        self.assertTrue(bool(torch.isinf(lse[:, :, 100:]).all()))
        self.assertTrue(bool(torch.isfinite(o).all()))


if __name__ == "__main__":
    unittest.main()
