"""warpforth.distributed.ring_attention on the CPU backend, ranks simulated
as processes over gloo (world sizes 1, 2 and 3): each rank's output,
log-sum-exp and gradients (autograd through the ring) against the f64
reference of the whole sequence (attention_reference.py), its rows
picked by the sharding; zigzag and contiguous shards, causal, a window,
full attention, GQA; ulysses_attention's output and gradients alike
where the heads divide among the ranks. shard_sequence /
unshard_sequence round-trip.

Bounds: the dense tests' (bf16): u (|v|max + |o|max) for the output,
1e-3 for the log-sum-exp, 4u of the largest gradient (u = 2^-8)."""

from __future__ import annotations

import os
import socket
import sys
import tempfile
import traceback
import unittest
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from attention_reference import attention_backward_reference  # noqa: E402
from attention_reference import attention_reference  # noqa: E402

U = 2.0 ** -8
# (world, (B, Hq, Hkv, N, d), causal, window, zigzag)
CASES = [
    (1, (1, 2, 1, 64, 64), True, (-1, -1), True),
    (2, (1, 2, 1, 96, 64), True, (-1, -1), True),
    (2, (1, 4, 2, 96, 64), True, (-1, -1), True),
    (2, (1, 2, 2, 80, 64), False, (-1, -1), False),
    (2, (1, 4, 2, 128, 64), False, (20, 5), True),
    (3, (1, 2, 1, 96, 64), True, (-1, -1), True),
    (3, (1, 2, 1, 90, 128), True, (30, -1), False),
]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def worker(rank, world, port, case, errfile):
    import torch
    import torch.distributed as dist
    try:
        dist.init_process_group("gloo", init_method=f"tcp://127.0.0.1:{port}",
                                rank=rank, world_size=world)
        from warpforth import distributed as wd
        _, (b, hq, hkv, n, d), causal, window, zigzag = case
        rng = np.random.default_rng(0)       # the same on every rank
        full = [rng.standard_normal(s) for s in
                ((b, hq, n, d), (b, hkv, n, d), (b, hkv, n, d),
                 (b, hq, n, d))]
        q, k, v, do = (torch.tensor(x, dtype=torch.bfloat16) for x in full)
        want, want_lse = attention_reference(q.float().numpy(),
                                             k.float().numpy(),
                                             v.float().numpy(), causal,
                                             None, window)
        grads = attention_backward_reference(
            do.float().numpy(), q.float().numpy(), k.float().numpy(),
            v.float().numpy(), causal, None, window)
        pos = wd.shard_positions(n, world, rank, zigzag).numpy()
        qs, ks, vs, dos = (wd.shard_sequence(x, zigzag=zigzag).requires_grad_()
                           for x in (q, k, v, do))
        o, lse = wd.ring_attention(qs, ks, vs, causal=causal, window=window,
                                   return_lse=True, zigzag=zigzag)
        dq, dk, dv = torch.autograd.grad(o, (qs, ks, vs), dos.detach())
        what = f"rank {rank}/{world} {case}"
        w, wl = want[:, :, pos], want_lse[:, :, pos]
        seen = np.isfinite(wl)
        bound = U * (np.abs(full[2]).max() + np.abs(want).max())
        err = np.abs(o.float().detach().numpy() - w)[seen].max(initial=0)
        assert err <= bound, f"{what}: o error {err:.3g} > {bound:.3g}"
        err = np.abs(lse.numpy() - wl)[seen].max(initial=0)
        assert err <= 1e-3, f"{what}: lse error {err:.3g}"
        for name, g, ref in zip(("dq", "dk", "dv"), (dq, dk, dv), grads):
            ref = ref[:, :, pos]
            err = (np.abs(g.float().numpy() - ref).max()
                   / max(1.0, np.abs(ref).max()))
            assert err <= 4 * U, f"{what}: {name} error {err:.3g}"
        # Ulysses (all-to-all over heads) where the heads divide.
        if hq % world == 0 and hkv % world == 0:
            ou = wd.ulysses_attention(qs, ks, vs, causal=causal,
                                      window=window, zigzag=zigzag)
            err = np.abs(ou.float().detach().numpy() - w)[seen].max(
                initial=0)
            assert err <= bound, f"{what}: ulysses o error {err:.3g}"
            gu = torch.autograd.grad(ou, (qs, ks, vs), dos.detach())
            for name, g, ref in zip(("dq", "dk", "dv"), gu, grads):
                ref = ref[:, :, pos]
                err = (np.abs(g.float().numpy() - ref).max()
                       / max(1.0, np.abs(ref).max()))
                assert err <= 4 * U, f"{what}: ulysses {name} {err:.3g}"
        # unshard_sequence gives the whole sequence back.
        back = wd.unshard_sequence(qs.detach(), zigzag=zigzag)
        assert torch.equal(back, q), f"{what}: unshard_sequence"
        dist.destroy_process_group()
    except BaseException:   # the parent reads the first failure
        with open(errfile, "a") as f:
            f.write(traceback.format_exc())
        raise


class RingAttention(unittest.TestCase):
    def test_against_the_whole_sequence(self):
        import torch.multiprocessing as mp
        for case in CASES:
            with tempfile.TemporaryDirectory() as tmp:
                errfile = os.path.join(tmp, "errors")
                world = case[0]
                ctx = mp.get_context("spawn")
                port = free_port()
                procs = [ctx.Process(target=worker,
                                     args=(r, world, port, case, errfile))
                         for r in range(world)]
                for p in procs:
                    p.start()
                for p in procs:
                    p.join(300)
                errors = (open(errfile).read() if os.path.exists(errfile)
                          else "")
                self.assertEqual(errors, "", f"{case}")
                self.assertTrue(all(p.exitcode == 0 for p in procs),
                                f"{case}: exit codes "
                                f"{[p.exitcode for p in procs]}")

    def test_errors(self):
        import torch
        from warpforth import distributed as wd
        with self.assertRaisesRegex(ValueError, r"^n: 10 tokens do not split "
                                    r"into 4 equal chunks"):
            wd.shard_positions(10, 2, 0)
        x = torch.zeros(1, 1, 8, 64, dtype=torch.bfloat16)
        with self.assertRaisesRegex(RuntimeError, "^ring_attention: torch."
                                    "distributed is not initialised"):
            wd.ring_attention(x, x, x)
        with self.assertRaisesRegex(RuntimeError, "^ulysses_attention: "
                                    "torch.distributed is not initialised"):
            wd.ulysses_attention(x, x, x)


if __name__ == "__main__":
    unittest.main()
