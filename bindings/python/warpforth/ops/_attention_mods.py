"""The user's score and mask words of flash_attention (FlexAttention in
Forth): mask_mod and score_mod sources, their mod_args, and the block
mask (the lists of key tiles each query tile visits).

The attention kernels INCLUDE flash-mods.fs (kernels/attention) before
their bodies: the default, without user words. With mods the op compiles
a copy of the kernel's top file as if it stood in a folder of its own
(the cache's attention-mods/<hash>/, named by the sources and the
mod_args' dtypes), where a generated flash-mods.fs defines the same
constants and words around the user's files (mask_mod.fs, score_mod.fs,
INCLUDEd, so that errors name their lines) and the header gains the
params those words read: ARG0.. (the mod_args, read with ARG0@ ..) and,
with a mask, BLN, BLI, BL_QT and BL_KT (the block mask, which
kernels/attention/flash_block_mask.forth makes from MASK-MOD on the
device, once per mask, shapes and mod_args contents: cached).
"""

from __future__ import annotations

import copy
import hashlib
import os
import re
import weakref
from collections import OrderedDict
from pathlib import Path
from typing import Any, Iterator, Optional

from .. import _cache
from .._kernel import Kernel
from .._lib import WarpForthError
from . import _common as c

# mod_args' dtypes: (the kernels' element type, its load word, bytes).
_ARG_TYPES = {
    "i32": ("i32", "I32@", 4), "int32": ("i32", "I32@", 4),
    "int64": ("i64", "@", 8), "torch.int64": ("i64", "@", 8),
    "f32": ("f32", "F32@", 4), "bf16": ("bf16", "BF16@", 2),
    "f16": ("f16", "F16@", 2),
    "int16": ("i16", "I16@", 2), "torch.int16": ("i16", "I16@", 2),
    "int8": ("i8", "I8@", 1), "torch.int8": ("i8", "I8@", 1),
    "uint8": ("i8", "I8@", 1), "torch.uint8": ("i8", "I8@", 1),
    "bool": ("i8", "I8@", 1), "torch.bool": ("i8", "I8@", 1),
}
MAX_ARGS = 4
# Each word's stack effect, for the errors.
_WORDS = {"MASK-MOD": "( b h q k -- flag )",
          "SCORE-MOD": "( s b h q k -- s' )",
          "SCORE-MOD-GRAD": "( s b h q k -- ds'/ds )"}


def _defines(src: str, word: str) -> bool:
    """Whether Forth source `src` has a definition `: WORD` (names ignore
    case; comments are not read as code)."""
    code = re.sub(r"\\[^\n]*|\(\s[^)]*\)", " ", src)
    return re.search(r"(?:^|\s):\s+" + re.escape(word) + r"(?=\s)",
                     code + " ", re.IGNORECASE) is not None


def _source(value: Any, name: str, word: str) -> Optional[str]:
    if value is None:
        return None
    if not isinstance(value, str):
        raise TypeError(f"{name}: expected Forth source (a str) defining "
                        f"{word} {_WORDS[word]}, got {type(value).__name__}")
    if not _defines(value, word):
        raise ValueError(f"{name}: the source defines no {word} "
                         f"{_WORDS[word]}")
    return value


class Mods:
    """Checked mask_mod and score_mod sources for mod_args of these dtypes
    (one object for each, kept: its folder and kernels are made once); a
    call's mod_args come with it (args)."""

    def __init__(self, mask: Optional[str], score: Optional[str],
                 dtypes: tuple):
        self.mask = mask
        self.score = score
        self.dtypes = dtypes        # the mod_args' ('i32', ..)
        self.grad = score is not None and _defines(score, "SCORE-MOD-GRAD")
        h = hashlib.sha256(repr((mask, score, dtypes)).encode()).hexdigest()
        self.key = h[:24]
        self._folder: Optional[Path] = None
        self.args: list = []        # a call's (check's copy holds them)

    # ---- the generated files ------------------------------------------
    def folder(self) -> Path:
        """attention-mods/<key>/ of the compile cache (else of a temporary
        folder), with the generated flash-mods.fs and the user's files."""
        if self._folder is None:
            base = _cache.cache_dir()
            if base is None:
                import tempfile
                base = Path(tempfile.gettempdir()) / f"warpforth-{os.getuid()}"
            d = base / "attention-mods" / self.key
            self.write(d)
            self._folder = d
        return self._folder

    def write(self, d: Path) -> None:
        """The generated flash-mods.fs and the user's files into folder d
        (each replaced whole, so that a concurrent compile never reads a
        half-written one)."""
        d.mkdir(parents=True, exist_ok=True)
        files = {"flash-mods.fs": self._mods_file()}
        if self.mask is not None:
            files["mask_mod.fs"] = self.mask
        if self.score is not None and self.score is not self.mask:
            files["score_mod.fs"] = self.score
        for name, text in files.items():
            path = d / name
            if not path.exists() or path.read_text() != text:
                tmp = d / f".{name}.{os.getpid()}"
                tmp.write_text(text)
                os.replace(tmp, path)

    def _mods_file(self) -> str:
        m, s = self.mask is not None, self.score is not None
        lines = [
            "\\ Generated by warpforth.ops (ops/_attention_mods.py): the",
            "\\ kernels' flash-mods.fs with the user's words.",
            f"{int(m)} CONSTANT MODS-MASK", f"{int(s)} CONSTANT MODS-SCORE",
            f"{int(self.grad)} CONSTANT MODS-GRAD",
            f"{int(m)} CONSTANT MODS-BLOCKS"]
        for i, t in enumerate(self.dtypes):
            _, load, size = _ARG_TYPES[t]
            lines.append(f": ARG{i}@ ( i -- x )  {size} * ARG{i} + {load} ;")
        if m:
            lines.append("INCLUDE mask_mod.fs")
        else:
            lines.append(": MASK-MOD ( b h q k -- flag )  2DROP 2DROP -1 ;")
        if s and self.score is not self.mask:
            lines.append("INCLUDE score_mod.fs")
        elif not s:
            lines.append(": SCORE-MOD ( s b h q k -- s' )  2DROP 2DROP ;")
        if not self.grad:
            lines.append(": SCORE-MOD-GRAD ( s b h q k -- g )  "
                         "2DROP 2DROP DROP 1.0 ;")
        if m:
            lines += [": mods-tiles ( pair qt -- first count )",
                      "  SWAP BL_QT * +  DUP BL_KT *  SWAP 4 * BLN + I32@ ;",
                      ": mods-tile ( i -- entry )  4 * BLI + I32@ ;",
                      ": mods-slot ( i -- slot )  4 * BLS + I32@ ;",
                      ": mods-word ( slot w -- word )",
                      "  SWAP BR BC 31 + 32 / * * + 4 * BITS + I32@ ;"]
        else:
            lines += [": mods-tiles ( pair qt -- first count )  2DROP 0 0 ;",
                      ": mods-tile ( i -- entry )  DROP 0 ;",
                      ": mods-slot ( i -- slot )  DROP -1 ;",
                      ": mods-word ( slot w -- word )  2DROP 0 ;"]
        return "\n".join(lines) + "\n"

    def _header(self, lists: bool) -> str:
        lines = []
        for i, t in enumerate(self.dtypes):
            lines += [f"\\! param ARG{i} {_ARG_TYPES[t][0]}[ARG{i}_N]",
                      f"\\! param ARG{i}_N i64"]
        if lists:
            lines += ["\\! param BLN i32[BATCH*HQ*BL_QT]",
                      "\\! param BLI i32[BATCH*HQ*BL_QT*BL_KT]",
                      "\\! param BL_QT i64", "\\! param BL_KT i64",
                      "\\! param BLS i32[BATCH*HQ*BL_QT*BL_KT]",
                      "\\! param BITS i32[BL_BITS+1]",
                      "\\! param BL_BITS i64"]
        return "".join(line + "\n" for line in lines)

    # ---- kernels ------------------------------------------------------
    def kernel(self, file: str, on: c.Arg, defines: dict, arch: str,
               lists: bool) -> Kernel:
        """kernels/<file> with these words (lists: the block mask's params
        in its header too)."""
        dev = c.device_of(on)
        key = (self.key, file, dev.kind, dev.ordinal,
               tuple(sorted(defines.items())), arch, lists)
        k = _kernels.get(key)
        if k is not None:
            return k
        src_path, text = self.source(file, lists)
        folder = self.folder()
        try:
            k = Kernel.from_source(text, name=str(folder / src_path.name),
                                   device=dev, defines=defines, arch=arch,
                                   include_dirs=[str(src_path.parent)])
        except WarpForthError as e:
            raise type(e)(self._locate(str(e))) from None
        _kernels[key] = k
        return k

    def source(self, file: str, lists: bool) -> tuple:
        """(kernels/<file>'s path, the text of its copy with these words'
        params in its header), to be compiled as if it stood in folder()
        with kernels/<file>'s folder to INCLUDE from (test/check_kernels.py
        writes it there for warpforthc)."""
        src_path = c.kernels_dir() / file
        lines = src_path.read_text().splitlines(keepends=True)
        # After the header's last directive (the leading `\!` lines).
        at = max(i for i, line in enumerate(lines)
                 if line.startswith("\\!")) + 1
        return src_path, ("".join(lines[:at]) + self._header(lists)
                          + "".join(lines[at:]))

    def _locate(self, message: str) -> str:
        """A compile error in the user's files named as the argument's
        line and column (mask_mod:2:5) instead of the generated folder."""
        folder = re.escape(str(self._folder))
        message = re.sub(folder + r"/mask_mod\.fs", "mask_mod", message)
        message = re.sub(folder + r"/score_mod\.fs", "score_mod", message)
        return message

    def params(self) -> list:
        """ARG0, ARG0_N, ..: the kernels' values for the mod_args."""
        out = []
        for a in self.args:
            out += [a.value.reshape(-1), a.numel]
        return out

    # ---- the block mask -------------------------------------------------
    def lists(self, like: c.Arg, b: int, hq: int, nq: int, nkv: int,
              br: int, bc: int, masks: dict, wargs: tuple,
              transpose: bool = False, seqs: Optional[tuple] = None) -> tuple:
        """(BLN, BLI, BL_QT, BL_KT, BLS, BITS, BL_BITS): the key tiles (bc
        keys) that each query tile (br rows) visits, of MASK-MOD and the
        kernel's own rules (masks: CAUSAL, LOCAL; wargs: WL, WR), with
        the partial ones' bit masks where they fit; made on like's device
        and cached by the shapes and the mod_args' contents. transpose:
        for each key tile (br keys) its query tiles (bc rows), no bit
        masks. seqs: packed sequences' (longest query rows, longest key
        rows, cu_seqlens_q, cu_seqlens_k), b then the sequences and nq,
        nkv the total rows."""
        mq, mk = seqs[:2] if seqs else (nq, nkv)
        rows, cols = (mk, mq) if transpose else (mq, mk)
        qt, kt = -(-rows // br), -(-cols // bc)
        dev = c.device_of(like)
        key = (self.key, dev.kind, dev.ordinal, b, hq, nq, nkv, br, bc,
               transpose, masks["CAUSAL"], masks["LOCAL"], wargs[0],
               wargs[1], tuple(_contents(a) for a in self.args))
        cus = [c.arg(x, n, dtypes=("i32",)) for x, n in
               zip(seqs[2:], ("cu_seqlens_q", "cu_seqlens_k"))] if seqs \
            else []
        key += tuple(_contents(a) for a in cus)
        watched = self.args + cus
        # A CUDA graph capture records the block mask's kernel, so that
        # every replay makes it from the mod_args' contents then.
        capturing = like.is_torch and like.on_gpu and _capturing()
        got = None if capturing else _lists.get(key)
        if got is not None and _alive(got[1], watched):
            _lists.move_to_end(key)
            return got[0]
        defines = {"BR": br, "BC": bc, "TRANSPOSE": int(transpose),
                   "CAUSAL": masks["CAUSAL"], "LOCAL": masks["LOCAL"],
                   "VARLEN": int(bool(seqs))}
        kern = self.kernel("attention/flash_block_mask.forth", like, defines,
                           None if not like.on_gpu else "sm_80", False)
        bln = c.empty(like, (b * hq * qt,), "i32")
        bli = c.empty(like, (b * hq * qt * kt,), "i32")
        bls = c.empty(like, (b * hq * qt * kt,), "i32")
        # Bit masks for the partial tiles of the forward's lists: room for
        # a diagonal and two more a list (a causal or document mask's);
        # past it MASK-MOD is asked score by score.
        words = 0 if transpose else (b * hq * (qt + 2 * kt)
                                     * br * (-(-bc // 32)))
        bits = c.empty(like, (words + 1,), "i32")
        slots = c.empty(like, (1,), "i64")
        slots[...] = 0
        cu = [a.value for a in cus] or [c.empty(like, (1,), "i32")] * 2
        kern(bln, bli, nq, nkv, hq, b, qt, kt, wargs[0], wargs[1], bls, bits,
             words, slots, *cu, *self.params(), grid=(qt, hq, b),
             block=kern.const("NTHREADS"))
        got = (bln, bli, qt, kt, bls, bits, words)
        if capturing:
            return got
        _lists[key] = (got, _refs(watched))
        while len(_lists) > MAX_LISTS:
            _lists.popitem(last=False)
        return got


def _capturing() -> bool:
    import torch
    return torch.cuda.is_current_stream_capturing()


def _contents(a: c.Arg) -> Any:
    """What a block mask depends on in a mod_arg: on the GPU the tensor
    object and its version counter (bumped by every in-place torch op;
    lists() also checks that the object is still the one it saw, as a
    new tensor may take a freed one's id and address); elsewhere the
    bytes' hash (numpy arrays, CPU tensors: cheap, and it sees writes
    that bypass the counter)."""
    x = a.value
    if a.is_torch and a.on_gpu:
        return ("gpu", id(x), x._version, tuple(x.shape))
    data = x.numpy(force=True) if a.is_torch else x
    return (hashlib.sha1(data.tobytes()).hexdigest(), tuple(x.shape))


def _alive(refs: tuple, args: list) -> bool:
    """Whether each GPU mod_arg is still the object a cached block mask
    was made from (its weak reference)."""
    return all(r is None or r() is a.value for r, a in zip(refs, args))


def _refs(args: list) -> tuple:
    return tuple(weakref.ref(a.value) if a.is_torch and a.on_gpu else None
                 for a in args)


# Compiled kernels, and the newest block masks (MAX_LISTS).
_kernels: dict = {}
MAX_LISTS = 16
_lists: OrderedDict = OrderedDict()


def check(mask_mod: Any, score_mod: Any, mod_args: Any,
          like: c.Arg) -> Optional[Mods]:
    """The call's Mods (with its args), or None without mask_mod and
    score_mod; errors name the argument."""
    if mod_args is None:
        mod_args = ()
    if not isinstance(mod_args, (tuple, list)):
        raise TypeError("mod_args: expected a tuple of tensors, got "
                        f"{type(mod_args).__name__}")
    if mask_mod is None and score_mod is None:
        if mod_args:
            raise ValueError("mod_args: given without mask_mod or score_mod")
        return None
    if len(mod_args) > MAX_ARGS:
        raise ValueError(f"mod_args: {len(mod_args)} tensors, at most "
                         f"{MAX_ARGS} (ARG0@ .. ARG{MAX_ARGS - 1}@)")
    args = []
    for i, x in enumerate(mod_args):
        try:
            a = c.arg(x, f"mod_args[{i}]", dtypes=tuple(_ARG_TYPES))
        except TypeError as e:
            if "dtype" not in str(e):
                raise
            raise TypeError(str(e).split("; expected")[0] + "; expected "
                            "int8, int16, int32, int64, bool, uint8, "
                            "float32, bfloat16 or float16") from None
        c.same_device(a, like)
        if a.numel == 0:
            raise ValueError(f"mod_args[{i}]: empty (shape {a.shape})")
        args.append(a)
    key = (mask_mod, score_mod, tuple(a.dtype for a in args))
    mods = _specs.get(key)
    if mods is None:
        mask = _source(mask_mod, "mask_mod", "MASK-MOD")
        score = _source(score_mod, "score_mod", "SCORE-MOD")
        if score is not None and mask == score:
            score = mask        # one source for both: INCLUDEd once
        mods = _specs[key] = Mods(mask, score, key[2])
        mods.folder()
    call = copy.copy(mods)      # the shared one stays without args
    call.args = args
    return call


# Checked sources by (mask_mod, score_mod, mod_args' dtypes).
_specs: dict = {}


def compiler(mods: Mods) -> Any:
    """A kernel compiler (name, like, defines, arch -> Kernel) for
    lpt_kernel and hopper_grid: the kernel with these words (and with a
    mask, the block mask's params)."""
    lists = mods.mask is not None

    def compile(name: str, like: c.Arg, defines: dict, arch: str) -> Kernel:
        return mods.kernel(name, like, defines, arch, lists)
    return compile


def launch_args(mods: Mods, like: c.Arg, kern: Kernel, b: int, hq: int,
                nq: int, nkv: int, masks: dict, wargs: tuple,
                seqs: Optional[tuple] = None) -> list:
    """The params the words add to a forward kernel: the mod_args, and
    with a mask the block mask for its tiles (BR rows, BC keys); seqs as
    Mods.lists'."""
    more = mods.params()
    if mods.mask is not None:
        more += mods.lists(like, b, hq, nq, nkv, kern.const("BR"),
                           kern.const("BC"), masks, wargs, seqs=seqs)
    return more


def backward_args(mods: Mods, like: c.Arg, b: int, hq: int, nq: int,
                  nkv: int, tiles: tuple, masks: dict, wargs: tuple,
                  transpose: bool, seqs: Optional[tuple] = None) -> list:
    """The params the words add to a backward kernel: the mod_args, and
    with a mask the block mask that narrows its tiles (flash-grid.fs
    mods-narrow): tiles (a list's tile, a cell's tile), for the rows of
    queries their key tiles or (transpose) for a block's keys their
    query tiles; seqs as Mods.lists'."""
    more = mods.params()
    if mods.mask is not None:
        more += mods.lists(like, b, hq, nq, nkv, *tiles, masks, wargs,
                           transpose, seqs)
    return more


# test/check_kernels.py compiles these examples into the kernels (ptxas:
# spills, local memory): a document mask reading an int32 id array, ALiBi
# reading float32 slopes (with its derivative), causal as a MASK-MOD.
EXAMPLES = {
    "documents": (": MASK-MOD { b h qi ki -- flag }\n"
                  "  b NQ * qi + ARG0@  b NKV * ki + ARG0@ =  ki qi <= AND ;\n",
                  None, ("i32",)),
    "alibi": (None, ": SCORE-MOD { s b h qi ki -- s' }  h ARG0@  ki qi - "
              "S>F F*  s F+ ;\n: SCORE-MOD-GRAD { s b h qi ki -- g }  1.0 ;\n",
              ("f32",)),
    "causal": (": MASK-MOD { b h qi ki -- flag }  ki qi <= ;\n", None, ()),
}


def example_variants() -> Iterator[tuple[str, Mods, str, dict, bool]]:
    """(example name, its Mods, kernel file, -D values, with the block
    mask's params): each kernel that takes the words, with the defines
    the ops use on an H200 (both 16-bit types at their head dims)."""
    kernels = [
        ("attention/flash_block_mask.forth", {"BR": 128, "BC": 128}, False),
        ("attention/flash_block_mask.forth",
         {"BR": 64, "BC": 128, "TRANSPOSE": 1, "CAUSAL": 1}, False)]
    for t in ("bf16", "f16"):
        for d in (64, 128):
            kernels += [
                ("attention/flash_attention_sm90.forth",
                 {"T": t, "HEAD_DIM": d, "DYN": 1, "LPT": 1}, True),
                ("attention/flash_backward_sm90.forth",
                 {"T": t, "HEAD_DIM": d, "LPT": 1}, True)]
        for d in (64, 96, 128):
            kernels += [("attention/flash_attention.forth",
                         {"T": t, "HEAD_DIM": d}, True)]
        kernels += [("attention/flash_backward.forth",
                     {"T": t, "HEAD_DIM": 96, "ROLE": 1, "DQ_ATOMIC": 1,
                      "DQ_VEC": 2, "BC": 32}, True)]
    for name, (mask, score, dtypes) in EXAMPLES.items():
        mods = Mods(mask, score, dtypes)
        for file, defines, lists in kernels:
            if file.endswith("flash_block_mask.forth") and mask is None:
                continue
            yield name, mods, file, defines, lists and mask is not None
