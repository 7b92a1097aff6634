"""The ops as torch custom ops (torch.library), each with a fake (meta)
implementation, so that torch.compile(fullgraph=True) sees one opaque op
instead of tracing into ctypes and CUDA graphs capture them;
flash_attention has its backward (ops.flash_attention_backward)
registered for autograd. Imported on first use with torch tensors; needs
torch >= 2.4."""

from __future__ import annotations

import torch

from . import (_attention, _attention_backward, _attention_varlen, _decode,
               _glu, _loss, _loss_linear, _native, _norm, _rotary, _scores,
               _softmax, _strided, _topk)

# The ops are defined through torch.library's Library (a schema, the
# implementation for CPU and CUDA tensors, the fake one) rather than
# torch.library.custom_op, whose Python layers around the implementation
# cost host time that a compiled GPT-2 step waited for (H100 host, B8 H12
# N1024 d64 bf16, a call's host time as a compiled graph makes it, both
# in one process: flash_attention 41 us through custom_op against 28, its
# backward 69 against 49; bench/attention_overhead.py times these calls).
_lib = torch.library.Library("warpforth", "DEF")


def _define(schema: str, impl, fake):
    """torch.ops.warpforth.<name> of `schema` ("name(args) -> results"):
    `impl` for CPU and CUDA tensors, `fake` for tracing; returns its
    OpOverload (what the ops call under torch.compile). Where the native
    path loads (ops/_native.py), the op's kernel is its C++ plan replay,
    and `impl` runs as torch.ops.warpforth._py_<name> on a miss."""
    name = schema.split("(", 1)[0]
    _lib.define(schema)
    _lib.define("_py_" + schema)
    py = _native.exporting(impl)
    _lib.impl("_py_" + name, py, "CPU")
    _lib.impl("_py_" + name, py, "CUDA")
    if not _native.register(name):
        _lib.impl(name, impl, "CPU")
        _lib.impl(name, impl, "CUDA")
    torch.library.register_fake(f"warpforth::{name}", fake, lib=_lib)
    return getattr(torch.ops.warpforth, name).default


def native() -> bool:
    """Whether the ops' kernels are the C++ plan replay (ops/_native.py)."""
    return bool(_native.load())


def _flash_attention_fake(q, k, v, causal, scale, window_left=-1,
                          window_right=-1, softcap=0.0):
    # The output's strides are the op's (ops/_strided.py: q's order).
    return (_strided.torch_empty_in_order(q, _strided.torch_order(q),
                                          q.shape),
            q.new_empty(q.shape[:3], dtype=torch.float32))


flash_attention_op = _define(
    "flash_attention(Tensor q, Tensor k, Tensor v, bool causal, "
    "float scale, int window_left=-1, int window_right=-1, "
    "float softcap=0.0) -> (Tensor, Tensor)",
    lambda q, k, v, causal, scale, wl=-1, wr=-1, cap=0.0:
    _attention.flash_attention_impl(q, k, v, causal, scale, return_lse=True,
                                    window=(wl, wr), softcap=cap),
    _flash_attention_fake)


def _flash_attention_backward_fake(dout, q, k, v, out, lse, causal, scale,
                                   window_left=-1, window_right=-1,
                                   softcap=0.0):
    # dq in q's order, dk and dv in k's (ops/_strided.py).
    pk = _strided.torch_order(k)
    return (_strided.torch_empty_in_order(q, _strided.torch_order(q),
                                          q.shape),
            _strided.torch_empty_in_order(k, pk, k.shape),
            _strided.torch_empty_in_order(v, pk, v.shape))


flash_attention_backward_op = _define(
    "flash_attention_backward(Tensor dout, Tensor q, Tensor k, Tensor v, "
    "Tensor out, Tensor lse, bool causal, float scale, "
    "int window_left=-1, int window_right=-1, float softcap=0.0) "
    "-> (Tensor, Tensor, Tensor)",
    lambda dout, q, k, v, out, lse, causal, scale, wl=-1, wr=-1, cap=0.0:
    # looked up a call (tests replace it to see gradcheck fail)
    _attention_backward.flash_attention_backward(
        dout, q, k, v, out, lse, causal, scale, (wl, wr), cap),
    _flash_attention_backward_fake)


def _setup_context(ctx, inputs, output):
    q, k, v, causal, scale, *masks = inputs
    out, lse = output
    ctx.save_for_backward(q, k, v, out, lse)
    ctx.causal, ctx.scale, ctx.masks = causal, scale, masks
    ctx.mark_non_differentiable(lse)


def _backward(ctx, dout, _dlse):
    q, k, v, out, lse = ctx.saved_tensors
    # dout as autograd gives it (the op reads strided views).
    dq, dk, dv = flash_attention_backward_op(
        dout, q, k, v, out, lse, ctx.causal, ctx.scale, *ctx.masks)
    return (dq, dk, dv, None, None) + (None,) * len(ctx.masks)


torch.library.register_autograd("warpforth::flash_attention", _backward,
                                setup_context=_setup_context, lib=_lib)

# flash_attention with the user's words (mask_mod, score_mod: Forth
# source; mod_args: the arrays they read) and its backward, with
# autograd: no gradient for mod_args.
flash_attention_mods_op = _define(
    "flash_attention_mods(Tensor q, Tensor k, Tensor v, bool causal, "
    "float scale, int window_left, int window_right, float softcap, "
    "str? mask_mod, str? score_mod, Tensor[] mod_args) -> (Tensor, Tensor)",
    lambda q, k, v, causal, scale, wl, wr, cap, mask, score, args:
    _attention.flash_attention_impl(q, k, v, causal, scale, return_lse=True,
                                    window=(wl, wr), softcap=cap,
                                    mask_mod=mask, score_mod=score,
                                    mod_args=tuple(args)),
    lambda q, k, v, *rest: _flash_attention_fake(q, k, v, False, 1.0))

flash_attention_mods_backward_op = _define(
    "flash_attention_mods_backward(Tensor dout, Tensor q, Tensor k, "
    "Tensor v, Tensor out, Tensor lse, bool causal, float scale, "
    "int window_left, int window_right, float softcap, str? mask_mod, "
    "str? score_mod, Tensor[] mod_args) -> (Tensor, Tensor, Tensor)",
    lambda dout, q, k, v, out, lse, causal, scale, wl, wr, cap, mask, score,
    args: _attention_backward.flash_attention_backward(
        dout, q, k, v, out, lse, causal, scale, (wl, wr), cap, mask, score,
        tuple(args)),
    lambda dout, q, k, v, out, lse, *rest: _flash_attention_backward_fake(
        dout, q, k, v, out, lse, False, 1.0))


def _mods_setup(ctx, inputs, output):
    q, k, v, *rest = inputs[:11]
    out, lse = output
    ctx.save_for_backward(q, k, v, out, lse, *rest[-1])
    ctx.rest = rest[:-1]
    ctx.inputs = len(inputs)
    ctx.mark_non_differentiable(lse)


def _mods_backward(ctx, dout, _dlse):
    q, k, v, out, lse, *args = ctx.saved_tensors
    dq, dk, dv = flash_attention_mods_backward_op(
        dout, q, k, v, out, lse, *ctx.rest, args)
    # None for each other input, a list of them for mod_args.
    return ((dq, dk, dv) + (None,) * len(ctx.rest) + ([None] * len(args),)
            + (None,) * (ctx.inputs - 11))


torch.library.register_autograd("warpforth::flash_attention_mods",
                                _mods_backward, setup_context=_mods_setup,
                                lib=_lib)

# flash_attention_varlen (packed sequences) and its backward, with
# autograd. The sequences' bounds come as tensors (no sync); max_seqlen_q
# and max_seqlen_k as ints (ops.flash_attention_varlen computes them
# where they are not given).
def _varlen_fake(q, k, v, cu_q, cu_k, max_q, max_k, causal, scale, wl, wr,
                 cap):
    return (torch.empty_like(q),
            q.new_empty((q.shape[1], q.shape[0]), dtype=torch.float32))


flash_attention_varlen_op = _define(
    "flash_attention_varlen(Tensor q, Tensor k, Tensor v, "
    "Tensor cu_seqlens_q, Tensor cu_seqlens_k, int max_seqlen_q, "
    "int max_seqlen_k, bool causal, float scale, int window_left, "
    "int window_right, float softcap) -> (Tensor, Tensor)",
    lambda q, k, v, cu_q, cu_k, max_q, max_k, causal, scale, wl, wr, cap:
    _attention_varlen.flash_attention_varlen_impl(
        q, k, v, cu_q, cu_k, max_q, max_k, causal, scale, (wl, wr), cap,
        return_lse=True),
    _varlen_fake)

flash_attention_varlen_backward_op = _define(
    "flash_attention_varlen_backward(Tensor dout, Tensor q, Tensor k, "
    "Tensor v, Tensor out, Tensor lse, Tensor cu_seqlens_q, "
    "Tensor cu_seqlens_k, int max_seqlen_q, int max_seqlen_k, bool causal, "
    "float scale, int window_left, int window_right, float softcap) "
    "-> (Tensor, Tensor, Tensor)",
    lambda do, q, k, v, o, lse, cu_q, cu_k, max_q, max_k, causal, scale,
    wl, wr, cap: _attention_varlen.flash_attention_varlen_backward(
        do, q, k, v, o, lse, cu_q, cu_k, max_q, max_k, causal, scale,
        (wl, wr), cap),
    lambda do, q, k, v, *rest: (torch.empty_like(q), torch.empty_like(k),
                                torch.empty_like(v)))


def _varlen_setup(ctx, inputs, output):
    q, k, v, cu_q, cu_k, *rest = inputs
    out, lse = output
    ctx.save_for_backward(q, k, v, out, lse, cu_q, cu_k)
    ctx.rest = rest
    ctx.mark_non_differentiable(lse)


def _varlen_backward(ctx, dout, _dlse):
    q, k, v, out, lse, cu_q, cu_k = ctx.saved_tensors
    dq, dk, dv = flash_attention_varlen_backward_op(
        dout.contiguous(), q, k, v, out, lse, cu_q, cu_k, *ctx.rest)
    return (dq, dk, dv) + (None,) * (2 + len(ctx.rest))


torch.library.register_autograd("warpforth::flash_attention_varlen",
                                _varlen_backward, setup_context=_varlen_setup,
                                lib=_lib)

# flash_attention_varlen with the user's words, and its backward, with
# autograd (no gradient for the sequences' bounds or mod_args).
flash_attention_varlen_mods_op = _define(
    "flash_attention_varlen_mods(Tensor q, Tensor k, Tensor v, "
    "Tensor cu_seqlens_q, Tensor cu_seqlens_k, int max_seqlen_q, "
    "int max_seqlen_k, bool causal, float scale, int window_left, "
    "int window_right, float softcap, str? mask_mod, str? score_mod, "
    "Tensor[] mod_args) -> (Tensor, Tensor)",
    lambda q, k, v, cu_q, cu_k, max_q, max_k, causal, scale, wl, wr, cap,
    mask, score, args: _attention_varlen.flash_attention_varlen_impl(
        q, k, v, cu_q, cu_k, max_q, max_k, causal, scale, (wl, wr), cap,
        return_lse=True, mask_mod=mask, score_mod=score,
        mod_args=tuple(args)),
    lambda q, k, v, *rest: _varlen_fake(q, k, v, *rest[:9]))

flash_attention_varlen_mods_backward_op = _define(
    "flash_attention_varlen_mods_backward(Tensor dout, Tensor q, Tensor k, "
    "Tensor v, Tensor out, Tensor lse, Tensor cu_seqlens_q, "
    "Tensor cu_seqlens_k, int max_seqlen_q, int max_seqlen_k, bool causal, "
    "float scale, int window_left, int window_right, float softcap, "
    "str? mask_mod, str? score_mod, Tensor[] mod_args) "
    "-> (Tensor, Tensor, Tensor)",
    lambda do, q, k, v, o, lse, cu_q, cu_k, max_q, max_k, causal, scale,
    wl, wr, cap, mask, score, args:
    _attention_varlen.flash_attention_varlen_backward(
        do, q, k, v, o, lse, cu_q, cu_k, max_q, max_k, causal, scale,
        (wl, wr), cap, mask, score, tuple(args)),
    lambda do, q, k, v, *rest: (torch.empty_like(q), torch.empty_like(k),
                                torch.empty_like(v)))


def _varlen_mods_setup(ctx, inputs, output):
    q, k, v, cu_q, cu_k, *rest = inputs[:15]
    out, lse = output
    ctx.save_for_backward(q, k, v, out, lse, cu_q, cu_k, *rest[-1])
    ctx.rest = rest[:-1]
    ctx.inputs = len(inputs)
    ctx.mark_non_differentiable(lse)


def _varlen_mods_backward(ctx, dout, _dlse):
    q, k, v, out, lse, cu_q, cu_k, *args = ctx.saved_tensors
    dq, dk, dv = flash_attention_varlen_mods_backward_op(
        dout.contiguous(), q, k, v, out, lse, cu_q, cu_k, *ctx.rest, args)
    # None for the other inputs, a list of them for mod_args.
    return ((dq, dk, dv, None, None) + (None,) * len(ctx.rest)
            + ([None] * len(args),) + (None,) * (ctx.inputs - 15))


torch.library.register_autograd("warpforth::flash_attention_varlen_mods",
                                _varlen_mods_backward,
                                setup_context=_varlen_mods_setup, lib=_lib)

# The eager autograd.Functions below run the op's kernel directly (below
# autograd, which they are) where it is the C++ plan replay, whose host
# time is a fraction of the Python implementation's.
_NATIVE = native()
_below_autograd = torch._C._AutoDispatchBelowAutograd


def call(op, *args):
    """An op's call from its Python function (ops/_common.py use_torch_op):
    traced by torch.compile, the op itself; eagerly its kernel, below
    autograd where grad mode is on (the ops without a backward return
    tensors without one, as their Python path does; the guard costs 1.3
    us, so calls under no_grad skip it)."""
    if not torch.is_grad_enabled() or torch.compiler.is_compiling():
        return op(*args)
    with _below_autograd():
        return op(*args)


# masks: (window_left, window_right, softcap), the ops' last arguments.
def _forward(q, k, v, causal, scale, masks):
    if _NATIVE:
        with _below_autograd():
            return flash_attention_op(q, k, v, causal, scale, *masks)
    return _attention.flash_attention_impl(
        q, k, v, causal, scale, return_lse=True, window=masks[:2],
        softcap=masks[2])


def _backward_eager(dout, q, k, v, out, lse, causal, scale, masks):
    if _NATIVE:
        with _below_autograd():
            return flash_attention_backward_op(dout, q, k, v, out, lse,
                                               causal, scale, *masks)
    return _attention_backward.flash_attention_backward(
        dout, q, k, v, out, lse, causal, scale, masks[:2], masks[2])


class FlashAttentionLseFunction(torch.autograd.Function):
    """flash_attention's autograd in eager mode: the custom op's forward
    and backward without torch.library's autograd layer, which cost more
    than the kernels at GPT-2's shapes (H100, B8 H12 N1024 d64 bf16, CPU
    time a call: forward 95 us through the custom op against 52 us,
    backward 389 against 150; bench/attention_overhead.py). The forward
    and backward are the ops' kernels called below autograd (the C++ plan
    replay where it loaded), else the Python implementation. torch.compile
    still sees the custom op (ops/_attention.py picks). Returns (o, lse)."""

    @staticmethod
    def forward(ctx, q, k, v, causal, scale, masks):
        o, lse = _forward(q, k, v, causal, scale, masks)
        ctx.save_for_backward(q, k, v, o, lse)
        ctx.causal, ctx.scale, ctx.masks = causal, scale, masks
        ctx.mark_non_differentiable(lse)
        # lse's gradient stays None instead of a zero tensor made for
        # every backward (a fill kernel and ~14 us of host time).
        ctx.set_materialize_grads(False)
        return o, lse

    @staticmethod
    def backward(ctx, dout, _dlse):
        if dout is None:   # o itself unused: no gradient reaches q, k, v
            return None, None, None, None, None, None
        q, k, v, out, lse = ctx.saved_tensors
        dq, dk, dv = _backward_eager(dout, q, k, v, out, lse, ctx.causal,
                                     ctx.scale, ctx.masks)
        return dq, dk, dv, None, None, None


class FlashAttentionFunction(torch.autograd.Function):
    """The same returning o alone (what models call): lse, an intermediate
    here, is kept on ctx instead of being a second output, which autograd
    would wrap and mark (host time in a launch-bound forward)."""

    @staticmethod
    def forward(ctx, q, k, v, causal, scale, masks):
        o, lse = _forward(q, k, v, causal, scale, masks)
        ctx.save_for_backward(q, k, v, o)
        ctx.lse, ctx.causal, ctx.scale = lse, causal, scale
        ctx.masks = masks
        return o

    @staticmethod
    def backward(ctx, dout):
        q, k, v, out = ctx.saved_tensors
        dq, dk, dv = _backward_eager(dout, q, k, v, out, ctx.lse, ctx.causal,
                                     ctx.scale, ctx.masks)
        return dq, dk, dv, None, None, None


# The other ops: one each (outputs allocated inside, as the ops do
# without out=), with the fake implementation torch.compile traces.

softmax_op = _define("softmax(Tensor x) -> Tensor", _softmax._softmax_impl,
                     lambda x: torch.empty_like(x))

softmax_backward_op = _define(
    "softmax_backward(Tensor y, Tensor dy) -> Tensor",
    _softmax._softmax_backward_impl, lambda y, dy: torch.empty_like(y))

top_k_mask_op = _define(
    "top_k_mask(Tensor logits, int k) -> Tensor", _topk._top_k_mask_impl,
    lambda logits, k: torch.empty_like(logits))

top_p_mask_op = _define(
    "top_p_mask(Tensor logits, float p, int min_tokens_to_keep) -> Tensor",
    _topk._top_p_mask_impl,
    lambda logits, p, min_tokens_to_keep: torch.empty_like(logits))

attention_scores_op = _define(
    "attention_scores(Tensor q, Tensor k, bool causal, float scale) "
    "-> Tensor", _scores._attention_scores_impl,
    lambda q, k, causal, scale: q.new_empty(q.shape[:3] + k.shape[2:3]))

apply_rotary_op = _define(
    "apply_rotary(Tensor q, Tensor k, Tensor cos, Tensor sin) "
    "-> (Tensor, Tensor)", _rotary._apply_rotary_impl,
    lambda q, k, cos, sin: (torch.empty_like(q), torch.empty_like(k)))


def _rotary_setup(ctx, inputs, output):
    ctx.save_for_backward(inputs[2], inputs[3])


def _rotary_backward(ctx, dq, dk):
    # The rotation's adjoint is the rotation by -theta: the same op with
    # -sin. cos and sin get no gradient (a model's rotary tables are
    # buffers).
    cos, sin = ctx.saved_tensors
    dq, dk = apply_rotary_op(dq.contiguous(), dk.contiguous(), cos, -sin)
    return dq, dk, None, None


torch.library.register_autograd("warpforth::apply_rotary", _rotary_backward,
                                setup_context=_rotary_setup, lib=_lib)


def _decode_attention(q, k_cache, v_cache, cache_seqlens, block_table,
                      scale, num_splits):
    return _decode._decode_attention_impl(
        q, k_cache, v_cache, cache_seqlens, block_table, scale, num_splits,
        return_lse=True)


decode_attention_op = _define(
    "decode_attention(Tensor q, Tensor k_cache, Tensor v_cache, "
    "Tensor cache_seqlens, Tensor? block_table, float? scale, "
    "int? num_splits) -> (Tensor, Tensor)", _decode_attention,
    lambda q, k_cache, v_cache, cache_seqlens, block_table, scale,
    num_splits: (torch.empty_like(q),
                 q.new_empty(q.shape[:3], dtype=torch.float32)))


# cross_entropy: the rows' losses (and log-sum-exp, kept for the
# backward) as one op, with autograd through its backward op; the
# reduction is torch's own arithmetic on the losses.
cross_entropy_rows_op = _define(
    "cross_entropy_rows(Tensor logits, Tensor targets, int ignore_index, "
    "float label_smoothing, float softcap) -> (Tensor, Tensor)",
    _loss._cross_entropy_rows_impl,
    lambda logits, targets, ignore, smooth, cap: (
        logits.new_empty(logits.shape[:-1], dtype=torch.float32),
        logits.new_empty(logits.shape[:-1], dtype=torch.float32)))

cross_entropy_backward_op = _define(
    "cross_entropy_backward(Tensor logits, Tensor targets, Tensor lse, "
    "Tensor dlosses, int ignore_index, float label_smoothing, "
    "float softcap) -> Tensor",
    _loss._cross_entropy_backward_impl,
    lambda logits, *rest: torch.empty_like(logits))


def _ce_setup(ctx, inputs, output):
    logits, targets, *ctx.scalars = inputs
    ctx.save_for_backward(logits, targets, output[1])
    ctx.mark_non_differentiable(output[1])


def _ce_backward(ctx, dlosses, _dlse):
    logits, targets, lse = ctx.saved_tensors
    # dlosses as autograd makes it (an expanded scalar for a mean): dense
    # float32 for the kernel.
    dlogits = cross_entropy_backward_op(
        logits, targets, lse, dlosses.float().contiguous(), *ctx.scalars)
    return dlogits, None, None, None, None


torch.library.register_autograd("warpforth::cross_entropy_rows",
                                _ce_backward, setup_context=_ce_setup,
                                lib=_lib)


# linear_cross_entropy: the loss and, where `grads` asks, the gradients
# made in the same pass (the backward scales them by the incoming
# gradient, in place: they are the op's own buffers); reduction 'none'
# makes them in its backward op instead.
def _linear_ce_fake(hidden, weight, bias, targets, ignore, smooth, cap,
                    reduction, grads):
    def none():
        return hidden.new_empty((0,))
    if reduction == "none":
        grads = 0
    loss = hidden.new_empty(hidden.shape[:-1] if reduction == "none"
                            else (), dtype=torch.float32)
    dh = torch.empty_like(hidden) if grads & 1 else none()
    dw = torch.empty_like(weight) if grads & 2 else none()
    db = (torch.empty_like(bias) if grads & 2 and bias is not None
          else none())
    return loss, dh, dw, db


linear_cross_entropy_op = _define(
    "linear_cross_entropy(Tensor hidden, Tensor weight, Tensor? bias, "
    "Tensor targets, int ignore_index, float label_smoothing, "
    "float softcap, str reduction, int grads) "
    "-> (Tensor, Tensor, Tensor, Tensor)",
    _loss_linear.linear_cross_entropy_impl, _linear_ce_fake)

linear_cross_entropy_backward_op = _define(
    "linear_cross_entropy_backward(Tensor dlosses, Tensor hidden, "
    "Tensor weight, Tensor? bias, Tensor targets, int ignore_index, "
    "float label_smoothing, float softcap, int grads) "
    "-> (Tensor, Tensor, Tensor)",
    lambda dl, h, w, b, t, ignore, smooth, cap, grads:
    _loss_linear.linear_cross_entropy_impl(
        h, w, b, t, ignore, smooth, cap, "none", grads, dl)[1:],
    lambda dl, h, w, b, t, ignore, smooth, cap, grads:
    _linear_ce_fake(h, w, b, t, ignore, smooth, cap, "sum", grads)[1:])


def _linear_ce_setup(ctx, inputs, output):
    hidden, weight, bias, targets, ignore, smooth, cap, reduction, grads = \
        inputs
    ctx.made = reduction != "none"
    ctx.has_bias = bias is not None
    ctx.grads = grads
    if ctx.made:
        ctx.save_for_backward(*output[1:])
    else:
        ctx.save_for_backward(hidden, weight, bias, targets)
        ctx.scalars = (ignore, smooth, cap)
    ctx.mark_non_differentiable(*output[1:])


def _linear_ce_backward(ctx, dloss, *_):
    if ctx.made:
        dh, dw, db = ctx.saved_tensors
        for g in (dh, dw, db):
            g.mul_(dloss)
    else:
        hidden, weight, bias, targets = ctx.saved_tensors
        dh, dw, db = linear_cross_entropy_backward_op(
            dloss.float().contiguous(), hidden, weight, bias, targets,
            *ctx.scalars, ctx.grads)
    return (dh if ctx.grads & 1 else None, dw if ctx.grads & 2 else None,
            db if ctx.grads & 2 and ctx.has_bias else None,
            None, None, None, None, None, None)


torch.library.register_autograd("warpforth::linear_cross_entropy",
                                _linear_ce_backward,
                                setup_context=_linear_ce_setup, lib=_lib)
# The norms (ops/_norm.py) and gated activations (ops/_glu.py), with
# autograd. The forwards return every tensor the backward needs: h (the
# normalized input with a residual; empty without one, an op returning
# tensors only) and the f32 row statistics, which are not differentiable.

def _stats_fake(x):
    return x.new_empty(x.shape[:-1], dtype=torch.float32)


def _h_fake(x, residual):
    return torch.empty_like(x) if residual is not None else x.new_empty(0)


rms_norm_op = _define(
    "rms_norm(Tensor x, Tensor weight, Tensor? residual, float eps, "
    "int casting) -> (Tensor, Tensor, Tensor)",
    lambda x, w, r, eps, cast: _drop_mean(_norm.norm_forward(
        x, w, None, eps, r, None, False, cast, op=True)),
    lambda x, w, r, eps, cast: (torch.empty_like(x), _h_fake(x, r),
                                _stats_fake(x)))


def _drop_mean(made):
    y, h, _mean, rstd = made
    return y, h, rstd


layer_norm_op = _define(
    "layer_norm(Tensor x, Tensor weight, Tensor? bias, Tensor? residual, "
    "float eps) -> (Tensor, Tensor, Tensor, Tensor)",
    lambda x, w, b, r, eps: _norm.norm_forward(x, w, b, eps, r, None, True,
                                               0, op=True),
    lambda x, w, b, r, eps: (torch.empty_like(x), _h_fake(x, r),
                             _stats_fake(x), _stats_fake(x)))

rms_norm_backward_op = _define(
    "rms_norm_backward(Tensor dy, Tensor x, Tensor weight, Tensor rstd, "
    "Tensor? dh) -> (Tensor, Tensor)",
    lambda dy, x, w, rstd, dh: _norm.norm_backward(
        dy, x, w, None, rstd, dh, False, False, op=True)[:2],
    lambda dy, x, w, rstd, dh: (torch.empty_like(dy), torch.empty_like(w)))

layer_norm_backward_op = _define(
    "layer_norm_backward(Tensor dy, Tensor x, Tensor weight, Tensor mean, "
    "Tensor rstd, Tensor? dh, bool bias) -> (Tensor, Tensor, Tensor)",
    lambda dy, x, w, mean, rstd, dh, bias: _norm.norm_backward(
        dy, x, w, mean, rstd, dh, True, bias, op=True),
    lambda dy, x, w, mean, rstd, dh, bias: (
        torch.empty_like(dy), torch.empty_like(w),
        torch.empty_like(w) if bias else w.new_empty(0)))


def _norm_setup(ctx, inputs, output, layer):
    """Saves what the backward reads: h (x without a residual), the weight
    and the statistics."""
    x, w, *rest = inputs
    bias, residual = (rest[0], rest[1]) if layer else (None, rest[0])
    h, stats = output[1], output[2:]
    ctx.res = residual is not None
    ctx.bias = bias is not None
    ctx.save_for_backward(h if ctx.res else x, w, *stats)
    ctx.mark_non_differentiable(*stats)
    if not ctx.res:
        ctx.mark_non_differentiable(h)


def _dh(ctx, dh):
    """The gradient reaching h (the residual stream), where it exists."""
    return dh.contiguous() if ctx.res and dh is not None else None


def _rms_norm_backward(ctx, dy, dh, _drstd):
    h, w, rstd = ctx.saved_tensors
    dx, dw = rms_norm_backward_op(dy.contiguous(), h, w, rstd, _dh(ctx, dh))
    # x and the residual get the same gradient (h = x + residual).
    return dx, dw, (dx if ctx.res else None), None, None


def _layer_norm_backward(ctx, dy, dh, _dmean, _drstd):
    h, w, mean, rstd = ctx.saved_tensors
    dx, dw, db = layer_norm_backward_op(dy.contiguous(), h, w, mean, rstd,
                                        _dh(ctx, dh), ctx.bias)
    return (dx, dw, (db if ctx.bias else None), (dx if ctx.res else None),
            None)


torch.library.register_autograd(
    "warpforth::rms_norm", _rms_norm_backward,
    setup_context=lambda ctx, inputs, output: _norm_setup(
        ctx, inputs, output, False), lib=_lib)
torch.library.register_autograd(
    "warpforth::layer_norm", _layer_norm_backward,
    setup_context=lambda ctx, inputs, output: _norm_setup(
        ctx, inputs, output, True), lib=_lib)

swiglu_op = _define(
    "swiglu(Tensor gate, Tensor up) -> Tensor",
    lambda g, u: _glu.glu_forward(g, u, "silu"),
    lambda g, u: torch.empty_like(g))

geglu_op = _define(
    "geglu(Tensor gate, Tensor up, bool tanh) -> Tensor",
    lambda g, u, tanh: _glu.glu_forward(g, u, _gelu(tanh)),
    lambda g, u, tanh: torch.empty_like(g))

swiglu_backward_op = _define(
    "swiglu_backward(Tensor dy, Tensor gate, Tensor up) -> (Tensor, Tensor)",
    lambda dy, g, u: _glu.glu_backward(dy, g, u, "silu"),
    lambda dy, g, u: (torch.empty_like(g), torch.empty_like(u)))

geglu_backward_op = _define(
    "geglu_backward(Tensor dy, Tensor gate, Tensor up, bool tanh) "
    "-> (Tensor, Tensor)",
    lambda dy, g, u, tanh: _glu.glu_backward(dy, g, u, _gelu(tanh)),
    lambda dy, g, u, tanh: (torch.empty_like(g), torch.empty_like(u)))


def _gelu(tanh):
    return "gelu_tanh" if tanh else "gelu"


def _glu_setup(ctx, inputs, output):
    ctx.save_for_backward(inputs[0], inputs[1])
    ctx.args = inputs[2:]


def _swiglu_backward(ctx, dy):
    g, u = ctx.saved_tensors
    return swiglu_backward_op(dy.contiguous(), g, u)


def _geglu_backward(ctx, dy):
    g, u = ctx.saved_tensors
    dg, du = geglu_backward_op(dy.contiguous(), g, u, *ctx.args)
    return dg, du, None


torch.library.register_autograd("warpforth::swiglu", _swiglu_backward,
                                setup_context=_glu_setup, lib=_lib)
torch.library.register_autograd("warpforth::geglu", _geglu_backward,
                                setup_context=_glu_setup, lib=_lib)
