"""HuggingFace transformers models on warpforth.ops, as Liger Kernel's
apply_liger_kernel_to_llama does for its Triton kernels:

    from warpforth import hf
    hf.apply_to_llama(model)     # LlamaForCausalLM (or LlamaModel)
    hf.apply_to_gpt2(model)      # GPT2LMHeadModel (or GPT2Model)

Each swaps, on the model given (its modules' forwards, bound to them):
- the norms: LlamaRMSNorm -> ops.rms_norm (HF Llama's casting), GPT-2's
  nn.LayerNorm -> ops.layer_norm;
- Llama's MLP activation: silu(gate) * up -> ops.swiglu;
- rotary embeddings: transformers' modeling_llama.apply_rotary_pos_emb ->
  ops.apply_rotary (a module-level function of transformers, so every
  Llama model of the process takes it, as with Liger);
- attention: ops.flash_attention as the model's attention implementation
  "warpforth" (causal, GQA; sequences without padding: the kernel applies
  the causal rule itself and does not read an attention mask);
- the loss: with labels, the causal-LM forward runs the base model, then
  ops.linear_cross_entropy on the final hidden states and the LM head's
  weight, so the logits are never made (HF's shift: position i predicts
  labels[i + 1]; -100 ignored; `num_items_in_batch` honoured; `logits`
  is None in the output). Without labels the model's own forward runs.

Keyword arguments turn each part off (rms_norm=False, ...). Under
torch.autocast the ops run in the autocast dtype (their inputs cast to
it, as nn.Linear's are). Where chose differently from Liger: the residual
adds stay the models' own (the fused residual of ops.rms_norm needs the
decoder layer rewritten); GPT-2's ungated GELU MLP is left to torch."""

from __future__ import annotations

import types
from typing import Any

ATTENTION = "warpforth"


def _autocast_dtype(x: Any) -> Any:
    import torch
    kind = x.device.type
    if torch.is_autocast_enabled(kind):
        return torch.get_autocast_dtype(kind)
    return x.dtype


def _bind(module: Any, forward: Any) -> None:
    module.forward = types.MethodType(forward, module)


def _rms_norm_forward(self: Any, hidden_states: Any) -> Any:
    from . import ops
    w = self.weight.to(hidden_states.dtype)
    return ops.rms_norm(hidden_states, w, self.variance_epsilon)


def _layer_norm_forward(self: Any, x: Any) -> Any:
    # In x's dtype, as nn.LayerNorm (float32 under autocast, where the
    # residual stream of GPT-2 is float32).
    import torch

    from . import ops
    w = (torch.ones(x.shape[-1], dtype=x.dtype, device=x.device)
         if self.weight is None else self.weight.to(x.dtype))
    b = None if self.bias is None else self.bias.to(x.dtype)
    return ops.layer_norm(x, w, b, self.eps)


def _swiglu_mlp_forward(self: Any, x: Any) -> Any:
    from . import ops
    return self.down_proj(ops.swiglu(self.gate_proj(x), self.up_proj(x)))


def _rotary(q: Any, k: Any, cos: Any, sin: Any, position_ids: Any = None,
            unsqueeze_dim: int = 1) -> tuple:
    """transformers' apply_rotary_pos_emb: q (B, Hq, N, d), k (B, Hkv, N,
    d), cos and sin (B, N, d) (unsqueezed at dim 1 by HF's own)."""
    from . import ops
    if unsqueeze_dim != 1 or cos.dim() != 3:
        return _hf_rotary(q, k, cos, sin, unsqueeze_dim=unsqueeze_dim)
    dt = q.dtype
    if cos.shape[0] == 1 and q.shape[0] != 1:
        cos, sin = cos[0], sin[0]     # one table for the batch: (N, d)
    return ops.apply_rotary(q.contiguous(), k.to(dt).contiguous(),
                            cos.to(dt).contiguous(), sin.to(dt).contiguous())


_hf_rotary: Any = None


def attention(module: Any, query: Any, key: Any, value: Any,
              attention_mask: Any, scaling: Any = None, dropout: float = 0.0,
              **kwargs: Any) -> tuple:
    """The transformers attention contract on ops.flash_attention: (B, H,
    N, d) in (k, v with the model's KV heads), (B, N, H, d) out, causal."""
    from . import ops
    if dropout and module.training:
        raise ValueError("warpforth attention: attention dropout is not "
                         "supported (set the model's attention dropout "
                         "to 0)")
    dt = query.dtype
    out = ops.flash_attention(query, key.to(dt), value.to(dt), causal=True,
                              scale=scaling)
    return out.transpose(1, 2).contiguous(), None


def register_attention(name: str = ATTENTION, fn: Any = None) -> None:
    """Makes `name` a transformers attention implementation calling `fn`
    (default: `attention` above), with SDPA's mask builder, whose mask
    the kernels do not read."""
    from transformers import AttentionInterface
    AttentionInterface.register(name, fn or attention)
    try:
        from transformers import AttentionMaskInterface
        from transformers.masking_utils import sdpa_mask
        AttentionMaskInterface.register(name, sdpa_mask)
    except ImportError:
        pass


def use_attention(model: Any, name: str = ATTENTION) -> None:
    """The model's attention implementation set to `name` (registered)."""
    try:
        model.set_attn_implementation(name)
    except Exception:  # noqa: BLE001 - older transformers: the attention
        # modules read the config on every call
        model.config._attn_implementation = name


def _causal_lm_forward(self: Any, input_ids: Any = None,
                       attention_mask: Any = None, labels: Any = None,
                       **kwargs: Any) -> Any:
    """The causal LM's forward with the loss from ops.linear_cross_entropy
    (no logits); without labels, the model's own forward."""
    if labels is None:
        return self._warpforth_forward(input_ids=input_ids,
                                       attention_mask=attention_mask,
                                       **kwargs)
    import torch
    from transformers.modeling_outputs import CausalLMOutputWithPast

    from . import ops
    num_items = kwargs.pop("num_items_in_batch", None)
    kwargs.pop("logits_to_keep", None)
    base = getattr(self, self._warpforth_base)
    out = base(input_ids=input_ids, attention_mask=attention_mask, **kwargs)
    hidden = out[0]
    head = self.lm_head
    dt = _autocast_dtype(hidden)
    targets = torch.nn.functional.pad(labels, (0, 1), value=-100)[..., 1:]
    with torch.autocast(hidden.device.type, enabled=False):
        loss = ops.linear_cross_entropy(
            hidden.to(dt), head.weight.to(dt), targets.contiguous(),
            bias=None if head.bias is None else head.bias.to(dt),
            reduction="mean" if num_items is None else "sum")
    if num_items is not None:
        loss = loss / num_items
    return CausalLMOutputWithPast(
        loss=loss, logits=None,
        past_key_values=getattr(out, "past_key_values", None),
        hidden_states=getattr(out, "hidden_states", None),
        attentions=getattr(out, "attentions", None))


def _fuse_loss(model: Any, base: str) -> None:
    if not hasattr(model, "lm_head") or not hasattr(model, base):
        return     # a base model: no loss to fuse
    if not hasattr(model, "_warpforth_forward"):
        model._warpforth_forward = model.forward
        model._warpforth_base = base
    _bind(model, _causal_lm_forward)


def restore_rotary() -> None:
    """transformers' own apply_rotary_pos_emb back (apply_to_llama with
    rope=True replaces it for every Llama model of the process)."""
    global _hf_rotary
    if _hf_rotary is not None:
        from transformers.models.llama import modeling_llama as ml
        ml.apply_rotary_pos_emb = _hf_rotary
        _hf_rotary = None


def apply_to_llama(model: Any, rms_norm: bool = True, swiglu: bool = True,
                   rope: bool = True, attention: bool = True,
                   linear_cross_entropy: bool = True) -> Any:
    """Puts warpforth.ops into a transformers Llama model (see the module's
    docstring); returns the model."""
    global _hf_rotary
    from transformers.models.llama import modeling_llama as ml
    for m in model.modules():
        if rms_norm and isinstance(m, ml.LlamaRMSNorm):
            _bind(m, _rms_norm_forward)
        if swiglu and isinstance(m, ml.LlamaMLP):
            act = getattr(m.config, "hidden_act", "silu")
            if act not in ("silu", "swish"):
                raise ValueError(f"swiglu: the MLP's activation is {act!r}, "
                                 "not silu")
            _bind(m, _swiglu_mlp_forward)
    if rope and _hf_rotary is None:
        _hf_rotary = ml.apply_rotary_pos_emb
        ml.apply_rotary_pos_emb = _rotary
    if attention:
        register_attention()
        use_attention(model)
    if linear_cross_entropy:
        _fuse_loss(model, "model")
    return model


def apply_to_gpt2(model: Any, layer_norm: bool = True,
                  attention: bool = True,
                  linear_cross_entropy: bool = True) -> Any:
    """Puts warpforth.ops into a transformers GPT-2 model (see the module's
    docstring); returns the model."""
    import torch
    for m in model.modules():
        if layer_norm and isinstance(m, torch.nn.LayerNorm):
            if len(m.normalized_shape) != 1:
                continue
            _bind(m, _layer_norm_forward)
    if attention:
        register_attention()
        use_attention(model)
    if linear_cross_entropy:
        _fuse_loss(model, "transformer")
    return model
