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

    def test_varlen(self):
        # Packed sequences with documents inside them (MASK-MOD reads the
        # packed ids at the sequence's offset, cu_seqlens the second
        # mod_arg) and ALiBi; each sequence against SDPA on its own with
        # the explicit boolean mask and float bias.
        src = (": MASK-MOD { b h qi ki -- flag }\n"
               "  b ARG1@ qi + ARG0@  b ARG1@ ki + ARG0@  = ;\n"
               ": SCORE-MOD { s b h qi ki -- s' }  h ARG2@  ki qi - S>F F*"
               "  s F+ ;\n"
               ": SCORE-MOD-GRAD { s b h qi ki -- g }  1.0 ;\n")
        torch.manual_seed(11)
        for dt in (torch.bfloat16, torch.float16):
            for lens, hq, hkv, d, causal in (
                    ([1, 7, 129, 1000, 300, 2048], 8, 2, 128, True),
                    ([513, 64, 3000, 17], 4, 4, 64, False),
                    ([200, 900, 33], 4, 2, 96, True)):
                what = f"{dt} {lens} H{hq}/{hkv} d{d} causal={causal}"
                cu = torch.tensor([0] + lens).cumsum(0).to(torch.int32)
                ids = torch.cat([
                    documents(1, n, min(3, n))[0].cpu() if n > 1
                    else torch.zeros(n, dtype=torch.int32)
                    for n in lens]).cuda()
                cu, total = cu.cuda(), int(cu[-1])
                slopes = (2.0 ** -torch.arange(1, hq + 1)).float().cuda()
                q = torch.randn(total, hq, d, device="cuda", dtype=dt)
                k, v = (torch.randn(total, hkv, d, device="cuda", dtype=dt)
                        for _ in "kv")
                do = torch.randn_like(q)
                cl = cu.tolist()

                def sdpa(q, k, v):
                    outs = []
                    for s in range(len(lens)):
                        r = slice(cl[s], cl[s + 1])
                        n = cl[s + 1] - cl[s]
                        qs, ks, vs = (x[r].transpose(0, 1)[None]
                                      for x in (q, k, v))
                        g = hq // hkv
                        ks, vs = (x.repeat_interleave(g, 1) for x in (ks, vs))
                        mask = ids[r, None] == ids[None, r]
                        if causal:
                            mask = mask & torch.ones(
                                n, n, dtype=torch.bool, device="cuda").tril()
                        pos = torch.arange(n, device="cuda").float()
                        bias = slopes[:, None, None] * (pos[None, :]
                                                        - pos[:, None])
                        bias = bias.to(q.dtype).masked_fill(~mask,
                                                            float("-inf"))
                        outs.append(torch.nn.functional
                                    .scaled_dot_product_attention(
                                        qs, ks, vs, attn_mask=bias[None])
                                    [0].transpose(0, 1))
                    return torch.cat(outs)
                ours = grads(lambda q, k, v: ops.flash_attention_varlen(
                    q, k, v, cu, cu, max(lens), max(lens), causal=causal,
                    mask_mod=src, score_mod=src, mod_args=(ids, cu, slopes)),
                    q, k, v, do)
                want = grads(sdpa, *(x.double() for x in (q, k, v)), do)
                theirs = grads(sdpa, q, k, v, do)
                check_within_torch(self, what, ours, theirs, want)

    def test_varlen_compile_and_graphs(self):
        cu = torch.tensor([0, 100, 100, 612], device="cuda",
                          dtype=torch.int32)
        ids = (torch.arange(612, device="cuda") // 150).to(torch.int32)
        src = (": MASK-MOD { b h qi ki -- flag }\n"
               "  b ARG1@ qi + ARG0@  b ARG1@ ki + ARG0@  = ;\n")
        inputs = [torch.randn(612, 4, 64, device="cuda",
                              dtype=torch.bfloat16, requires_grad=True)
                  for _ in range(3)]
        check_compile_and_graphs(self, lambda q, k, v:
                                 ops.flash_attention_varlen(
                                     q, k, v, cu, cu, 512, 512, causal=True,
                                     mask_mod=src, mod_args=(ids, cu)),
                                 inputs)

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
