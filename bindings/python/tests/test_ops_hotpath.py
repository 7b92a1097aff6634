"""The ops' hot path (ops/_common.py: probe, Plan, PlanBuilder) on the CPU
backend: a second call with the same dtypes, shapes, device, alignment and
arguments runs the cached plan (no checks redone, no kernel looked up, no
plan or launcher built), gives what the checking path gives, and every
check still fails as before when a call differs. Counts, never times."""

from __future__ import annotations

import dataclasses
import typing
import unittest
from unittest import mock

import numpy as np

from warpforth import ops
from warpforth.ops import _common as c
from warpforth.ops import _config
from warpforth.ops import _softmax as sm

CONFIGS = (ops.AttentionConfig, ops.AttentionBackwardConfig,
           ops.DecodeConfig, ops.RotaryConfig, ops.ScoresConfig,
           ops.SoftmaxConfig, ops.TopkConfig)

RNG = np.random.default_rng(7)


def randn(*shape, dtype=np.float32) -> np.ndarray:
    return RNG.standard_normal(shape).astype(dtype)


def other_value(value, hint):
    """A value of a knob's type (its annotation `hint`) other than
    `value`."""
    args = typing.get_args(hint)
    if typing.get_origin(hint) is typing.Union:
        inner = [a for a in args if a is not type(None)][0]
        if value is None:
            return other_value(None, inner)
        return None
    if typing.get_origin(hint) is typing.Literal:
        return next(a for a in args if a != value)
    if hint is bool:
        return not value
    if hint is int:
        return 1 if value is None else value + 1
    if hint is str:
        return "sm_80" if value is None else value + "x"
    if typing.get_origin(hint) is tuple:
        return (value or ()) + ("f16",)
    return {**value, (12345 if args[0] is int else "X"): 1}


def backward_args() -> tuple:
    q, k, v = randn(1, 2, 8, 64), randn(1, 1, 8, 64), randn(1, 1, 8, 64)
    o, lse = ops.flash_attention(q, k, v, causal=True, return_lse=True)
    return randn(1, 2, 8, 64), q, k, v, o, lse, True


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

    def test_a_config_change_makes_a_new_plan(self):
        """A call under another config builds its own plan; going back
        to a config (the same values, even a new object) replays the
        plan made under it, as does setting the other one again."""
        c.clear_plans()
        x = randn(4, 64)
        built = lambda: c.plan_stats["built"]     # noqa: E731
        ops.softmax(x)
        first = built()
        other = not ops.config("softmax").registers
        with ops.tuned(softmax=dict(registers=other)):
            ops.softmax(x)
        self.assertEqual(built(), first + 1)
        ops.softmax(x)                                # the first plan
        with ops.tuned(softmax=ops.SoftmaxConfig()):  # equal, not the same
            ops.softmax(x)
        with ops.tuned(softmax=dict(registers=other)):
            ops.softmax(x)                            # the second plan
        self.assertEqual(built(), first + 1)

    def test_every_knob_is_in_the_key(self):
        """Every op's every knob counts, not a hand-kept list (softmax's
        used to miss SHORT, MAX_VALUES, PIPE_MAX_*): a config that differs
        in any one knob has another key and id; and a change of a knob
        makes a new plan for the same call, in each op."""
        for cls in CONFIGS:
            base = cls()
            for f in dataclasses.fields(cls):
                with self.subTest(f"{cls.op}.{f.name}"):
                    changed = base.replace(**{f.name: other_value(
                        getattr(base, f.name), _config._hints(cls)[f.name])})
                    self.assertNotEqual(changed.key(), base.key())
                    self.assertNotEqual(changed.id, base.id)
                    self.assertNotEqual(changed, base)
        bargs = backward_args()
        for op, knob, call in (
                ("softmax", "short", lambda: ops.softmax(randn(4, 64))),
                ("softmax", "max_values", lambda: ops.softmax(randn(4, 64))),
                ("topk", "apply_u", lambda: ops.top_k_mask(randn(2, 100), 5)),
                ("rotary", "block", lambda: ops.apply_rotary(
                    randn(1, 2, 8, 64), randn(1, 1, 8, 64),
                    randn(1, 8, 64), randn(1, 8, 64))),
                ("scores", "small_n", lambda: ops.attention_scores(
                    randn(1, 2, 8, 64), randn(1, 2, 8, 64))),
                ("attention", "hopper_rounds", lambda: ops.flash_attention(
                    randn(1, 2, 8, 64), randn(1, 1, 8, 64),
                    randn(1, 1, 8, 64), causal=True)),
                # the backward's plans are made with both attention configs
                ("attention", "lpt_group_bytes",
                 lambda: ops.flash_attention_backward(*bargs)),
                ("attention_backward", "dq_mode",
                 lambda: ops.flash_attention_backward(*bargs))):
            with self.subTest(f"{op}.{knob}"):
                c.clear_plans()
                call()
                call()
                before = c.plan_stats["built"]
                cfg = ops.config(op)
                value = other_value(getattr(cfg, knob),
                                    _config._hints(type(cfg))[knob])
                with ops.tuned(**{op: {knob: value}}):
                    call()
                self.assertEqual(c.plan_stats["built"], before + 1)

    def test_an_old_module_setting_raises(self):
        """The op modules' old upper-case settings fail loudly, naming
        the knob and the way to set it: an assignment (which would
        otherwise change nothing the ops read), a read, mock.patch."""
        from warpforth.ops import _attention, _decode
        before = ops.config("softmax")
        for module, name, knob in ((sm, "SHORT", "short"),
                                   (_decode, "MMA", "mma"),
                                   (_attention, "HOPPER_DEFINES",
                                    "hopper_defines")):
            with self.subTest(name):
                with self.assertRaises(AttributeError) as cm:
                    setattr(module, name, 64)
                self.assertIn(f"'{knob}'", str(cm.exception))
                self.assertIn("ops.configure(", str(cm.exception))
                self.assertIn("ops.tuned(", str(cm.exception))
                with self.assertRaisesRegex(AttributeError, knob):
                    getattr(module, name)
                with self.assertRaises(AttributeError):
                    with mock.patch.object(module, name, 64):
                        pass
        self.assertIs(ops.config("softmax"), before)
        # Other names are plain module attributes, as before.
        sm.SOME_NEW_NAME = 1
        del sm.SOME_NEW_NAME

    def test_configs_are_checked_and_frozen(self):
        """Values are checked on construction (types; names of knobs);
        dict knobs are read-only copies; a config is frozen."""
        cfg = ops.config("attention")
        with self.assertRaises(TypeError):
            cfg.hopper_defines["KVS"] = 3
        mine = {"KVS": 3}
        with ops.tuned(attention=dict(hopper_defines=mine)):
            mine["KVS"] = 4            # the caller's dict, not the copy
            self.assertEqual(ops.config("attention").hopper_defines["KVS"], 3)
        with self.assertRaises(dataclasses.FrozenInstanceError):
            cfg.hopper = True
        with self.assertRaisesRegex(TypeError, "'hoper' is no knob of the "
                                    "attention op"):
            cfg.replace(hoper=True)
        with self.assertRaisesRegex(TypeError, "softmax config: short: "
                                    "expected int, got str"):
            ops.SoftmaxConfig(short="64")
        with self.assertRaisesRegex(TypeError, "dq_mode: expected "
                                    "Optional.*'pass', 'atomic'"):
            ops.AttentionBackwardConfig(dq_mode="both")
        with self.assertRaisesRegex(TypeError, "hopper_defines\\['KVS'\\]"):
            ops.AttentionConfig(hopper_defines={"KVS": 1.5})
        self.assertEqual(ops.SoftmaxConfig(pipe_dtypes=["f32"]).pipe_dtypes,
                         ("f32",))
        with self.assertRaisesRegex(TypeError, "'sofmax' is no op"):
            ops.configure(sofmax=ops.SoftmaxConfig())
        with self.assertRaisesRegex(TypeError, "expected a SoftmaxConfig"):
            ops.configure(softmax=ops.TopkConfig())

    def test_tuned_restores_and_configure_sets(self):
        """tuned() puts the previous configs back, also after an error;
        configure() keeps its config until the next one."""
        before = ops.config("softmax"), ops.config("decode")
        with self.assertRaises(ZeroDivisionError):
            with ops.tuned(softmax=dict(pipe=False), decode=dict(mma=False)):
                self.assertFalse(ops.config("softmax").pipe)
                self.assertFalse(ops.config("decode").mma)
                1 / 0
        self.assertIs(ops.config("softmax"), before[0])
        self.assertIs(ops.config("decode"), before[1])
        try:
            ops.configure(softmax=before[0].replace(short=512))
            self.assertEqual(ops.config("softmax").short, 512)
        finally:
            ops.configure(softmax=before[0])
        # The same configs, the same combination id (the native keys').
        first = _config.combination_id()
        with ops.tuned(softmax=dict(short=512)):
            self.assertNotEqual(_config.combination_id(), first)
        self.assertEqual(_config.combination_id(), first)

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
