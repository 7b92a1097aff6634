#!/usr/bin/env python3
"""GPT-2 small with its attention computed by WarpForth.

Builds GPT2LMHeadModel(GPT2Config()) with random weights (nothing is
downloaded), registers the WarpForth multi-head f32 kernel
(demo/attention-mh-f32.forth: every head of a layer in one launch) as a
transformers attention implementation, and:

1. checks the logits against stock attention (SDPA) on the same model and
   input: max |diff| / max |stock| must be <= 1e-4;
2. greedily generates tokens from a prompt of token ids both ways and
   prints the tokens and tokens/s.

The kernel is causal attention over a square score matrix, so generation
runs without a KV cache (each step recomputes the whole sequence), both
ways alike. With random weights greedy decoding tends to repeat one token;
the per-step logits are compared too, so the check does not rest on that.

    PYTHONPATH=bindings/python WARPFORTH_LIB=... python3 demo/gpt2.py
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import torch
from transformers import AttentionInterface, GPT2Config, GPT2LMHeadModel

sys.path.insert(0, str(Path(__file__).resolve().parent.parent
                       / "bindings" / "python"))
import warpforth  # noqa: E402

IMPL = "warpforth"
calls = 0


def warpforth_attention(module, query, key, value, attention_mask,
                        scaling=None, dropout=0.0, **kwargs):
    """The transformers attention-function contract: query/key/value are
    (batch, heads, seq, head_dim); returns ((batch, seq, heads, head_dim),
    weights). The kernel applies the causal mask itself; with one unpadded
    sequence that is the whole mask, so `attention_mask` adds nothing."""
    global calls
    calls += 1
    seq_len, head_dim = query.shape[-2:]
    if key.shape[-2] != seq_len:
        raise ValueError("warpforth attention needs use_cache=False "
                         f"(query {seq_len} rows, key {key.shape[-2]})")
    if scaling is not None and abs(scaling - head_dim ** -0.5) > 1e-9:
        raise ValueError(f"kernel scales by 1/sqrt(d); model asks {scaling}")
    if dropout and module.training:
        raise ValueError("attention dropout is not supported")
    q, k, v = (t.float().contiguous() for t in (query, key, value))
    out = warpforth.multihead_attention(q, k, v)
    return out.transpose(1, 2).contiguous(), None


def register() -> None:
    AttentionInterface.register(IMPL, warpforth_attention)
    # transformers builds the mask per implementation; the kernel ignores it,
    # so whatever SDPA would get (often nothing: a pure causal mask) will do.
    try:
        from transformers import AttentionMaskInterface
        from transformers.masking_utils import sdpa_mask
        AttentionMaskInterface.register(IMPL, sdpa_mask)
    except ImportError:
        pass


def use(model, impl: str) -> None:
    try:
        model.set_attn_implementation(impl)
    except Exception:  # noqa: BLE001 - any refusal: fall back
        # Older transformers: the attention modules read the config on
        # every call.
        model.config._attn_implementation = impl


@torch.no_grad()
def logits(model, ids: torch.Tensor) -> torch.Tensor:
    out = model(input_ids=ids, use_cache=False).logits
    torch.cuda.synchronize()
    return out


@torch.no_grad()
def generate(model, prompt: torch.Tensor,
             steps: int) -> tuple[list, float, torch.Tensor]:
    """Greedy decoding; returns the new tokens, tokens/s and each step's
    last-position logits (kept on the GPU, so they cost no sync)."""
    ids, last = prompt, []
    torch.cuda.synchronize()
    start = time.perf_counter()
    for _ in range(steps):
        step = model(input_ids=ids, use_cache=False).logits[:, -1]
        last.append(step)
        ids = torch.cat([ids, step.argmax(-1)[:, None]], dim=1)
    torch.cuda.synchronize()
    elapsed = time.perf_counter() - start
    return ids[0, prompt.shape[1]:].tolist(), steps / elapsed, torch.cat(last)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--check-len", type=int, default=128)
    ap.add_argument("--prompt-len", type=int, default=16)
    ap.add_argument("--steps", type=int, default=20)
    ap.add_argument("--stock", default="sdpa", help="stock implementation")
    args = ap.parse_args()

    torch.manual_seed(0)
    register()
    model = GPT2LMHeadModel(GPT2Config()).cuda().eval()
    print(f"GPT-2 small, random weights, "
          f"{sum(p.numel() for p in model.parameters()) / 1e6:.1f}M params; "
          f"warpforth on {warpforth.device('gpu').name}")

    gen = torch.Generator(device="cuda").manual_seed(1)
    vocab = model.config.vocab_size
    ids = torch.randint(0, vocab, (1, args.check_len), device="cuda",
                        generator=gen)
    use(model, args.stock)
    want = logits(model, ids)
    use(model, IMPL)
    got = logits(model, ids)
    if calls != model.config.n_layer:
        print(f"FAIL: the kernel ran {calls} times for "
              f"{model.config.n_layer} layers (attention not routed)")
        return 1
    diff = (got - want).abs().max().item()
    rel = diff / want.abs().max().item()
    ok = rel <= 1e-4
    print(f"logits, {args.check_len} tokens: max |diff| {diff:.3e}, "
          f"relative to max |logit| {rel:.3e} (tolerance 1e-4): "
          f"{'PASS' if ok else 'FAIL'}")

    prompt = ids[:, :args.prompt_len]
    results = {}
    for impl in (args.stock, IMPL):
        use(model, impl)
        generate(model, prompt, args.steps)  # warm-up: compiles, caches
        results[impl] = generate(model, prompt, args.steps)
    for impl, (tokens, rate, _) in results.items():
        print(f"{impl:>9}: {rate:7.1f} tokens/s, tokens {tokens}")
    same = results[args.stock][0] == results[IMPL][0]
    a, b = results[args.stock][2], results[IMPL][2]
    step_rel = ((a - b).abs().max() / a.abs().max()).item()
    ok = ok and step_rel <= 1e-4
    print(f"greedy tokens identical: {same}; max relative logit diff over "
          f"the {args.steps} steps: {step_rel:.3e}; speed warpforth/"
          f"{args.stock}: {results[IMPL][1] / results[args.stock][1]:.2f}x")
    return 0 if ok and same else 1


if __name__ == "__main__":
    sys.exit(main())
