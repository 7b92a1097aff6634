"""warpforth.hf: transformers' Llama and GPT-2 (tiny random configs, float32,
CPU tensors on the CPU backend) patched onto warpforth.ops against the
same stock models: the loss and every parameter's gradient within 1e-5
(relative to each gradient's largest value; f32 math throughout), each
swapped part actually called, the logits without labels equal, HF's
num_items_in_batch honoured, a non-silu MLP refused."""

from __future__ import annotations

import copy
import sys
import unittest
from pathlib import Path
from unittest import mock

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from opcheck import import_torch  # noqa: E402

torch = import_torch()
try:
    import transformers
except ImportError:
    import os
    if os.environ.get("CI"):
        raise       # the set-up installs it: a failure there, not a skip
    transformers = None

from warpforth import hf, ops  # noqa: E402


def llama(**kw):
    cfg = transformers.LlamaConfig(
        hidden_size=256, intermediate_size=160, num_hidden_layers=2,
        num_attention_heads=4, num_key_value_heads=2, vocab_size=301,
        max_position_embeddings=128, **kw)
    return transformers.LlamaForCausalLM(cfg).float()


def gpt2():
    cfg = transformers.GPT2Config(
        n_embd=256, n_layer=2, n_head=4, vocab_size=301, n_positions=128,
        resid_pdrop=0.0, embd_pdrop=0.0, attn_pdrop=0.0, bos_token_id=0,
        eos_token_id=0)
    return transformers.GPT2LMHeadModel(cfg).float().eval()


@unittest.skipUnless(torch is not None and transformers is not None,
                     "needs torch and transformers")
class HfPatch(unittest.TestCase):
    def tearDown(self):
        hf.restore_rotary()

    def compare(self, base, patch, calls):
        """The stock model's results first (the rotary patch is
        transformers' module-level function: it would change `base` too),
        then the patched copy's."""
        torch.manual_seed(3)
        ids = torch.randint(0, 301, (2, 37))
        labels = ids.clone()
        labels[0, :5] = -100
        want = base(input_ids=ids, labels=labels)
        g_want = torch.autograd.grad(want.loss, list(base.parameters()))
        with torch.no_grad():
            logits = base(input_ids=ids).logits
            items = base(input_ids=ids, labels=labels,
                         num_items_in_batch=torch.tensor(50)).loss
        patched = patch(copy.deepcopy(base))
        counted = {name: 0 for name in calls}
        real = {name: getattr(ops, name) for name in calls}

        def counting(name):
            def f(*a, **k):
                counted[name] += 1
                return real[name](*a, **k)
            return f
        with mock.patch.multiple(ops, **{n: counting(n) for n in calls}):
            got = patched(input_ids=ids, labels=labels)
            g_got = torch.autograd.grad(got.loss, list(patched.parameters()))
        for name, n in counted.items():
            self.assertGreater(n, 0, f"{name} was not called")
        self.assertIsNone(got.logits)
        self.assertLessEqual(abs(float(got.loss.detach())
                                 - float(want.loss.detach())),
                             1e-5 * abs(float(want.loss.detach())))
        for (name, _), a, b in zip(base.named_parameters(), g_got, g_want):
            err = float((a - b).abs().max()) / max(float(b.abs().max()),
                                                   1e-30)
            self.assertLessEqual(err, 1e-5, f"{name}: {err:.3g}")
        # Without labels: the model's own forward, logits equal.
        with torch.no_grad():
            a = patched(input_ids=ids).logits
        self.assertLessEqual(float((a - logits).abs().max()),
                             1e-5 * float(logits.abs().max()))
        # HF's gradient-accumulation form: the sum over num_items.
        with torch.no_grad():
            got = patched(input_ids=ids, labels=labels,
                          num_items_in_batch=torch.tensor(50)).loss
        self.assertLessEqual(abs(float(got) - float(items)),
                             1e-5 * abs(float(items)))

    def test_llama(self):
        self.compare(llama(), hf.apply_to_llama, ["rms_norm", "swiglu", "apply_rotary",
                                     "flash_attention",
                                     "linear_cross_entropy"])

    def test_gpt2(self):
        self.compare(gpt2(), hf.apply_to_gpt2, ["layer_norm", "flash_attention",
                                     "linear_cross_entropy"])

    def test_parts_can_stay(self):
        base = llama()
        patched = hf.apply_to_llama(copy.deepcopy(base), rms_norm=False,
                                    linear_cross_entropy=False)
        ids = torch.randint(0, 301, (1, 9))
        with mock.patch.object(ops, "rms_norm") as norm:
            out = patched(input_ids=ids, labels=ids)
        norm.assert_not_called()
        self.assertIsNotNone(out.logits)

    def test_non_silu_mlp_is_refused(self):
        with self.assertRaisesRegex(ValueError, "^swiglu: the MLP's "
                                    "activation is 'gelu'"):
            hf.apply_to_llama(llama(hidden_act="gelu"))


if __name__ == "__main__":
    unittest.main()
