#!/usr/bin/env python3
"""softmax and softmax_backward: warpforth.ops against torch (eager and
torch.compile) on the same tensors, in one process on the GPU. Prints
bandwidth (bytes read + written, once each) in TB/s, its fraction of the
device-to-device copy rate measured in the same run, and the ratio of
torch's best time to ours (above 1: faster). Times are the GPU's (a sleep
kernel hides each call's host launch cost, bench/common.py); the last
column repeats ours with the host cost included, which is what a
launch-bound shape costs a Python caller.

    WARPFORTH_LIB=.../libwarpforth.so python3 bench/ops_softmax.py
"""

from __future__ import annotations

import torch
from common import copy_rate_tbs, median_ms, tbs

from warpforth import ops

FORWARD = [((16384, 4096), torch.float32), ((16384, 4096), torch.bfloat16),
           ((4096, 32768), torch.float32), ((4096, 32768), torch.bfloat16),
           ((64, 128256), torch.float32), ((64, 128256), torch.bfloat16)]
BACKWARD = [((16384, 4096), torch.float32), ((16384, 4096), torch.bfloat16)]


def main() -> None:
    copy = copy_rate_tbs()
    print(f"device-to-device copy: {copy:.2f} TB/s "
          f"({torch.cuda.get_device_name()})")
    compiled = torch.compile(lambda t: torch.softmax(t, -1))
    print(f"{'op':<22}{'shape':<16}{'dtype':<10}{'warpforth':>16}"
          f"{'torch':>16}{'compile':>16}{'ratio':>8}")
    for shape, dt in FORWARD:
        x = torch.randn(shape, device="cuda", dtype=dt)
        out = torch.empty_like(x)
        nbytes = 2 * x.numel() * x.element_size()
        ours = median_ms(lambda: ops.softmax(x, out=out))
        eager = median_ms(lambda: torch.softmax(x, -1))
        comp = median_ms(lambda: compiled(x))
        host = median_ms(lambda: ops.softmax(x, out=out), device_only=False)
        row("softmax", shape, dt, nbytes, ours, eager, comp, copy, host)
    for shape, dt in BACKWARD:
        y = torch.softmax(torch.randn(shape, device="cuda"), -1).to(dt)
        dy = torch.randn(shape, device="cuda", dtype=dt)
        out = torch.empty_like(y)
        nbytes = 3 * y.numel() * y.element_size()
        ours = median_ms(lambda: ops.softmax_backward(y, dy, out=out))
        eager = median_ms(
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


if __name__ == "__main__":
    main()
