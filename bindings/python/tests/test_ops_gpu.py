"""warpforth.ops on the GPU against torch in the same dtype (torch + CUDA
needed; skipped otherwise, run by hand on a GPU machine; ctest -L gpu runs
it as python-ops-gpu):

    WARPFORTH_LIB=.../libwarpforth.so PYTHONPATH=bindings/python \\
        python3 bindings/python/tests/test_ops_gpu.py

flash_attention is checked in float32 against float64 and against SDPA
(FLASH_BOUND says the bounds). The rotary and scores ops are also checked
against float64 with the CPU tests' bounds (F64_BOUND, as opcheck.DTYPES): the output's own rounding
after f32 math, plus for attention_scores the f32 sum of d products
(d * 2^-24 * the largest sum of |q_i k_i| * scale). Against torch in the
same dtype they get BOUND (twice the rounding: torch rounds intermediate
results, HF rotary q*cos and rotate_half(q)*sin before adding them, matmul
before the scale), plus the same sum term for the scores.
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

# Error bounds against torch in the same dtype, relative to the output's
# largest magnitude: the output's own rounding (bf16 8 bits, f16 11 bits of
# mantissa), twice, plus f32 math on both sides.
BOUND = {"float32": 2e-6, "bfloat16": 1.6e-2, "float16": 2e-3}
DTYPES = ["float32", "bfloat16", "float16"]


def close(test, got, want, dtype, what):
    err = (got.double() - want.double()).abs().nan_to_num(0).max().item()
    scale = max(1.0, want.double().abs().nan_to_num(0).max().item())
    test.assertLessEqual(err / scale, BOUND[dtype], f"{what} {dtype}")
    test.assertTrue(torch.equal(got.isnan(), want.isnan()), f"{what} NaNs")


@unittest.skipUnless(HAVE_GPU, "needs torch with CUDA")
class SoftmaxGpu(unittest.TestCase):
    SHAPES = [(1, 1), (3, 31), (5, 33), (2, 3, 1000), (7, 4097),
              (300, 2500), (2, 40000), (4, 262144), (64, 128256),
              # the pipelined rows (ops/_softmax.py PIPE): several rows a
              # block, a ragged last round of rows
              (300, 32768), (133, 20000)]

    def test_forward_backward(self):
        g = torch.Generator(device="cuda").manual_seed(0)
        for shape in self.SHAPES:
            for name in DTYPES:
                dt = getattr(torch, name)
                x = (torch.randn(shape, device="cuda", generator=g) * 4).to(dt)
                y = ops.softmax(x)
                close(self, y, torch.softmax(x.float(), -1).to(dt), name,
                      f"softmax {shape}")
                dy = torch.randn(shape, device="cuda", generator=g).to(dt)
                dx = ops.softmax_backward(y, dy)
                y32, dy32 = y.float(), dy.float()
                want = y32 * (dy32 - (dy32 * y32).sum(-1, keepdim=True))
                close(self, dx, want.to(dt), name, f"backward {shape}")

    def test_infinities_and_stream(self):
        x = torch.zeros(3, 5000, device="cuda")
        x[0] = float("-inf")
        x[1, ::2] = float("-inf")
        s = torch.cuda.Stream()
        with torch.cuda.stream(s):
            y = ops.softmax(x)
        s.synchronize()
        close(self, y, torch.softmax(x, -1), "float32", "inf rows")


def hf_top_k(x, k):
    """HuggingFace's TopKLogitsWarper."""
    k = min(k, x.size(-1))
    kth = torch.topk(x, k)[0][..., -1, None]
    return x.masked_fill(x < kth, float("-inf"))


def hf_top_p(x, p, min_tokens_to_keep=1):
    """HuggingFace's TopPLogitsWarper."""
    sorted_logits, sorted_indices = torch.sort(x, descending=False)
    cum = sorted_logits.softmax(dim=-1).cumsum(dim=-1)
    remove = cum <= (1 - p)
    remove[..., -min_tokens_to_keep:] = 0
    remove = remove.scatter(-1, sorted_indices, remove)
    return x.masked_fill(remove, float("-inf"))


def mass_above(x):
    """f64: per element, the probability of the larger values of its row."""
    x = x.double().reshape(-1, x.size(-1))
    xs, _ = torch.sort(x)
    probs = torch.softmax(xs, -1)
    suffix = torch.cat([probs.flip(-1).cumsum(-1).flip(-1),
                        torch.zeros_like(probs[:, :1])], -1)
    return suffix.gather(-1, torch.searchsorted(xs, x, right=True))


@unittest.skipUnless(HAVE_GPU, "needs torch with CUDA")
class TopKTopPGpu(unittest.TestCase):
    """The masks against HF's code on the same values in f32: top-k
    exactly; top-p exactly but for the two documented differences, an
    element tied with the lowest value HF keeps (kept whole here) and one
    whose decision lies within 1e-5 of p (the order of the f32 sums)."""
    SHAPES = [(1, 1), (3, 31), (5, 33), (2, 3, 1000), (7, 4097),
              (300, 2500), (2, 40000), (4, 262144), (64, 50257),
              (64, 128256)]

    def test_top_k(self):
        g = torch.Generator(device="cuda").manual_seed(1)
        for shape in self.SHAPES:
            for name in DTYPES:
                dt = getattr(torch, name)
                x = (torch.randn(shape, device="cuda", generator=g) * 3).to(dt)
                for k in sorted({1, 50, shape[-1], shape[-1] + 1}):
                    want = hf_top_k(x.float(), k).to(dt)
                    got = ops.top_k_mask(x, k)
                    self.assertTrue(torch.equal(got, want),
                                    f"top_k {shape} {name} k={k}")

    def check_top_p(self, x, p, m, what):
        got = ops.top_p_mask(x, p, m)
        want = hf_top_p(x.float(), p, m).to(x.dtype)
        kept, hf_kept = (got != float("-inf")), (want != float("-inf"))
        kept, hf_kept = kept.reshape(-1, x.size(-1)), hf_kept.reshape(
            -1, x.size(-1))
        x32 = x.float().reshape(-1, x.size(-1))
        hf_min = torch.where(hf_kept, x32, float("inf")).min(-1,
                                                            keepdim=True)[0]
        tie = kept & ~hf_kept & (x32 == hf_min)
        near = (mass_above(x) - p).abs() < 1e-5
        bad = (kept != hf_kept) & ~tie & ~near
        self.assertFalse(bad.any(), f"{what}: {bad.sum().item()} differ, "
                         f"first at {bad.nonzero()[:3].tolist()}")
        self.assertTrue(torch.equal(torch.where(kept, x32, float("-inf")),
                                    got.float().reshape(x32.shape)), what)

    def test_top_p(self):
        g = torch.Generator(device="cuda").manual_seed(2)
        for shape in self.SHAPES:
            for name in DTYPES:
                dt = getattr(torch, name)
                x = (torch.randn(shape, device="cuda", generator=g) * 3).to(dt)
                for p, m in ((0.0, 1), (0.5, 1), (0.9, 1), (0.95, 5),
                             (1.0, 1)):
                    self.check_top_p(x, p, m, f"top_p {shape} {name} p={p}")

    def test_top_p_split(self):
        # top_p_mask's split path (topp-split.fs, many blocks a row and the
        # last block of a row finishing each pass) forced at small and odd
        # shapes (chunks of 8 columns or more), and at its defaults on few
        # long rows: HF's masks (check_top_p), and one block a row's but
        # for decisions within 1e-5 of p (f32 sums in another order).
        from warpforth.ops import _topk
        forced = dict(topp_split_max_rows=65535, topp_chunk_min=8,
                      topp_min_chunks=1, topp_split_blocks=64)
        g = torch.Generator(device="cuda").manual_seed(3)
        for shape, tun in (((1, 1), forced), ((3, 31), forced),
                           ((2, 3, 1000), forced),
                           ((4, 4097), dict(forced, topp_block=32)),
                           ((1, 128256), {}), ((4, 128256), {}),
                           ((32, 50257), {}), ((2, 262144), {})):
            for name in DTYPES:
                dt = getattr(torch, name)
                x = (torch.randn(shape, device="cuda", generator=g) * 3).to(dt)
                x.view(-1)[::7] = float("-inf")
                for p, m in ((0.0, 1), (0.5, 1), (0.9, 1), (0.95, 5),
                             (1.0, 1)):
                    what = f"top_p split {shape} {name} p={p} m={m}"
                    with ops.tuned(topk=tun):
                        rows, cols = x.numel() // shape[-1], shape[-1]
                        self.assertIsNotNone(_topk._p_split(
                            ops.config("topk"), rows, cols), what)
                        got = ops.top_p_mask(x, p, m)
                        if p < 1.0:     # HF's p = 1 drops the -inf
                            self.check_top_p(x, p, m, what)
                        else:
                            self.assertTrue(torch.equal(got, x), what)
                    with ops.tuned(topk=dict(split=False)):
                        one = ops.top_p_mask(x, p, m)
                    near = ((mass_above(x) - p).abs() < 1e-5).reshape(
                        x.shape)
                    differ = (got != one) & ~near
                    self.assertFalse(differ.any(), f"{what}: "
                                     f"{differ.sum().item()} differ from "
                                     "one block a row")

    def test_infinities_ties_and_stream(self):
        x = torch.randint(-5, 5, (4, 5000), device="cuda").float()
        x[1, ::3] = float("-inf")
        x[2] = float("-inf")
        s = torch.cuda.Stream()
        s.wait_stream(torch.cuda.current_stream())
        with torch.cuda.stream(s):
            got = ops.top_k_mask(x, 100)
            want = hf_top_k(x, 100)
        s.synchronize()
        self.assertTrue(torch.equal(got, want))
        for p in (0.3, 0.9):
            self.check_top_p(x, p, 1, f"ties p={p}")

    def test_cpu_tensor_and_in_place(self):
        x = torch.randn(3, 700) * 3
        self.assertTrue(torch.equal(ops.top_k_mask(x, 10), hf_top_k(x, 10)))
        y = x.cuda()
        want = hf_top_k(y, 10)
        self.assertIs(ops.top_k_mask(y, 10, out=y), y)
        self.assertTrue(torch.equal(y, want))


# Against float64: the output's rounding after f32 math (opcheck.DTYPES).
F64_BOUND = {"float32": 2e-6, "float16": 1e-3, "bfloat16": 8e-3}


def tdt(name):
    return getattr(torch, name)


def rel(got, want) -> float:
    got, want = got.double(), want.double()
    return float((got - want).abs().max() / max(1.0, want.abs().max()))


from hf_reference import hf_apply_rotary_pos_emb, rotate_half  # noqa: E402,F401


def hf_partial(q, k, cos, sin):
    """Partial rotary as GPT-NeoX / Phi apply it: rotate the first r
    features, pass the rest. cos/sin are (B, N, r)."""
    r = cos.shape[-1]
    qr, kr = hf_apply_rotary_pos_emb(q[..., :r], k[..., :r], cos, sin)
    return (torch.cat((qr, q[..., r:]), -1), torch.cat((kr, k[..., r:]), -1))


def hf_cos_sin(position_ids, dim, base, dtype):
    """LlamaRotaryEmbedding (default rope) for (B, N) position ids."""
    inv_freq = 1.0 / (base ** (torch.arange(0, dim, 2, dtype=torch.int64).to(
        device=position_ids.device, dtype=torch.float) / dim))
    inv_freq_expanded = inv_freq[None, :, None].float().expand(
        position_ids.shape[0], -1, 1)
    position_ids_expanded = position_ids[:, None, :].float()
    freqs = (inv_freq_expanded.float()
             @ position_ids_expanded.float()).transpose(1, 2)
    emb = torch.cat((freqs, freqs), dim=-1)
    return emb.cos().to(dtype), emb.sin().to(dtype)


def rotary_inputs(shape, dt, first_pos):
    """q, k and HF's cos/sin cache for positions first_pos on, for
    apply_rotary: (N, r) tables unless `batched` ((B, N, r)); c3, s3 the
    same as (B or 1, N, r) for the references."""
    b, hq, hkv, n, d, r, batched = shape
    q = torch.randn(b, hq, n, d, device="cuda", dtype=dt)
    k = torch.randn(b, hkv, n, d, device="cuda", dtype=dt)
    pos = torch.arange(n, device="cuda").expand(b, n) + first_pos
    cos, sin = hf_cos_sin(pos, r, 10000.0, dt)
    if not batched:
        cos, sin = cos[0].contiguous(), sin[0].contiguous()
    c3 = cos if batched else cos[None]
    s3 = sin if batched else sin[None]
    return q, k, cos, sin, c3, s3


def torch_scores(q, k, causal, scale):
    n, m = q.shape[-2], k.shape[-2]
    s = (q @ k.transpose(-1, -2)) * scale
    if causal:
        hidden = torch.ones(n, m, dtype=torch.bool, device=q.device).triu(
            m - n + 1)
        s = s.masked_fill(hidden, float("-inf"))
    return s


@unittest.skipUnless(HAVE_GPU, "needs torch with CUDA")
class RotaryScoresGpu(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        torch.backends.cuda.matmul.allow_tf32 = False
        torch.manual_seed(0)

    # ---- apply_rotary ---------------------------------------------------

    def test_apply_rotary(self):
        compiled = torch.compile(hf_partial)
        # (B, Hq, Hkv, N, d, r, cos batched)
        for b, hq, hkv, n, d, r, batched in [
                (1, 1, 1, 1, 2, 2, False), (2, 8, 2, 33, 64, 64, True),
                (1, 4, 4, 100, 128, 64, False), (2, 6, 3, 17, 80, 32, True),
                (1, 2, 1, 9, 10, 6, False), (4, 32, 8, 256, 128, 128, False)]:
            for name in DTYPES:
                dt = tdt(name)
                q, k, cos, sin, c3, s3 = rotary_inputs(
                    (b, hq, hkv, n, d, r, batched), dt, 7)
                qo, ko = ops.apply_rotary(q, k, cos, sin)
                self.assertEqual((qo.dtype, qo.device, qo.shape),
                                 (dt, q.device, q.shape))
                what = f"{name} B{b} Hq{hq} Hkv{hkv} N{n} d{d} r{r}"
                wq, wk = hf_partial(q.double(), k.double(), c3.double(),
                                    s3.double())
                self.assertLessEqual(rel(qo, wq), F64_BOUND[name], what)
                self.assertLessEqual(rel(ko, wk), F64_BOUND[name], what)
                # torch.compile'd HF code too (Inductor computes in f32 and
                # rounds once, as we do), on one shape: compiling is slow.
                refs = (hf_partial, compiled) if d == 80 else (hf_partial,)
                for ref in refs:
                    tq, tk = ref(q, k, c3, s3)
                    self.assertLessEqual(rel(qo, tq), BOUND[name], what)
                    self.assertLessEqual(rel(ko, tk), BOUND[name], what)

    def test_apply_rotary_variants(self):
        # Each design of ops/_rotary.py (the tests' CPU list, forced) on the
        # GPU against f64 HF, at odd shapes and the bench's GQA layout, and
        # in place; the bits past r copied unchanged.
        from test_ops_rotary import VARIANTS
        for b, hq, hkv, n, d, r, batched in [
                (2, 5, 5, 33, 128, 120, True), (1, 3, 1, 7, 76, 64, False),
                (2, 32, 8, 100, 128, 128, False),
                (1, 4, 2, 65, 64, 32, True)]:
            for name in DTYPES:
                dt = tdt(name)
                q, k, cos, sin, c3, s3 = rotary_inputs(
                    (b, hq, hkv, n, d, r, batched), dt, 3)
                wq, wk = hf_partial(q.double(), k.double(), c3.double(),
                                    s3.double())
                for variant, tun in VARIANTS:
                    what = f"{variant} {name} B{b} Hq{hq} Hkv{hkv} N{n} " \
                        f"d{d} r{r}"
                    with ops.tuned(rotary=tun):
                        qo, ko = ops.apply_rotary(q, k, cos, sin)
                        qi, ki = q.clone(), k.clone()
                        ops.apply_rotary(qi, ki, cos, sin, out=(qi, ki))
                    torch.cuda.synchronize()
                    self.assertLessEqual(rel(qo, wq), F64_BOUND[name], what)
                    self.assertLessEqual(rel(ko, wk), F64_BOUND[name], what)
                    self.assertTrue(torch.equal(qi, qo), what)
                    self.assertTrue(torch.equal(ki, ko), what)
                    self.assertTrue(torch.equal(qo[..., r:], q[..., r:]),
                                    what)

    def test_apply_rotary_stream_and_out(self):
        q = torch.randn(2, 4, 64, 128, device="cuda")
        k = torch.randn(2, 2, 64, 128, device="cuda")
        cos, sin = ops.rotary_cos_sin(torch.arange(64, device="cuda"), 128)
        out = (torch.empty_like(q), torch.empty_like(k))
        s = torch.cuda.Stream()
        s.wait_stream(torch.cuda.current_stream())
        with torch.cuda.stream(s):
            qo, ko = ops.apply_rotary(q, k, cos, sin, out=out)
        s.synchronize()
        self.assertIs(qo, out[0])
        wq, wk = hf_apply_rotary_pos_emb(
            q.double(), k.double(), cos[None].double(), sin[None].double())
        self.assertLessEqual(rel(qo, wq), F64_BOUND["float32"])
        self.assertLessEqual(rel(ko, wk), F64_BOUND["float32"])

    def test_rotary_cos_sin(self):
        for name in DTYPES:
            pos = torch.arange(3 * 50, device="cuda").reshape(3, 50) * 13
            for dim, base in ((64, 10000.0), (128, 500000.0)):
                cos, sin = ops.rotary_cos_sin(pos, dim, base=base,
                                              dtype=tdt(name))
                wc, ws = hf_cos_sin(pos, dim, base, tdt(name))
                self.assertEqual((cos.shape, cos.dtype, cos.device),
                                 (wc.shape, wc.dtype, wc.device))
                # The same f32 angles as HF; our cos/sin are within half an
                # ulp, torch's within one or two: 1e-6 in f32, a rounding
                # of the dtype otherwise.
                tol = 1e-6 if name == "float32" else F64_BOUND[name]
                self.assertLessEqual(float((cos.float() - wc.float()).abs()
                                           .max()), tol, name)
                self.assertLessEqual(float((sin.float() - ws.float()).abs()
                                           .max()), tol, name)
            c1, _ = ops.rotary_cos_sin(pos[0], 64, dtype=tdt(name))
            self.assertEqual(c1.shape, (50, 64))

    def test_errors(self):
        q = torch.randn(1, 2, 4, 8, device="cuda")
        k = torch.randn(1, 2, 4, 8, device="cuda")
        cos = torch.ones(4, 8, device="cuda")
        with self.assertRaisesRegex(ValueError, "k: on cpu, but q is on cuda"):
            ops.apply_rotary(q, k.cpu(), cos, cos)
        with self.assertRaisesRegex(ValueError, "sin: on cpu"):
            ops.apply_rotary(q, k, cos, cos.cpu())
        with self.assertRaisesRegex(ValueError, "k: on cpu"):
            ops.attention_scores(q, k.cpu())
        with self.assertRaisesRegex(ValueError, "out: on cpu"):
            ops.attention_scores(q, k, out=torch.empty(1, 2, 4, 4))
        with self.assertRaisesRegex(ValueError, "q: the tensor is not "
                                    "contiguous"):
            ops.attention_scores(q.transpose(2, 3), k)

    # ---- attention_scores -----------------------------------------------

    def test_attention_scores(self):
        for b, h, n, m, d in [(1, 1, 1, 1, 2), (2, 4, 1, 300, 64),
                              (1, 8, 333, 333, 64), (2, 2, 100, 257, 128),
                              (1, 2, 70, 40, 16), (2, 16, 512, 512, 64)]:
            for name in DTYPES:
                dt = tdt(name)
                q = torch.randn(b, h, n, d, device="cuda", dtype=dt)
                k = torch.randn(b, h, m, d, device="cuda", dtype=dt)
                for causal, scale in ((True, None), (False, None),
                                      (True, 0.3)):
                    sc = d ** -0.5 if scale is None else scale
                    s = ops.attention_scores(q, k, causal=causal, scale=scale)
                    what = f"{name} B{b} H{h} N{n} M{m} d{d} causal={causal}"
                    self.assertEqual((s.dtype, s.shape), (dt, (b, h, n, m)))
                    want = torch_scores(q.double(), k.double(), causal, sc)
                    shown = torch.isfinite(want)
                    self.assertTrue(bool((s[~shown] == float("-inf")).all()),
                                    what)
                    acc = d * 2.0 ** -24 * float(
                        (q.double().abs() @ k.double().abs().transpose(-1, -2))
                        .max()) * abs(sc)
                    top = max(1.0, float(want[shown].abs().max()))
                    err = float((s.double() - want)[shown].abs().max()) / top
                    self.assertLessEqual(err, F64_BOUND[name] + acc / top,
                                         what)
                    t = torch_scores(q, k, causal, sc)
                    err = float((s.double() - t.double())[shown].abs().max())
                    self.assertLessEqual(err / top, BOUND[name] + acc / top,
                                         what)

    def test_attention_scores_stream(self):
        q = torch.randn(1, 4, 200, 64, device="cuda", dtype=torch.bfloat16)
        k = torch.randn(1, 4, 300, 64, device="cuda", dtype=torch.bfloat16)
        s = torch.cuda.Stream()
        s.wait_stream(torch.cuda.current_stream())
        with torch.cuda.stream(s):
            out = ops.attention_scores(q, k)
        s.synchronize()
        want = torch_scores(q.double(), k.double(), True, 0.125)
        shown = torch.isfinite(want)
        err = float((out.double() - want)[shown].abs().max())
        self.assertLessEqual(err / max(1.0, float(want[shown].abs().max())),
                             BOUND["bfloat16"])


def attention64(q, k, v, causal, scale):
    """Attention and its natural-log log-sum-exp in float64 (torch, on q's
    device): k/v heads repeated for grouped-query attention, the causal
    diagonal at the bottom-right (query i sees keys j <= i + Nkv - Nq); a
    query that sees no key gets 0 and -inf."""
    group = q.shape[1] // k.shape[1]
    q = q.double()
    k = k.double().repeat_interleave(group, 1)
    v = v.double().repeat_interleave(group, 1)
    s = (q @ k.transpose(-1, -2)) * scale
    if causal:
        nq, nkv = s.shape[-2:]
        hidden = torch.ones(nq, nkv, dtype=torch.bool, device=q.device).triu(
            nkv - nq + 1)
        s = s.masked_fill(hidden, float("-inf"))
    lse = torch.logsumexp(s, -1)
    return torch.exp(s - lse[..., None]).nan_to_num(0) @ v, lse


def sdpa(q, k, v, causal, scale):
    """torch's SDPA in q's dtype, k/v heads repeated; with causal and
    Nq != Nkv the bottom-right mask is given explicitly (is_causal aligns
    the diagonal top-left)."""
    group = q.shape[1] // k.shape[1]
    k, v = k.repeat_interleave(group, 1), v.repeat_interleave(group, 1)
    nq, nkv = q.shape[-2], k.shape[-2]
    F = torch.nn.functional
    if causal and nq != nkv:
        mask = torch.ones(nq, nkv, dtype=torch.bool, device=q.device).tril(
            nkv - nq)
        return F.scaled_dot_product_attention(q, k, v, attn_mask=mask,
                                              scale=scale)
    return F.scaled_dot_product_attention(q, k, v, is_causal=causal,
                                          scale=scale)


# flash_attention in float32, relative to the largest of 1 and the
# output's largest magnitude over the queries that see a key: against f64
# 1e-5 (3xTF32 products are f32-accurate; a single TF32 pass would be near
# 1e-3), against SDPA in f32 2e-5 (its own f32 error on top); the
# log-sum-exp within 1e-4 absolute of f64.
FLASH_BOUND = {"f64": 1e-5, "sdpa": 2e-5, "lse": 1e-4}


@unittest.skipUnless(HAVE_GPU, "needs torch with CUDA")
class FlashAttentionGpu(unittest.TestCase):
    # (B, Hq, Hkv, Nq, Nkv, d)
    SHAPES = [(1, 1, 1, 1, 1, 64), (2, 8, 2, 333, 333, 64),
              (1, 32, 4, 1024, 1024, 128), (2, 4, 4, 100, 257, 96),
              (1, 8, 8, 1, 700, 128), (1, 4, 1, 300, 100, 128)]

    @classmethod
    def setUpClass(cls):
        torch.backends.cuda.matmul.allow_tf32 = False
        torch.manual_seed(1)

    def check(self, q, k, v, causal, scale, what):
        o, lse = ops.flash_attention(q, k, v, causal=causal, scale=scale,
                                     return_lse=True)
        self.assertEqual((o.dtype, o.shape, o.device),
                         (q.dtype, q.shape, q.device), what)
        self.assertEqual((lse.dtype, lse.shape),
                         (torch.float32, q.shape[:3]), what)
        sc = q.shape[-1] ** -0.5 if scale is None else scale
        want, want_lse = attention64(q, k, v, causal, sc)
        seen = torch.isfinite(want_lse)
        self.assertTrue(bool((lse[~seen] == float("-inf")).all()), what)
        self.assertTrue(bool((o[~seen] == 0).all()), what)
        top = max(1.0, float(want[seen].abs().max()))
        err = float((o.double() - want)[seen].abs().max()) / top
        self.assertLessEqual(err, FLASH_BOUND["f64"], f"{what}: vs f64")
        err = float((lse.double() - want_lse)[seen].abs().max())
        self.assertLessEqual(err, FLASH_BOUND["lse"], f"{what}: lse")
        t = sdpa(q, k, v, causal, sc)
        err = float((o.double() - t.double())[seen].abs().max()) / top
        self.assertLessEqual(err, FLASH_BOUND["sdpa"], f"{what}: vs SDPA")

    def test_flash_attention(self):
        for b, hq, hkv, nq, nkv, d in self.SHAPES:
            q = torch.randn(b, hq, nq, d, device="cuda")
            k = torch.randn(b, hkv, nkv, d, device="cuda")
            v = torch.randn(b, hkv, nkv, d, device="cuda")
            for causal, scale in ((True, None), (False, None), (True, 0.3)):
                self.check(q, k, v, causal, scale,
                           f"B{b} Hq{hq} Hkv{hkv} Nq{nq} Nkv{nkv} d{d} "
                           f"causal={causal} scale={scale}")

    def test_flash_attention_stream_and_out(self):
        q = torch.randn(2, 8, 200, 64, device="cuda")
        k = torch.randn(2, 2, 300, 64, device="cuda")
        v = torch.randn(2, 2, 300, 64, device="cuda")
        out = torch.empty_like(q)
        s = torch.cuda.Stream()
        s.wait_stream(torch.cuda.current_stream())
        with torch.cuda.stream(s):
            got = ops.flash_attention(q, k, v, causal=True, out=out)
        s.synchronize()
        self.assertIs(got, out)
        want, _ = attention64(q, k, v, True, 0.125)
        self.assertLessEqual(rel(out, want), FLASH_BOUND["f64"])
        # CPU tensors run on the CPU backend.
        qc, kc, vc = (x[:1, :, :20].cpu().contiguous() for x in (q, k, v))
        want, _ = attention64(qc, kc, vc, True, 0.125)
        self.assertLessEqual(rel(ops.flash_attention(qc, kc, vc, causal=True),
                                 want), FLASH_BOUND["f64"])


@unittest.skipUnless(HAVE_GPU, "needs torch with CUDA")
class FlashAttention16Gpu(unittest.TestCase):
    """bf16 and f16 on the 16-bit tensor cores. Bound (issue 14): the
    largest error against float64 at most twice SDPA's in the same dtype on
    the same inputs (SDPA rounds P to 16 bits as we do), the log-sum-exp
    within 1e-3 absolute."""
    # (B, Hq, Hkv, Nq, Nkv, d)
    SHAPES = [(1, 1, 1, 1, 1, 64), (2, 8, 2, 333, 333, 64),
              (1, 32, 4, 1024, 1024, 128), (2, 4, 4, 100, 257, 96),
              (1, 8, 8, 1, 700, 128), (1, 4, 1, 300, 100, 128),
              (1, 8, 1, 129, 129, 32), (1, 4, 4, 200, 333, 256),
              (2, 16, 16, 2048, 2048, 64)]

    def check(self, q, k, v, causal, what):
        o, lse = ops.flash_attention(q, k, v, causal=causal, return_lse=True)
        self.assertEqual((o.dtype, o.shape), (q.dtype, q.shape), what)
        sc = q.shape[-1] ** -0.5
        want, want_lse = attention64(q, k, v, causal, sc)
        seen = torch.isfinite(want_lse)
        self.assertTrue(bool((lse[~seen] == float("-inf")).all()), what)
        self.assertTrue(bool((o[~seen] == 0).all()), what)
        ours = float((o.double() - want)[seen].abs().max())
        theirs = float((sdpa(q, k, v, causal, sc).double() - want)[seen]
                       .abs().max())
        self.assertLessEqual(ours, 2 * theirs, f"{what}: {ours:.3g} vs "
                             f"SDPA's {theirs:.3g} (against float64)")
        err = float((lse.double() - want_lse)[seen].abs().max())
        self.assertLessEqual(err, 1e-3, f"{what}: lse")

    def test_flash_attention_16(self):
        for dt in (torch.bfloat16, torch.float16):
            for b, hq, hkv, nq, nkv, d in self.SHAPES:
                q = torch.randn(b, hq, nq, d, device="cuda", dtype=dt)
                k = torch.randn(b, hkv, nkv, d, device="cuda", dtype=dt)
                v = torch.randn(b, hkv, nkv, d, device="cuda", dtype=dt)
                for causal in (True, False):
                    self.check(q, k, v, causal,
                               f"{dt} B{b} Hq{hq} Hkv{hkv} Nq{nq} Nkv{nkv} "
                               f"d{d} causal={causal}")

    def test_flash_attention_16_mma_sync(self):
        """The same through the mma.sync kernel, which sm_80 GPUs run (an
        sm_90 GPU takes the Hopper kernel at d64 and d128 otherwise)."""
        with ops.tuned(attention=dict(hopper=False)):
            self.test_flash_attention_16()


if __name__ == "__main__":
    unittest.main()
