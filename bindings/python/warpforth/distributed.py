"""Context parallelism: attention over a sequence split across the ranks
of a torch.distributed group (ring attention), forward and backward.

Each rank holds a shard of the sequence's queries, keys and values
((B, H, n, d) tensors, n the rank's rows). `ring_attention` passes the
keys and values around the ring (each rank sends its current block to the
next and receives the previous rank's while it attends to the current
one) and merges the partial results by their log-sum-exp; its backward
passes keys and values around again, with their dK and dV sums, which
arrive back at their owners after the last step.

Sharding (`shard_sequence`, `shard_positions`, `unshard_sequence`): the
sequence cut into 2 W chunks (W ranks), rank r holding chunks r and
2W - 1 - r ("zigzag", ring-flash-attention's and PyTorch context_parallel's
load balance for causal attention: every rank then has the same causal
work), or (zigzag=False) W contiguous chunks. The masks across shards
(causal, window) follow each row's and key's position in the whole
sequence: a MASK-MOD over their positions (ops.flash_attention's
mask_mod, docs/attention-mods.md), whose block mask skips the tiles no
position pair reaches.

    import torch.distributed as dist
    from warpforth import distributed as wd
    q, k, v = (wd.shard_sequence(x) for x in (q_full, k_full, v_full))
    o = wd.ring_attention(q, k, v, causal=True)     # this rank's rows
    o.sum().backward()

Issue 38, first step: the merge runs in torch (float32) and the ring
sends with batch_isend_irecv on the default stream (gloo on the CPU,
NCCL on GPUs); see its note for what is still to come (the merge in the
kernel's epilogue, a communication stream, Ulysses).
"""

from __future__ import annotations

from typing import Any, Optional

import torch
import torch.distributed as dist

from . import ops

# MASK-MOD over the whole sequence's positions: ARG0 the rows', ARG1 the
# keys' (int64).
_CAUSAL = ": MASK-MOD { b h qi ki -- flag }  ki ARG1@  qi ARG0@  <= ;\n"


def _window_source(left: int, right: int, causal: bool) -> Optional[str]:
    """MASK-MOD of FlashAttention's window_size (and causal) on positions
    (the whole sequence: Nq = Nkv), or None when nothing is hidden."""
    if causal:
        right = 0
    if left < 0 and right < 0:
        return None
    parts = []
    if right >= 0:
        parts.append(f"ki ARG1@  qi ARG0@ {right} +  <=")
    if left >= 0:
        parts.append(f"ki ARG1@  qi ARG0@ {left} -  >=")
    body = "  ".join(parts) + ("  AND" if len(parts) == 2 else "")
    return f": MASK-MOD {{ b h qi ki -- flag }}  {body} ;\n"


def _world(group: Any) -> tuple[int, int]:
    return dist.get_world_size(group), dist.get_rank(group)


def shard_positions(n: int, world: int, rank: int, zigzag: bool = True,
                    device: Any = None) -> torch.Tensor:
    """The positions in a sequence of n tokens that rank `rank` of `world`
    holds (int64): chunks rank and 2 world - 1 - rank of 2 world (zigzag),
    else chunk rank of world. n must divide evenly."""
    parts = 2 * world if zigzag else world
    if n % parts:
        raise ValueError(f"n: {n} tokens do not split into {parts} equal "
                         f"chunks ({world} ranks" +
                         (", zigzag: two a rank)" if zigzag else ")"))
    c = n // parts
    chunks = [rank, parts - 1 - rank] if zigzag else [rank]
    return torch.cat([torch.arange(i * c, (i + 1) * c, device=device)
                      for i in chunks])


def shard_sequence(x: torch.Tensor, group: Any = None, dim: int = 2,
                   zigzag: bool = True) -> torch.Tensor:
    """This rank's shard of x along `dim` (a (B, H, N, d) tensor's 2; token
    or position ids (B, N): 1), as shard_positions."""
    world, rank = _world(group)
    pos = shard_positions(x.shape[dim], world, rank, zigzag, x.device)
    return x.index_select(dim, pos).contiguous()


def unshard_sequence(x: torch.Tensor, group: Any = None, dim: int = 2,
                     zigzag: bool = True) -> torch.Tensor:
    """The whole sequence from every rank's shard x (all_gather), in
    sequence order."""
    world, _ = _world(group)
    parts = [torch.empty_like(x) for _ in range(world)]
    dist.all_gather(parts, x.contiguous(), group=group)
    n = x.shape[dim] * world
    pos = torch.cat([shard_positions(n, world, r, zigzag, x.device)
                     for r in range(world)])
    out = torch.empty_like(torch.cat(parts, dim))
    out.index_copy_(dim, pos, torch.cat(parts, dim))
    return out


def _exchange(tensors: list, group: Any) -> list:
    """Sends `tensors` to the next rank and returns the previous rank's
    (the ring's step)."""
    world, rank = _world(group)
    nxt, prv = (rank + 1) % world, (rank - 1) % world
    got = [torch.empty_like(t) for t in tensors]
    g_next = dist.get_global_rank(group, nxt) if group is not None else nxt
    g_prev = dist.get_global_rank(group, prv) if group is not None else prv
    reqs = dist.batch_isend_irecv(
        [dist.P2POp(dist.isend, t.contiguous(), g_next, group)
         for t in tensors] +
        [dist.P2POp(dist.irecv, t, g_prev, group) for t in got])
    for r in reqs:
        r.wait()
    return got


def _merge(o: Optional[torch.Tensor], lse: Optional[torch.Tensor],
           oi: torch.Tensor, lsei: torch.Tensor) -> tuple:
    """(o, lse) of two partial attentions over disjoint keys (float32; a
    row without keys in either has lse -inf and adds nothing)."""
    oi = oi.float()
    if o is None:
        return oi, lsei
    new = torch.logaddexp(lse, lsei)
    safe = torch.where(torch.isinf(new), torch.zeros_like(new), new)
    a = torch.exp(lse - safe)[..., None]
    b = torch.exp(lsei - safe)[..., None]
    return o * a + oi * b, new


class _Ring(torch.autograd.Function):
    @staticmethod
    def forward(ctx, q, k, v, group, scale, mask, zigzag):
        world, rank = _world(group)
        n = q.shape[2]
        pos_q = shard_positions(n * world, world, rank, zigzag, q.device)
        o = lse = None
        kc, vc = k, v
        for step in range(world):
            src = (rank - step) % world
            pos_k = shard_positions(n * world, world, src, zigzag, q.device)
            nxt = _exchange([kc, vc], group) if step < world - 1 else None
            kw = _mods(mask, pos_q, pos_k)
            oi, lsei = ops.flash_attention(q, kc, vc, scale=scale,
                                           return_lse=True, **kw)
            o, lse = _merge(o, lse, oi, lsei)
            if nxt is not None:
                kc, vc = nxt
        out = o.to(q.dtype)
        ctx.save_for_backward(q, k, v, out, lse, pos_q)
        ctx.group, ctx.scale, ctx.mask, ctx.zigzag = group, scale, mask, zigzag
        ctx.mark_non_differentiable(lse)
        return out, lse

    @staticmethod
    def backward(ctx, dout, _dlse):
        q, k, v, out, lse, pos_q = ctx.saved_tensors
        group, scale, mask = ctx.group, ctx.scale, ctx.mask
        world, rank = _world(group)
        n = q.shape[2]
        dout = dout.contiguous()
        dq = torch.zeros(q.shape, dtype=torch.float32, device=q.device)
        kc, vc = k, v
        dkc = torch.zeros(k.shape, dtype=torch.float32, device=k.device)
        dvc = torch.zeros_like(dkc)
        for step in range(world):
            src = (rank - step) % world
            pos_k = shard_positions(n * world, world, src, ctx.zigzag,
                                    q.device)
            kw = _mods(mask, pos_q, pos_k)
            dqi, dki, dvi = ops.flash_attention_backward(
                dout, q, kc, vc, out, lse, scale=scale, **kw)
            dq += dqi.float()
            dkc += dki.float()
            dvc += dvi.float()
            # K and V go on to the next rank with their sums; after the
            # last step one more pass brings each rank its own sums.
            if step < world - 1:
                kc, vc, dkc, dvc = _exchange([kc, vc, dkc, dvc], group)
            elif world > 1:
                dkc, dvc = _exchange([dkc, dvc], group)
        return (dq.to(q.dtype), dkc.to(k.dtype), dvc.to(v.dtype), None,
                None, None, None)


def _mods(mask: Optional[str], pos_q: torch.Tensor,
          pos_k: torch.Tensor) -> dict:
    if mask is None:
        return {}
    return {"mask_mod": mask, "mod_args": (pos_q, pos_k)}


def ring_attention(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor,
                   group: Any = None, causal: bool = False,
                   scale: Optional[float] = None, window: tuple = (-1, -1),
                   return_lse: bool = False, zigzag: bool = True) -> Any:
    """Attention of this rank's queries q (B, Hq, n, d) over the whole
    sequence's keys and values, each rank holding its shard k, v (B, Hkv,
    n, d) (shard_sequence's: zigzag or contiguous, the same on every
    rank), as ops.flash_attention over the whole sequence would give for
    these rows: causal and window by position in the whole sequence,
    scale 1/sqrt(d) unless given, GQA. Returns this rank's rows of the
    output (and with return_lse their log-sum-exp, float32 (B, Hq, n));
    differentiable in q, k and v (dK and dV summed on their owners)."""
    if not dist.is_initialized():
        raise RuntimeError("ring_attention: torch.distributed is not "
                           "initialised (dist.init_process_group)")
    world, rank = _world(group)
    n = q.shape[2]
    if k.shape[2] != n or v.shape[2] != n:
        raise ValueError(f"k, v: {k.shape[2]} and {v.shape[2]} rows, "
                         f"expected q's {n} (every rank the same shard "
                         "length)")
    if scale is None:
        scale = q.shape[-1] ** -0.5
    shard_positions(n * world, world, rank, zigzag)     # the split's check
    mask = _window_source(*window, causal=causal)
    o, lse = _Ring.apply(q, k, v, group, float(scale), mask, bool(zigzag))
    return (o, lse) if return_lse else o
