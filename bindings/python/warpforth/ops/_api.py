"""The ops' public functions: each checks its scalars, then runs as its
torch custom op (ops/_torch_ops.py) where that pays (use_torch_op), else
calls its implementation (the op's module) directly. They live here, above
both, so that no op module imports _torch_ops (which imports them all):
the package's modules import each other in one direction
(test/check_python_imports.py). _torch_ops imports torch, so it is imported
on a call's first use, never by `import warpforth.ops`."""

from __future__ import annotations

import math
import sys
from typing import Any, Optional

from . import _common as c
from . import (_attention, _attention_varlen, _decode, _glu, _loss,
               _loss_linear, _norm, _rotary, _scores, _softmax, _topk)

_eager_torch_ops: Optional[bool] = None   # decided on the first GPU call


def use_torch_op(x: Any, *others: Any) -> bool:
    """Whether an op called on the torch tensor `x` (out= not given) runs
    as its torch op (ops/_torch_ops.py call): while torch.compile traces
    (the op is opaque to it), and eagerly where the op's kernel is the C++
    plan replay (ops/_native.py), which costs less host
    time a call than the Python path (bench/op_host_time.py, H100 host:
    softmax 13.9 against 16.7 us, decode_attention 37.5 against 56.5), and
    where its
    other array arguments `others` are torch tensors (or None) too (else
    the Python path's checks say what is wrong). (torch releases the GIL
    while an op it dispatches runs, so the CPU backend's kernels run
    without it on either path.)"""
    global _eager_torch_ops
    if c.compiling():
        return True
    if others:
        tensor = type(x)
        for o in others:
            if o is not None and type(o) is not tensor:
                return False
    if _eager_torch_ops is None:
        from . import _torch_ops   # builds the C++ kernel on first use
        _eager_torch_ops = _torch_ops.native()
    return _eager_torch_ops


def decode_attention(q: Any, k_cache: Any, v_cache: Any, cache_seqlens: Any,
                     block_table: Any = None, scale: Optional[float] = None,
                     num_splits: Optional[int] = None,
                     return_lse: bool = False, out: Any = None) -> Any:
    """(The docstring is the implementation's, set below.)"""
    scale, num_splits = _decode.scalars(scale, num_splits)
    return_lse = c.check_bool("return_lse", return_lse)
    if (out is None and c.is_torch(q)
            and use_torch_op(q, k_cache, v_cache, cache_seqlens,
                             block_table)):
        from . import _torch_ops   # imports torch: on first use
        o, lse = _torch_ops.call(
            _torch_ops.decode_attention_op,
            q, k_cache, v_cache, cache_seqlens, block_table, scale,
            num_splits)
        return (o, lse) if return_lse else o
    return _decode._decode_attention_impl(
        q, k_cache, v_cache, cache_seqlens, block_table, scale, num_splits,
        return_lse, out)


c.document(decode_attention, _decode._decode_attention_impl)


def apply_rotary(q: Any, k: Any, cos: Any, sin: Any,
                 out: Any = None) -> Any:
    """(The docstring is the implementation's, set below.)"""
    if out is None and c.is_torch(q) and _wants_grad(q, k):
        # Through autograd: the custom op's backward is the rotation by
        # -theta.
        from . import _torch_ops   # imports torch: on first use
        return _torch_ops.apply_rotary_op(q, k, cos, sin)
    if out is None and c.is_torch(q) and use_torch_op(q, k, cos, sin):
        from . import _torch_ops   # imports torch: on first use
        return _torch_ops.call(_torch_ops.apply_rotary_op, q, k, cos, sin)
    return _rotary._apply_rotary_impl(q, k, cos, sin, out)


c.document(apply_rotary, _rotary._apply_rotary_impl)


def softmax(x: Any, out: Any = None) -> Any:
    """(The docstring is the implementation's, set below.)"""
    if out is None and c.is_torch(x) and use_torch_op(x):
        from . import _torch_ops   # imports torch: on first use
        return _torch_ops.call(_torch_ops.softmax_op, x)
    return _softmax._softmax_impl(x, out)


def softmax_backward(y: Any, dy: Any, out: Any = None) -> Any:
    """(The docstring is the implementation's, set below.)"""
    if out is None and c.is_torch(y) and use_torch_op(y, dy):
        from . import _torch_ops   # imports torch: on first use
        return _torch_ops.call(_torch_ops.softmax_backward_op, y, dy)
    return _softmax._softmax_backward_impl(y, dy, out)


c.document(softmax, _softmax._softmax_impl)


c.document(softmax_backward, _softmax._softmax_backward_impl)


def top_k_mask(logits: Any, k: int, out: Any = None) -> Any:
    """(The docstring is the implementation's, set below.)"""
    k = min(c.check_int("k", k, 1), c.KEEP_ALL)
    if out is None and c.is_torch(logits) and use_torch_op(logits):
        from . import _torch_ops   # imports torch: on first use
        return _torch_ops.call(_torch_ops.top_k_mask_op, logits, k)
    return _topk._top_k_mask_impl(logits, k, out)


def top_p_mask(logits: Any, p: float, min_tokens_to_keep: int = 1,
               out: Any = None) -> Any:
    """(The docstring is the implementation's, set below.)"""
    if out is None and c.is_torch(logits) and use_torch_op(logits):
        p, m = _topk.p_args(p, min_tokens_to_keep)
        from . import _torch_ops   # imports torch: on first use
        return _torch_ops.call(_torch_ops.top_p_mask_op, logits, p, m)
    return _topk._top_p_mask_impl(logits, p, min_tokens_to_keep, out)


c.document(top_k_mask, _topk._top_k_mask_impl)


c.document(top_p_mask, _topk._top_p_mask_impl)


def flash_attention(q: Any, k: Any, v: Any, causal: bool = False,
                    scale: Optional[float] = None, return_lse: bool = False,
                    out: Any = None, window: tuple = (-1, -1),
                    softcap: float = 0.0, mask_mod: Optional[str] = None,
                    score_mod: Optional[str] = None,
                    mod_args: tuple = ()) -> Any:
    """softmax(q k^T * scale) v for q (B, Hq, Nq, d) and k, v (B, Hkv, Nkv,
    d), Hkv dividing Hq (grouped-query attention: query head h reads
    key/value head h // (Hq // Hkv), nothing is copied); d 64, 96 or 128
    (bfloat16 and float16 also 32 and 256);
    scale 1/sqrt(d) unless given. With causal, query i sees keys
    j <= i + (Nkv - Nq) (the diagonal at the bottom-right, as in decoding
    after Nkv - Nq cached keys); with Nq > Nkv the first Nq - Nkv queries
    see no key, and their output is 0 (their log-sum-exp -inf).
    window=(left, right) is local attention (FlashAttention's
    window_size): query i sees keys j with i + (Nkv - Nq) - left <= j <=
    i + (Nkv - Nq) + right, -1 for an unlimited side (with causal, right
    is 0); key tiles outside every row's window are skipped, so the cost
    follows the unmasked work. softcap > 0 caps the scores as Gemma 2
    does: softcap * tanh(scores * scale / softcap) before the softmax
    (tanh.approx in bfloat16/float16, the accurate tanh in float32). q, k and v
    may be strided views (the features contiguous), such as
    qkv[:, :, 0].transpose(1, 2) of a (B, N, 3, H, d) projection: the
    Hopper kernel reads them where they lie, the others from dense copies.
    Returns the output (B, Hq, Nq, d) in q's dtype, its dimensions in
    memory in q's order (dense for a dense q; for q above a (B, Nq, Hq, d)
    buffer transposed, so that o.transpose(1, 2) is dense), or with
    return_lse (out, lse), lse
    float32 (B, Hq, Nq): the natural-log log-sum-exp of each query's scaled
    scores over the keys it sees. float32 runs on the tensor cores in
    3xTF32 (f32 accuracy); bfloat16 and float16 on the 16-bit tensor cores
    with f32 accumulation (P rounded to the input's dtype, as
    FlashAttention-2 does): kernels/attention/flash_attention.forth (-D T
    bf16 or f16) and flash_attention_f32.forth. scale: any finite
    number (Python or numpy); out must not share memory with q, k or v;
    B and Hq at most 65535 (a grid's limit; the Hopper kernel takes more).

    On torch tensors (without out=) with inputs that require grad it is
    differentiable (the backward is flash_attention_backward); under
    torch.compile it is the custom op torch.ops.warpforth.flash_attention,
    opaque to torch.compile, which sees its fake implementation. Eager
    calls skip torch.library's dispatch cost (an autograd.Function where
    grads are wanted).

    mask_mod and score_mod (bfloat16 and float16; FlexAttention in Forth)
    are Forth source compiled into the kernels: mask_mod defines MASK-MOD
    ( b h q k -- flag ), true where query q of batch b and query head h
    sees key k (positions from 0; ANDed with causal and window), score_mod
    SCORE-MOD ( s b h q k -- s' ) on each score after the scale (and the
    softcap), before the softmax. Their words may read the mod_args (up
    to four int8/16/32/64, bool, float32, bfloat16 or float16 arrays on
    q's device) as ARG0@ ( i -- x ) .. ARG3@ (element i of the flattened
    array) and the kernel's params NQ, NKV, HQ and BATCH. The key tiles
    MASK-MOD hides entirely are skipped: a block mask made on the device
    from MASK-MOD once per source, shapes and mod_args contents (a torch
    tensor's address and version, a numpy array's bytes) and cached.
    Errors in the sources name them (mask_mod:LINE:COL). A row that sees
    no key gives 0 (its lse -inf). docs/attention-mods.md has examples."""
    scale = c.check_scale(scale)
    causal = c.check_bool("causal", causal)
    return_lse = c.check_bool("return_lse", return_lse)
    window = c.check_window(window)
    softcap = c.check_softcap(softcap)
    masks = (*window, softcap)
    torch = sys.modules.get("torch")
    if mask_mod is not None or score_mod is not None or mod_args:
        if out is None and torch is not None and isinstance(
                q, torch.Tensor) and (c.compiling() or (
                    torch.is_grad_enabled() and any(
                        isinstance(x, torch.Tensor) and x.requires_grad
                        for x in (q, k, v)))):
            # Differentiable, and what torch.compile traces: the custom op
            # torch.ops.warpforth.flash_attention_mods.
            ops = _torch_ops or _load_torch_ops()
            if not isinstance(mod_args, (tuple, list)):
                raise TypeError("mod_args: expected a tuple of tensors, "
                                f"got {type(mod_args).__name__}")
            o, lse = ops.flash_attention_mods_op(
                q, k, v, bool(causal), _op_scale(q, scale), *masks,
                mask_mod, score_mod, list(mod_args))
            return (o, lse) if return_lse else o
        return _attention.flash_attention_impl(
            q, k, v, causal, scale, return_lse, out, window, softcap,
            mask_mod, score_mod, mod_args)
    if out is None and torch is not None and isinstance(q, torch.Tensor):
        tensor = torch.Tensor
        traced = c.compiling()
        # (written out, not any() over a generator: this runs once a layer
        # in training, where the forward's host time counts)
        if traced or (torch.is_grad_enabled() and (
                q.requires_grad or
                (isinstance(k, tensor) and k.requires_grad) or
                (isinstance(v, tensor) and v.requires_grad))):
            ops = _torch_ops or _load_torch_ops()
            scale = _op_scale(q, scale)
            # Traced: the custom op; eager: the same forward and backward as
            # a plain autograd.Function (torch.library's dispatch is slow).
            if traced:
                o, lse = ops.flash_attention_op(q, k, v, bool(causal), scale,
                                                *masks)
                return (o, lse) if return_lse else o
            if return_lse:
                return ops.FlashAttentionLseFunction.apply(
                    q, k, v, bool(causal), scale, masks)
            return ops.FlashAttentionFunction.apply(q, k, v, bool(causal),
                                                    scale, masks)
        if q.dim() == 4 and use_torch_op(q, k, v):
            # No grad: the op's kernel, the C++ plan replay (c.use_torch_op)
            ops = _torch_ops or _load_torch_ops()
            o, lse = ops.call(ops.flash_attention_op, q, k, v, bool(causal),
                              _op_scale(q, scale), *masks)
            return (o, lse) if return_lse else o
    return _attention.flash_attention_impl(q, k, v, causal, scale, return_lse,
                                           out, window, softcap)


def flash_attention_varlen(q: Any, k: Any, v: Any, cu_seqlens_q: Any,
                           cu_seqlens_k: Any,
                           max_seqlen_q: Optional[int] = None,
                           max_seqlen_k: Optional[int] = None,
                           causal: bool = False,
                           scale: Optional[float] = None,
                           window: tuple = (-1, -1), softcap: float = 0.0,
                           return_lse: bool = False, out: Any = None,
                           block_table: Any = None,
                           seqused_k: Any = None,
                           mask_mod: Optional[str] = None,
                           score_mod: Optional[str] = None,
                           mod_args: tuple = ()) -> Any:
    """Attention over packed sequences of different lengths
    (FlashAttention's varlen API): q (total_q, Hq, d), k and v (total_k,
    Hkv, d), Hkv dividing Hq; cu_seqlens_q and cu_seqlens_k int32 (batch
    + 1,) prefix sums: sequence s is rows cu_seqlens_q[s] ..
    cu_seqlens_q[s+1] - 1 of q (and of k, v by cu_seqlens_k), attended on
    its own, with flash_attention's rules per sequence (causal at its
    bottom-right, window, softcap, scale 1/sqrt(d) unless given); empty
    sequences allowed (a query with no key: output 0, lse -inf).
    max_seqlen_q and max_seqlen_k: the longest sequences' lengths, computed
    from cu_seqlens when None (on the GPU a device sync: pass them); a
    smaller value than the truth is refused where cu_seqlens is on the
    host and, as in FlashAttention, leaves the rows past it unwritten
    where it is on the GPU. Returns out (total_q, Hq, d) in q's dtype,
    or with return_lse (out, lse), lse float32 (Hq, total_q). No work is
    padded to the longest sequence: blocks (Hopper: items from a counter)
    take query tiles of one sequence each. On torch tensors without out=
    it is the custom op torch.ops.warpforth.flash_attention_varlen, with
    autograd (flash_attention_varlen_backward), torch.compile and CUDA
    graphs. Paged prefill (a chunk of queries against a paged KV cache):
    k and v the cache (num_blocks, block_size, Hkv, d), block_size a power
    of two (decode_attention's layout), block_table int32 (batch,
    max_blocks) and seqused_k int32 (batch,) the keys each sequence has
    in it (cu_seqlens_k and max_seqlen_k are then unused: pass None);
    bfloat16/float16, forward only. mask_mod, score_mod and mod_args as
    flash_attention's (docs/attention-mods.md), b the sequence and q, k
    positions in it (flash_attention_varlen_backward takes the same
    arguments; on torch tensors the custom op
    torch.ops.warpforth.flash_attention_varlen_mods, with autograd)."""
    torch = sys.modules.get("torch")
    if mask_mod is not None or score_mod is not None or mod_args:
        if (out is None and block_table is None and seqused_k is None
                and torch is not None and isinstance(q, torch.Tensor)
                and isinstance(cu_seqlens_q, torch.Tensor)
                and isinstance(cu_seqlens_k, torch.Tensor)
                and (c.compiling() or (torch.is_grad_enabled() and any(
                    isinstance(x, torch.Tensor) and x.requires_grad
                    for x in (q, k, v))))):
            # Differentiable: the custom op (max_seqlen computed where not
            # given, a device sync on the GPU, as without the words).
            if not isinstance(mod_args, (tuple, list)):
                raise TypeError("mod_args: expected a tuple of tensors, "
                                f"got {type(mod_args).__name__}")
            lens = [(cu_seqlens_q[1:] - cu_seqlens_q[:-1]),
                    (cu_seqlens_k[1:] - cu_seqlens_k[:-1])]
            mq, mk = (m if m is not None else
                      (int(x.max()) if x.numel() else 0)
                      for m, x in zip((max_seqlen_q, max_seqlen_k), lens))
            window = c.check_window(window)
            scale = c.check_scale(scale)
            if scale is None:   # (the op's scale has no default)
                scale = 1.0 / math.sqrt(q.shape[-1]) if q.shape[-1] else 1.0
            ops = _torch_ops or _load_torch_ops()
            o, lse = ops.flash_attention_varlen_mods_op(
                q, k, v, cu_seqlens_q, cu_seqlens_k,
                c.check_int("max_seqlen_q", mq, 0),
                c.check_int("max_seqlen_k", mk, 0),
                c.check_bool("causal", causal), float(scale),
                *window, c.check_softcap(softcap), mask_mod, score_mod,
                list(mod_args))
            return (o, lse) if c.check_bool("return_lse", return_lse) else o
        return _attention_varlen.flash_attention_varlen_impl(
            q, k, v, cu_seqlens_q, cu_seqlens_k, max_seqlen_q, max_seqlen_k,
            causal, scale, window, softcap, return_lse, out, block_table,
            seqused_k, mask_mod, score_mod, mod_args)
    if (out is None and block_table is None and seqused_k is None
            and torch is not None and isinstance(q, torch.Tensor)
            and q.dim() == 3 and isinstance(cu_seqlens_q, torch.Tensor)
            and isinstance(cu_seqlens_k, torch.Tensor)):
        causal = c.check_bool("causal", causal)
        return_lse = c.check_bool("return_lse", return_lse)
        window = c.check_window(window)
        softcap = c.check_softcap(softcap)
        scale = c.check_scale(scale)
        if max_seqlen_q is None:
            max_seqlen_q = int((cu_seqlens_q[1:] - cu_seqlens_q[:-1]).max()) \
                if cu_seqlens_q.numel() > 1 else 0
        if max_seqlen_k is None:
            max_seqlen_k = int((cu_seqlens_k[1:] - cu_seqlens_k[:-1]).max()) \
                if cu_seqlens_k.numel() > 1 else 0
        if scale is None:
            scale = 1.0 / math.sqrt(q.shape[-1]) if q.shape[-1] else 1.0
        ops = _torch_ops or _load_torch_ops()
        o, lse = ops.flash_attention_varlen_op(
            q, k, v, cu_seqlens_q, cu_seqlens_k,
            c.check_int("max_seqlen_q", max_seqlen_q, 0),
            c.check_int("max_seqlen_k", max_seqlen_k, 0), causal,
            float(scale), *window, softcap)
        return (o, lse) if return_lse else o
    return _attention_varlen.flash_attention_varlen_impl(
        q, k, v, cu_seqlens_q, cu_seqlens_k, max_seqlen_q, max_seqlen_k,
        causal, scale, window, softcap, return_lse, out, block_table,
        seqused_k)


def _op_scale(q: Any, scale: Optional[float]) -> float:
    """The torch op's scale argument (a float; the op has no default):
    1/sqrt(d) unless given; 1.0 where q has no head dimension to take it
    from (the op's checks then say what is wrong with q)."""
    if scale is None and q.dim() == 4 and q.shape[-1] > 0:
        return 1.0 / math.sqrt(q.shape[-1])
    return 1.0 if scale is None else float(scale)


_torch_ops: Any = None   # ops/_torch_ops.py, imported on first use


def _load_torch_ops() -> Any:
    global _torch_ops
    from . import _torch_ops as ops
    _torch_ops = ops
    return ops


def attention_scores(q: Any, k: Any, causal: bool = True,
                     scale: Optional[float] = None, out: Any = None) -> Any:
    """(The docstring is the implementation's, set below.)"""
    causal = c.check_bool("causal", causal)
    scale = c.check_scale(scale)
    if (out is None and c.is_torch(q) and c.is_torch(k) and q.dim() == 4
            and q.shape[-1] > 0 and use_torch_op(q, k)):
        from . import _torch_ops   # imports torch: on first use
        return _torch_ops.call(
            _torch_ops.attention_scores_op, q, k, causal,
            q.shape[-1] ** -0.5 if scale is None else scale)
    return _scores._attention_scores_impl(q, k, causal, scale, out)


c.document(attention_scores, _scores._attention_scores_impl)


def cross_entropy(logits: Any, targets: Any, ignore_index: int = -100,
                  label_smoothing: float = 0.0, reduction: str = "mean",
                  softcap: Optional[float] = None) -> Any:
    """(The docstring is the implementation's, set below.)"""
    ignore, smooth, cap = _loss.check_scalars(ignore_index, label_smoothing,
                                              softcap)
    reduction = _loss.check_reduction(reduction)
    _loss.same_kind(logits, "logits", targets)
    if c.is_torch(logits):
        # Always the custom op: its autograd is the backward.
        from . import _torch_ops   # imports torch: on first use
        losses, _ = _torch_ops.cross_entropy_rows_op(logits, targets, ignore,
                                                     smooth, cap)
        return _loss.reduce_losses(losses, targets, ignore, reduction)
    return _loss._cross_entropy_impl(logits, targets, ignore, smooth,
                                     reduction, cap)


c.document(cross_entropy, _loss._cross_entropy_impl)


def cross_entropy_backward(logits: Any, targets: Any, lse: Any,
                           dlosses: Any, ignore_index: int = -100,
                           label_smoothing: float = 0.0,
                           softcap: Optional[float] = None,
                           out: Any = None) -> Any:
    """(The docstring is the implementation's, set below.)"""
    ignore, smooth, cap = _loss.check_scalars(ignore_index, label_smoothing,
                                              softcap)
    return _loss._cross_entropy_backward_impl(logits, targets, lse, dlosses,
                                              ignore, smooth, cap, out)


c.document(cross_entropy_backward, _loss._cross_entropy_backward_impl)


def linear_cross_entropy(hidden: Any, weight: Any, targets: Any,
                         bias: Any = None, ignore_index: int = -100,
                         label_smoothing: float = 0.0,
                         reduction: str = "mean",
                         softcap: Optional[float] = None) -> Any:
    """(The docstring is the implementation's, set below.)"""
    ignore, smooth, cap = _loss.check_scalars(ignore_index, label_smoothing,
                                              softcap)
    reduction = _loss.check_reduction(reduction)
    _loss.same_kind(hidden, "hidden", targets)
    if c.is_torch(hidden):
        import torch
        from . import _torch_ops   # imports torch: on first use
        grads = 0
        if torch.is_grad_enabled():
            grads = (_loss_linear.GRAD_HIDDEN * hidden.requires_grad
                     | _loss_linear.GRAD_WEIGHT * bool(
                         weight.requires_grad or
                         (bias is not None and bias.requires_grad)))
        return _torch_ops.linear_cross_entropy_op(
            hidden, weight, bias, targets, ignore, smooth, cap, reduction,
            grads)[0]
    return _loss_linear._linear_cross_entropy_impl(
        hidden, weight, targets, bias, ignore, smooth, reduction, cap)


c.document(linear_cross_entropy, _loss_linear._linear_cross_entropy_impl)
# ---- norms and gated activations (ops/_norm.py, ops/_glu.py) ------------
#
# On torch tensors without out= they run as their torch ops: through
# autograd (register_autograd) where a grad is wanted or torch.compile
# traces, else below it (call) where use_torch_op says the op pays.

def _wants_grad(*xs: Any) -> bool:
    """Whether autograd records a call on these tensors (None skipped)."""
    torch = sys.modules["torch"]
    return torch.is_grad_enabled() and any(
        x is not None and isinstance(x, torch.Tensor) and x.requires_grad
        for x in xs)


def _run_op(op_name: str, tensors: tuple, *args: Any,
            differentiable: bool = True) -> Any:
    """The torch op `op_name` on `tensors` + args, through autograd where
    a grad is wanted (a `differentiable` op) or torch.compile traces; else
    through call (below autograd) where use_torch_op says so; None: run
    the implementation."""
    if not c.is_torch(tensors[0]):
        return None
    grad = c.compiling() or (differentiable and _wants_grad(*tensors))
    if not grad and not use_torch_op(*tensors):
        return None
    ops = _torch_ops or _load_torch_ops()
    op = getattr(ops, op_name)
    for arg, t in zip(() if c.compiling() else op._schema.arguments[1:],
                      tensors[1:]):
        # (The Python path takes numpy arrays; through autograd they would
        # leave the result outside it. Not while torch.compile traces: it
        # cannot read a schema, and gives tensors.)
        if t is not None and not c.is_torch(t):
            raise TypeError(f"{arg.name}: {type(t).__name__}, but "
                            f"{op._schema.arguments[0].name} is a torch "
                            "tensor (give every array as a torch tensor)")
    return op(*tensors, *args) if grad else ops.call(op, *tensors, *args)


def rms_norm(x: Any, weight: Any, eps: float = 1e-6, residual: Any = None,
             out: Any = None, casting: str = "llama",
             return_stats: bool = False) -> Any:
    """(The docstring is the implementation's, set below.)"""
    if out is None and c.is_torch(x):
        cast = _norm.check_casting(casting)
        stats = c.check_bool("return_stats", return_stats)
        got = _run_op("rms_norm_op", (x, weight, residual),
                      c.check_float("eps", eps, 0.0), cast)
        if got is not None:
            y, h, rstd = got
            got = (y,) + ((h,) if residual is not None else ()) + (
                (rstd,) if stats else ())
            return got[0] if len(got) == 1 else got
    return _norm._rms_norm_impl(x, weight, eps, residual, out, casting,
                                return_stats)


def layer_norm(x: Any, weight: Any, bias: Any = None, eps: float = 1e-5,
               residual: Any = None, out: Any = None,
               return_stats: bool = False) -> Any:
    """(The docstring is the implementation's, set below.)"""
    if out is None and c.is_torch(x):
        stats = c.check_bool("return_stats", return_stats)
        got = _run_op("layer_norm_op", (x, weight, bias, residual),
                      c.check_float("eps", eps, 0.0))
        if got is not None:
            y, h, mean, rstd = got
            got = (y,) + ((h,) if residual is not None else ()) + (
                (mean, rstd) if stats else ())
            return got[0] if len(got) == 1 else got
    return _norm._layer_norm_impl(x, weight, bias, eps, residual, out,
                                  return_stats)


def rms_norm_backward(dy: Any, x: Any, weight: Any, rstd: Any,
                      dh: Any = None) -> tuple:
    """(The docstring is the implementation's, set below.)"""
    got = _run_op("rms_norm_backward_op", (dy, x, weight, rstd, dh),
                  differentiable=False)
    if got is not None:
        return tuple(got)
    return _norm._rms_norm_backward_impl(dy, x, weight, rstd, dh)


def layer_norm_backward(dy: Any, x: Any, weight: Any, mean: Any, rstd: Any,
                        dh: Any = None, bias: bool = True) -> tuple:
    """(The docstring is the implementation's, set below.)"""
    bias = c.check_bool("bias", bias)
    got = _run_op("layer_norm_backward_op", (dy, x, weight, mean, rstd, dh),
                  bias, differentiable=False)
    if got is not None:
        dx, dw, db = got
        return dx, dw, (db if bias else None)
    return _norm._layer_norm_backward_impl(dy, x, weight, mean, rstd, dh,
                                           bias)


def swiglu(gate: Any, up: Any, out: Any = None) -> Any:
    """(The docstring is the implementation's, set below.)"""
    got = None if out is not None else _run_op("swiglu_op", (gate, up))
    return _glu._swiglu_impl(gate, up, out) if got is None else got


def geglu(gate: Any, up: Any, approximate: str = "none",
          out: Any = None) -> Any:
    """(The docstring is the implementation's, set below.)"""
    tanh = _glu.check_approximate(approximate) == "gelu_tanh"
    got = None if out is not None else _run_op("geglu_op", (gate, up), tanh)
    return _glu._geglu_impl(gate, up, approximate, out) if got is None \
        else got


def swiglu_backward(dy: Any, gate: Any, up: Any) -> tuple:
    """(The docstring is the implementation's, set below.)"""
    got = _run_op("swiglu_backward_op", (dy, gate, up),
                  differentiable=False)
    return _glu._swiglu_backward_impl(dy, gate, up) if got is None \
        else tuple(got)


def geglu_backward(dy: Any, gate: Any, up: Any,
                   approximate: str = "none") -> tuple:
    """(The docstring is the implementation's, set below.)"""
    tanh = _glu.check_approximate(approximate) == "gelu_tanh"
    got = _run_op("geglu_backward_op", (dy, gate, up), tanh,
                  differentiable=False)
    return _glu._geglu_backward_impl(dy, gate, up, approximate) \
        if got is None else tuple(got)


for _public, _impl in ((rms_norm, _norm._rms_norm_impl),
                       (layer_norm, _norm._layer_norm_impl),
                       (rms_norm_backward, _norm._rms_norm_backward_impl),
                       (layer_norm_backward, _norm._layer_norm_backward_impl),
                       (swiglu, _glu._swiglu_impl),
                       (geglu, _glu._geglu_impl),
                       (swiglu_backward, _glu._swiglu_backward_impl),
                       (geglu_backward, _glu._geglu_backward_impl)):
    c.document(_public, _impl)
