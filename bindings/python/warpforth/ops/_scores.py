"""attention_scores: q k^T * scale with a causal mask (kernels/scores/)."""

from __future__ import annotations

import math
from typing import Any, Iterator, Optional

from . import _common as c
from . import _config


@_config.knobs("scores")
class ScoresConfig(_config.Config):
    """attention_scores's knobs (ops.configure(scores=...))."""

    # Up to this many queries, the kernel's tiles are 16 queries high.
    small_n: int = 16

    @classmethod
    def variants(cls) -> Iterator[tuple[str, dict]]:
        """Causal or not, wide stores, decoding tiles: f32 (SIMT) and the
        16-bit kernels (tensor cores) for each dtype."""
        for v in ({}, {"CAUSAL": 0}, {"VST": 4}, {"VST": 4, "CAUSAL": 0},
                  {"BN": 16, "TN": 1}, {"BN": 16, "TN": 1, "VST": 4}):
            yield "scores/attention_scores_f32.forth", v
        for dt in ("bf16", "f16"):
            for v in ({}, {"CAUSAL": 0}, {"VST": 2}, {"VST": 2, "CAUSAL": 0},
                      {"BN": 16, "WN": 16}, {"BN": 16, "WN": 16, "VST": 2}):
                yield "scores/attention_scores_mma.forth", {"T": dt, **v}


def _attention_scores_impl(q: Any, k: Any, causal: bool = True,
                     scale: Optional[float] = None, out: Any = None) -> Any:
    """Attention scores q @ k^T * scale, (B, H, N, d) x (B, H, M, d) ->
    (B, H, N, M), scale 1/sqrt(d) unless given. With causal, query i sees
    keys j <= i + (M - N) (the diagonal aligned to the bottom-right, as in
    decoding with N new queries after M - N cached keys); the others are
    -inf, written without being computed (with M < N the first N - M
    queries see no key: rows of -inf). float32, bfloat16 or float16 in,
    the same dtype out; the dot products accumulate in f32: bfloat16 and
    float16 on the tensor cores (their values are exact in TF32, so the
    products are exact), float32 with SIMT FMAs. scale: any finite number
    (Python or numpy); B * H and the tiles of 16 or 64 queries at most
    65535 (a grid's limit); out must not share memory with q or k."""
    causal = c.check_bool("causal", causal)
    scale = c.check_scale(scale)
    objs = (q, k) if out is None else (q, k, out)
    pb = c.start(_plans, objs, len(objs) - 2, (causal, scale))
    if type(pb) is tuple:
        return pb[0]
    qa = c.arg(q, "q", min_dims=4)
    ka = c.arg(k, "k", min_dims=4)
    c.same_place(qa, ka)
    if len(qa.shape) != 4:
        raise ValueError(f"q: expected (B, H, N, d), got shape {qa.shape}")
    b, h, n, d = qa.shape
    if len(ka.shape) != 4 or (ka.shape[0], ka.shape[1], ka.shape[3]) != (
            b, h, d):
        raise ValueError(f"k: shape {ka.shape}, expected (B, H, M, d) = "
                         f"({b}, {h}, M, {d}) to match q {qa.shape}")
    m = ka.shape[2]
    if scale is None:
        if d == 0:
            raise ValueError("q: head dimension 0 (give scale=)")
        scale = 1.0 / math.sqrt(d)
    if out is None:
        out = pb.new(c.output(None, qa, (b, h, n, m)))
    else:
        out = c.output(out, qa, (b, h, n, m))
        c.check_no_overlap([("out", out)], [("q", q), ("k", k)])
    if b * h * n * m == 0:
        pb.store(_plans, out)
        return out
    # The grid's z is B * H, its y the query tiles (at most 65535 each).
    c.check_grid("q", "B * H =", b * h)
    cfg = _config.get("scores")
    defines = {"CAUSAL": 1 if causal else 0}
    address = c.arg(out, "out").address
    if qa.dtype == "f32":
        # SIMT FMAs (f32 is not exact in TF32).
        file = "scores/attention_scores_f32.forth"
        if n <= cfg.small_n:
            # Decoding: tiles of 16 queries, not 64 mostly past the end.
            defines.update(BN=16, TN=1)
        if m % 4 == 0 and address % 16 == 0:
            defines["VST"] = 4     # four scores per 16-byte store
    else:
        # bf16 and f16 are exact in TF32: the tensor cores.
        file = "scores/attention_scores_mma.forth"
        if n <= cfg.small_n:
            defines.update(BN=16, WN=16)
        if m % 2 == 0 and address % 4 == 0:
            defines["VST"] = 2     # two scores per 4-byte store
        defines["T"] = qa.dtype
    kern = c.kernel(file, qa, defines)
    bn, bm = kern.const("BN"), kern.const("BM")
    c.check_grid("q", f"N = {n} queries in tiles of {bn}:", -(-n // bn))
    pb.launch(kern, q, k, out, b * h, n, m, d, float(scale),
              grid=(-(-m // bm), -(-n // bn), b * h),
              block=kern.const("NTHREADS"))
    pb.store(_plans, out)
    return out


_config.register(ScoresConfig, __name__)
# Cached plans (ops/_common.py).
_plans = c.plans("scores")
