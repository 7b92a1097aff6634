"""Small launches of every warpforth.ops op on the GPU, for compute-sanitizer
(tools/gpu-check.sh step `sanitize` runs this under memcheck, racecheck,
synccheck and initcheck). Each case is small so that the slowest tool
(racecheck) stays within minutes; together they take every kernel path the
ops choose: softmax's row designs, top-k's split path, decode's CUDA-core,
tensor-core, paged and fused-merge kernels, attention's Hopper and mma.sync
kernels forward and backward, in bf16, f16 and f32.

    python3 tools/gpu_sanitize_ops.py [--only NAME[,NAME..]] [--list]
                                      [--dump-ptx DIR]

--dump-ptx writes the PTX of every kernel the calls used (DIR/NN-name.ptx,
with its -D constants in DIR/kernels.txt), so that compute-sanitizer's
offsets (kernel+0x42b0) can be read against `nvdisasm` of the same PTX.

It checks no numbers (the op tests do): it exits non-zero only when a call
raises, and compute-sanitizer's --error-exitcode reports what it finds."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent /
                       "bindings" / "python"))

import torch  # noqa: E402

import warpforth  # noqa: E402
from warpforth import ops  # noqa: E402
from warpforth.ops import _common  # noqa: E402

# WF_SANITIZE_DEVICE=cpu runs the same calls on the CPU backend (a check
# of this script itself, or a run under WARPFORTH_SANITIZE=1).
DEV = os.environ.get("WF_SANITIZE_DEVICE", "cuda")
DTYPES = (torch.bfloat16, torch.float16, torch.float32)


def rnd(*shape, dtype=torch.float32):
    return torch.randn(*shape, device=DEV, dtype=torch.float32).to(dtype)


def case_softmax():
    for dt in DTYPES:
        for rows, cols in ((3, 77), (5, 1024), (2, 5000), (2, 40000)):
            x = rnd(rows, cols, dtype=dt)
            y = ops.softmax(x)
            ops.softmax_backward(y, rnd(rows, cols, dtype=dt))
    # The streaming and split paths, off the register path.
    with ops.tuned(softmax=dict(registers=False)):
        ops.softmax(rnd(3, 3000))


def case_topk():
    for dt in DTYPES:
        x = rnd(3, 1000, dtype=dt)
        ops.top_k_mask(x, 5)
        ops.top_k_mask(rnd(2, 50257, dtype=dt), 50)
        ops.top_p_mask(x, 0.9)
        ops.top_p_mask(rnd(1, 50257, dtype=dt), 0.8, min_tokens_to_keep=3)


def case_rotary():
    for dt in DTYPES:
        q, k = rnd(2, 3, 17, 64, dtype=dt), rnd(2, 1, 17, 64, dtype=dt)
        pos = torch.arange(17, device=DEV).expand(2, 17)
        cos, sin = ops.rotary_cos_sin(pos, 64, dtype=dt)
        ops.apply_rotary(q, k, cos, sin)


def case_scores():
    for dt in DTYPES:
        ops.attention_scores(rnd(2, 3, 17, 64, dtype=dt),
                             rnd(2, 3, 33, 64, dtype=dt), causal=True)


def decode_calls(dt, d, seqlens, hq=8, hkv=2, nq=1, paged=0):
    b = len(seqlens)
    n = max(seqlens) + 7
    sl = torch.tensor(seqlens, device=DEV, dtype=torch.int32)
    q = rnd(b, hq, nq, d, dtype=dt)
    if paged:
        per = -(-n // paged)
        kc = rnd(b * per + 1, paged, hkv, d, dtype=dt)
        vc = rnd(b * per + 1, paged, hkv, d, dtype=dt)
        bt = torch.randperm(b * per + 1, device=DEV)[:b * per].view(
            b, per).to(torch.int32)
    else:
        kc, vc, bt = rnd(b, hkv, n, d, dtype=dt), rnd(b, hkv, n, d,
                                                       dtype=dt), None
    ops.decode_attention(q, kc, vc, sl, block_table=bt)
    ops.decode_attention(q, kc, vc, sl, block_table=bt, num_splits=3,
                         return_lse=True)
    kn, vn = rnd(b, hkv, 1, d, dtype=dt), rnd(b, hkv, 1, d, dtype=dt)
    ops.append_kv(kc, vc, kn, vn, sl, block_table=bt)


def case_decode():
    # The shape issue 35 names (racecheck's hazards in the bf16 MMA kernel).
    decode_calls(torch.bfloat16, 128, [5, 300])
    for dt in DTYPES:
        for d in (64, 128):
            decode_calls(dt, d, [1, 70, 513])
            decode_calls(dt, d, [33, 200], paged=16)
            decode_calls(dt, d, [33, 200], paged=64)
        decode_calls(dt, 128, [100, 40], nq=3)
    with ops.tuned(decode=dict(mma=False)):
        decode_calls(torch.bfloat16, 128, [5, 300])
    with ops.tuned(decode=dict(fused_merge=True)):
        decode_calls(torch.bfloat16, 128, [5, 300, 1000])


def attention_calls(dt, d, nq, nkv, causal, hq=4, hkv=2, b=2):
    q = rnd(b, hq, nq, d, dtype=dt).requires_grad_()
    k = rnd(b, hkv, nkv, d, dtype=dt).requires_grad_()
    v = rnd(b, hkv, nkv, d, dtype=dt).requires_grad_()
    o, lse = ops.flash_attention(q.detach(), k.detach(), v.detach(),
                                 causal=causal, return_lse=True)
    ops.flash_attention_backward(rnd(b, hq, nq, d, dtype=dt), q.detach(),
                                 k.detach(), v.detach(), o, lse, causal)


def case_attention():
    for hopper in (None, False):
        with ops.tuned(attention=dict(hopper=hopper),
                       attention_backward=dict(hopper=hopper)):
            for dt in DTYPES:
                for d in (64, 128):
                    attention_calls(dt, d, 200, 200, True)
                    attention_calls(dt, d, 77, 130, False)


CASES = {"softmax": case_softmax, "topk": case_topk, "rotary": case_rotary,
         "scores": case_scores, "decode": case_decode,
         "attention": case_attention}


def record_kernels() -> list:
    """Wraps the ops' kernel loader to note each (file, defines, arch)."""
    seen: list = []
    load = _common.kernel

    def kernel(file, on, defines=None, arch=None):
        item = (file, tuple(sorted((defines or {}).items())), arch)
        if item not in seen:
            seen.append(item)
        return load(file, on, defines, arch)

    _common.kernel = kernel
    return seen


def dump_ptx(seen: list, folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    arch = None
    if DEV == "cuda":
        major, minor = torch.cuda.get_device_capability()
        arch = f"sm_{major}{minor}{'a' if major >= 9 else ''}"
    with open(folder / "kernels.txt", "w") as index:
        for i, (file, defines, karch) in enumerate(seen):
            path = _common.kernels_dir() / file
            ptx = warpforth.compile_ptx(
                path.read_bytes().decode("latin-1"), name=str(path),
                defines=dict(defines), arch=karch or arch,
                include_dirs=[str(path.parent), str(_common.kernels_dir())])
            out = folder / f"{i:02d}-{Path(file).stem}.ptx"
            out.write_text(ptx)
            index.write(f"{out.name} {file} {karch or arch} "
                        f"{' '.join(f'{k}={v}' for k, v in defines)}\n")


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--only", default="", help="comma-separated case names")
    p.add_argument("--list", action="store_true")
    p.add_argument("--dump-ptx", metavar="DIR", default="")
    a = p.parse_args()
    if a.list:
        print(" ".join(CASES))
        return 0
    names = [n for n in a.only.split(",") if n] or list(CASES)
    for n in names:
        if n not in CASES:
            print(f"unknown case '{n}' (have {' '.join(CASES)})",
                  file=sys.stderr)
            return 2
    seen = record_kernels() if a.dump_ptx else []
    torch.manual_seed(0)
    for n in names:
        CASES[n]()
        if DEV == "cuda":
            torch.cuda.synchronize()
        print(f"{n}: done", flush=True)
    if a.dump_ptx:
        dump_ptx(seen, Path(a.dump_ptx))
    return 0


if __name__ == "__main__":
    sys.exit(main())
