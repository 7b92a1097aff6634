"""The ops as torch custom ops on CPU tensors (the CPU backend), in the
normal test command (CI installs torch; without it these fail under CI=1
rather than skip):

- torch.library.opcheck of every op: its schema against what the
  implementation does (no input mutated, outputs not aliasing inputs), the
  fake (meta) implementation against the real one's shapes, strides and
  dtypes, the autograd registration, and dispatch through AOTAutograd with
  static and dynamic shapes;
- torch.compile(fullgraph=True) of a function calling every op (backend
  aot_eager: the graph capture and the fake implementations, without
  compiling generated C++) gives eager's results bit for bit;
- flash_attention's autograd (eager, and compiled through the custom op)
  against float64 gradients of the textbook formula;
- the ops' C++ kernel (ops/_native.py, which CI builds): a call whose key
  has a plan replays it without Python and gives what the Python
  implementation gives, on new tensors at new addresses, strided views
  and aliased arguments; bad arguments still get the Python checks'
  errors; clear_plans() forgets its plans; its keys hold the ops'
  configs, so a config change makes new plans and clears none."""

from __future__ import annotations

import os
import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from opcheck import import_torch  # noqa: E402

torch = import_torch()

from warpforth import ops  # noqa: E402

if torch is not None:
    from warpforth.ops import _common, _native, _torch_ops


def pipeline(x, q, k, cos, sin):
    """Each op once, on CPU tensors."""
    q2, k2 = ops.apply_rotary(q, k, cos, sin)
    s = ops.attention_scores(q2, k2, causal=True)
    p = ops.softmax(s)
    dp = ops.softmax_backward(p, p)
    o = ops.flash_attention(q2, k2, k2, causal=True)
    lens = torch.full((1,), 7, dtype=torch.int32)
    dec = ops.decode_attention(q2[:, :, -1:].contiguous(), k2, k2, lens)
    return (ops.top_k_mask(x, 5), ops.top_p_mask(x, 0.9), p, dp, o, dec)


def reference_attention(q, k, v, causal, scale):
    """softmax(q k^T scale) v in float64, grouped heads repeated,
    causal aligned bottom-right (as the op)."""
    hq, hkv = q.shape[1], k.shape[1]
    k = k.repeat_interleave(hq // hkv, dim=1)
    v = v.repeat_interleave(hq // hkv, dim=1)
    s = (q @ k.transpose(-1, -2)) * scale
    if causal:
        nq, nkv = q.shape[2], k.shape[2]
        i = torch.arange(nq).unsqueeze(1) + (nkv - nq)
        j = torch.arange(nkv).unsqueeze(0)
        s = s.masked_fill(j > i, float("-inf"))
    return torch.softmax(s, dim=-1) @ v


@unittest.skipUnless(torch is not None, "needs torch")
class TorchOpsOnCpu(unittest.TestCase):
    def inputs(self, dtype=torch.float32 if torch else None):
        g = torch.Generator().manual_seed(7)
        x = torch.randn(3, 37, generator=g)
        q = torch.randn(1, 2, 7, 64, generator=g).to(dtype)
        k = torch.randn(1, 2, 7, 64, generator=g).to(dtype)
        cos, sin = ops.rotary_cos_sin(torch.arange(7), 64, dtype=dtype)
        return x, q, k, cos, sin

    def test_opcheck(self):
        x, q, k, cos, sin = self.inputs()
        v = torch.randn_like(k)
        o, lse = _torch_ops.flash_attention_op(q, k, v, True, 0.125)
        lens = torch.full((1,), 7, dtype=torch.int32)
        cases = [
            (_torch_ops.softmax_op, (x,)),
            (_torch_ops.softmax_backward_op, (x.softmax(-1), x)),
            (_torch_ops.top_k_mask_op, (x, 5)),
            (_torch_ops.top_p_mask_op, (x, 0.9, 1)),
            (_torch_ops.attention_scores_op, (q, k, True, 0.125)),
            (_torch_ops.apply_rotary_op, (q, k, cos, sin)),
            (_torch_ops.flash_attention_op, (q, k, v, True, 0.125)),
            (_torch_ops.flash_attention_backward_op,
             (torch.randn_like(o), q, k, v, o, lse, True, 0.125)),
            (_torch_ops.decode_attention_op,
             (q[:, :, -1:].contiguous(), k, v, lens, None, None, None)),
        ]
        for op, args in cases:
            with self.subTest(op=op.name()):
                torch.library.opcheck(op, args)
        # The fakes follow strided inputs as the ops do (q, k, v as views
        # of one (B, N, 3 H d) projection, HuggingFace's layout).
        qkv = torch.randn(1, 7, 3 * 2 * 64).view(1, 7, 3, 2, 64)
        qs, ks, vs = (t.transpose(1, 2) for t in qkv.unbind(2))
        torch.library.opcheck(_torch_ops.flash_attention_op,
                              (qs, ks, vs, False, 0.125))

    def test_compile_fullgraph(self):
        args = self.inputs()
        torch._dynamo.reset()
        compiled = torch.compile(pipeline, fullgraph=True,
                                 backend="aot_eager")
        for got, want in zip(compiled(*args), pipeline(*args)):
            torch.testing.assert_close(got, want, rtol=0, atol=0,
                                       equal_nan=True)

    def check_gradients(self, fn, causal, hq, hkv, nq, nkv):
        g = torch.Generator().manual_seed(11)
        q64 = torch.randn(2, hq, nq, 64, generator=g, dtype=torch.float64)
        k64 = torch.randn(2, hkv, nkv, 64, generator=g, dtype=torch.float64)
        v64 = torch.randn(2, hkv, nkv, 64, generator=g, dtype=torch.float64)
        do64 = torch.randn(2, hq, nq, 64, generator=g, dtype=torch.float64)
        ins64 = [t.clone().requires_grad_() for t in (q64, k64, v64)]
        reference_attention(*ins64, causal, 0.125).backward(do64)
        ins = [t.float().requires_grad_() for t in (q64, k64, v64)]
        o = fn(*ins, causal)
        o.backward(do64.float())
        # f32 math on the CPU backend: within 1e-4 of the largest gradient
        # (a wrong term is off by its own size, O(1)).
        for name, got, want in zip("qkv", ins, ins64):
            err = (got.grad.double() - want.grad).abs().max().item()
            scale = want.grad.abs().max().item()
            self.assertLess(err, 1e-4 * scale, f"d{name}")

    def test_autograd(self):
        def eager(q, k, v, causal):
            return ops.flash_attention(q, k, v, causal=causal, scale=0.125)
        compiled = torch.compile(eager, fullgraph=True, backend="aot_eager")
        torch._dynamo.reset()
        for causal, hq, hkv, nq, nkv in [(True, 4, 1, 5, 9),
                                         (False, 2, 2, 7, 7),
                                         (True, 2, 1, 65, 65)]:
            for name, fn in [("eager", eager), ("compiled", compiled)]:
                with self.subTest(fn=name, causal=causal, nq=nq, nkv=nkv):
                    self.check_gradients(fn, causal, hq, hkv, nq, nkv)

    def test_bad_input_names_the_parameter(self):
        x, q, k, cos, sin = self.inputs()
        with self.assertRaisesRegex(ValueError, "k: "):
            _torch_ops.flash_attention_op(q, k[..., :32].contiguous(), k,
                                          True, 0.125)


def op_cases(g):
    """(op, args maker) for each op with a plan on CPU tensors: each call
    of a maker gives new tensors (new addresses, new values) of one key."""
    def rnd(*shape, dtype=torch.float32):
        return torch.randn(*shape, generator=g).to(dtype)

    def attn():
        q, k, v = rnd(2, 4, 9, 64), rnd(2, 2, 13, 64), rnd(2, 2, 13, 64)
        return q, k, v, True, 0.125

    def attn_bwd():
        q, k, v, causal, scale = attn()
        o, lse = _torch_ops.flash_attention_op(q, k, v, causal, scale)
        return rnd(2, 4, 9, 64), q, k, v, o, lse, causal, scale

    def rotary():
        cos, sin = ops.rotary_cos_sin(torch.arange(7), 64)
        return rnd(1, 3, 7, 64), rnd(1, 3, 7, 64), cos, sin

    return [
        (_torch_ops.softmax_op, lambda: (rnd(5, 33, dtype=torch.bfloat16),)),
        (_torch_ops.softmax_backward_op,
         lambda: (rnd(4, 40).softmax(-1), rnd(4, 40))),
        (_torch_ops.top_k_mask_op, lambda: (rnd(3, 50), 4)),
        (_torch_ops.top_p_mask_op, lambda: (rnd(3, 50), 0.8, 2)),
        (_torch_ops.attention_scores_op,
         lambda: (rnd(1, 2, 5, 64), rnd(1, 2, 6, 64), True, 0.125)),
        (_torch_ops.apply_rotary_op, rotary),
        (_torch_ops.flash_attention_op, attn),
        (_torch_ops.flash_attention_backward_op, attn_bwd),
    ]


def python_result(op, args):
    """What the op's Python implementation gives for `args`."""
    py = getattr(torch.ops.warpforth, "_py_" + op.name().split("::")[1])
    _common.clear_plans()   # no plan: the checking path
    return py.default(*args)


def as_tuple(x):
    return x if isinstance(x, tuple) else (x,)


@unittest.skipUnless(torch is not None, "needs torch")
class NativeReplay(unittest.TestCase):
    def setUp(self):
        if not _torch_ops.native():
            if os.environ.get("CI"):
                self.fail("the native op path did not build (a warning "
                          "said why)")
            self.skipTest("the native op path is not available")

    def test_replays_what_python_computes(self):
        g = torch.Generator().manual_seed(3)
        for op, make in op_cases(g):
            with self.subTest(op=op.name()):
                _common.clear_plans()
                op(*make())                   # a miss: the plan is offered
                args = make()                 # new tensors, the same key
                before = _native.stats()
                self.assertGreater(before["plans"], 0)
                got = as_tuple(op(*args))
                after = _native.stats()
                self.assertEqual(after["hits"] - before["hits"], 1)
                self.assertEqual(after["misses"], before["misses"])
                want = as_tuple(python_result(op, args))
                self.assertEqual(len(got), len(want))
                for a, b in zip(got, want):
                    self.assertEqual((a.shape, a.stride(), a.dtype),
                                     (b.shape, b.stride(), b.dtype))
                    torch.testing.assert_close(a, b, rtol=0, atol=0,
                                               equal_nan=True)

    def test_another_key_misses(self):
        g = torch.Generator().manual_seed(4)
        x = torch.randn(5, 33, generator=g)
        _common.clear_plans()
        _torch_ops.softmax_op(x)
        s0 = _native.stats()
        for other in (torch.randn(5, 34, generator=g),       # shape
                      x.to(torch.float16),                   # dtype
                      torch.randn(6 * 33 + 1, generator=g)[1:]
                      .view(6, 33)[:5]):                     # alignment
            y = _torch_ops.softmax_op(other)
            torch.testing.assert_close(y.float(), other.float().softmax(-1),
                                       rtol=1e-2, atol=1e-3)
        s1 = _native.stats()
        self.assertEqual(s1["hits"], s0["hits"])
        self.assertEqual(s1["misses"] - s0["misses"], 3)

    def test_strided_views(self):
        # q, k, v as views of one (B, N, 3 H d) projection: the CPU
        # backend's kernels take dense copies (no plan); the results are
        # the Python implementation's either way.
        g = torch.Generator().manual_seed(8)
        qkv = torch.randn(2, 7, 3 * 2 * 64, generator=g).view(2, 7, 3, 2, 64)
        args = (*(t.transpose(1, 2) for t in qkv.unbind(2)), False, 0.2)
        for _ in range(2):
            got = _torch_ops.flash_attention_op(*args)
        for a, b in zip(got, python_result(_torch_ops.flash_attention_op,
                                           args)):
            self.assertEqual(a.stride(), b.stride())
            torch.testing.assert_close(a, b, rtol=0, atol=0)

    def test_aliased_arguments(self):
        # softmax_backward(y, y): one tensor twice is its own key.
        g = torch.Generator().manual_seed(5)
        _common.clear_plans()
        y, dy = torch.rand(3, 20, generator=g), torch.rand(3, 20, generator=g)
        _torch_ops.softmax_backward_op(y, dy)
        s0 = _native.stats()
        got = _torch_ops.softmax_backward_op(y, y)
        self.assertEqual(_native.stats()["hits"], s0["hits"])
        want = y * (y - (y * y).sum(-1, keepdim=True))
        torch.testing.assert_close(got, want, rtol=1e-5, atol=1e-6)

    def test_bad_input_after_a_plan(self):
        g = torch.Generator().manual_seed(6)
        q, k, v = (torch.randn(1, 2, 5, 64, generator=g) for _ in range(3))
        _torch_ops.flash_attention_op(q, k, v, False, 0.125)
        with self.assertRaisesRegex(ValueError, "k: 3 heads do not divide"):
            _torch_ops.flash_attention_op(q, torch.randn(1, 3, 5, 64),
                                          torch.randn(1, 3, 5, 64), False,
                                          0.125)
        with self.assertRaisesRegex(ValueError, "v: "):
            _torch_ops.flash_attention_op(q, k, v[..., :5, :32], False, 0.125)

    def test_eager_calls_take_it(self):
        # ops.<op>(torch tensors), without out=: the op's C++ kernel below
        # autograd (outputs of ops without a backward have no grad_fn);
        # other array kinds keep the Python path and its errors.
        import numpy as np
        g = torch.Generator().manual_seed(12)
        x = torch.randn(4, 50, generator=g, requires_grad=True)
        q, k, v = (torch.randn(1, 2, 9, 64, generator=g) for _ in range(3))
        ops.softmax(x)
        ops.flash_attention(q, k, v, causal=True)
        before = _native.stats()["hits"]
        y = ops.softmax(x)
        o = ops.flash_attention(q, k, v, causal=True)
        self.assertEqual(_native.stats()["hits"], before + 2)
        self.assertIsNone(y.grad_fn)
        torch.testing.assert_close(y, x.detach().softmax(-1), rtol=1e-6,
                                   atol=1e-7)
        want = reference_attention(q.double(), k.double(), v.double(), True,
                                   0.125)
        torch.testing.assert_close(o.double(), want, rtol=1e-5, atol=1e-5)
        with self.assertRaisesRegex(ValueError, "k: "):
            ops.flash_attention(q, np.zeros((1, 2, 9, 32), np.float32),
                                np.zeros((1, 2, 9, 32), np.float32))

    def test_clear_plans(self):
        x = torch.randn(2, 9)
        _torch_ops.softmax_op(x)
        self.assertGreater(_native.stats()["plans"], 0)
        _common.clear_plans()
        self.assertEqual(_native.stats()["plans"], 0)

    def run_python(self, env: dict) -> str:
        """Runs a softmax through the torch op in a new process with `env`
        added; its stdout (native(), the error) and stderr."""
        import subprocess
        import tempfile
        code = ("import torch, warnings\n"
                "from warpforth.ops import _torch_ops\n"
                "x = torch.randn(3, 40)\n"
                "y = _torch_ops.softmax_op(_torch_ops.softmax_op(x))\n"
                "err = (y - x.softmax(-1).softmax(-1)).abs().max().item()\n"
                "print(_torch_ops.native(), err < 1e-6)\n")
        with tempfile.TemporaryDirectory() as cache:
            r = subprocess.run([sys.executable, "-c", code],
                               env={**os.environ, "WARPFORTH_CACHE_DIR":
                                    cache, **env},
                               capture_output=True, text=True, timeout=300)
        self.assertEqual(r.returncode, 0, r.stderr)
        return r.stdout, r.stderr

    def test_turned_off_or_unbuildable_runs_python(self):
        out, _ = self.run_python({"WARPFORTH_NATIVE": "0"})
        self.assertEqual(out.split(), ["False", "True"])
        # A compiler that fails: one warning saying so, the Python path.
        out, err = self.run_python({"CXX": "false"})
        self.assertEqual(out.split(), ["False", "True"])
        self.assertIn("the native op path is not available (false failed",
                      err)

    def test_plans_are_keyed_by_the_configs(self):
        # The C++ keys hold the ops' configs' id (ops/_config.py): a plan
        # made under one config never replays under another, a config
        # change clears nothing (no clear hook runs, the plans stay), and
        # going back replays the plan made before.
        x = torch.randn(2, 9)
        clears = []
        _common.on_clear(lambda: clears.append(1))
        try:
            _common.clear_plans()
            clears.clear()
            _torch_ops.softmax_op(x)                  # a miss: offered
            s0 = _native.stats()
            other = not ops.config("softmax").registers
            with ops.tuned(softmax=dict(registers=other)):
                self.assertEqual(_native.stats()["plans"], s0["plans"])
                _torch_ops.softmax_op(x)              # a miss: its own
                _torch_ops.softmax_op(x)              # its plan replays
                s1 = _native.stats()
            self.assertEqual(s1["offers"] - s0["offers"], 1)
            self.assertEqual(s1["hits"] - s0["hits"], 1)
            self.assertEqual(s1["plans"], s0["plans"] + 1)
            _torch_ops.softmax_op(x)                  # the first plan
            s2 = _native.stats()
            self.assertEqual(s2["hits"] - s1["hits"], 1)
            self.assertEqual(s2["offers"], s1["offers"])
            self.assertEqual(s2["plans"], s1["plans"])
            self.assertEqual(clears, [])
        finally:
            _common._clear_watchers.pop()


if __name__ == "__main__":
    unittest.main()
