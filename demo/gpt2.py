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

3. generates with a KV cache on warpforth.ops alone (issue 16), at batch
   1 and 8 (--kv-batches), --kv-steps new tokens (128) from random
   prompts of equal length: the prompt through ops.flash_attention
   (causal, f32 3xTF32) with its K/V written to a contiguous cache by
   ops.append_kv, then each new token through ops.append_kv and
   ops.decode_attention, the rest of the model (embeddings, layer norms,
   projections, MLP, head) being the HF modules' own, called one by one;
   against HuggingFace generate (SDPA, use_cache=True, greedy, no EOS
   stop) from the same weights: the tokens must be identical and the
   logits of every step within 1e-4 of HF's (relative to the largest);
   tokens/s of both (the batch's new tokens over the wall time, prefill
   included).

    PYTHONPATH=bindings/python WARPFORTH_LIB=... python3 demo/gpt2.py
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import torch
from transformers import GPT2Config, GPT2LMHeadModel

sys.path.insert(0, str(Path(__file__).resolve().parent.parent
                       / "bindings" / "python"))
import warpforth  # noqa: E402
from warpforth import hf, ops  # noqa: E402

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


def register(name: str = IMPL, fn=None) -> None:
    """Registers `fn` (default: warpforth_attention) as transformers
    attention implementation `name` (warpforth.hf's registration)."""
    hf.register_attention(name, fn or warpforth_attention)


use = hf.use_attention


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


def split_heads(x: torch.Tensor, heads: int) -> torch.Tensor:
    """(B, N, H*d) -> (B, H, N, d), contiguous."""
    b, n, e = x.shape
    return x.view(b, n, heads, e // heads).transpose(1, 2).contiguous()


@torch.no_grad()
def forward_cached(model, ids: torch.Tensor, start: int, caches, lens):
    """GPT-2 on the tokens ids (B, N) at positions start .. start + N - 1,
    with the K/V of the earlier positions in `caches` (per layer (k, v),
    (B, H, capacity, d) f32) and lens (B,) int32 already counting the N new
    ones: their K/V are appended, then attention runs on warpforth.ops
    (flash_attention for the prompt, decode_attention after). Returns the
    last position's logits (B, vocab)."""
    t = model.transformer
    heads = model.config.n_head
    pos = torch.arange(start, start + ids.shape[1], device=ids.device)
    x = t.wte(ids) + t.wpe(pos)[None]
    for block, (kc, vc) in zip(t.h, caches):
        a = block.attn
        qkv = a.c_attn(block.ln_1(x))
        q, k, v = (split_heads(z, heads)
                   for z in qkv.split(model.config.n_embd, dim=2))
        ops.append_kv(kc, vc, k, v, lens)
        if start == 0:
            o = ops.flash_attention(q, k, v, causal=True)
        else:
            o = ops.decode_attention(q, kc, vc, lens)
        b, _, n, _ = o.shape
        x = x + a.resid_dropout(a.c_proj(o.transpose(1, 2).reshape(b, n, -1)))
        x = x + block.mlp(block.ln_2(x))
    return model.lm_head(t.ln_f(x[:, -1:]))[:, 0]


@torch.no_grad()
def generate_kv(model, prompt: torch.Tensor, steps: int):
    """Greedy decoding with a KV cache on warpforth.ops; returns the new
    tokens (B, steps), tokens/s of the batch and each step's logits
    (steps, B, vocab)."""
    cfg = model.config
    b, plen = prompt.shape
    d = cfg.n_embd // cfg.n_head
    torch.cuda.synchronize()
    start = time.perf_counter()
    caches = [tuple(torch.empty(b, cfg.n_head, plen + steps, d,
                                device=prompt.device) for _ in "kv")
              for _ in range(cfg.n_layer)]
    lens = torch.full((b,), plen, dtype=torch.int32, device=prompt.device)
    step = forward_cached(model, prompt, 0, caches, lens)
    tokens, last = [], []
    for i in range(steps):
        last.append(step)
        tok = step.argmax(-1)
        tokens.append(tok)
        if i + 1 < steps:
            lens = lens + 1
            step = forward_cached(model, tok[:, None], plen + i, caches, lens)
    torch.cuda.synchronize()
    elapsed = time.perf_counter() - start
    return torch.stack(tokens, 1), b * steps / elapsed, torch.stack(last)


@torch.no_grad()
def generate_hf(model, prompt: torch.Tensor, steps: int):
    """HuggingFace generate, greedy with its KV cache, exactly `steps`
    new tokens; returns them (B, steps), tokens/s and the logits of each
    step (steps, B, vocab)."""
    model.generation_config.eos_token_id = None
    model.generation_config.pad_token_id = 0
    torch.cuda.synchronize()
    start = time.perf_counter()
    out = model.generate(prompt, attention_mask=torch.ones_like(prompt),
                         max_new_tokens=steps,
                         do_sample=False, use_cache=True,
                         return_dict_in_generate=True, output_logits=True)
    torch.cuda.synchronize()
    elapsed = time.perf_counter() - start
    tokens = out.sequences[:, prompt.shape[1]:]
    return tokens, prompt.shape[0] * steps / elapsed, torch.stack(out.logits)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--check-len", type=int, default=128)
    ap.add_argument("--prompt-len", type=int, default=16)
    ap.add_argument("--steps", type=int, default=20)
    ap.add_argument("--stock", default="sdpa", help="stock implementation")
    ap.add_argument("--kv-steps", type=int, default=128,
                    help="new tokens of the KV-cache generation (0: skip)")
    ap.add_argument("--kv-batches", default="1,8",
                    help="batch sizes of the KV-cache generation")
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
    ok = ok and same

    # 3. With a KV cache: warpforth.ops against HF generate (SDPA).
    if args.kv_steps > 0:
        use(model, "sdpa")
        for b in (int(x) for x in args.kv_batches.split(",")):
            prompt = torch.randint(0, vocab, (b, args.prompt_len),
                                   device="cuda", generator=gen)
            generate_kv(model, prompt, 4)       # warm-up: compiles kernels
            generate_hf(model, prompt, 4)
            ours, our_rate, our_logits = generate_kv(model, prompt,
                                                     args.kv_steps)
            hf, hf_rate, hf_logits = generate_hf(model, prompt,
                                                 args.kv_steps)
            same = torch.equal(ours, hf)
            rel = ((our_logits - hf_logits).abs().max() /
                   hf_logits.abs().max()).item()
            good = same and rel <= 1e-4
            ok = ok and good
            print(f"KV cache, batch {b}, {args.kv_steps} new tokens: "
                  f"tokens identical: {same}, max relative logit diff "
                  f"{rel:.3e} (tolerance 1e-4); tokens/s warpforth "
                  f"{our_rate:.1f}, HF generate (sdpa) {hf_rate:.1f} "
                  f"({our_rate / hf_rate:.2f}x): "
                  f"{'PASS' if good else 'FAIL'}")
            if not same:
                row = int((ours != hf).any(1).nonzero()[0])
                print(f"  first differing sequence {row}: ours "
                      f"{ours[row].tolist()[:20]}..., HF "
                      f"{hf[row].tolist()[:20]}...")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
