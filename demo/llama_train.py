#!/usr/bin/env python3
"""A Llama-style model trained three ways from the same initial weights on
the same tokens: stock transformers (SDPA attention, torch's norms, MLP and
loss on the full logits), Liger Kernel (apply_liger_kernel_to_llama, where
`import liger_kernel` works) and WarpForth (warpforth.hf.apply_to_llama:
rms_norm, swiglu, apply_rotary, flash_attention, linear_cross_entropy).
AdamW under bf16 autocast, one model at a time on the GPU. Prints each
model's losses (their largest difference from stock over the run),
tokens/s (median step after two warm-up steps) and peak memory
(torch.cuda.max_memory_allocated over the run).

Default model (issue 42): 8 layers, hidden 1024, 16 heads (8 KV heads),
MLP 4096, vocab 128256, sequence 2048, batch 4; random init, synthetic
tokens (nothing is downloaded).

    PYTHONPATH=bindings/python WARPFORTH_LIB=... python3 demo/llama_train.py
    ... demo/llama_train.py --cpu     a tiny model on the CPU backend
                                      (stock and WarpForth; a smoke test)
"""

from __future__ import annotations

import argparse
import copy
import statistics
import sys
import time
from pathlib import Path

import torch
from transformers import LlamaConfig, LlamaForCausalLM

sys.path.insert(0, str(Path(__file__).resolve().parent.parent
                       / "bindings" / "python"))
from warpforth import hf  # noqa: E402


def liger_patch():
    """Liger's patch of a Llama model, or None where it is missing or
    refuses this transformers."""
    try:
        from liger_kernel.transformers import apply_liger_kernel_to_llama
    except ImportError:
        return None
    return lambda m: apply_liger_kernel_to_llama(model=m) or m


def train(model, stream, steps: int, device: str,
          profile: bool = False) -> dict:
    """Trains `model` on `steps` batches of `stream`: losses, step times
    (s) and the peak memory (MiB); with `profile`, one more step under
    torch.profiler, its GPU kernels by total time printed."""
    opt = torch.optim.AdamW(model.parameters(), lr=3e-4)
    losses, times = [], []
    if device == "cuda":
        torch.cuda.synchronize()
        torch.cuda.reset_peak_memory_stats()

    def one(ids):
        with torch.autocast(device, dtype=torch.bfloat16):
            loss = model(input_ids=ids, labels=ids, use_cache=False).loss
        loss.backward()
        opt.step()
        opt.zero_grad(set_to_none=True)
        return loss.item()               # (a sync: the step's end)
    for i in range(steps):
        t0 = time.perf_counter()
        losses.append(one(stream[i]))
        times.append(time.perf_counter() - t0)
    peak = (torch.cuda.max_memory_allocated() / 2 ** 20
            if device == "cuda" else 0.0)
    if profile:
        from torch.profiler import ProfilerActivity, profile as prof
        with prof(activities=[ProfilerActivity.CUDA]) as p:
            one(stream[-1])
        print(p.key_averages().table(sort_by="cuda_time_total",
                                     row_limit=15, max_name_column_width=50))
    return {"losses": losses, "times": times, "peak": peak}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--steps", type=int, default=30)
    ap.add_argument("--batch", type=int, default=4)
    ap.add_argument("--seq", type=int, default=2048)
    ap.add_argument("--layers", type=int, default=8)
    ap.add_argument("--hidden", type=int, default=1024)
    ap.add_argument("--vocab", type=int, default=128256)
    ap.add_argument("--cpu", action="store_true")
    ap.add_argument("--profile", action="store_true",
                    help="after each model's run, one step's GPU kernels "
                    "(torch.profiler)")
    args = ap.parse_args()
    device = "cpu" if args.cpu else "cuda"
    if args.cpu:
        args.steps, args.batch, args.seq = 3, 2, 64
        args.layers, args.hidden, args.vocab = 2, 256, 1000
    cfg = LlamaConfig(
        hidden_size=args.hidden, intermediate_size=4 * args.hidden,
        num_hidden_layers=args.layers, num_attention_heads=args.hidden // 64,
        num_key_value_heads=args.hidden // 128, vocab_size=args.vocab,
        max_position_embeddings=args.seq, attn_implementation="sdpa")
    torch.manual_seed(0)
    init = LlamaForCausalLM(cfg).to(device).train()
    gen = torch.Generator(device=device).manual_seed(1)
    stream = torch.randint(0, args.vocab, (args.steps, args.batch, args.seq),
                           device=device, generator=gen)
    ways = {"stock": lambda m: m, "warpforth": hf.apply_to_llama}
    lig = None if args.cpu else liger_patch()
    if lig:
        ways["liger"] = lig
    params = sum(p.numel() for p in init.parameters())
    print(f"Llama-style: {args.layers} layers, hidden {args.hidden}, vocab "
          f"{args.vocab}, {params / 1e6:.0f}M parameters; batch "
          f"{args.batch} x {args.seq}; AdamW, bf16 autocast; "
          f"{args.steps} steps")
    results = {}
    for name, patch in ways.items():
        model = copy.deepcopy(init)
        try:
            model = patch(model)
        except Exception as e:  # noqa: BLE001 - Liger on another HF
            print(f"{name}: patch failed ({type(e).__name__}: {e})")
            continue
        if args.profile:
            print(f"\n### {name}: one step's GPU time")
        results[name] = train(model, stream, args.steps, device,
                              args.profile)
        hf.restore_rotary()
        del model
        if device == "cuda":
            torch.cuda.empty_cache()
    tokens = args.batch * args.seq
    stock = results["stock"]

    def step_s(r):
        return statistics.median(r["times"][2:] or r["times"])
    ok = True
    for name, r in results.items():
        diff = max(abs(a - b) for a, b in zip(r["losses"], stock["losses"]))
        print(f"{name:>10}: loss {r['losses'][0]:.4f} -> "
              f"{r['losses'][-1]:.4f} (max diff from stock {diff:.4f}), "
              f"{tokens / step_s(r):.0f} tokens/s "
              f"({step_s(stock) / step_s(r):.3f}x stock), "
              f"peak {r['peak']:.0f} MiB "
              f"({r['peak'] / max(stock['peak'], 1):.2f}x stock)")
        ok = ok and diff < 0.05
    print("OK" if ok else "FAIL: losses differ beyond bf16 noise")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
