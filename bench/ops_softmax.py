#!/usr/bin/env python3
"""softmax and softmax_backward: warpforth.ops against torch (eager and
torch.compile) on the same tensors, in one process on the GPU. Prints
bandwidth (bytes read + written, once each) in TB/s, its fraction of the
device-to-device copy rate measured in the same run, and the ratio of
torch's best time to ours (above 1: faster). Times are the GPU's (a sleep
kernel hides each call's host launch cost, bench/common.py); the last
column repeats ours with the host cost included, which is what a
launch-bound shape costs a Python caller.

Then (unless --no-variants) each design the op can be switched to
(ops/_softmax.py's tunables) on the shapes it concerns, on the same
tensors, next to torch's best: the pipelined rows (softmax_pipe: rows
in shared memory 1 to 3 deep, 16-bit and f32) against the one-row-per-block
kernels, and the few long rows split across blocks (two launches) or in
one launch by a cluster of blocks a row (sm_90). Each variant's result is
checked against torch first (max abs error).

    WARPFORTH_LIB=.../libwarpforth.so python3 bench/ops_softmax.py
    ... bench/ops_softmax.py --variants-only
    ... bench/ops_softmax.py --graphs   every side timed from CUDA-graph
                    replays (steadier for the ~30 us shapes)
"""

from __future__ import annotations

import argparse

import torch
from common import copy_rate_tbs, graph_ms, median_ms, tbs

from warpforth import ops

FORWARD = [((16384, 4096), torch.float32), ((16384, 4096), torch.bfloat16),
           ((4096, 32768), torch.float32), ((4096, 32768), torch.bfloat16),
           ((64, 128256), torch.float32), ((64, 128256), torch.bfloat16)]
BACKWARD = [((16384, 4096), torch.float32), ((16384, 4096), torch.bfloat16)]

# (shapes, dtypes, [(label, tunables)]): the first of each list is the
# design the op had before (the baseline), the rest the candidates.
OLD_PIPE = {"pipe": False}
OLD_SPLIT = {"split_regs": False, "split_rev": False, "split_batch": 0}
SPLIT_NOW = {"split_regs": True, "split_rev": True, "split_batch": 0}
VARIANTS = [
    ([(4096, 32768)], [torch.bfloat16, torch.float16], [
        ("shared rows (before)", OLD_PIPE),
        ("pipe nbuf1", {"pipe": True, "pipe_nbuf": 1}),
        ("pipe nbuf2", {"pipe": True, "pipe_nbuf": 2}),
        ("pipe nbuf3", {"pipe": True, "pipe_nbuf": 3}),
    ]),
    # f32 rows of 32K columns: one row in shared memory (128 KiB), the next
    # loading while this one is computed from registers.
    ([(4096, 32768), (4096, 16384)], [torch.float32], [
        ("rows (now)", OLD_PIPE),
        ("pipe", {"pipe": True, "pipe_nbuf": 2, "pipe_min_cols": 8192,
                  "pipe_dtypes": ("f32", "bf16", "f16")}),
    ]),
    ([(4096, 16384), (8192, 8192)], [torch.bfloat16], [
        ("register rows (now)", OLD_PIPE),
        ("pipe nbuf2", {"pipe": True, "pipe_nbuf": 2, "pipe_min_cols": 8192}),
        ("pipe nbuf3", {"pipe": True, "pipe_nbuf": 3, "pipe_min_cols": 8192}),
    ]),
    # Few long rows: split across blocks (two launches, the second reading
    # the row again, mostly from L2) or a cluster of blocks a row in one
    # launch (sm_90: each element read once).
    ([(64, 128256)], [torch.float32, torch.bfloat16], [
        ("split regs rev (before)", {**SPLIT_NOW, "cluster": False}),
        ("split streamed", {**OLD_SPLIT, "cluster": False}),
        ("split regs rev chunk16384", {**SPLIT_NOW, "cluster": False,
                                       "chunk": 16384}),
        ("cluster 8x512 32 values", {**SPLIT_NOW, "cluster": True,
                                     "cluster_dtypes": ("f32", "bf16",
                                                        "f16")}),
        ("cluster 8x1024 16 values", {**SPLIT_NOW, "cluster": True,
                                      "cluster_values": 16,
                                      "cluster_dtypes": ("f32", "bf16",
                                                         "f16")}),
        ("cluster 4x1024 32 values", {**SPLIT_NOW, "cluster": True,
                                      "cluster_blocks": 4,
                                      "cluster_dtypes": ("f32", "bf16",
                                                         "f16")}),
    ]),
]

# How a call is timed: median_ms, or graph_ms with --graphs.
TIME = median_ms


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--no-variants", action="store_true")
    ap.add_argument("--variants-only", action="store_true")
    ap.add_argument("--graphs", action="store_true",
                    help="time every call, ours and torch's, from CUDA-graph "
                    "replays (common.graph_ms): steadier at ~30 us")
    args = ap.parse_args()
    global TIME
    if args.graphs:
        TIME = graph_ms
    copy = copy_rate_tbs()
    print(f"device-to-device copy: {copy:.2f} TB/s "
          f"({torch.cuda.get_device_name()})")
    compiled = torch.compile(lambda t: torch.softmax(t, -1))
    if not args.variants_only:
        table(compiled, copy)
    if not args.no_variants:
        variants(compiled, copy)


def table(compiled, copy) -> None:
    print(f"{'op':<22}{'shape':<16}{'dtype':<10}{'warpforth':>16}"
          f"{'torch':>16}{'compile':>16}{'ratio':>8}")
    for shape, dt in FORWARD:
        x = torch.randn(shape, device="cuda", dtype=dt)
        out = torch.empty_like(x)
        nbytes = 2 * x.numel() * x.element_size()
        ours = TIME(lambda: ops.softmax(x, out=out))
        eager = TIME(lambda: torch.softmax(x, -1))
        comp = TIME(lambda: compiled(x))
        host = median_ms(lambda: ops.softmax(x, out=out), device_only=False)
        row("softmax", shape, dt, nbytes, ours, eager, comp, copy, host)
    for shape, dt in BACKWARD:
        y = torch.softmax(torch.randn(shape, device="cuda"), -1).to(dt)
        dy = torch.randn(shape, device="cuda", dtype=dt)
        out = torch.empty_like(y)
        nbytes = 3 * y.numel() * y.element_size()
        ours = TIME(lambda: ops.softmax_backward(y, dy, out=out))
        eager = TIME(
            lambda: torch._softmax_backward_data(dy, y, -1, y.dtype))
        host = median_ms(lambda: ops.softmax_backward(y, dy, out=out),
                         device_only=False)
        row("softmax_backward", shape, dt, nbytes, ours, eager, None, copy,
            host)


def row(name, shape, dt, nbytes, ours, eager, comp, copy, host) -> None:
    best = min(t for t in (eager, comp) if t is not None)
    cell = lambda ms: f"{tbs(nbytes, ms):5.2f} TB/s {ms:6.3f}"  # noqa: E731
    print(f"{name:<22}{'x'.join(map(str, shape)):<16}"
          f"{str(dt).replace('torch.', ''):<10}{cell(ours):>16}"
          f"{cell(eager):>16}{cell(comp) if comp else '-':>16}"
          f"{best / ours:8.2f}   ({tbs(nbytes, ours) / copy:.0%} of copy; "
          f"with host cost {host:.3f} ms)")


def variants(compiled, copy) -> None:
    print("\nvariants (ops/_softmax.py tunables), same tensors, GPU time; "
          "ratio = best torch / ours")
    for shapes, dts, vs in VARIANTS:
        for shape in shapes:
            for dt in dts:
                x = torch.randn(shape, device="cuda", dtype=dt)
                x[0, 5::7] = float("-inf")
                out = torch.empty_like(x)
                nbytes = 2 * x.numel() * x.element_size()
                want = torch.softmax(x.float(), -1)
                eager = TIME(lambda: torch.softmax(x, -1))
                comp = TIME(lambda: compiled(x))
                best = min(eager, comp)
                name = f"{'x'.join(map(str, shape))} " \
                       f"{str(dt).replace('torch.', '')}"
                print(f"  {name:<22} torch eager {tbs(nbytes, eager):5.2f} "
                      f"compile {tbs(nbytes, comp):5.2f} TB/s")
                for label, tun in vs:
                    try:
                        with ops.tuned(softmax=tun):
                            out.zero_()
                            ops.softmax(x, out=out)
                            err = (out.float() - want).abs().max().item()
                            ms = TIME(lambda: ops.softmax(x, out=out))
                    except Exception as e:  # noqa: BLE001 (report, go on)
                        print(f"    {label:<24} failed: {e}")
                        continue
                    print(f"    {label:<24} {tbs(nbytes, ms):5.2f} TB/s "
                          f"{ms:7.3f} ms  ratio {best / ms:5.2f}  "
                          f"({tbs(nbytes, ms) / copy:.0%} of copy; "
                          f"max err {err:.1e})")


if __name__ == "__main__":
    main()
