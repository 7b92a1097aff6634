"""flash_attention with window= and softcap= on the GPU (torch with CUDA;
skipped without), forward and backward through autograd, against float64
(the same attention in torch math on upcast inputs, mask explicit) and
compared with torch in the same dtype on the same inputs: SDPA with the
window as an explicit boolean mask, and for softcap torch's math in that
dtype (compiled FlexAttention's backward failed in torch 2.11 here). Bound: each of o, dq, dk, dv within twice
torch's own error (plus 1e-3 of the largest magnitude where torch's error
is near 0), errors relative to the largest magnitude of the reference.
On the H200 the default kernels are the Hopper ones (d64/d128) and the
mma.sync ones (d96)."""

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


def visible(nq, nkv, causal, window, device):
    """(nq, nkv) bool: FlashAttention's window_size rule."""
    left, right = window
    if causal:
        right = 0
    rel = (torch.arange(nkv, device=device)[None, :]
           - torch.arange(nq, device=device)[:, None] - (nkv - nq))
    ok = torch.ones(nq, nkv, dtype=torch.bool, device=device)
    if right >= 0:
        ok &= rel <= right
    if left >= 0:
        ok &= rel >= -left
    return ok


def math_attention(q, k, v, mask, softcap, scale):
    """Attention in torch math in q's dtype (float64 for the reference)."""
    group = q.shape[1] // k.shape[1]
    k, v = k.repeat_interleave(group, 1), v.repeat_interleave(group, 1)
    s = q @ k.transpose(-1, -2) * scale
    if softcap:
        s = softcap * torch.tanh(s / softcap)
    s = s.masked_fill(~mask, float("-inf"))
    p = torch.softmax(s, -1).nan_to_num(0.0)
    return p @ v



@unittest.skipUnless(HAVE_GPU, "needs torch with CUDA")
class WindowSoftcapGpu(unittest.TestCase):
    # ((B, Hq, Hkv, Nq, Nkv, d), causal, window, softcap)
    CASES = [
        ((2, 8, 2, 1000, 1000, 128), True, (256, 0), 0.0),
        ((1, 4, 4, 333, 777, 64), False, (100, 50), 0.0),
        ((2, 4, 2, 700, 300, 128), False, (-1, 20), 0.0),   # empty rows
        ((1, 4, 4, 517, 517, 96), True, (64, -1), 0.0),     # mma.sync
        ((2, 8, 2, 1000, 1000, 128), True, (-1, -1), 30.0),
        ((1, 4, 4, 513, 513, 64), False, (128, 128), 20.0),
    ]

    def test_against_torch(self):
        torch.manual_seed(5)
        for dt in (torch.bfloat16, torch.float16):
            for (b, hq, hkv, nq, nkv, d), causal, window, cap in self.CASES:
                what = (f"{dt} B{b} Hq{hq} Hkv{hkv} Nq{nq} Nkv{nkv} d{d} "
                        f"causal={causal} window={window} softcap={cap}")
                q = torch.randn(b, hq, nq, d, device="cuda", dtype=dt)
                k = torch.randn(b, hkv, nkv, d, device="cuda", dtype=dt)
                v = torch.randn(b, hkv, nkv, d, device="cuda", dtype=dt)
                do = torch.randn(b, hq, nq, d, device="cuda", dtype=dt)
                scale = d ** -0.5
                mask = visible(nq, nkv, causal, window, "cuda")
                # Rows that see no key: torch gives NaN there (ours 0,
                # checked below), so the references see every key in them
                # and no gradient comes from them (do 0).
                seen = mask.any(-1)[None, None, :, None]
                do = do.masked_fill(~seen, 0)
                safe = mask | ~mask.any(-1, keepdim=True)
                ours = grads(lambda q, k, v: ops.flash_attention(
                    q, k, v, causal=causal, window=window, softcap=cap),
                    q, k, v, do)
                want = grads(lambda q, k, v: math_attention(
                    q, k, v, safe, cap, scale),
                    *(x.double() for x in (q, k, v)), do)
                if cap:
                    # torch's math in the same dtype (compiled
                    # FlexAttention's backward raised "all unwrapped values
                    # must be FakeTensor" in torch 2.11 with a block
                    # mask; bench/ops_attention_masks.py times it).
                    theirs = grads(lambda q, k, v: math_attention(
                        q, k, v, safe, cap, scale), q, k, v, do)
                else:
                    group = hq // hkv
                    theirs = grads(
                        lambda q, k, v:
                        torch.nn.functional.scaled_dot_product_attention(
                            q, k.repeat_interleave(group, 1),
                            v.repeat_interleave(group, 1), attn_mask=safe,
                            scale=scale), q, k, v, do)
                check_within_torch(self, what, ours, theirs, want, seen)
                # Rows that see no key: o exactly 0 (torch's are NaN).
                self.assertTrue(bool((ours[0].masked_select(~seen) == 0)
                                     .all()), what + ": empty rows")

    def test_large_head_dims_forward(self):
        # head_dim 192 and 256 on the Hopper forward (the backward takes
        # up to 128): o within twice SDPA's error, windows and softcap too.
        torch.manual_seed(6)
        for d, causal, window, cap in ((256, True, (-1, -1), 0.0),
                                       (192, True, (-1, -1), 0.0),
                                       (256, False, (300, 40), 0.0),
                                       (192, True, (-1, -1), 30.0)):
            for dt in (torch.bfloat16, torch.float16):
                what = f"{dt} d{d} causal={causal} {window} softcap={cap}"
                q = torch.randn(2, 8, 777, d, device="cuda", dtype=dt)
                k, v = (torch.randn(2, 4, 900, d, device="cuda", dtype=dt)
                        for _ in "kv")
                mask = visible(777, 900, causal, window, "cuda")
                ours = ops.flash_attention(q, k, v, causal=causal,
                                           window=window, softcap=cap)
                want = math_attention(q.double(), k.double(), v.double(),
                                      mask, cap, d ** -0.5)
                theirs = math_attention(q, k, v, mask, cap, d ** -0.5)
                if not cap:
                    theirs = torch.nn.functional.scaled_dot_product_attention(
                        q, k.repeat_interleave(2, 1),
                        v.repeat_interleave(2, 1), attn_mask=mask)
                top = float(want.abs().max())
                e_ours = float((ours.double() - want).abs().max()) / top
                e_torch = float((theirs.double() - want).abs().max()) / top
                self.assertLessEqual(e_ours, 2 * e_torch + 1e-3,
                                     f"{what}: ours {e_ours:.3g}, torch "
                                     f"{e_torch:.3g}")

    def test_compile_and_graphs(self):
        # torch.compile(fullgraph) through the custom op and its backward.
        q, k, v = (torch.randn(2, 4, 256, 64, device="cuda",
                               dtype=torch.bfloat16, requires_grad=True)
                   for _ in range(3))

        def f(q, k, v):
            return ops.flash_attention(q, k, v, window=(32, 0),
                                       softcap=10.0)
        check_compile_and_graphs(self, f, (q, k, v))


if __name__ == "__main__":
    unittest.main()
