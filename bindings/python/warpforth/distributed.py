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

Issue 38, first step: the merge runs in torch (float32); each step's
transfer (batch_isend_irecv: gloo on the CPU, NCCL on GPUs) starts
before its attention and is waited for after it; see the issue's note
for what is still to come (the merge in the kernel's epilogue, timing on
two GPUs).
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


class _Exchange:
    """One ring step's transfer, started at once: `tensors` to the next
    rank, the previous rank's into new buffers; wait() returns those (the
    caller computes meanwhile: on GPUs NCCL copies on its own stream, and
    wait() makes the current stream wait for it)."""

    def __init__(self, tensors: list, group: Any):
        world, rank = _world(group)
        nxt, prv = (rank + 1) % world, (rank - 1) % world
        if group is not None:
            nxt = dist.get_global_rank(group, nxt)
            prv = dist.get_global_rank(group, prv)
        self.sent = [t.contiguous() for t in tensors]   # alive till wait
        self.got = [torch.empty_like(t) for t in tensors]
        self.reqs = dist.batch_isend_irecv(
            [dist.P2POp(dist.isend, t, nxt, group) for t in self.sent] +
            [dist.P2POp(dist.irecv, t, prv, group) for t in self.got])

    def wait(self) -> list:
        for r in self.reqs:
            r.wait()
        return self.got


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
            # The next block travels while this one is attended to.
            nxt = _Exchange([kc, vc], group) if step < world - 1 else None
            kw = _mods(mask, pos_q, pos_k)
            oi, lsei = ops.flash_attention(q, kc, vc, scale=scale,
                                           return_lse=True, **kw)
            o, lse = _merge(o, lse, oi, lsei)
            if nxt is not None:
                kc, vc = nxt.wait()
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
            # The next K and V travel while this step's gradients are made;
            # their dK, dV sums follow once this step has added to them.
            nxt = _Exchange([kc, vc], group) if step < world - 1 else None
            kw = _mods(mask, pos_q, pos_k)
            dqi, dki, dvi = ops.flash_attention_backward(
                dout, q, kc, vc, out, lse, scale=scale, **kw)
            dq += dqi.float()
            dkc += dki.float()
            dvc += dvi.float()
            # After the last step one more pass brings each rank its own
            # sums.
            if world > 1:
                dkc, dvc = _Exchange([dkc, dvc], group).wait()
            if nxt is not None:
                kc, vc = nxt.wait()
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


class _AllToAll(torch.autograd.Function):
    """An all-to-all of Ulysses: to_sequence, (B, H, n, d) shards of the
    sequence with every head to the whole sequence (in shard order) of H
    / W heads (head group j goes to rank j); else the way back. Its
    backward is the other way."""

    @staticmethod
    def forward(ctx, x, group, to_sequence):
        ctx.group, ctx.to_sequence = group, to_sequence
        f = _heads_to_sequence if to_sequence else _sequence_to_heads
        return f(x, group)

    @staticmethod
    def backward(ctx, g):
        f = _sequence_to_heads if ctx.to_sequence else _heads_to_sequence
        return f(g.contiguous(), ctx.group), None, None


def _heads_to_sequence(x: torch.Tensor, group: Any) -> torch.Tensor:
    world, _ = _world(group)
    b, h, n, d = x.shape
    send = x.reshape(b, world, h // world, n, d).transpose(0, 1).contiguous()
    got = torch.empty_like(send)
    dist.all_to_all_single(got, send, group=group)
    # got[i]: rank i's rows of this rank's heads.
    return got.permute(1, 2, 0, 3, 4).reshape(b, h // world, world * n, d)


def _sequence_to_heads(x: torch.Tensor, group: Any) -> torch.Tensor:
    world, _ = _world(group)
    b, hg, wn, d = x.shape
    n = wn // world
    send = x.reshape(b, hg, world, n, d).permute(2, 0, 1, 3, 4).contiguous()
    got = torch.empty_like(send)
    dist.all_to_all_single(got, send, group=group)
    # got[j]: head group j of this rank's rows.
    return got.transpose(0, 1).reshape(b, world * hg, n, d)


def ulysses_attention(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor,
                      group: Any = None, causal: bool = False,
                      scale: Optional[float] = None,
                      window: tuple = (-1, -1),
                      zigzag: bool = True) -> torch.Tensor:
    """ring_attention's result by another route (DeepSpeed-Ulysses): an
    all-to-all gives each rank the whole sequence of H / W of the heads,
    ops.flash_attention runs on it (in sequence order, so causal and
    window are the kernel's own), and another all-to-all returns each
    rank its rows of every head. Hq and Hkv must divide by the world
    size; differentiable (the backward's all-to-alls are the inverse
    ones)."""
    if not dist.is_initialized():
        raise RuntimeError("ulysses_attention: torch.distributed is not "
                           "initialised (dist.init_process_group)")
    world, _ = _world(group)
    for name, x in (("q", q), ("k", k)):
        if x.shape[1] % world:
            raise ValueError(f"{name}: {x.shape[1]} heads do not divide "
                             f"among {world} ranks (ring_attention does "
                             "not need them to)")
    n = q.shape[2]
    pos = torch.cat([shard_positions(n * world, world, r, zigzag, q.device)
                     for r in range(world)])
    order = torch.argsort(pos)          # shard order -> sequence order
    qs, ks, vs = (_AllToAll.apply(x, group, True).index_select(2, order)
                  for x in (q, k, v))
    o = ops.flash_attention(qs, ks, vs, causal=causal, scale=scale,
                            window=window)
    back = torch.empty_like(order)
    back[order] = torch.arange(order.numel(), device=order.device)
    return _AllToAll.apply(o.index_select(2, back).contiguous(), group,
                           False)
