"""ops.flash_attention with mask_mod, score_mod and mod_args (the user's
Forth words, FlexAttention's mask_mod and score_mod) on the CPU backend,
against the f64 reference (attention_reference.py with `visible` and
`score`), on the mma.sync and the Hopper kernels, bf16 and f16: document
masks (ids per key, also per batch row), ALiBi through SCORE-MOD, causal
written as a MASK-MOD against the built-in one, masks with causal, a
window and softcap, rows that see no key, odd lengths and GQA; partial
tiles read from the block mask's bit masks and, past their room, from
MASK-MOD itself. Key tiles
that MASK-MOD hides entirely are not visited (NaN keys there leave the
output finite); the block mask is made once per mask, shapes and
mod_args contents. Errors name the argument, or the line and column in
the user's source.

Bounds: the forward tests' own: u (|v|max + |o|max) for the output (u
the dtype's unit roundoff), 1e-3 for the log-sum-exp."""

from __future__ import annotations

import unittest
import warnings

import numpy as np
from attention_reference import attention_backward_reference
from attention_reference import attention_reference, check_output
from opcheck import cast, f64

from warpforth import WarpForthError, ops
from warpforth.ops import _attention_mods

UNIT = {"bf16": 2.0 ** -8, "f16": 2.0 ** -11}

DOC_MASK = """\\ documents: a query sees the keys of its own document
: MASK-MOD { b h qi ki -- flag }  qi ARG0@  ki ARG0@  = ;
"""
# The same with an id array per batch row (B, N).
DOC_MASK_B = """: MASK-MOD { b h qi ki -- flag }
  b NQ * qi + ARG0@  b NKV * ki + ARG0@  = ;
"""
CAUSAL_MASK = ": MASK-MOD { b h qi ki -- flag }  ki qi NKV + NQ - <= ;\n"
# A cap written by hand, with its derivative: 5 tanh(s / 5).
TANH_CAP = """: SCORE-MOD { s b h qi ki -- s' }  s 5.0 F/ FTANH 5.0 F* ;
: SCORE-MOD-GRAD { s b h qi ki -- g }  s 5.0 F/ FTANH  DUP F* 1.0 SWAP F- ;
"""
# ALiBi: s + slope[h] (k - q), the slopes a float32 array.
ALIBI = """: SCORE-MOD { s b h qi ki -- s' }
  h ARG1@  ki qi - S>F F*  s F+ ;
"""


def hopper(on):
    return ops.tuned(attention=dict(hopper=on))


def docs(rng, n, count):
    """Document ids 0.. of n positions in `count` runs of random length."""
    cuts = np.sort(rng.choice(np.arange(1, n), count - 1, replace=False))
    ids = np.zeros(n, np.int32)
    ids[cuts] = 1
    return np.cumsum(ids).astype(np.int32)


class Mods(unittest.TestCase):
    def setUp(self):
        # The examples name their locals qi, ki; a local named q or k
        # would warn (it hides the header's Q and K): not these.
        warnings.simplefilter("error")
        self.addCleanup(warnings.resetwarnings)

    def check(self, dt, shape, what, causal=False, window=(-1, -1),
              softcap=0.0, visible=None, score=None, seed=0, nan=None,
              **mods):
        b, hq, hkv, nq, nkv, d = shape
        rng = np.random.default_rng(seed)
        q = cast(rng.standard_normal((b, hq, nq, d)), dt)
        k = cast(rng.standard_normal((b, hkv, nkv, d)), dt)
        v = cast(rng.standard_normal((b, hkv, nkv, d)), dt)
        kn, vn = k.copy(), v.copy()
        if nan is not None:         # keys no query sees: never read
            kn[:, :, nan] = np.nan
            vn[:, :, nan] = np.nan
        o, lse = ops.flash_attention(q, kn, vn, causal=causal, window=window,
                                     softcap=softcap, return_lse=True,
                                     **mods)
        want, want_lse = attention_reference(q, k, v, causal, None, window,
                                             softcap, visible, score)
        bound = UNIT[dt] * (np.abs(f64(v)).max() + np.abs(want).max())
        check_output(self, what, o, lse, want, want_lse, bound, 1e-3)
        return o, lse

    def test_document_mask(self):
        rng = np.random.default_rng(1)
        for on in (False, True):
            for dt, shape, count in (
                    ("bf16", (1, 2, 1, 200, 200, 64), 8),
                    ("f16", (2, 4, 2, 129, 129, 128), 5),
                    ("bf16", (1, 2, 2, 7, 7, 64), 3),
                    ("bf16", (1, 2, 1, 1000, 1000, 64), 8)):
                n = shape[3]
                ids = docs(rng, n, count)
                with hopper(on):
                    self.check(dt, shape, f"hopper={on} {dt} {shape}",
                               visible=ids[:, None] == ids[None, :],
                               mask_mod=DOC_MASK, mod_args=(ids,))

    def test_partial_tiles_past_the_bit_masks_room(self):
        # A checkerboard: every tile partial, more than the block mask has
        # bit masks for (a diagonal and two more a list): the first ones
        # read bits, the others ask MASK-MOD score by score.
        src = ": MASK-MOD { b h qi ki -- flag }  qi ki + 1 AND 0= ;\n"
        qi, ki = np.ogrid[:700, :700]
        for on in (False, True):
            with hopper(on):
                self.check("bf16", (1, 2, 1, 700, 700, 64), f"hopper={on}",
                           visible=(qi + ki) % 2 == 0, mask_mod=src)

    def test_mask_per_batch_row(self):
        # b picks the row of a (B, N) id array; int64 ids read with @.
        rng = np.random.default_rng(2)
        ids = np.stack([docs(rng, 150, 3), docs(rng, 150, 6)]).astype(
            np.int64)
        visible = (ids[:, :, None] == ids[:, None, :])[:, None]
        for on in (False, True):
            with hopper(on):
                self.check("bf16", (2, 2, 1, 150, 150, 64), f"hopper={on}",
                           visible=visible, mask_mod=DOC_MASK_B,
                           mod_args=(ids,))

    def test_alibi_score_mod(self):
        slopes = (2.0 ** -np.arange(1, 5)).astype(np.float32)

        def alibi(s, b, h, qi, ki):
            return s + slopes[h] * (ki - qi)
        for on in (False, True):
            with hopper(on):
                self.check("bf16", (1, 4, 2, 129, 129, 64),
                           f"hopper={on} alibi", causal=True, score=alibi,
                           score_mod=ALIBI,
                           mod_args=(np.zeros(1, np.int32), slopes))
                # With a document mask in one source, and softcap first.
                ids = docs(np.random.default_rng(3), 129, 4)
                cap = 30.0
                self.check("f16", (1, 4, 2, 129, 129, 64),
                           f"hopper={on} alibi+docs+softcap", softcap=cap,
                           score=alibi, visible=ids[:, None] == ids[None, :],
                           mask_mod=DOC_MASK + ALIBI,
                           score_mod=DOC_MASK + ALIBI, mod_args=(ids, slopes))

    def test_causal_as_mask_mod(self):
        # The same visits as the built-in causal rule: the same output.
        rng = np.random.default_rng(4)
        for on in (False, True):
            for nq, nkv in ((129, 129), (65, 200), (200, 65)):
                q = cast(rng.standard_normal((1, 2, nq, 64)), "bf16")
                k = cast(rng.standard_normal((1, 1, nkv, 64)), "bf16")
                v = cast(rng.standard_normal((1, 1, nkv, 64)), "bf16")
                with hopper(on):
                    built_in = ops.flash_attention(q, k, v, causal=True)
                    modded = ops.flash_attention(q, k, v,
                                                 mask_mod=CAUSAL_MASK)
                np.testing.assert_allclose(
                    f64(modded), f64(built_in), atol=2 * UNIT["bf16"],
                    err_msg=f"hopper={on} {nq}x{nkv}")

    def test_with_causal_window_softcap(self):
        rng = np.random.default_rng(5)
        ids = docs(rng, 150, 4)
        visible = ids[:, None] == ids[None, :]
        for on in (False, True):
            with hopper(on):
                for causal, window, cap in ((True, (-1, -1), 0.0),
                                            (False, (20, 5), 0.0),
                                            (True, (40, -1), 10.0)):
                    self.check("bf16", (1, 2, 1, 150, 150, 64),
                               f"hopper={on} causal={causal} w={window}",
                               causal=causal, window=window, softcap=cap,
                               visible=visible, mask_mod=DOC_MASK,
                               mod_args=(ids,))

    def test_rows_without_keys_and_skipped_tiles(self):
        # Queries past 99 see nothing; keys from 128 on are seen by no
        # query: NaN in the whole tiles from 384 on (a multiple of every
        # kernel's 64, 96 or 128 keys a tile) must never be read.
        src = ": MASK-MOD { b h qi ki -- flag }  qi 100 <  ki 128 <  AND ;\n"
        qi, ki = np.ogrid[:200, :500]
        visible = (qi < 100) & (ki < 128)
        for on in (False, True):
            with hopper(on):
                o, _ = self.check("bf16", (1, 2, 1, 200, 500, 64),
                                  f"hopper={on}", visible=visible,
                                  nan=slice(384, 500), mask_mod=src)
                self.assertTrue(np.isfinite(f64(o)).all())

    def test_block_mask_cached_by_contents(self):
        rng = np.random.default_rng(6)
        ids = docs(rng, 100, 3)
        shape = (1, 2, 1, 100, 100, 64)
        _attention_mods._lists.clear()
        self.check("bf16", shape, "first", visible=ids[:, None] == ids,
                   mask_mod=DOC_MASK, mod_args=(ids,))
        self.check("bf16", shape, "again", visible=ids[:, None] == ids,
                   mask_mod=DOC_MASK, mod_args=(ids,))
        self.assertEqual(len(_attention_mods._lists), 1)
        ids[:50] = 7                # in place: a new block mask
        self.check("bf16", shape, "changed", visible=ids[:, None] == ids,
                   mask_mod=DOC_MASK, mod_args=(ids,))
        self.assertEqual(len(_attention_mods._lists), 2)

    def test_backward(self):
        # dq, dk, dv against the f64 reference: within 4u of the largest
        # gradient (the backward tests' bound), on both kernel families.
        rng = np.random.default_rng(8)
        ids = docs(rng, 150, 4)
        visible = ids[:, None] == ids[None, :]

        def cap(s, b, h, qi, ki):
            return 5.0 * np.tanh(s / 5.0)

        def cap_grad(s, b, h, qi, ki):
            return 1.0 - np.tanh(s / 5.0) ** 2
        cases = [  # shape, causal, kwargs, reference's visible/score
            ((1, 2, 1, 150, 150, 64), True,
             dict(mask_mod=DOC_MASK, mod_args=(ids,)), visible, None, None),
            ((1, 4, 2, 150, 150, 128), False,
             dict(mask_mod=DOC_MASK, score_mod=TANH_CAP, mod_args=(ids,)),
             visible, cap, cap_grad),
            ((2, 2, 2, 65, 150, 64), True, dict(score_mod=TANH_CAP), None,
             cap, cap_grad),
        ]
        for on in (False, True):
            for dt in ("bf16", "f16"):
                for shape, causal, kw, vis, score, grad in cases:
                    what = f"hopper={on} {dt} {shape} {sorted(kw)}"
                    b, hq, hkv, nq, nkv, d = shape
                    r = np.random.default_rng(9)
                    q = cast(r.standard_normal((b, hq, nq, d)), dt)
                    k = cast(r.standard_normal((b, hkv, nkv, d)), dt)
                    v = cast(r.standard_normal((b, hkv, nkv, d)), dt)
                    do = cast(r.standard_normal((b, hq, nq, d)), dt)
                    with ops.tuned(attention=dict(hopper=on),
                                   attention_backward=dict(hopper=on)):
                        o, lse = ops.flash_attention(
                            q, k, v, causal=causal, return_lse=True, **kw)
                        got = ops.flash_attention_backward(
                            do, q, k, v, o, lse, causal, **kw)
                    want = attention_backward_reference(
                        do, q, k, v, causal, None, (-1, -1), 0.0, vis, score,
                        grad)
                    for name, g, w in zip(("dq", "dk", "dv"), got, want):
                        err = (np.abs(f64(g) - w).max()
                               / max(1.0, np.abs(w).max()))
                        self.assertLessEqual(err, 4 * UNIT[dt],
                                             f"{what} {name}: {err:.3g}")

    def test_backward_skips_tiles(self):
        # Queries from 100 on see no key, keys from 128 on are seen by
        # none: NaN in q and dout from row 384 and in k and v from key 384
        # (whole tiles of every kernel) must not reach any gradient: the
        # backward's tiles are narrowed to the block mask's.
        src = ": MASK-MOD { b h qi ki -- flag }  qi 100 <  ki 128 <  AND ;\n"
        r = np.random.default_rng(11)
        for on in (False, True):
            for d in (64, 128):
                q, k, v, do = (cast(r.standard_normal((1, 2, 500, d)),
                                    "bf16") for _ in range(4))
                with ops.tuned(attention=dict(hopper=on),
                               attention_backward=dict(hopper=on)):
                    o, lse = ops.flash_attention(q, k, v, mask_mod=src,
                                                 return_lse=True)
                    for x in (q, k, v, do):
                        x[:, :, 384:] = np.nan
                    got = ops.flash_attention_backward(do, q, k, v, o, lse,
                                                       mask_mod=src)
                for name, g in zip(("dq", "dk", "dv"), got):
                    g = f64(g)
                    self.assertTrue(np.isfinite(g[:, :, :384]).all(),
                                    f"hopper={on} d{d} {name}")
                    self.assertTrue((g[:, :, 128:384] == 0).all() or
                                    name == "dq", f"hopper={on} d{d} {name}")

    def test_torch_autograd(self):
        # CPU torch tensors: the custom op's autograd gives the same
        # gradients as flash_attention_backward.
        import torch
        rng = np.random.default_rng(10)
        ids = torch.from_numpy(docs(rng, 100, 3))
        q, k, v = (torch.randn(1, 2, 100, 64, dtype=torch.bfloat16,
                               requires_grad=True) for _ in range(3))
        kw = dict(mask_mod=DOC_MASK, score_mod=TANH_CAP, mod_args=(ids,))
        o = ops.flash_attention(q, k, v, causal=True, **kw)
        do = torch.randn_like(o)
        got = torch.autograd.grad(o, (q, k, v), do)
        with torch.no_grad():
            o2, lse = ops.flash_attention(q, k, v, causal=True,
                                          return_lse=True, **kw)
            want = ops.flash_attention_backward(do, q, k, v, o2, lse, True,
                                                **kw)
        self.assertTrue(torch.equal(o, o2))
        for g, w in zip(got, want):
            self.assertTrue(torch.equal(g, w))

    def test_block_mask_sees_new_contents(self):
        # CPU torch tensors: a write through .numpy() (which the version
        # counter misses) still makes a new block mask (bytes hashed).
        import torch
        ids = torch.from_numpy(docs(np.random.default_rng(12), 100, 3))
        shape = (1, 2, 1, 100, 100, 64)
        for value in (None, 5):
            if value is not None:
                ids.numpy()[:40] = value
            vis = (ids[:, None] == ids[None, :]).numpy()
            self.check("bf16", shape, f"ids write {value}", visible=vis,
                       mask_mod=DOC_MASK, mod_args=(ids,))
        # GPU tensors are known by object and version counter: a cached
        # block mask is kept only while its tensor is alive (a new one
        # may take a freed one's id and address).
        from warpforth.ops import _common as c
        x = torch.zeros(4, dtype=torch.int32)
        a = c.Arg(x, "x", True, True, 0, "i32", (4,))
        key, refs = _attention_mods._contents(a), _attention_mods._refs([a])
        self.assertEqual(key, _attention_mods._contents(a))
        self.assertTrue(_attention_mods._alive(refs, [a]))
        x.add_(1)       # an in-place op moves the version counter
        self.assertNotEqual(key, _attention_mods._contents(a))
        del a, x
        y = torch.zeros(4, dtype=torch.int32)
        b = c.Arg(y, "y", True, True, 0, "i32", (4,))
        self.assertFalse(_attention_mods._alive(refs, [b]))

    def test_varlen(self):
        # Packed sequences (lengths 0, 1, 7, 129, 300; queries and keys of
        # the same rows) with documents inside them: MASK-MOD reads the
        # packed id array at the sequence's offset (cu_seqlens as a second
        # mod_arg), SCORE-MOD the hand-written cap; o, lse and the
        # gradients per sequence against the dense reference.
        src = (": MASK-MOD { b h qi ki -- flag }\n"
               "  b ARG1@ qi + ARG0@  b ARG1@ ki + ARG0@  = ;\n" + TANH_CAP)
        lens = [0, 1, 7, 129, 300]
        cu = np.concatenate([[0], np.cumsum(lens)]).astype(np.int32)
        total = int(cu[-1])
        rng = np.random.default_rng(13)
        ids = np.concatenate([docs(rng, n, min(3, n)) if n > 1 else
                              np.zeros(n, np.int32) for n in lens])
        ids = ids.astype(np.int32)

        def cap(s, b, h, qi, ki):
            return 5.0 * np.tanh(s / 5.0)

        def cap_grad(s, b, h, qi, ki):
            return 1.0 - np.tanh(s / 5.0) ** 2
        for on in (False, True):
            for causal in (False, True):
                what = f"hopper={on} causal={causal}"
                q, k, v, do = (cast(rng.standard_normal((total, 4, 64)),
                                    "bf16") for _ in range(4))
                kw = dict(mask_mod=src, score_mod=src, mod_args=(ids, cu))
                with ops.tuned(attention=dict(hopper=on),
                               attention_backward=dict(hopper=on)):
                    o, lse = ops.flash_attention_varlen(
                        q, k, v, cu, cu, causal=causal, return_lse=True,
                        **kw)
                    got = ops.flash_attention_varlen_backward(
                        do, q, k, v, o, lse, cu, cu, causal=causal, **kw)
                for s, n in enumerate(lens):
                    if n == 0:
                        continue
                    r = slice(cu[s], cu[s + 1])
                    seq = [x[r].transpose(1, 0, 2)[None]
                           for x in (q, k, v, do)]
                    d_ids = ids[r]
                    vis = d_ids[:, None] == d_ids[None, :]
                    want, want_lse = attention_reference(
                        *seq[:3], causal, None, (-1, -1), 0.0, vis, cap)
                    bound = UNIT["bf16"] * (np.abs(f64(seq[2])).max()
                                            + np.abs(want).max())
                    check_output(self, f"{what} seq {s}",
                                 o[r].transpose(1, 0, 2)[None],
                                 lse[:, r][None], want, want_lse, bound,
                                 1e-3)
                    grads = attention_backward_reference(
                        seq[3], *seq[:3], causal, None, (-1, -1), 0.0, vis,
                        cap, cap_grad)
                    for name, g, w in zip(("dq", "dk", "dv"), got, grads):
                        g = f64(g[r]).transpose(1, 0, 2)[None]
                        err = np.abs(g - w).max() / max(1.0, np.abs(w).max())
                        self.assertLessEqual(err, 4 * UNIT["bf16"],
                                             f"{what} seq {s} {name}")

    def test_varlen_torch_autograd(self):
        # CPU torch tensors through the varlen op's custom op: autograd's
        # gradients are flash_attention_varlen_backward's, bit for bit.
        import torch
        cu = torch.tensor([0, 5, 5, 140], dtype=torch.int32)
        ids = torch.from_numpy(docs(np.random.default_rng(14), 140, 4))
        q, k, v = (torch.randn(140, 4, 64, dtype=torch.bfloat16,
                               requires_grad=True) for _ in range(3))
        src = (": MASK-MOD { b h qi ki -- flag }\n"
               "  b ARG1@ qi + ARG0@  b ARG1@ ki + ARG0@  = ;\n" + TANH_CAP)
        kw = dict(mask_mod=src, score_mod=src, mod_args=(ids, cu))
        o = ops.flash_attention_varlen(q, k, v, cu, cu, causal=True, **kw)
        do = torch.randn_like(o)
        got = torch.autograd.grad(o, (q, k, v), do)
        with torch.no_grad():
            o2, lse = ops.flash_attention_varlen(q, k, v, cu, cu,
                                                 causal=True,
                                                 return_lse=True, **kw)
            want = ops.flash_attention_varlen_backward(
                do, q, k, v, o2, lse, cu, cu, causal=True, **kw)
        self.assertTrue(torch.equal(o, o2))
        for g, w in zip(got, want):
            self.assertTrue(torch.equal(g, w))

    def test_errors(self):
        q = np.zeros((1, 2, 16, 64), np.float16)
        with self.assertRaisesRegex(ValueError, r"^mask_mod: the source "
                                    r"defines no MASK-MOD"):
            ops.flash_attention(q, q, q, mask_mod=": MASK 2DROP 2DROP -1 ;")
        with self.assertRaisesRegex(TypeError, "^score_mod: expected Forth"):
            ops.flash_attention(q, q, q, score_mod=3)
        with self.assertRaisesRegex(ValueError, "^mod_args: given without"):
            ops.flash_attention(q, q, q, mod_args=(np.zeros(3, np.int32),))
        with self.assertRaisesRegex(TypeError, r"^mod_args\[0\]: dtype "
                                    r"complex64 is not supported; expected "
                                    r"int8, int16, int32, int64, bool"):
            ops.flash_attention(q, q, q, mask_mod=DOC_MASK,
                                mod_args=(np.zeros(3, np.complex64),))
        with self.assertRaisesRegex(ValueError, "^mod_args: 5 tensors"):
            ops.flash_attention(q, q, q, mask_mod=DOC_MASK,
                                mod_args=(np.zeros(3, np.int32),) * 5)
        with self.assertRaisesRegex(ValueError, "float32 attention"):
            q32 = q.astype(np.float32)
            ops.flash_attention(q32, q32, q32, mask_mod=DOC_MASK,
                                mod_args=(np.zeros(16, np.int32),))
        with self.assertRaisesRegex(ValueError, "^score_mod: the backward "
                                    "needs SCORE-MOD-GRAD"):
            o, lse = ops.flash_attention(q, q, q, score_mod=ALIBI,
                                         mod_args=(np.zeros(1, np.int32),
                                                   np.ones(2, np.float32)),
                                         return_lse=True)
            ops.flash_attention_backward(q, q, q, q, o, lse,
                                         score_mod=ALIBI,
                                         mod_args=(np.zeros(1, np.int32),
                                                   np.ones(2, np.float32)))
        # A compile error in the user's source names its line and column.
        bad = ": MASK-MOD { b h qi ki -- flag }\n  qi NO-SUCH-WORD ;\n"
        with self.assertRaisesRegex(WarpForthError,
                                    r"mask_mod:2:6: error: unknown word "
                                    r"'NO-SUCH-WORD'"):
            ops.flash_attention(q, q, q, mask_mod=bad)


if __name__ == "__main__":
    unittest.main()
