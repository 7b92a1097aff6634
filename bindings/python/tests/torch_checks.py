"""Checks shared by the GPU tests of the torch custom ops."""

from __future__ import annotations


def check_compile_and_graphs(test, f, inputs) -> None:
    """f(*inputs) (inputs requiring grad) gives the same output and
    gradients eagerly and under torch.compile(fullgraph=True), and a CUDA
    graph capture of it replays to the same output. (torch is imported
    here: the test modules import this one where torch may be missing.)"""
    import torch
    o1 = f(*inputs)
    o2 = torch.compile(f, fullgraph=True)(*inputs)
    test.assertTrue(torch.equal(o1, o2))
    g1 = torch.autograd.grad(o1.sum(), inputs)
    g2 = torch.autograd.grad(o2.sum(), inputs)
    for a, b in zip(g1, g2):
        test.assertTrue(torch.equal(a, b))
    with torch.no_grad():
        f(*inputs)
        g = torch.cuda.CUDAGraph()
        with torch.cuda.graph(g):
            out = f(*inputs)
        g.replay()
        torch.cuda.synchronize()
        test.assertTrue(torch.equal(out, o1.detach()))


def grads(fn, q, k, v, do) -> tuple:
    """(o, dq, dk, dv) of o = fn(q, k, v) for the gradient do (in q's
    dtype), on fresh leaves of q, k and v."""
    import torch
    q, k, v = (x.detach().requires_grad_() for x in (q, k, v))
    o = fn(q, k, v)
    return (o.detach(), *torch.autograd.grad(o, (q, k, v), do.to(q.dtype)))


def check_within_torch(test, what, ours, theirs, want, seen=None,
                       names=("o", "dq", "dk", "dv"), slack=1e-3) -> None:
    """Each of (o, dq, dk, dv) (or `names`) `ours` within twice torch's own
    error (its `theirs`) plus `slack`, errors relative to the largest
    magnitude of the float64 `want`; `seen`: the rows of o to compare (a
    mask), else all."""
    for name, a, t, w in zip(names, ours, theirs, want):
        if name == "o" and seen is not None:
            a, t, w = (x.masked_fill(~seen, 0) for x in (a, t, w))
        top = float(w.abs().max()) or 1.0
        e_ours = float((a.double() - w).abs().max()) / top
        e_torch = float((t.double() - w).abs().max()) / top
        test.assertLessEqual(e_ours, 2 * e_torch + slack,
                             f"{what} {name}: ours {e_ours:.3g}, torch "
                             f"{e_torch:.3g}")
