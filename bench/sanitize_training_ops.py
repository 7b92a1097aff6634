#!/usr/bin/env python3
"""Small launches of issue 42's ops (rms_norm and layer_norm with the
residual add, swiglu, geglu, cross_entropy, linear_cross_entropy), forward
and backward, at shapes that take each kernel path (lanes a row, a block a
row in registers, the looped rows; 4-element and single accesses), for
compute-sanitizer (memcheck, racecheck, synccheck, initcheck):

    compute-sanitizer --tool racecheck python3 bench/sanitize_training_ops.py
"""

from __future__ import annotations

import torch
from common import ROOT  # noqa: F401  (puts bindings/python on the path)

from warpforth import ops


def main() -> None:
    torch.manual_seed(0)
    for dt in (torch.bfloat16, torch.float32):
        for rows, n in ((5, 7), (33, 129), (9, 1000), (7, 4096), (3, 4099),
                        (2, 50000)):
            x, r, dy = (torch.randn(rows, n, device="cuda", dtype=dt,
                                    requires_grad=True) for _ in range(3))
            w, b = (torch.randn(n, device="cuda", dtype=dt,
                                requires_grad=True) for _ in range(2))
            y, h = ops.rms_norm(x, w, residual=r)
            torch.autograd.grad((y * dy).sum() + h.sum(), (x, r, w))
            y = ops.layer_norm(x, w, b)
            torch.autograd.grad((y * dy).sum(), (x, w, b))
            for act in (ops.swiglu, ops.geglu):
                torch.autograd.grad((act(x, r) * dy).sum(), (x, r))
            t = torch.randint(0, n, (rows,), device="cuda")
            t[0] = -100
            loss = ops.cross_entropy(x, t, label_smoothing=0.1, softcap=5.0)
            torch.autograd.grad(loss, x)
        h = torch.randn(70, 64, device="cuda", dtype=dt, requires_grad=True)
        w = torch.randn(1001, 64, device="cuda", dtype=dt, requires_grad=True)
        t = torch.randint(0, 1001, (70,), device="cuda")
        with ops.tuned(cross_entropy=dict(chunk=32)):
            for red in ("mean", "none"):
                loss = ops.linear_cross_entropy(h, w, t, reduction=red)
                torch.autograd.grad(loss.sum(), (h, w))
    torch.cuda.synchronize()
    print("done")


if __name__ == "__main__":
    main()
