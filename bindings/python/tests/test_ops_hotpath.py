"""The ops' hot path (ops/_common.py: probe, Plan, PlanBuilder) on the CPU
backend: a second call with the same dtypes, shapes, device, alignment and
arguments runs the cached plan (no checks redone, no kernel looked up, no
plan or launcher built), gives what the checking path gives, and every
check still fails as before when a call differs. Counts, never times."""

from __future__ import annotations

import unittest
from unittest import mock

import numpy as np

from warpforth import ops
from warpforth.ops import _common as c
from warpforth.ops import _softmax as sm

RNG = np.random.default_rng(7)


def randn(*shape, dtype=np.float32) -> np.ndarray:
    return RNG.standard_normal(shape).astype(dtype)


def calls() -> list:
    """One call per op, each with fresh tensors of fixed shapes."""
    q, k, v = randn(1, 2, 8, 64), randn(1, 1, 8, 64), randn(1, 1, 8, 64)
    kc, vc = randn(2, 2, 64, 64), randn(2, 2, 64, 64)
    lens = np.array([5, 9], np.int32)
    o, lse = ops.flash_attention(q, k, v, causal=True, return_lse=True)
    return [
        ("softmax", lambda: ops.softmax(randn(4, 64))),
        ("softmax out=", lambda: ops.softmax(randn(4, 64),
                                             out=np.empty((4, 64),
                                                          np.float32))),
        ("softmax_backward", lambda: ops.softmax_backward(randn(3, 40),
                                                          randn(3, 40))),
        ("top_k_mask", lambda: ops.top_k_mask(randn(2, 100), 5)),
        ("top_p_mask", lambda: ops.top_p_mask(randn(2, 100), 0.9)),
        ("apply_rotary", lambda: ops.apply_rotary(
            randn(1, 2, 8, 64), randn(1, 1, 8, 64), randn(8, 64),
            randn(8, 64))),
        ("attention_scores", lambda: ops.attention_scores(
            randn(1, 2, 8, 64), randn(1, 2, 8, 64))),
        ("flash_attention", lambda: ops.flash_attention(q, k, v,
                                                        causal=True)),
        # (its f32 scratch: one allocation in parts, PlanBuilder.scratch)
        ("flash_attention_backward", lambda: ops.flash_attention_backward(
            randn(1, 2, 8, 64), q, k, v, o, lse, causal=True)),
        ("append_kv", lambda: ops.append_kv(
            np.zeros((2, 2, 64, 64), np.float32),
            np.zeros((2, 2, 64, 64), np.float32), randn(2, 2, 1, 64),
            randn(2, 2, 1, 64), lens)),
        ("decode_attention", lambda: ops.decode_attention(
            randn(2, 2, 1, 64), kc, vc, lens)),
    ]


class HotPath(unittest.TestCase):
    def test_second_call_runs_the_plan(self):
        """Per op: the first call builds one plan (host-value ops: none);
        the second looks up no kernel, checks no argument and builds
        nothing."""
        for name, call in calls():
            with self.subTest(name):
                c.clear_plans()
                before = dict(c.plan_stats)
                call()
                built = c.plan_stats["built"] - before["built"]
                # decode_attention and append_kv read cache_seqlens on the
                # host (numpy): those calls check values each time.
                host_values = name in ("append_kv", "decode_attention")
                self.assertEqual(built, 0 if host_values else 1)
                if host_values:
                    continue
                with mock.patch.object(c, "kernel",
                                       side_effect=AssertionError(
                                           "kernel looked up")), \
                        mock.patch.object(c, "arg", side_effect=AssertionError(
                            "argument checked again")), \
                        mock.patch.object(c.Kernel, "launcher",
                                          side_effect=AssertionError(
                                              "launcher built again")):
                    call()
                    call()
                self.assertEqual(c.plan_stats["built"] - before["built"], 1)

    def test_plan_gives_what_the_checks_give(self):
        """The same inputs through the checking path (plans cleared) and
        through the cached plan, for allocated and given outputs."""
        x = randn(5, 33)
        dy = randn(5, 33)
        logits = randn(3, 77)
        q, k = randn(1, 2, 8, 64), randn(1, 1, 8, 64)
        cos, sin = randn(8, 64), randn(8, 64)
        o, lse = ops.flash_attention(q, k, k, return_lse=True)
        do = randn(1, 2, 8, 64)
        for name, fn in [
                ("softmax", lambda: ops.softmax(x)),
                ("softmax_backward", lambda: ops.softmax_backward(x, dy)),
                ("top_k_mask", lambda: ops.top_k_mask(logits, 3)),
                ("top_p_mask", lambda: ops.top_p_mask(logits, 0.5, 2)),
                ("apply_rotary", lambda: ops.apply_rotary(q, k, cos, sin)),
                ("attention_scores",
                 lambda: ops.attention_scores(q, q, causal=False)),
                ("flash_attention",
                 lambda: ops.flash_attention(q, k, k, return_lse=True)),
                ("flash_attention_backward",
                 lambda: ops.flash_attention_backward(do, q, k, k, o, lse))]:
            with self.subTest(name):
                c.clear_plans()
                first = fn()
                second = fn()   # the plan's
                if not isinstance(first, tuple):
                    first, second = (first,), (second,)
                self.assertEqual(len(first), len(second))
                for a, b in zip(first, second):
                    self.assertIsNot(a, b)
                    np.testing.assert_array_equal(a, b)
        # out= through the plan writes out, and returns it
        c.clear_plans()
        out = np.empty_like(x)
        ops.softmax(x, out=out)
        out2 = np.empty_like(x)
        self.assertIs(ops.softmax(x, out=out2), out2)
        np.testing.assert_array_equal(out, out2)

    def test_in_place_after_out_of_place(self):
        """out=x (one buffer twice) after a plan made with two buffers,
        and the other way round: each pattern gets its own plan."""
        c.clear_plans()
        x = randn(4, 64)
        want = ops.top_k_mask(x, 3)
        ops.top_k_mask(x, 3, out=np.empty_like(x))       # plan: two buffers
        y = x.copy()
        self.assertIs(ops.top_k_mask(y, 3, out=y), y)    # in place
        np.testing.assert_array_equal(y, want)
        z = x.copy()
        ops.top_k_mask(z, 3, out=z)
        w = x.copy()
        got = ops.top_k_mask(w, 3, out=np.empty_like(w))
        np.testing.assert_array_equal(got, want)
        np.testing.assert_array_equal(w, x)               # input untouched

    def test_checks_after_a_plan(self):
        """A cached plan never skips a check: each bad call misses it and
        raises the error that names the argument."""
        c.clear_plans()
        x = randn(4, 64)
        out = np.empty_like(x)
        ops.softmax(x, out=out)
        ops.softmax(x, out=out)
        bad = [
            (lambda: ops.softmax(randn(8, 128)[:, ::2]), ValueError, "x:"),
            (lambda: ops.softmax(x, out=np.empty((4, 65), np.float32)),
             ValueError, "out:"),
            (lambda: ops.softmax(x, out=np.empty((4, 64), np.float16)),
             TypeError, "out:"),
            (lambda: ops.softmax(x.astype(np.float64)), TypeError, "x:"),
            (lambda: ops.softmax(x, out=np.empty((4, 128),
                                                 np.float32)[:, ::2]),
             ValueError, "out:"),
            (lambda: ops.top_k_mask(x, 0), ValueError, "k:"),
            (lambda: ops.top_k_mask(x, 3.0), TypeError, "k:"),
            (lambda: ops.top_k_mask(x, [3]), TypeError, "k:"),
            (lambda: ops.top_p_mask(x, float("nan")), ValueError, "p:"),
        ]
        ops.top_k_mask(x, 3)
        ops.top_k_mask(x, 3)
        ops.top_p_mask(x, 0.5)
        for fn, error, text in bad:
            with self.assertRaises(error) as cm:
                fn()
            self.assertIn(text, str(cm.exception))
        ro = x.copy()
        ro.flags.writeable = False
        with self.assertRaises(ValueError) as cm:
            ops.softmax(ro, out=out)
        self.assertIn("read-only", str(cm.exception))

    def test_tunables_are_in_the_key(self):
        """Changing a module's tunable makes a new plan."""
        c.clear_plans()
        x = randn(4, 64)
        ops.softmax(x)
        before = c.plan_stats["built"]
        saved = sm.REGISTERS
        try:
            sm.REGISTERS = not saved
            ops.softmax(x)
        finally:
            sm.REGISTERS = saved
        self.assertEqual(c.plan_stats["built"], before + 1)

    def test_every_tunable_is_in_the_key(self):
        """Every op's every upper-case setting counts, not a hand-kept list
        (softmax's used to miss SHORT, MAX_VALUES, PIPE_MAX_*): setting any
        one makes a new plan for the same call, in each op module."""
        from warpforth.ops import _attention, _rotary, _scores, _topk
        for module, name, call in (
                (sm, "SHORT", lambda: ops.softmax(randn(4, 64))),
                (sm, "MAX_VALUES", lambda: ops.softmax(randn(4, 64))),
                (_topk, "APPLY_U", lambda: ops.top_k_mask(randn(2, 100), 5)),
                (_rotary, "BLOCK", lambda: ops.apply_rotary(
                    randn(1, 2, 8, 64), randn(1, 1, 8, 64),
                    randn(1, 8, 64), randn(1, 8, 64))),
                (_scores, "SMALL_N", lambda: ops.attention_scores(
                    randn(1, 2, 8, 64), randn(1, 2, 8, 64))),
                (_attention, "HOPPER_ROUNDS", lambda: ops.flash_attention(
                    randn(1, 2, 8, 64), randn(1, 1, 8, 64),
                    randn(1, 1, 8, 64), causal=True))):
            with self.subTest(f"{module.__name__}.{name}"):
                c.clear_plans()
                call()
                call()
                before = c.plan_stats["built"]
                saved = getattr(module, name)
                try:
                    setattr(module, name, saved)   # the same value, anew
                    call()
                finally:
                    setattr(module, name, saved)
                self.assertEqual(c.plan_stats["built"], before + 1)

    def test_tunable_dicts_are_read_only(self):
        """A dict tunable edited in place would change no key: it raises,
        and assigning a new dict (kept as a read-only copy) is the way."""
        from warpforth.ops import _attention
        with self.assertRaises(TypeError):
            _attention.HOPPER_DEFINES["KVS"] = 3
        saved = _attention.HOPPER_DEFINES
        mine = {"KVS": 3}
        try:
            _attention.HOPPER_DEFINES = mine
            mine["KVS"] = 4            # the caller's dict, not the copy
            self.assertEqual(_attention.HOPPER_DEFINES["KVS"], 3)
        finally:
            _attention.HOPPER_DEFINES = saved

    def test_odd_arrays_take_the_checking_path(self):
        """A subclass of ndarray is checked and launched every call, and
        no plan is kept for it."""
        class Sub(np.ndarray):
            pass
        c.clear_plans()
        x = randn(4, 64).view(Sub)
        before = dict(c.plan_stats)
        y = ops.softmax(x)
        ops.softmax(x)
        self.assertEqual(c.plan_stats["built"], before["built"])
        self.assertEqual(c.plan_stats["uncached"], before["uncached"] + 2)
        np.testing.assert_allclose(np.asarray(y).sum(-1), 1, rtol=1e-5)


if __name__ == "__main__":
    unittest.main()
