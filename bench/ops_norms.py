#!/usr/bin/env python3
"""rms_norm (alone and with the fused residual add), layer_norm, swiglu and
geglu: warpforth.ops against torch eager, torch.compile and Liger Kernel
(where `import liger_kernel` works), on the same tensors in one process,
forward and forward+backward. Prints each side's bandwidth (the bytes the
op must move: inputs read and outputs written once each; the weights'
are negligible) in TB/s, ours as a fraction of the device-to-device copy
rate measured in the same run, and the ratio of each other side's time to
ours (above 1: we are faster). GPU times as bench/common.py takes them (a
sleep kernel hides the host's launch cost).

The torch eager sides are the models' code: HuggingFace's LlamaRMSNorm
(f32 statistics, x * rstd rounded to the dtype, then the weight), `h =
x + residual` before it for the fused case, F.layer_norm, F.silu(g) * u,
F.gelu(g, approximate="tanh") * u (Liger's GEGLU is the tanh form, so
ours runs it too).

    WARPFORTH_LIB=.../libwarpforth.so python3 bench/ops_norms.py
    ... bench/ops_norms.py --cpu     the CPU backend at tiny shapes: a
                                     smoke test of this script (no Liger,
                                     no torch.compile; times are the CPU's)
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

import torch
import torch.nn.functional as F

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bindings"
                       / "python"))

from warpforth import ops  # noqa: E402

GPU_NORM_SHAPES = [(16384, 4096), (8192, 8192)]
GPU_GLU_SHAPES = [(16384, 4096), (8192, 14336)]
CPU_SHAPES = [(64, 256), (33, 1000)]
EPS = 1e-6


def hf_rms_norm(x, w, eps=EPS):
    """HuggingFace's LlamaRMSNorm.forward."""
    h = x.float()
    h = h * torch.rsqrt(h.pow(2).mean(-1, keepdim=True) + eps)
    return w * h.to(x.dtype)


def hf_add_rms_norm(x, r, w):
    h = x + r
    return hf_rms_norm(h, w), h


def liger():
    """Liger Kernel's autograd Functions, or None where it is missing."""
    try:
        from liger_kernel.ops.geglu import LigerGELUMulFunction
        from liger_kernel.ops.layer_norm import LigerLayerNormFunction
        from liger_kernel.ops.rms_norm import LigerRMSNormFunction
        from liger_kernel.ops.swiglu import LigerSiLUMulFunction
    except ImportError:
        return None
    return {
        "rms_norm": lambda x, w: LigerRMSNormFunction.apply(
            x, w, EPS, 0.0, "llama", False),
        "layer_norm": lambda x, w, b: LigerLayerNormFunction.apply(
            x, w, b, 1e-5),
        "swiglu": LigerSiLUMulFunction.apply,
        "geglu": LigerGELUMulFunction.apply,
    }


def cpu_ms(fn, reps: int = 5) -> float:
    """Median wall time of fn on the CPU, in ms."""
    fn()
    times = []
    for _ in range(reps):
        t = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t) * 1e3)
    return statistics.median(times)


def cases(device, shapes_norm, shapes_glu, dtype, lig):
    """(name, shape, inputs needing grad, {side: fn}, bytes forward,
    bytes backward): each fn maps the inputs to one output tensor (or a
    tuple whose elements are summed into the gradient)."""
    for shape in shapes_norm:
        n = shape[-1]
        x, r = (torch.randn(shape, device=device, dtype=dtype)
                for _ in range(2))
        w, b = (torch.randn(n, device=device, dtype=dtype) for _ in range(2))
        e = x.numel() * x.element_size()
        sides = {"warpforth": lambda x, w: ops.rms_norm(x, w, EPS),
                 "torch": hf_rms_norm}
        if lig:
            sides["liger"] = lig["rms_norm"]
        yield "rms_norm", shape, (x, w), sides, 2 * e, 3 * e
        sides = {"warpforth": lambda x, r, w: ops.rms_norm(x, w, EPS,
                                                           residual=r),
                 "torch": hf_add_rms_norm}
        # forward: x, r read, y, h written; backward: dy, dh, h read, dx
        yield "rms_norm+residual", shape, (x, r, w), sides, 4 * e, 4 * e
        sides = {"warpforth": lambda x, w, b: ops.layer_norm(x, w, b),
                 "torch": lambda x, w, b: F.layer_norm(x, (n,), w, b)}
        if lig:
            sides["liger"] = lig["layer_norm"]
        yield "layer_norm", shape, (x, w, b), sides, 2 * e, 3 * e
    for shape in shapes_glu:
        g, u = (torch.randn(shape, device=device, dtype=dtype)
                for _ in range(2))
        e = g.numel() * g.element_size()
        sides = {"warpforth": ops.swiglu,
                 "torch": lambda g, u: F.silu(g) * u}
        if lig:
            sides["liger"] = lig["swiglu"]
        # forward: g, u read, y written; backward: dy, g, u read, dg, du
        yield "swiglu", shape, (g, u), sides, 3 * e, 5 * e
        sides = {"warpforth": lambda g, u: ops.geglu(g, u, "tanh"),
                 "torch": lambda g, u: F.gelu(g, approximate="tanh") * u}
        if lig:
            sides["liger"] = lig["geglu"]
        yield "geglu(tanh)", shape, (g, u), sides, 3 * e, 5 * e


def fwd_bwd(fn, inputs):
    """A forward and backward of fn on fresh leaves of `inputs`, the output
    gradients ones."""
    leaves = [t.detach().requires_grad_() for t in inputs]
    out = fn(*leaves)
    outs = out if isinstance(out, tuple) else (out,)
    torch.autograd.backward(outs, [torch.ones_like(o) for o in outs])


def shares() -> None:
    """TB/s of the norm forwards at GPU_NORM_SHAPES (bf16) for each
    forward_share, with the copy rate of this run."""
    from common import copy_rate_tbs, median_ms
    copy = copy_rate_tbs()
    print(f"device-to-device copy: {copy:.2f} TB/s")
    for rows, n in GPU_NORM_SHAPES:
        x = torch.randn(rows, n, device="cuda", dtype=torch.bfloat16)
        w, b = (torch.randn(n, device="cuda", dtype=torch.bfloat16)
                for _ in range(2))
        for name, fn in (("rms_norm", lambda: ops.rms_norm(x, w)),
                         ("layer_norm", lambda: ops.layer_norm(x, w, b))):
            line = []
            for share in (16, 32):
                with ops.tuned(norm={"forward_share": share}):
                    ms = median_ms(fn)
                tb = 2 * x.numel() * x.element_size() / ms / 1e9
                line.append(f"share {share}: {tb:.2f} TB/s "
                            f"({tb / copy:.2f} of copy)")
            print(f"{name} {rows}x{n}: " + ", ".join(line))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--cpu", action="store_true",
                    help="the CPU backend at tiny shapes (a smoke test)")
    ap.add_argument("--shares", action="store_true",
                    help="only the forwards of rms_norm and layer_norm "
                    "with 16 and 32 columns a thread at least "
                    "(NormConfig.forward_share), GPU")
    args = ap.parse_args()
    if args.shares:
        shares()
        return
    if args.cpu:
        device, timer = "cpu", cpu_ms
        norm_shapes = glu_shapes = CPU_SHAPES
        src = torch.empty(1 << 24, dtype=torch.uint8)
        copy = 2 * src.numel() / cpu_ms(lambda: torch.empty_like(src).copy_(
            src)) / 1e9
        lig, compile_ = None, False
        print(f"CPU backend; torch's CPU copy: {copy * 1e3:.2f} GB/s")
    else:
        from common import copy_rate_tbs, median_ms
        device, timer = "cuda", median_ms
        norm_shapes, glu_shapes = GPU_NORM_SHAPES, GPU_GLU_SHAPES
        copy = copy_rate_tbs()
        lig, compile_ = liger(), True
        print(f"device-to-device copy: {copy:.2f} TB/s "
              f"({torch.cuda.get_device_name()}); Liger Kernel: "
              f"{'yes' if lig else 'not installed'}")
    # Rates in TB/s on the GPU, GB/s on the CPU backend.
    unit, per_ms = ("GB/s", 1e6) if args.cpu else ("TB/s", 1e9)
    print(f"{'op':<20}{'shape':<12}{'pass':<9}{'warpforth':>20}  others "
          f"({unit}, ratio = their time / ours)")
    for name, shape, inputs, sides, fb, bb in cases(
            device, norm_shapes, glu_shapes, torch.bfloat16, lig):
        if compile_:
            sides["compile"] = torch.compile(sides["torch"])
        for label, nbytes, run in (
                ("fwd", fb, lambda f: (lambda: f(*inputs))),
                ("fwd+bwd", fb + bb, lambda f: (lambda: fwd_bwd(f, inputs)))):
            with torch.no_grad() if label == "fwd" else torch.enable_grad():
                ms = {s: timer(run(f)) for s, f in sides.items()}
            ours = ms["warpforth"]
            others = "  ".join(
                f"{s} {nbytes / t / per_ms:.2f} ({t / ours:.2f})"
                for s, t in ms.items() if s != "warpforth")
            print(f"{name:<20}{'x'.join(map(str, shape)):<12}{label:<9}"
                  f"{nbytes / ours / per_ms:6.2f} {unit} "
                  f"{nbytes / ours / 1e9 / copy:4.0%} copy  {others}")


if __name__ == "__main__":
    main()
