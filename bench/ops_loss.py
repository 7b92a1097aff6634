#!/usr/bin/env python3
"""cross_entropy and linear_cross_entropy against torch (eager, and
torch.compile), and Liger Kernel where `import liger_kernel` works, on the
same tensors in one process on the GPU, forward + backward.

- cross_entropy of (tokens, vocab) logits: ms a step, TB/s of ours (bytes:
  the logits read forward and backward, the gradient written: 3 passes),
  its fraction of the device-to-device copy rate of this run, and the
  ratio of each reference's time to ours (above 1: ours faster).
- linear_cross_entropy (hidden (tokens, H) @ weight (V, H)): ms, TFLOP/s
  (3 GEMMs of 2 N H V flops), the peak memory the step adds
  (torch.cuda.max_memory_allocated above what the inputs hold), ratios.
  Stock torch materializes the logits in float32, as HuggingFace's
  models do before their loss.

    WARPFORTH_LIB=.../libwarpforth.so python3 bench/ops_loss.py
    ... bench/ops_loss.py --cpu      a smoke run on the CPU backend (tiny
                                     shapes; checks, no timings)
"""

from __future__ import annotations

import argparse

import torch
from common import copy_rate_tbs, median_ms

from warpforth import ops

CE_SHAPES = [((8192, 128256), torch.bfloat16), ((16384, 50257),
                                                  torch.bfloat16),
             ((4096, 128256), torch.float32)]
LINEAR_SHAPES = [(8192, 4096, 128256, torch.bfloat16),
                 (8192, 768, 50257, torch.bfloat16)]


# The loss kernel's rows of a block tried next to the defaults.
CE_VARIANTS = [(f"{t} threads, {u} vectors in flight",
                {"threads": t, "unroll": u})
               for t, u in ((256, 1), (256, 2), (512, 2), (512, 4),
                            (1024, 2))]
# linear_cross_entropy's knobs tried next to its defaults.
VARIANTS = [("chunks of 256 MiB", {"chunk_bytes": 256 << 20}),
            ("weight gradient summed in bf16", {"f32_weight_grad": False})]


def tuned_linear(knobs, h, w, t):
    with ops.tuned(cross_entropy=knobs):
        return ops.linear_cross_entropy(h, w, t)


def liger():
    """Liger Kernel's functional cross-entropy and fused linear
    cross-entropy, or None where it is not installed."""
    try:
        from liger_kernel.transformers.functional import (
            liger_cross_entropy, liger_fused_linear_cross_entropy)
    except ImportError:
        return None
    return liger_cross_entropy, liger_fused_linear_cross_entropy


def stock_ce(x, t):
    return torch.nn.functional.cross_entropy(x.float(), t)


def stock_linear(h, w, t):
    return torch.nn.functional.cross_entropy((h @ w.t()).float(), t)


def step(loss_fn, *leaves):
    """One forward + backward (gradients into .grad, zeroed first)."""
    def run():
        for x in leaves:
            x.grad = None
        loss_fn().backward()
    return run


def peak_mb(fn, leaves) -> float:
    """The memory a step adds at its peak above the inputs (their
    gradients freed first)."""
    for x in leaves:
        x.grad = None
    torch.cuda.synchronize()
    base = torch.cuda.memory_allocated()
    torch.cuda.reset_peak_memory_stats()
    fn()
    torch.cuda.synchronize()
    return (torch.cuda.max_memory_allocated() - base) / 2 ** 20


def bench_ce(reps: int, copy: float, lig) -> None:
    print("\n## cross_entropy, forward + backward (mean over tokens)")
    print("| logits | warpforth ms | TB/s | of copy | torch eager | "
          "torch.compile | Liger | max diff (loss, grad) |")
    print("|---|---|---|---|---|---|---|---|")
    for (n, v), dt in CE_SHAPES:
        torch.cuda.empty_cache()
        x = (torch.randn(n, v, device="cuda", dtype=dt) * 3).requires_grad_()
        t = torch.randint(0, v, (n,), device="cuda")
        ours = step(lambda: ops.cross_entropy(x, t), x)
        ours()
        g_ours = x.grad.clone()
        l_ours = ops.cross_entropy(x, t)
        ref = stock_ce(x, t)
        ref.backward()
        diff = (float((l_ours - ref).abs()),
                float((g_ours.float() - x.grad.float()).abs().max()))
        cols = [median_ms(ours, reps)]
        compiled = torch.compile(stock_ce)
        refs = [step(lambda: stock_ce(x, t), x),
                step(lambda: compiled(x, t), x)]
        if lig:
            y = x.detach().clone().requires_grad_()   # Liger writes into it
            refs.append(step(lambda: lig[0](y, t), y))
        times = [median_ms(r, reps) for r in refs]
        nbytes = 3 * n * v * x.element_size()
        tb = nbytes / cols[0] / 1e9
        print(f"| {n}x{v} {str(dt)[6:]} | {cols[0]:.3f} | {tb:.2f} | "
              f"{tb / copy:.2f} | "
              + " | ".join(f"{tm:.3f} ({tm / cols[0]:.2f}x)" for tm in times)
              + (" | - " if not lig else "")
              + f" | {diff[0]:.1e}, {diff[1]:.1e} |")
        for label, knobs in CE_VARIANTS:
            with ops.tuned(cross_entropy=knobs):
                tm = median_ms(ours, reps)
            print(f"|   ours, {label} | {tm:.3f} | "
                  f"{nbytes / tm / 1e9:.2f} | {nbytes / tm / 1e9 / copy:.2f}"
                  " |")
        del x, g_ours
        torch.cuda.empty_cache()


def bench_linear(reps: int, lig) -> None:
    print("\n## linear_cross_entropy, forward + backward (mean)")
    print("| tokens x H x V | warpforth ms | TFLOP/s | peak MB | "
          "stock ms (ratio) | peak MB | torch.compile ms | Liger ms | "
          "peak MB | loss diff |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for n, hd, v, dt in LINEAR_SHAPES:
        h = (torch.randn(n, hd, device="cuda", dtype=dt)).requires_grad_()
        w = (torch.randn(v, hd, device="cuda", dtype=dt)
             / hd ** 0.5).requires_grad_()
        t = torch.randint(0, v, (n,), device="cuda")
        diff = float((ops.linear_cross_entropy(h, w, t)
                      - stock_linear(h, w, t)).abs())
        runs = {"ours": step(lambda: ops.linear_cross_entropy(h, w, t),
                             h, w),
                "stock": step(lambda: stock_linear(h, w, t), h, w)}
        for label, knobs in VARIANTS:
            runs[label] = step(lambda k=knobs: tuned_linear(k, h, w, t),
                               h, w)
        compiled = torch.compile(stock_linear)
        runs["compile"] = step(lambda: compiled(h, w, t), h, w)
        if lig:
            runs["liger"] = step(lambda: lig[1](h, w, t), h, w)
        ms, mb = {}, {}
        for name, fn in runs.items():
            fn()
            mb[name] = peak_mb(fn, (h, w))
            ms[name] = median_ms(fn, reps)
        flops = 6 * n * hd * v
        o = ms["ours"]
        lg = (f"{ms['liger']:.2f} ({ms['liger'] / o:.2f}x) | "
              f"{mb['liger']:.0f}" if lig else "- | -")
        print(f"| {n}x{hd}x{v} | {o:.2f} | {flops / o / 1e9:.0f} | "
              f"{mb['ours']:.0f} | {ms['stock']:.2f} "
              f"({ms['stock'] / o:.2f}x) | {mb['stock']:.0f} | "
              f"{ms['compile']:.2f} ({ms['compile'] / o:.2f}x) | {lg} | "
              f"{diff:.1e} |")
        for label, _ in VARIANTS:
            print(f"|   ours, {label} | {ms[label]:.2f} | "
                  f"{flops / ms[label] / 1e9:.0f} | {mb[label]:.0f} | "
                  f"{ms['stock'] / ms[label]:.2f}x stock |")
        del h, w
        torch.cuda.empty_cache()


def profile_linear() -> None:
    """Where one linear_cross_entropy step's GPU time goes (torch.profiler,
    CUDA kernels by total time), next to stock torch's, at the first
    LINEAR_SHAPES shape."""
    from torch.profiler import ProfilerActivity, profile
    n, hd, v, dt = LINEAR_SHAPES[0]
    h = torch.randn(n, hd, device="cuda", dtype=dt).requires_grad_()
    w = (torch.randn(v, hd, device="cuda", dtype=dt)
         / hd ** 0.5).requires_grad_()
    t = torch.randint(0, v, (n,), device="cuda")
    for name, fn in (("warpforth", lambda: ops.linear_cross_entropy(h, w, t)),
                     ("stock", lambda: stock_linear(h, w, t))):
        run = step(fn, h, w)
        run()
        torch.cuda.synchronize()
        with profile(activities=[ProfilerActivity.CPU,
                                 ProfilerActivity.CUDA]) as prof:
            run()
            torch.cuda.synchronize()
        ev = prof.key_averages()
        print(f"\n### {name}, {n}x{hd}x{v}")
        print(ev.table(sort_by="self_cuda_time_total", row_limit=12,
                       max_name_column_width=60))
        # The host's side: where a call waits (a sync, an allocation).
        print(ev.table(sort_by="self_cpu_time_total", row_limit=12,
                       max_name_column_width=60))


def smoke_cpu() -> None:
    """The bench's calls on CPU tensors at tiny shapes, checked against
    torch (so that this script is tested where there is no GPU)."""
    g = torch.Generator().manual_seed(0)
    x = torch.randn(6, 300, generator=g).bfloat16().requires_grad_()
    t = torch.randint(0, 300, (6,), generator=g)
    loss = ops.cross_entropy(x, t)
    loss.backward()
    ref = x.detach().clone().requires_grad_()
    stock_ce(ref, t).backward()
    assert float((loss - stock_ce(ref, t)).abs().detach()) < 1e-4
    assert float((x.grad.float() - ref.grad.float()).abs().max()) < 1e-3
    h = torch.randn(9, 16, generator=g, requires_grad=True)
    w = torch.randn(300, 16, generator=g, requires_grad=True)
    a = ops.linear_cross_entropy(h, w, t[:1].repeat(9))
    b = stock_linear(h, w, t[:1].repeat(9))
    assert float((a - b).abs().detach()) < 1e-4
    print("cpu smoke: OK")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--reps", type=int, default=10)
    p.add_argument("--cpu", action="store_true")
    p.add_argument("--linear-only", action="store_true",
                   help="linear_cross_entropy's table only")
    p.add_argument("--profile", action="store_true",
                   help="torch.profiler of linear_cross_entropy only")
    args = p.parse_args()
    if args.cpu:
        smoke_cpu()
        return
    if args.profile:
        profile_linear()
        return
    lig = liger()
    copy = copy_rate_tbs()
    print(f"GPU: {torch.cuda.get_device_name()}, torch {torch.__version__}, "
          f"copy {copy:.2f} TB/s, Liger "
          f"{'yes' if lig else 'not installed'}")
    if not args.linear_only:
        bench_ce(args.reps, copy, lig)
    bench_linear(args.reps, lig)


if __name__ == "__main__":
    main()
