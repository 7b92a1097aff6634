#!/usr/bin/env python3
"""GPT-2 small trained on packed documents: the same tokens as a padded
batch, and packed into one row twice: through ops.flash_attention_varlen
and through ops.flash_attention with a document mask written in Forth
(mask_mod; issue 37's demo).

Each step draws documents of random lengths (--min-doc to --max-doc
tokens, about --tokens in all). Two copies of one randomly initialised
GPT2LMHeadModel (dropout off) train on them with AdamW under bf16
autocast:
- padded: one document a row, padded to the longest (labels -100 on the
  padding), attention ops.flash_attention(causal=True) (a row's padding
  comes after its tokens, so causal attention never sees it);
- packed: every document in one row, position ids restarting at each,
  the first token of each document unlabelled (it has no predecessor in
  its document), attention ops.flash_attention_varlen(causal=True) over
  cu_seqlens: each document attends to itself alone;
- masked: the same packed row through ops.flash_attention(causal=True)
  with MASK-MOD comparing the documents' ids (an int32 mod_arg): the
  block mask skips the tiles between documents.
All see the same predictions, so their losses are equal to within bf16
noise; tokens/s counts the documents' tokens (not the padding).

    PYTHONPATH=bindings/python WARPFORTH_LIB=... python3 demo/gpt2_packed.py
"""

from __future__ import annotations

import argparse
import copy
import statistics
import sys
import time
from pathlib import Path

import torch
from transformers import GPT2Config, GPT2LMHeadModel

sys.path.insert(0, str(Path(__file__).resolve().parent.parent
                       / "bindings" / "python"))
from warpforth import ops  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from gpt2 import register, use  # noqa: E402

# The packed step's sequences, for the attention function (transformers
# passes it no extra argument): cu_seqlens (int32, on the GPU), longest,
# and each token's document id (int32, on the GPU).
_seqs: dict = {}
DOCUMENTS = ": MASK-MOD { b h qi ki -- flag }  qi ARG0@  ki ARG0@  = ;\n"


def padded_attention(module, query, key, value, attention_mask,
                     scaling=None, dropout=0.0, **kwargs):
    out = ops.flash_attention(query, key, value, causal=True, scale=scaling)
    return out.transpose(1, 2).contiguous(), None


def packed_attention(module, query, key, value, attention_mask,
                     scaling=None, dropout=0.0, **kwargs):
    """query (1, H, total, d) of the packed row: the varlen op reads its
    (total, H, d) view where it lies."""
    q, k, v = (x[0].transpose(0, 1) for x in (query, key, value))
    cu, longest = _seqs["cu"], _seqs["max"]
    out = ops.flash_attention_varlen(q, k, v, cu, cu, longest, longest,
                                     causal=True, scale=scaling)
    return out[None], None


def masked_attention(module, query, key, value, attention_mask,
                     scaling=None, dropout=0.0, **kwargs):
    """The packed row (1, H, total, d) with the document mask."""
    out = ops.flash_attention(query, key, value, causal=True, scale=scaling,
                              mask_mod=DOCUMENTS, mod_args=(_seqs["doc"],))
    return out.transpose(1, 2).contiguous(), None


def documents(gen, vocab: int, tokens: int, lo: int, hi: int) -> list:
    docs, n = [], 0
    while n < tokens:
        length = int(torch.randint(lo, hi + 1, (1,), generator=gen))
        docs.append(torch.randint(0, vocab, (length,), generator=gen))
        n += length
    return docs


def padded_batch(docs: list) -> tuple:
    longest = max(len(d) for d in docs)
    ids = torch.zeros(len(docs), longest, dtype=torch.long)
    labels = torch.full((len(docs), longest), -100, dtype=torch.long)
    for i, d in enumerate(docs):
        ids[i, :len(d)] = d
        labels[i, :len(d)] = d
    return ids.cuda(), labels.cuda(), None


def packed_batch(docs: list) -> tuple:
    ids = torch.cat(docs)[None]
    labels = ids.clone()
    pos = torch.cat([torch.arange(len(d)) for d in docs])[None]
    starts = torch.tensor([0] + [len(d) for d in docs]).cumsum(0)
    labels[0, starts[1:-1]] = -100     # each later document's first token
    _seqs["cu"] = starts.to(torch.int32).cuda()
    _seqs["max"] = max(len(d) for d in docs)
    _seqs["doc"] = torch.cat([torch.full((len(d),), i, dtype=torch.int32)
                              for i, d in enumerate(docs)]).cuda()
    return ids.cuda(), labels.cuda(), pos.cuda()


def step(model, batch) -> torch.Tensor:
    ids, labels, pos = batch
    with torch.autocast("cuda", dtype=torch.bfloat16):
        loss = model(input_ids=ids, labels=labels, position_ids=pos,
                     use_cache=False).loss
    loss.backward()
    return loss


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--steps", type=int, default=12)
    ap.add_argument("--tokens", type=int, default=16384)
    ap.add_argument("--min-doc", type=int, default=32)
    ap.add_argument("--max-doc", type=int, default=1024)
    args = ap.parse_args()
    torch.manual_seed(0)
    register("warpforth_padded", padded_attention)
    register("warpforth_packed", packed_attention)
    register("warpforth_masked", masked_attention)
    cfg = GPT2Config(resid_pdrop=0.0, embd_pdrop=0.0, attn_pdrop=0.0)
    base = GPT2LMHeadModel(cfg).cuda().train()
    models = {"padded": base, "packed": copy.deepcopy(base),
              "masked": copy.deepcopy(base)}
    for k, m in models.items():
        use(m, "warpforth_" + k)
    opts = {k: torch.optim.AdamW(m.parameters(), lr=3e-4)
            for k, m in models.items()}
    gen = torch.Generator().manual_seed(1)
    print(f"GPT-2 small, random init, about {args.tokens} tokens a step in "
          f"documents of {args.min_doc}-{args.max_doc} tokens, AdamW, bf16")
    losses = {k: [] for k in models}
    rates = {k: [] for k in models}
    for i in range(args.steps):
        docs = documents(gen, cfg.vocab_size, args.tokens, args.min_doc,
                         args.max_doc)
        n = sum(len(d) for d in docs)
        packed = packed_batch(docs)
        batches = {"padded": padded_batch(docs), "packed": packed,
                   "masked": packed}
        order = ["padded", "packed", "masked"]
        for k in (order if i % 2 == 0 else order[::-1]):
            torch.cuda.synchronize()
            t0 = time.perf_counter()
            loss = step(models[k], batches[k])
            opts[k].step()
            opts[k].zero_grad(set_to_none=True)
            torch.cuda.synchronize()
            if i >= 2:
                rates[k].append(n / (time.perf_counter() - t0))
            losses[k].append(loss.item())
        pad = batches["padded"][0].numel()
        print(f"step {i + 1:3d}: {len(docs)} documents, {n} tokens "
              f"({pad} padded): loss padded {losses['padded'][-1]:.4f}  "
              f"packed {losses['packed'][-1]:.4f}  "
              f"masked {losses['masked'][-1]:.4f}")
    diff = max(abs(a - b) for k in ("packed", "masked")
               for a, b in zip(losses["padded"], losses[k]))
    print(f"loss: max |difference| from padded over {args.steps} steps "
          f"{diff:.4f}")
    r = {k: statistics.median(v) for k, v in rates.items()}
    print(f"tokens/s (median step): padded {r['padded']:.0f}, packed "
          f"{r['packed']:.0f} ({r['packed'] / r['padded']:.2f}x), masked "
          f"{r['masked']:.0f} ({r['masked'] / r['padded']:.2f}x)")
    ok = diff < 0.05
    print("PASS" if ok else "FAIL")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
