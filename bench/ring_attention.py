#!/usr/bin/env python3
"""warpforth.distributed.ring_attention and ulysses_attention across the
GPUs of one host (issue 38), one process per GPU:

    torchrun --nproc-per-node 2 bench/ring_attention.py [--tokens 65536]
        [--causal] [--backward] [--hq 16 --hkv 16]

B1 d128 bf16, the sequence of --tokens tokens split over the ranks
(zigzag).
Prints, from rank 0: the one-GPU time of ops.flash_attention over the
whole sequence (rank 0 alone, the others waiting), the ring's and
Ulysses' times, their scaling efficiency (one-GPU time / (W x time))
and the point-to-point bandwidth of one K/V block's transfer, all in the
same run (medians of synchronised wall times). Still to add: the ring's
compute alone (what the transfers leave exposed) and a ring of SDPA's
kernels. --cpu runs it on the CPU backend over gloo (a smoke test of the
script: tiny shapes, no figures worth reading).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

import torch
import torch.distributed as dist

sys.path.insert(0, str(Path(__file__).resolve().parent.parent
                       / "bindings" / "python"))
from warpforth import distributed as wd  # noqa: E402
from warpforth import ops  # noqa: E402


def timed(fn, reps: int, gpu: bool, together: bool = True) -> float:
    """Median milliseconds of fn() over reps calls (after one warm-up),
    with `together` every rank in step (a barrier before each)."""
    fn()
    out = []
    for _ in range(reps):
        if together:
            dist.barrier()
        if gpu:
            torch.cuda.synchronize()
        t = time.perf_counter()
        fn()
        if gpu:
            torch.cuda.synchronize()
        out.append((time.perf_counter() - t) * 1e3)
    return statistics.median(out)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--tokens", type=int, default=65536)
    p.add_argument("--hq", type=int, default=16)
    p.add_argument("--hkv", type=int, default=16)
    p.add_argument("--causal", action="store_true")
    p.add_argument("--backward", action="store_true")
    p.add_argument("--reps", type=int, default=10)
    p.add_argument("--cpu", action="store_true")
    args = p.parse_args()
    gpu = not args.cpu
    dist.init_process_group("nccl" if gpu else "gloo")
    world, rank = dist.get_world_size(), dist.get_rank()
    dev = torch.device(f"cuda:{int(os.environ.get('LOCAL_RANK', rank))}"
                       if gpu else "cpu")
    if gpu:
        torch.cuda.set_device(dev)
    torch.manual_seed(0)
    d, n = 128, args.tokens
    shapes = ((1, args.hq, n, d), (1, args.hkv, n, d), (1, args.hkv, n, d))
    q, k, v = (torch.randn(s, dtype=torch.bfloat16, device=dev)
               for s in shapes)
    qs, ks, vs = (wd.shard_sequence(x).requires_grad_(args.backward)
                  for x in (q, k, v))
    do = torch.randn_like(qs)

    def run(f):
        def go():
            o = f()
            if args.backward:
                torch.autograd.grad(o, (qs, ks, vs), do)
        return go

    ring = run(lambda: wd.ring_attention(qs, ks, vs, causal=args.causal))
    t_ring = timed(ring, args.reps, gpu)
    t_uly = None
    if args.hq % world == 0 and args.hkv % world == 0:
        t_uly = timed(run(lambda: wd.ulysses_attention(
            qs, ks, vs, causal=args.causal)), args.reps, gpu)
    # The transfer of one K/V block to the next rank and back from the
    # previous one (both directions at once, as a ring step does).
    t_p2p = timed(lambda: wd._Exchange([ks, vs], None).wait(), args.reps,
                  gpu)
    block = 2 * ks.numel() * ks.element_size()
    # One GPU over the whole sequence (rank 0; the others wait).
    t_one = None
    if rank == 0:
        qf, kf, vf = (x.clone().requires_grad_(args.backward)
                      for x in (q, k, v))
        dof = torch.randn_like(qf)

        def one():
            o = ops.flash_attention(qf, kf, vf, causal=args.causal)
            if args.backward:
                torch.autograd.grad(o, (qf, kf, vf), dof)
        t_one = timed(one, args.reps, gpu, together=False)
    dist.barrier()
    if rank == 0:
        what = "fwd+bwd" if args.backward else "fwd"
        print(f"{world} ranks, B1 Hq{args.hq} Hkv{args.hkv} N{n} d{d} bf16 "
              f"{'causal' if args.causal else 'full'}, {what}, zigzag")
        print(f"one GPU (ops.flash_attention, whole sequence): "
              f"{t_one:.3f} ms")
        print(f"ring_attention: {t_ring:.3f} ms, scaling efficiency "
              f"{t_one / (world * t_ring):.2f}")
        if t_uly is not None:
            print(f"ulysses_attention: {t_uly:.3f} ms, scaling efficiency "
                  f"{t_one / (world * t_uly):.2f}")
        print(f"one K/V block ({block / 2**20:.1f} MiB) to the next rank "
              f"and from the previous: {t_p2p:.3f} ms, "
              f"{block / t_p2p / 1e6:.1f} GB/s each way")
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
