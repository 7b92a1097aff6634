"""swiglu and geglu, gated activations of the transformer MLP, and their
backwards (kernels/activation/)."""

from __future__ import annotations

from typing import Any, Iterator

from . import _common as c
from . import _config


@_config.knobs("glu")
class GluConfig(_config.Config):
    """swiglu's and geglu's knobs (ops.configure(glu=...))."""

    # Elementwise and memory-bound: a grid-stride loop, each thread moving
    # 16-byte vectors (4 f32, 8 bf16/f16) of each array where the length
    # and every buffer allow (else one element at a time), `threads` a
    # block, at most `blocks_per_sm` blocks an SM (`cpu_blocks` on the CPU
    # backend).
    threads: int = 256
    blocks_per_sm: int = 16
    cpu_blocks: int = 4
    vectors: bool = True      # tests turn it off: one element an access

    @classmethod
    def variants(cls) -> Iterator[tuple[str, dict]]:
        """Both kernels for each dtype, activation and access width."""
        for dt in ("f32", "bf16", "f16"):
            for act in ACTS.values():
                for vn in (1, 16 // (4 if dt == "f32" else 2)):
                    for f in ("glu", "glu_backward"):
                        yield (f"activation/{f}.forth",
                               {"T": dt, "ACT": act, "VN": vn})


_config.register(GluConfig, __name__)
_plans = c.plans("glu")

# The activation's code in the kernels (glu.fs ACT).
ACTS = {"silu": 0, "gelu": 1, "gelu_tanh": 2}
APPROXIMATE = {"none": "gelu", "tanh": "gelu_tanh"}


def check_approximate(approximate: Any) -> str:
    """geglu's approximate ("none" or "tanh", torch's GELU's) as the
    activation's name."""
    if approximate not in APPROXIMATE:
        raise ValueError("approximate: expected 'none' or 'tanh', got "
                         f"{approximate!r}")
    return APPROXIMATE[approximate]


def _launch(pb: Any, file: str, act: str, first: c.Arg, arrays: list,
            checked: list) -> None:
    cfg = _config.get("glu")
    n = first.numel
    if not n:
        return
    ev = 16 // first.itemsize
    vn = ev if cfg.vectors and n % ev == 0 and all(
        a.address % 16 == 0 for a in checked) else 1
    k = c.kernel(f"activation/{file}.forth", first,
                 {"T": first.dtype, "ACT": ACTS[act], "VN": vn})
    t = cfg.threads
    blocks = min(-(-n // (vn * t)),
                 cfg.blocks_per_sm * c.sm_count(first, cfg.cpu_blocks))
    pb.launch(k, *arrays, n, grid=blocks, block=t)


def _pair(gate: Any, up: Any) -> tuple[c.Arg, c.Arg]:
    ga = c.arg(gate, "gate")
    ua = c.arg(up, "up")
    c.same_place(ga, ua)
    c.same_shape(ga, ua)
    return ga, ua


def glu_forward(gate: Any, up: Any, act: str, out: Any = None) -> Any:
    """act(gate) * up, elementwise."""
    objs = (gate, up) if out is None else (gate, up, out)
    pb = c.start(_plans, objs, len(objs) - 2, ("fwd", act))
    if type(pb) is tuple:
        return pb[0]
    ga, ua = _pair(gate, up)
    if out is None:
        y = pb.new(c.empty(ga, ga.shape))
    else:
        y = c.output(out, ga, ga.shape)
        c.check_no_overlap([("out", y)], [("gate", gate), ("up", up)],
                           in_place=[("out", "gate"), ("out", "up")])
    _launch(pb, "glu", act, ga, [gate, up, y], [ga, ua, c.arg(y, "out")])
    pb.store(_plans, y)
    return y


def glu_backward(dy: Any, gate: Any, up: Any, act: str) -> tuple:
    """(dgate, dup) of act(gate) * up, the activation recomputed."""
    pb = c.start(_plans, (dy, gate, up), 0, ("bwd", act))
    if type(pb) is tuple:
        return pb
    ga, ua = _pair(gate, up)
    da = c.arg(dy, "dy")
    c.same_place(ga, da)
    c.same_shape(ga, da)
    dg = pb.new(c.empty(ga, ga.shape))
    du = pb.new(c.empty(ga, ga.shape))
    _launch(pb, "glu_backward", act, ga, [dy, gate, up, dg, du],
            [ga, ua, da, c.arg(dg, "dgate"), c.arg(du, "dup")])
    pb.store(_plans, dg, du)
    return dg, du


def _swiglu_impl(gate: Any, up: Any, out: Any = None) -> Any:
    """SwiGLU's gate: silu(gate) * up = gate * sigmoid(gate) * up,
    elementwise on any shape (gate and up alike, contiguous, float32,
    bfloat16 or float16; math in f32, one rounding). out may be gate or
    up itself (in place). kernels/activation/glu.forth, 16-byte accesses
    where the length and the buffers allow.

    On torch tensors (without out=) differentiable through the custom op
    torch.ops.warpforth.swiglu (autograd: swiglu_backward)."""
    return glu_forward(gate, up, "silu", out)


def _geglu_impl(gate: Any, up: Any, approximate: str = "none",
                out: Any = None) -> Any:
    """GEGLU's gate: gelu(gate) * up, elementwise, gelu torch's
    (approximate "none": the erf form; "tanh": the tanh form); otherwise
    as swiglu. On torch tensors (without out=) differentiable through
    the custom op torch.ops.warpforth.geglu (autograd: geglu_backward)."""
    return glu_forward(gate, up, check_approximate(approximate), out)


def _swiglu_backward_impl(dy: Any, gate: Any, up: Any) -> tuple:
    """The gradients of swiglu: (dgate, dup) = (dy * up * silu'(gate),
    dy * silu(gate)), the activation recomputed from gate (nothing saved
    by the forward, as Liger does); in gate's dtype, math in f32."""
    return glu_backward(dy, gate, up, "silu")


def _geglu_backward_impl(dy: Any, gate: Any, up: Any,
                         approximate: str = "none") -> tuple:
    """The gradients of geglu: (dgate, dup), as swiglu_backward's."""
    return glu_backward(dy, gate, up, check_approximate(approximate))
