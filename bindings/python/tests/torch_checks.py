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
