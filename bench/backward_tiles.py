#!/usr/bin/env python3
"""The Hopper backward's block shape, side by side on the same tensors:
dS^T to shared memory by STMATRIX or 32-bit stores (-D STM), consumer
warpgroups a block (-D NCWG, 64 keys each), query rows a tile
(-D BR), blocks an SM (-D MINB: 2 gives each consumer 232 registers
instead of 240 and needs the block's shared memory under half the SM's),
and the floats an atomic of dQ (-D DQ_VEC), next to SDPA's cuDNN and FA2
backends (bf16, TFLOP/s, the backward at 2.5x the forward's FLOPs, causal
counting half; the op's backward alone, from our forward's O and LSE).

    WARPFORTH_LIB=.../libwarpforth.so python3 bench/backward_tiles.py
"""
import torch
import torch.nn.functional as F
from common import attention_inputs, median_ms
from torch.nn.attention import SDPBackend, sdpa_kernel

from warpforth import ops

SHAPES = [(8, 12, 12, 1024, 64, True), (4, 16, 16, 4096, 64, True),
          (4, 16, 16, 4096, 128, True), (4, 32, 8, 4096, 128, True),
          (4, 16, 16, 4096, 64, False)]
VARIANTS = {
    64: [{}, {"STM": 0}, {"DQ_VEC": 4}, {"NCWG": 1, "BR": 64, "MINB": 2},
         {"NCWG": 1, "MINB": 2}, {"NCWG": 2, "BR": 64}],
    128: [{}, {"STM": 0}, {"DQ_VEC": 4}, {"NCWG": 1, "MINB": 2}],
}


def sdpa_ms(q, k, v, do, causal, backend):
    with sdpa_kernel(backend):
        o = F.scaled_dot_product_attention(
            q, k, v, is_causal=causal, enable_gqa=k.shape[1] != q.shape[1])
    return median_ms(lambda: torch.autograd.grad(o, (q, k, v), do,
                                                 retain_graph=True), reps=10)


for b, hq, hkv, n, d, causal in SHAPES:
    q, k, v, do, fl = attention_inputs(b, hq, hkv, n, d, causal)
    fl *= 2.5                                  # the backward's FLOPs
    with torch.no_grad():
        o, lse = ops.flash_attention(q, k, v, causal=causal, return_lse=True)
    ref = ops.flash_attention_backward(do, q, k, v, o, lse, causal)
    cells = []
    for var in VARIANTS[d]:
        name = " ".join(f"{k_}={v_}" for k_, v_ in var.items()) or "default"
        try:
            with ops.tuned(attention_backward=dict(hopper_defines=var)):
                g = ops.flash_attention_backward(do, q, k, v, o, lse, causal)
                err = max(((x.float() - y.float()).abs().max()
                           / y.float().abs().max()).item()
                          for x, y in zip(g, ref))
                ms = median_ms(lambda: ops.flash_attention_backward(
                    do, q, k, v, o, lse, causal), reps=10)
            cells.append(f"{name}: {fl / ms / 1e9:.0f} (vs default "
                         f"{err:.0e})")
        except Exception as e:  # shared memory, registers
            cells.append(f"{name}: - ({str(e).splitlines()[0][:60]})")
    for bname, be in (("cuDNN", SDPBackend.CUDNN_ATTENTION),
                      ("FA2", SDPBackend.FLASH_ATTENTION)):
        try:
            cells.append(f"{bname}: "
                         f"{fl / sdpa_ms(q, k, v, do, causal, be) / 1e9:.0f}")
        except RuntimeError as e:
            cells.append(f"{bname}: - ({str(e).splitlines()[0][:40]})")
    print(f"B{b} H{hq}/{hkv} N{n} d{d} {'causal' if causal else 'full'}:\n  "
          + "\n  ".join(cells), flush=True)
