"""Scratch: bf16/f16 flash kernel vs SDPA backends (direct kernel calls)."""
import math, sys, time
import torch
from common import median_ms, ROOT
from warpforth._kernel import Kernel
from warpforth._device import device
from torch.nn.attention import sdpa_kernel, SDPBackend
import torch.nn.functional as F

_k = {}
def kern(dt, d, causal, warps, bc, minb):
    key = (dt, d, causal, warps, bc, minb)
    if key not in _k:
        _k[key] = Kernel.from_file(ROOT / f"kernels/attention/flash_attention_{dt}.forth", device=device("gpu", 0),
            defines={"HEAD_DIM": d, "CAUSAL": int(causal), "WARPS": warps, "BC": bc, "MIN_BLOCKS": minb})
    return _k[key]

def wf(q, k, v, causal, warps=4, bc=64, minb=2):
    B, HQ, NQ, D = q.shape; HKV, NKV = k.shape[1], k.shape[2]
    dt = "bf16" if q.dtype == torch.bfloat16 else "f16"
    kk = kern(dt, D, causal, warps, bc, minb)
    o = torch.empty_like(q); lse = torch.empty((B, HQ, NQ), device=q.device, dtype=torch.float32)
    br = kk.const("BR")
    kk(q, k, v, o, lse, NQ, NKV, HQ, HKV, B, 1 / math.sqrt(D), grid=(-(-NQ // br), HQ, B), block=kk.const("NTHREADS"))
    return o, lse

def sdpa(q, k, v, causal, backend):
    HQ, HKV = q.shape[1], k.shape[1]
    with sdpa_kernel(backend):
        return F.scaled_dot_product_attention(q, k, v, is_causal=causal, enable_gqa=HQ != HKV)

def ref64(q, k, v, causal):
    HQ, HKV = q.shape[1], k.shape[1]
    q, k, v = q.double(), k.double(), v.double()
    k = k.repeat_interleave(HQ // HKV, 1); v = v.repeat_interleave(HQ // HKV, 1)
    s = q @ k.transpose(-1, -2) / math.sqrt(q.shape[-1])
    NQ, NKV = q.shape[2], k.shape[2]
    if causal:
        i = torch.arange(NQ, device=q.device)[:, None]; j = torch.arange(NKV, device=q.device)[None, :]
        s = s.masked_fill(j > i + NKV - NQ, float("-inf"))
    lse = torch.logsumexp(s, -1)
    return torch.softmax(s, -1) @ v, lse

mode = sys.argv[1] if len(sys.argv) > 1 else "all"
torch.manual_seed(0)
if mode in ("all", "check"):
    for dt in (torch.bfloat16, torch.float16):
        for (B, HQ, HKV, NQ, NKV, D, c) in [(2, 4, 4, 1000, 1000, 64, True), (1, 8, 2, 257, 513, 128, True), (1, 4, 1, 129, 129, 96, False), (2, 4, 4, 77, 33, 64, True), (1, 2, 2, 1, 300, 128, False)]:
            q = torch.randn(B, HQ, NQ, D, device="cuda", dtype=dt); k = torch.randn(B, HKV, NKV, D, device="cuda", dtype=dt); v = torch.randn(B, HKV, NKV, D, device="cuda", dtype=dt)
            o, lse = wf(q, k, v, c)
            ro, rl = ref64(q, k, v, c)
            e = (o.double() - ro).abs().max().item()
            try:
                if NQ != NKV and c:
                    raise RuntimeError("sdpa causal is top-left")
                so = sdpa(q, k, v, c, SDPBackend.FLASH_ATTENTION if HQ == HKV else SDPBackend.MATH)
                se = (so.double() - ro).abs().max().item()
            except RuntimeError:
                se = float("nan")
            fin = torch.isfinite(rl)
            le = (lse.double() - rl)[fin].abs().max().item() if fin.any() else 0.0
            print(f"check {str(dt)[6:]} B{B} H{HQ}/{HKV} N{NQ}/{NKV} d{D} c{int(c)}: max err {e:.3g} (sdpa {se:.3g}) lse {le:.2g} inf-ok {bool((torch.isinf(lse) == torch.isinf(rl)).all())}")

if mode == "one":
    D = int(sys.argv[2]); dt = torch.bfloat16
    q = torch.randn(4, 16, 4096, D, device="cuda", dtype=dt); k = torch.randn_like(q); v = torch.randn_like(q)
    for _ in range(2):
        wf(q, k, v, True)
    torch.cuda.synchronize()

if mode in ("all", "bench", "tune"):
    configs = [(4, 64, 2)]
    if mode == "tune":
        configs = [(4, 64, 2), (4, 64, 3), (4, 128, 2), (8, 64, 1), (8, 64, 2), (4, 32, 4)]
    shapes = [(4, 16, 16, 4096, 64, True), (4, 16, 16, 4096, 64, False), (4, 16, 16, 4096, 128, True), (4, 16, 16, 4096, 128, False),
              (8, 12, 12, 1024, 64, True), (4, 32, 8, 4096, 128, True)]
    for dt in ((torch.bfloat16,) if mode == "tune" else (torch.bfloat16, torch.float16)):
        for (B, HQ, HKV, N, D, c) in shapes:
            q = torch.randn(B, HQ, N, D, device="cuda", dtype=dt); k = torch.randn(B, HKV, N, D, device="cuda", dtype=dt); v = torch.randn(B, HKV, N, D, device="cuda", dtype=dt)
            flops = 4 * B * HQ * N * N * D * (0.5 if c else 1.0)
            line = f"{str(dt)[6:]:8s} B{B} H{HQ}/{HKV} N{N} d{D} {'causal' if c else 'full  '}:"
            best = None
            for cfg in configs:
                try:
                    ms = median_ms(lambda: wf(q, k, v, c, *cfg))
                    line += f" wf{cfg} {flops / ms / 1e9:.0f}"
                    best = max(best or 0, flops / ms / 1e9)
                except Exception as ex:
                    line += f" wf{cfg} ERR {str(ex)[:60]}"
            for name, be in (("fa2", SDPBackend.FLASH_ATTENTION), ("cudnn", SDPBackend.CUDNN_ATTENTION)):
                try:
                    ms = median_ms(lambda: sdpa(q, k, v, c, be))
                    line += f" {name} {flops / ms / 1e9:.0f}"
                except Exception as ex:
                    line += f" {name} n/a"
            print(line + "  TFLOP/s")
