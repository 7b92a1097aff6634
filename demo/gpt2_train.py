#!/usr/bin/env python3
"""GPT-2 small trained on WarpForth attention, next to the same model on
SDPA.

Two copies of a randomly initialised GPT2LMHeadModel(GPT2Config()) (the
same weights, dropout off so that both compute the same function) train
on one fixed synthetic token stream with AdamW under bf16 autocast: one
with transformers' SDPA attention, one with warpforth.ops.flash_attention
(forward and backward: kernels/attention/, a torch custom op with
autograd). Prints each step's loss for both, the largest relative
difference of any parameter's gradient at step 1, and tokens/s of both.
Expected: losses equal to within bf16 noise. --compile runs both
models through torch.compile; there transformers hands SDPA an explicit
causal mask, and --sdpa-causal makes the SDPA model call it with
is_causal=True instead (the kernels' like-for-like comparison).

    PYTHONPATH=bindings/python WARPFORTH_LIB=... python3 demo/gpt2_train.py
"""

from __future__ import annotations

import argparse
import copy
import gc
import statistics
import sys
import time
from pathlib import Path

import torch
from transformers import GPT2Config, GPT2LMHeadModel

sys.path.insert(0, str(Path(__file__).resolve().parent.parent
                       / "bindings" / "python"))
from warpforth import hf  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from gpt2 import register as register_attention, use  # noqa: E402

IMPL = "warpforth_flash"


def sdpa_causal(module, query, key, value, attention_mask, scaling=None,
                dropout=0.0, **kwargs):
    """SDPA told is_causal=True without a mask, as `flash` computes
    (--sdpa-causal): under torch.compile transformers hands SDPA an
    explicit (B, 1, N, N) mask instead, which keeps cuDNN from skipping
    the masked tiles."""
    if dropout and module.training:
        raise ValueError("attention dropout is not supported")
    out = torch.nn.functional.scaled_dot_product_attention(
        query, key, value, is_causal=True, scale=scaling)
    return out.transpose(1, 2).contiguous(), None


def step(model, opt, ids) -> torch.Tensor:
    with torch.autocast("cuda", dtype=torch.bfloat16):
        loss = model(input_ids=ids, labels=ids, use_cache=False).loss
    loss.backward()
    return loss


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--steps", type=int, default=20)
    ap.add_argument("--batch", type=int, default=8)
    ap.add_argument("--seq", type=int, default=1024)
    ap.add_argument("--compile", action="store_true",
                    help="torch.compile both models (our attention is then "
                    "the op torch.ops.warpforth.flash_attention)")
    ap.add_argument("--all-ops", action="store_true",
                    help="the WarpForth model also takes warpforth.hf's "
                    "layer norms and fused linear cross-entropy "
                    "(hf.apply_to_gpt2), not only the attention")
    ap.add_argument("--profile", action="store_true",
                    help="after the run, one step of each model under "
                    "torch.profiler: its host (CPU) and GPU time and top "
                    "kernels")
    ap.add_argument("--sdpa-causal", action="store_true",
                    help="the SDPA model calls SDPA with is_causal=True "
                    "and no mask (transformers' own path masks "
                    "explicitly under torch.compile)")
    args = ap.parse_args()

    torch.manual_seed(0)
    register_attention(IMPL, hf.attention)
    register_attention("sdpa_causal", sdpa_causal)
    cfg = GPT2Config(resid_pdrop=0.0, embd_pdrop=0.0, attn_pdrop=0.0)
    base = GPT2LMHeadModel(cfg).cuda().train()
    models = {"sdpa": base, IMPL: copy.deepcopy(base)}
    for impl, m in models.items():
        use(m, "sdpa_causal" if impl == "sdpa" and args.sdpa_causal
            else impl)
    if args.all_ops:
        hf.apply_to_gpt2(models[IMPL])
    opts = {impl: torch.optim.AdamW(m.parameters(), lr=3e-4)
            for impl, m in models.items()}
    # The compiled modules share the models' parameters (the optimizers
    # keep updating those); step 1 compiles, untimed.
    run = ({impl: torch.compile(m) for impl, m in models.items()}
           if args.compile else models)
    gen = torch.Generator(device="cuda").manual_seed(1)
    stream = torch.randint(0, cfg.vocab_size,
                           (args.steps + 2, args.batch, args.seq),
                           device="cuda", generator=gen)
    print(f"GPT-2 small, random init, batch {args.batch} x {args.seq} "
          f"tokens, AdamW lr 3e-4, bf16 autocast"
          + (", torch.compile" if args.compile else "")
          + (", warpforth.hf.apply_to_gpt2" if args.all_ops else "")
          + (", SDPA is_causal without a mask" if args.sdpa_causal
             else ""))

    losses = {impl: [] for impl in models}
    times = {impl: [] for impl in models}
    grad_rel = 0.0
    for i in range(args.steps):
        ids = stream[i]
        if i == 2:
            # Python's full collections walk every object of torch and
            # transformers (about 100 ms on the H100's host) and would land
            # in random timed steps of either model: the objects made so
            # far are frozen out of them.
            gc.collect()
            gc.freeze()
        # The two models take turns at going first (a step's clocks and
        # caches do not favour one of them).
        order = list(run.items())
        for impl, m in order if i % 2 == 0 else order[::-1]:
            torch.cuda.synchronize()
            t0 = time.perf_counter()
            loss = step(m, opts[impl], ids)
            if i > 0:             # step 1 updates after the comparison
                opts[impl].step()
                opts[impl].zero_grad(set_to_none=True)
            torch.cuda.synchronize()
            if i >= 2:            # after warm-up (compiles, autotuning)
                times[impl].append(time.perf_counter() - t0)
            losses[impl].append(loss.item())
        if i == 0:
            # Step 1's gradients, parameter by parameter, then the update.
            for (name, a), (_, b) in zip(
                    models["sdpa"].named_parameters(),
                    models[IMPL].named_parameters()):
                top = a.grad.abs().max().item() or 1.0
                grad_rel = max(grad_rel,
                               (a.grad - b.grad).abs().max().item() / top)
            for impl in models:
                opts[impl].step()
                opts[impl].zero_grad(set_to_none=True)
        ms = ("" if i < 2 else f"  ms sdpa {times['sdpa'][-1] * 1e3:.1f}  "
              f"warpforth {times[IMPL][-1] * 1e3:.1f}")
        print(f"step {i + 1:3d}: loss sdpa {losses['sdpa'][-1]:.4f}  "
              f"warpforth {losses[IMPL][-1]:.4f}{ms}")
    diff = max(abs(a - b) for a, b in zip(losses["sdpa"], losses[IMPL]))
    print(f"step 1 gradients: max relative difference {grad_rel:.3e}")
    print(f"loss: max |difference| over {args.steps} steps {diff:.4f}")
    # tokens/s from the median step (a step that a hiccup of the machine
    # slowed does not count twice as much as it should) and the mean.
    tokens = args.batch * args.seq
    if times["sdpa"]:
        for what, f in (("median step", statistics.median),
                        ("mean step", statistics.fmean)):
            r = {impl: tokens / f(t) for impl, t in times.items()}
            print(f"tokens/s ({what}): sdpa {r['sdpa']:.0f}, warpforth "
                  f"{r[IMPL]:.0f} ({r[IMPL] / r['sdpa']:.3f}x)")
        # Each step ran both models back to back: the ratio of a step's two
        # times is paired, and its spread says how far apart the two
        # speeds can be told (a host hiccup moves one step, not all).
        paired = sorted(a / b for a, b in zip(times["sdpa"], times[IMPL]))
        if len(paired) >= 4:
            q = statistics.quantiles(paired, n=4)
            print(f"speed ratio a step (sdpa time / warpforth time): median "
                  f"{statistics.median(paired):.3f}, quartiles {q[0]:.3f} "
                  f"to {q[2]:.3f} over {len(paired)} steps")
    if args.profile:
        from torch.profiler import ProfilerActivity, profile
        for impl, m in run.items():
            torch.cuda.synchronize()
            with profile(activities=[ProfilerActivity.CPU,
                                     ProfilerActivity.CUDA]) as p:
                step(m, opts[impl], stream[-1])
                torch.cuda.synchronize()
            ev = p.key_averages()
            print(f"\n### {impl}: one step, GPU kernels "
                  f"{sum(e.self_device_time_total for e in ev) / 1e3:.1f} ms")
            print(ev.table(sort_by="self_cuda_time_total", row_limit=10,
                           max_name_column_width=50))
            opts[impl].zero_grad(set_to_none=True)
    ok = diff < 0.05 and grad_rel < 0.1
    print("PASS" if ok else "FAIL")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
