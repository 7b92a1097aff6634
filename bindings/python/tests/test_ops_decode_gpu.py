"""ops.decode_attention and ops.append_kv on the GPU (torch + CUDA needed;
skipped otherwise; ctest -L gpu runs it as python-ops-decode_gpu):

    WARPFORTH_LIB=.../libwarpforth.so PYTHONPATH=bindings/python \\
        python3 bindings/python/tests/test_ops_decode_gpu.py

Checked against float64 (torch on the GPU) and against torch's SDPA
(enable_gqa, an explicit boolean mask for the causal tail of the new tokens
and the ragged lengths) on the same inputs, in float32, bfloat16 and
float16. Bounds, relative to max(1, max|o|) of the float64 output:

- against float64: U |o| elementwise + F32_BOUND, U half an ulp of the
  output dtype (bf16 2^-8, f16 2^-11, f32 0): the kernel computes in f32
  from inputs that are exact in f32 and rounds once at the end; F32_BOUND
  = 1e-5 (the CPU tests' 2e-6, measured below 6e-7 there, with room for
  the GPU's ex2.approx and FMA contraction, as the flash_attention GPU
  tests allow);
- against SDPA: SDPA's own error against float64 plus ours (SDPA's
  16-bit kernels round P to 16 bits, so theirs is the larger);
- the log-sum-exp within 1e-4 absolute of float64;
- the tensor-core kernel (the decode config's mma: bf16/f16 at d64/d128)
  rounds P to the dtype before P V, as FlashAttention-2 and SDPA do: U
  times sum_j p_j |v_j| / sum_j p_j more (the CPU tests' UP term);
- paged against contiguous: bit for bit (the same arithmetic in the same
  order; only the addresses differ), at block sizes 16 and 256.
"""

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

F32_BOUND = 1e-5
LSE_BOUND = 1e-4
U = {"torch.float32": 0.0, "torch.bfloat16": 2.0 ** -8,
     "torch.float16": 2.0 ** -11}


def visible(lens, nq, n, device):
    """(B, 1, Nq, N) bool: query token i of sequence b sees keys
    0 .. lens[b] - nq + i."""
    last = lens.long()[:, None] - nq + torch.arange(nq, device=device)
    keys = torch.arange(n, device=device)
    return (keys[None, None, :] <= last[:, :, None])[:, None]


def reference64(q, k, v, lens, scale):
    """Float64 attention and log-sum-exp of q (B, Hq, Nq, d) to the
    contiguous cache k, v (B, Hkv, N, d)."""
    g = q.shape[1] // k.shape[1]
    k = k.double().repeat_interleave(g, 1)
    v = v.double().repeat_interleave(g, 1)
    s = (q.double() @ k.transpose(-1, -2)) * scale
    s = s.masked_fill(~visible(lens, q.shape[2], k.shape[2], q.device),
                      float("-inf"))
    lse = torch.logsumexp(s, -1)
    p = torch.exp(s - lse[..., None])
    reference64.pv = p @ v.abs()      # what rounding each p moves o by
    return p @ v, lse


def mma_kernel(q):
    """Whether decode_attention runs the tensor-core kernel for q."""
    from warpforth.ops import _decode
    return (ops.config("decode").mma and q.dtype != torch.float32
            and q.shape[-1] in _decode.MMA_HEAD_DIMS)


def sdpa(q, k, v, lens, scale):
    mask = visible(lens, q.shape[2], k.shape[2], q.device)
    return torch.nn.functional.scaled_dot_product_attention(
        q, k, v, attn_mask=mask, scale=scale,
        enable_gqa=q.shape[1] != k.shape[1])


def paged(k, v, lens, bs, gen):
    """The contiguous cache as pages of bs tokens in shuffled order (spare
    pages and slots past each length hold NaN) and its block table."""
    b, hkv, n, d = k.shape
    per = -(-n // bs)
    nblk = b * per + 5
    table = torch.randperm(nblk, generator=gen)[:b * per].view(b, per)
    table = table.to(torch.int32).to(k.device)
    kp = torch.full((nblk, bs, hkv, d), float("nan"), dtype=k.dtype,
                    device=k.device)
    vp = kp.clone()
    for i in range(b):
        for j in range(-(-int(lens[i]) // bs)):
            rows = slice(j * bs, min((j + 1) * bs, int(lens[i])))
            m = rows.stop - rows.start
            kp[table[i, j], :m] = k[i, :, rows].transpose(0, 1)
            vp[table[i, j], :m] = v[i, :, rows].transpose(0, 1)
    return kp, vp, table


@unittest.skipUnless(HAVE_GPU, "needs torch with CUDA")
class DecodeAttentionGpu(unittest.TestCase):
    # (B, Hq, Hkv, Nq, N, lengths or None for all N, d)
    SHAPES = [(1, 1, 1, 1, 1, None, 64), (2, 32, 8, 1, 4096, None, 128),
              (3, 8, 1, 1, 1000, [1000, 17, 1], 128),
              (2, 8, 8, 4, 777, [777, 300], 64),
              (4, 32, 8, 8, 2048, [2048, 1500, 9, 100], 128),
              (1, 32, 4, 1, 70000, None, 128),
              (2, 4, 2, 2, 300, [300, 200], 256)]

    @classmethod
    def setUpClass(cls):
        torch.backends.cuda.matmul.allow_tf32 = False
        torch.manual_seed(1)

    def inputs(self, b, hq, hkv, nq, n, lens, d, dt):
        q = torch.randn(b, hq, nq, d, device="cuda", dtype=dt)
        k = torch.randn(b, hkv, n, d, device="cuda", dtype=dt)
        v = torch.randn(b, hkv, n, d, device="cuda", dtype=dt)
        sl = torch.tensor(lens or [n] * b, dtype=torch.int32, device="cuda")
        return q, k, v, sl

    def check_paged(self, q, k, v, sl, what, sizes, gen, splits=7):
        """Paged (block sizes `sizes`) equal to contiguous bit for bit at
        a given split count."""
        want = ops.decode_attention(q, k, v, sl, num_splits=splits)
        for bs in sizes:
            kp, vp, table = paged(k, v, sl, bs, gen)
            got = ops.decode_attention(q, kp, vp, sl, table,
                                       num_splits=splits)
            self.assertTrue(torch.equal(got, want), f"{what} paged {bs}")

    def check(self, q, k, v, sl, what, **kw):
        o, lse = ops.decode_attention(q, k, v, sl, return_lse=True, **kw)
        self.assertEqual((o.dtype, o.shape, o.device),
                         (q.dtype, q.shape, q.device), what)
        self.assertEqual((lse.dtype, lse.shape), (torch.float32, q.shape[:3]))
        scale = q.shape[-1] ** -0.5
        want, want_lse = reference64(q, k, v, sl, scale)
        top = max(1.0, float(want.abs().max()))
        err = (o.double() - want).abs()
        bound = U[str(q.dtype)] * want.abs() + F32_BOUND * top
        if mma_kernel(q):
            bound = bound + U[str(q.dtype)] * reference64.pv
        self.assertLessEqual(float((err - bound).max()), 0.0,
                             f"{what}: error {float(err.max()):.3g} vs f64")
        e = float((lse.double() - want_lse).abs().max())
        self.assertLessEqual(e, LSE_BOUND, f"{what}: lse {e:.3g}")
        t = sdpa(q, k, v, sl, scale).double()
        theirs = float((t - want).abs().max())
        ours = float((o.double() - t).abs().max())
        self.assertLessEqual(ours, theirs + float(bound.max()),
                             f"{what}: {ours:.3g} from SDPA, whose error "
                             f"is {theirs:.3g}")
        return o, lse

    def test_against_sdpa(self):
        for dt in (torch.float32, torch.bfloat16, torch.float16):
            for b, hq, hkv, nq, n, lens, d in self.SHAPES:
                q, k, v, sl = self.inputs(b, hq, hkv, nq, n, lens, d, dt)
                what = f"{dt} B{b} Hq{hq} Hkv{hkv} Nq{nq} N{n} d{d}"
                self.check(q, k, v, sl, what, num_splits=1)
                self.check(q, k, v, sl, what + " (heuristic splits)")
                self.check(q, k, v, sl, what + " 5 splits", num_splits=5)

    def test_paged_equals_contiguous(self):
        gen = torch.Generator().manual_seed(2)
        for dt in (torch.float32, torch.bfloat16):
            for b, hq, hkv, nq, n, lens, d in [
                    (3, 32, 8, 1, 1000, [1000, 17, 1], 128),
                    (2, 8, 2, 4, 4096, [4096, 2000], 64)]:
                q, k, v, sl = self.inputs(b, hq, hkv, nq, n, lens, d, dt)
                # Bit for bit at a given split count. (Without one, the
                # heuristic sees the cache's capacity, which paging rounds
                # up to whole blocks: it may pick another count, so another
                # summation order; an H100 showed it at f32, block size
                # 256.)
                for splits in (1, 7):
                    self.check_paged(q, k, v, sl, f"{dt} splits {splits}",
                                     (16, 256), gen, splits)

    def test_async_ring(self):
        # K/V through the cp.async ring in shared memory (the decode tune's
        # STAGES): every shape of SHAPES (the ring wraps hundreds of times
        # at N 70000) against float64 and SDPA, 1 and the heuristic's
        # splits; paged (block sizes 16 and 256) equal to contiguous bit
        # for bit within the ring kernel. A missing wait or a slot
        # refilled too early shows as a wrong row here, not on the CPU
        # (where copies land at once).
        gen = torch.Generator().manual_seed(4)
        for tune in ({"STAGES": 2}, {"STAGES": 3}, {"STAGES": 4},
                     {"STAGES": 6, "U": 2},
                     {"STAGES": 3, "WARPS": 8, "U": 2,
                      "MIN_BLOCKS": 2}):
            # (the CUDA-core kernel)
            with ops.tuned(decode=dict(mma=False, tune=tune)):
                for dt in (torch.float32, torch.bfloat16):
                    for b, hq, hkv, nq, n, lens, d in self.SHAPES:
                        q, k, v, sl = self.inputs(b, hq, hkv, nq, n, lens,
                                                  d, dt)
                        what = (f"{tune} {dt} B{b} Hq{hq} Hkv{hkv} Nq{nq} "
                                f"N{n} d{d}")
                        self.check(q, k, v, sl, what, num_splits=1)
                        self.check(q, k, v, sl, what + " (heuristic)")
                        if n < 1000 or n > 5000:
                            continue
                        self.check_paged(q, k, v, sl, what, (16, 256), gen)

    def test_mma_kernel(self):
        # The tensor-core kernel (decode-mma.fs) in its other shapes
        # (mma_tune: ring stages 1, 2 and 4, 32 keys a warp step, 8
        # warps) and the CUDA-core kernel beside it (mma off), every 16-bit
        # shape of SHAPES at d64/d128 against float64 and SDPA; paged equal
        # to contiguous bit for bit at block sizes 16 and 256 (a table read
        # a step) and 8 (pages smaller than a step). A missing wait, a
        # missing warp barrier or a slot refilled too early shows here as
        # a wrong row, not on the CPU (where copies land at once).
        from warpforth.ops import _decode
        gen = torch.Generator().manual_seed(5)
        for mma, tune in ((True, {}), (True, {"STAGES": 1}),
                          (True, {"STAGES": 2}), (True, {"STAGES": 4}),
                          (True, {"KT": 32}),
                          (True, {"WARPS": 8}),
                          (False, {})):
            with ops.tuned(decode=dict(mma=mma, mma_tune=tune)):
                for dt in (torch.bfloat16, torch.float16):
                    for b, hq, hkv, nq, n, lens, d in self.SHAPES:
                        if d not in _decode.MMA_HEAD_DIMS:
                            continue
                        q, k, v, sl = self.inputs(b, hq, hkv, nq, n, lens,
                                                  d, dt)
                        what = (f"MMA {mma} {tune} {dt} B{b} Hq{hq} Hkv{hkv}"
                                f" Nq{nq} N{n} d{d}")
                        self.check(q, k, v, sl, what, num_splits=1)
                        self.check(q, k, v, sl, what + " (heuristic)")
                        if n < 1000 or n > 5000:
                            continue
                        self.check_paged(q, k, v, sl, what, (16, 256, 8),
                                         gen)

    def same_bits(self, flag, dtypes, splits, repeats):
        """The decode config's `flag` True gives the bits of False at every
        shape, both kernels, each split count, run after run."""
        for mma in (True, False):
            with ops.tuned(decode=dict(mma=mma)):
                for dt in dtypes:
                    for b, hq, hkv, nq, n, lens, d in self.SHAPES:
                        q, k, v, sl = self.inputs(b, hq, hkv, nq, n, lens,
                                                  d, dt)
                        for ns in splits:
                            with ops.tuned(decode={flag: False}):
                                want = ops.decode_attention(
                                    q, k, v, sl, num_splits=ns,
                                    return_lse=True)
                            for _ in range(repeats):
                                with ops.tuned(decode={flag: True}):
                                    got = ops.decode_attention(
                                        q, k, v, sl, num_splits=ns,
                                        return_lse=True)
                                what = (f"{flag} MMA {mma} {dt} B{b} Hq{hq} "
                                        f"Hkv{hkv} Nq{nq} N{n} d{d} "
                                        f"{ns} splits")
                                self.assertTrue(torch.equal(got[0], want[0]),
                                                what)
                                self.assertTrue(torch.equal(got[1], want[1]),
                                                what + " lse")

    def test_fused_merge(self):
        # fused_merge: the last block of a group merges the splits
        # (FENCE-GPU, a count): the same bits as the merge kernel at every
        # shape and dtype, both kernels, several split counts, run after
        # run (a missing fence or a block that merges too early shows here
        # as a wrong row, not on the CPU).
        self.same_bits("fused_merge",
                       (torch.float32, torch.bfloat16, torch.float16),
                       (2, 7, 33), 3)

    def test_programmatic_dependent_launch(self):
        # pdl (sm_90): the merge kernel launched while the decode
        # kernel runs, waiting for its results: the same bits as plain
        # launches (a merge that read the partial results before the wait
        # would show here as a wrong row).
        if torch.cuda.get_device_capability() != (9, 0):
            self.skipTest("programmatic dependent launch is sm_90's")
        self.same_bits("pdl", (torch.float32, torch.bfloat16), (2, 33), 5)

    def test_append_then_decode(self):
        # A decoder step on our kernels alone: append, then attend; the
        # appended rows equal torch's assignment bit for bit.
        gen = torch.Generator().manual_seed(3)
        b, hq, hkv, n, d = 4, 16, 4, 512, 128
        for dt in (torch.float32, torch.bfloat16):
            k = torch.randn(b, hkv, n, d, device="cuda", dtype=dt)
            v = torch.randn_like(k)
            lens = torch.tensor([10, 511, 1, 300], dtype=torch.int32,
                                device="cuda")
            kp, vp, table = paged(k, v, torch.full_like(lens, n), 16, gen)
            kn = torch.randn(b, hkv, 1, d, device="cuda", dtype=dt)
            vn = torch.randn_like(kn)
            lens = lens + 1
            ops.append_kv(k, v, kn, vn, lens)
            ops.append_kv(kp, vp, kn, vn, lens, table)
            for i in range(b):
                p = int(lens[i]) - 1
                self.assertTrue(torch.equal(k[i, :, p], kn[i, :, 0]))
                self.assertTrue(torch.equal(v[i, :, p], vn[i, :, 0]))
                page, slot = int(table[i, p // 16]), p % 16
                self.assertTrue(torch.equal(kp[page, slot], kn[i, :, 0]))
                self.assertTrue(torch.equal(vp[page, slot], vn[i, :, 0]))
            q = torch.randn(b, hq, 1, d, device="cuda", dtype=dt)
            self.check(q, k, v, lens, f"{dt} after append")
            self.assertTrue(torch.equal(
                ops.decode_attention(q, kp, vp, lens, table),
                ops.decode_attention(q, k, v, lens)))

    def test_stream_out_and_cpu_tensors(self):
        q, k, v, sl = self.inputs(2, 8, 2, 1, 3000, [3000, 5], 128,
                                  torch.bfloat16)
        out = torch.empty_like(q)
        s = torch.cuda.Stream()
        s.wait_stream(torch.cuda.current_stream())
        with torch.cuda.stream(s):
            got = ops.decode_attention(q, k, v, sl, out=out)
        s.synchronize()
        self.assertIs(got, out)
        self.assertTrue(torch.equal(out, ops.decode_attention(q, k, v, sl)))
        # CPU tensors run on the CPU backend.
        qc, kc, vc = (x[:1, :, :, :].cpu().contiguous() for x in (q, k, v))
        slc = torch.tensor([40], dtype=torch.int32)
        want, _ = reference64(qc, kc, vc, slc, 128 ** -0.5)
        got = ops.decode_attention(qc, kc, vc, slc)
        self.assertLessEqual(float((got.double() - want).abs().max()),
                             2.0 ** -8 * float(want.abs().max()) + 1e-5)

    def test_errors(self):
        q, k, v, sl = self.inputs(1, 4, 2, 1, 64, None, 64, torch.float32)
        with self.assertRaisesRegex(ValueError, "cache_seqlens: on cpu"):
            ops.decode_attention(q, k, v, sl.cpu())
        with self.assertRaisesRegex(ValueError, "k_cache: on cpu"):
            ops.decode_attention(q, k.cpu(), v, sl)
        with self.assertRaisesRegex(TypeError,
                                    "cache_seqlens: dtype torch.int64"):
            ops.decode_attention(q, k, v, sl.long())


if __name__ == "__main__":
    unittest.main()
