"""flash_attention_varlen on the GPU (torch with CUDA; skipped without):
forward and backward through autograd against float64 (each sequence in
torch math on upcast inputs) and compared with torch's SDPA run on each
sequence on its own in the same dtype: each of o, dq, dk, dv within twice
SDPA's error plus 1e-3 of the largest magnitude. Also torch.compile
(fullgraph) and a CUDA graph capture give the eager result."""

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

from torch_checks import check_compile_and_graphs  # noqa: E402
from torch_checks import check_within_torch, grads  # noqa: E402

from warpforth import ops  # noqa: E402


def per_sequence(fn, q, k, v, cu_q, cu_k):
    """fn(q, k, v) of each sequence ((1, H, n, d) views), packed back."""
    outs = []
    for s in range(len(cu_q) - 1):
        qs = q[cu_q[s]:cu_q[s + 1]].transpose(0, 1)[None]
        ks = k[cu_k[s]:cu_k[s + 1]].transpose(0, 1)[None]
        vs = v[cu_k[s]:cu_k[s + 1]].transpose(0, 1)[None]
        outs.append(fn(qs, ks, vs)[0].transpose(0, 1))
    return torch.cat(outs)


def sdpa(causal):
    def f(q, k, v):
        g = q.shape[1] // k.shape[1]
        k, v = k.repeat_interleave(g, 1), v.repeat_interleave(g, 1)
        nq, nk = q.shape[2], k.shape[2]
        mask = torch.ones(nq, nk, dtype=torch.bool, device=q.device)
        if causal:
            mask = mask.tril(nk - nq)
        return torch.nn.functional.scaled_dot_product_attention(
            q, k, v, attn_mask=mask)
    return f



@unittest.skipUnless(HAVE_GPU, "needs torch with CUDA")
class VarlenGpu(unittest.TestCase):
    # (lengths, Hq, Hkv, d, causal): every sequence sees a key (torch's
    # SDPA gives NaN rows otherwise; the CPU tests cover those rows).
    CASES = [([1, 7, 129, 1000, 300, 2048], 8, 2, 128, True),
             ([513, 64, 3000, 17], 4, 4, 64, True),
             ([200, 900, 33], 4, 2, 96, False),
             ([100, 1000], 4, 1, 128, False)]

    def test_against_sdpa(self):
        torch.manual_seed(9)
        for dt in (torch.bfloat16, torch.float16):
            for lens, hq, hkv, d, causal in self.CASES:
                what = f"{dt} {lens} H{hq}/{hkv} d{d} causal={causal}"
                cu = torch.tensor([0] + lens, device="cuda").cumsum(0)
                cu = cu.to(torch.int32)
                n = int(cu[-1])
                q = torch.randn(n, hq, d, device="cuda", dtype=dt)
                k, v = (torch.randn(n, hkv, d, device="cuda", dtype=dt)
                        for _ in "kv")
                do = torch.randn_like(q)
                cl = cu.tolist()
                ours = grads(lambda q, k, v: ops.flash_attention_varlen(
                    q, k, v, cu, cu, max(lens), max(lens), causal=causal),
                    q, k, v, do)
                want = grads(lambda q, k, v: per_sequence(
                    sdpa(causal), q, k, v, cl, cl),
                    *(x.double() for x in (q, k, v)), do)
                theirs = grads(lambda q, k, v: per_sequence(
                    sdpa(causal), q, k, v, cl, cl), q, k, v, do)
                check_within_torch(self, what, ours, theirs, want)

    def test_paged_prefill_equals_contiguous(self):
        # The same keys in a shuffled paged cache (blocks of 16, 64, 256:
        # the Hopper kernel copies min(128, block) rows at a time) give the
        # contiguous call's output bit for bit.
        torch.manual_seed(8)
        lq, lk = [100, 700, 1, 300], [1000, 700, 5, 4000]
        for dt in (torch.bfloat16, torch.float16):
            for bs in (16, 64, 256):
                cu_q = torch.tensor([0] + lq, device="cuda").cumsum(0).int()
                used = torch.tensor(lk, device="cuda", dtype=torch.int32)
                maxb = -(-max(lk) // bs)
                q = torch.randn(sum(lq), 8, 128, device="cuda", dtype=dt)
                nb = len(lk) * maxb
                perm = torch.randperm(nb, device="cuda")
                kc, vc = (torch.randn(nb, bs, 2, 128, device="cuda",
                                      dtype=dt) for _ in "kv")
                table = perm.view(len(lk), maxb).int()
                # The contiguous keys: each sequence's blocks in order.
                kp = torch.cat([kc[table[s]].reshape(-1, 2, 128)[:n]
                                for s, n in enumerate(lk)])
                vp = torch.cat([vc[table[s]].reshape(-1, 2, 128)[:n]
                                for s, n in enumerate(lk)])
                cu_k = torch.tensor([0] + lk, device="cuda").cumsum(0).int()
                want = ops.flash_attention_varlen(q, kp, vp, cu_q, cu_k,
                                                  max(lq), max(lk),
                                                  causal=True)
                got = ops.flash_attention_varlen(
                    q, kc, vc, cu_q, None, max(lq), None, causal=True,
                    block_table=table, seqused_k=used)
                self.assertTrue(torch.equal(got, want),
                                f"{dt} block {bs}: max diff "
                                f"{(got - want).abs().max()}")

    def test_compile_and_graphs(self):
        cu = torch.tensor([0, 100, 100, 612], device="cuda",
                          dtype=torch.int32)
        q, k, v = (torch.randn(612, 4, 64, device="cuda",
                               dtype=torch.bfloat16, requires_grad=True)
                   for _ in range(3))

        def f(q, k, v):
            return ops.flash_attention_varlen(q, k, v, cu, cu, 512, 512,
                                              causal=True, window=(64, 0))
        check_compile_and_graphs(self, f, (q, k, v))


if __name__ == "__main__":
    unittest.main()
