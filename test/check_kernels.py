#!/usr/bin/env python3
"""Compiles every kernel under test/, demo/ and kernels/ and checks its PTX:

- no local memory (.local, ld.local, st.local): the stack lives in registers;
- ptxas (when installed) accepts it for sm_90 and spills no register to
  local memory (its -v report);
- in f32 mode (and no f64 params), no f64 instruction;
- no two files declare the same kernel name (SHARED_NAMES aside);

Every file must compile, except those of SKIP (error tests, INCLUDEd
bodies, files that need flags their own suite gives), each with its reason.
A file that fails to compile and is not in SKIP fails, and so does an exact
SKIP entry whose file compiles now (take it out of SKIP). Prints one line
per kernel and 'N passed, M failed'.
"""
import argparse
import concurrent.futures
import os
import pathlib
import re
import subprocess
import sys
import tempfile

# Extra configurations worth checking beyond the defaults in the file. The
# flash kernels' tile defaults depend on HEAD_DIM (bench_flash.py,
# warpforth-flash and warpforth.ops use them as they are): both head dims,
# causal and not.
FLASH_VARIANTS = [
    [],
    ["-D", "CAUSAL=0"],
    ["-D", "HEAD_DIM=128"],
    ["-D", "HEAD_DIM=128", "-D", "CAUSAL=0"],
]
VARIANTS = {
    "flash_attention_rows_f32.forth": FLASH_VARIANTS,
    "flash_attention_gemm_f32.forth": FLASH_VARIANTS,
    # the Hopper GEMM's defaults, for each type
    "gemm_sm90.forth": [["-D", "T=bf16"], ["-D", "T=f16"]],
}
# warpforth.ops' kernels with the -D values each op compiles them with, and
# those its sweeps and benches may select: its config class's variants()
# (ops/_config.py; ops/_softmax.py SoftmaxConfig, ...), next to the knobs
# they describe.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))), "bindings", "python"))
from warpforth import ops  # noqa: E402  (pure Python, no library)
from warpforth.ops import _common  # noqa: E402

OP_CONFIGS = (ops.AttentionConfig, ops.AttentionBackwardConfig,
              ops.CrossEntropyConfig, ops.DecodeConfig, ops.GluConfig,
              ops.NormConfig, ops.RotaryConfig, ops.ScoresConfig,
              ops.SoftmaxConfig, ops.TopkConfig)
for _cfg in OP_CONFIGS:
    for _file, _defines in _cfg.variants():
        VARIANTS.setdefault(os.path.basename(_file), []).append(
            [x for k, v in _defines.items() for x in ("-D", f"{k}={v}")])
# Spills that a kernel's note explains: file -> (most bytes, why); a key
# "file:TYPE" holds a `\! type` kernel's bound for that -D T (else the
# file's applies).
SPILLS_ALLOWED = {
    "flash_attention.forth": (
        224, "with the user's words (issue 37, session 21: check_kernels' "
        "mods examples): causal written as a MASK-MOD spills 196-224 bytes at "
        "d96/d128 (a document mask that reads an id array none, ALiBi "
        "none; the op runs this kernel with words at d96 on an H200, at "
        "every head dim before Hopper; speed not measured). "
        "d96/d128 with two m-tiles a warp, and d64 with the bench's "
        "128-key tiles, spill up to 88 bytes (255 registers); measured faster "
        "than one m-tile without spills (H100 bf16 d128: 322 against 255 "
        "TFLOP/s, issue 14's note)")}
SPILLS_ALLOWED["flash_backward.forth:f32"] = (
    32, "f32: d128 without a causal mask spills 32 bytes (255 registers: dK "
    "and dV accumulators, 128 f32 a lane, plus the 3xTF32 operand splits) "
    "even with 16-column tiles; issue 15's note")
SPILLS_ALLOWED["flash_backward.forth"] = (
    40, "bf16 d128 dK/dV with SOFTCAP (tanh's derivative per score) "
    "spills 40 bytes (issue 37, session 20; speed not yet measured). "
    "bf16/f16: the dK/dV kernel "
    "at d128 without a causal mask spills 16 bytes since FEXP2 became "
    "ex2.approx.ftz (255 registers; 250 without spills before): ptxas's "
    "allocation at the limit; with DQ_ATOMIC's dQ tile (sm_90's default) "
    "16-20 bytes at d128, measured faster than the dQ pass without (H100 "
    "bf16 d128 178 against 171 TFLOP/s)")
SPILLS_ALLOWED["flash_attention_sm90.forth"] = (
    48, "d256 with a sliding window (LOCAL: a second bound a score, O's "
    "128 accumulators a thread) spills 16-24 bytes, with VARLEN and "
    "SOFTCAP too 44 (issue 37, session 20; d256 windows' speed not yet "
    "measured). d128 with one consumer warpgroup and two blocks an SM (232 "
    "registers; a bench variant, never the op's) spills 4 bytes since "
    "the blocks step through items (the loop's counters), and the "
    "bench's d64 causal LPT=1 variant 8 bytes since session 18's "
    "merges (168 registers; most likely the C-like ?DO's start >= "
    "limit test, issue 35's note; its speed not measured since); the "
    "op's schedules spill none")
SPILLS_ALLOWED["flash_backward_sm90.forth:f16"] = (
    120, "f16 d128 with a sliding window (LOCAL) spills 36-40 bytes, with "
    "LOCAL, SOFTCAP and VARLEN together 44-116 as other changes move "
    "ptxas's allocation at setmaxnreg's 240 (issue 37, session 20; the "
    "speed of that combination not measured). f16: "
    "the consumers hold dK, dV (HEAD_DIM f32 a thread), S^T and "
    "dP^T (BR each) in 240 registers (setmaxnreg): d128 causal spills 20 "
    "bytes, d64 full 4 (ptxas's allocation at the limit)")
SPILLS_ALLOWED["flash_backward_sm90.forth"] = (
    228, "the user's words (issue 37, session 21; check_kernels' mods "
    "examples): ALiBi as a SCORE-MOD (and its derivative) at bf16 d64 228 "
    "bytes, a document mask and causal as a MASK-MOD 48-136 (edge masks "
    "on every tile); their fwd+bwd speed is session 21's note. "
    "A sliding window (LOCAL, issue 37) at bf16 d64 spills 196-212 bytes "
    "(two bounds a score in p-ds at setmaxnreg's 240; one unsigned "
    "compare instead spilled 220: ptxas's allocation; its speed is "
    "session 20's note). f16 and bf16 with dS in one part: the consumers hold dK, dV "
    "(HEAD_DIM f32 a thread), S^T and dP^T (BR each) in 240 registers "
    "(setmaxnreg): d128 causal spills 20 bytes (12 without the dQ writer, "
    "DQW, which measured 1-3% faster there), d64 full 4 (ptxas's "
    "allocation at the limit). "
    "bf16's dS goes into dQ in two parts (DS_SPLIT: its second dS^T "
    "buffer and products, which issue 15's accuracy bound needs at d128 "
    "full: _attention_backward.ds_split): 76-176 "
    "bytes of spills (176 at d64 causal, the bench's variants there, "
    "since the strided 4-D tensor maps and the epilogue's 8-byte stores "
    "of session 15: the producer's coordinates and loop-invariant "
    "descriptor parts stored once and reloaded); measured on the H100 at "
    "166/205 TFLOP/s (d64/d128 causal) against 230/242 with one part, "
    "still ahead of the mma.sync kernels' 138/170; the op's choices spill "
    "4-20 bytes, 76 at d128 full with two parts")
# Files not expected to compile, relative to the repository root: an entry
# ending in "/" covers its folder and subfolders (whatever in it fails to compile is
# skipped), any other entry is one file, which must fail to compile.
SKIP = {
    "test/lit/errors/": "error tests: test/lit checks their diagnostics",
    "test/lit/errors/Inputs/": "INCLUDEd by the error tests, not kernels",
    "test/lit/parser/Inputs/": "INCLUDEd by the parser tests, not kernels",
    "test/lit/parser/include.forth": "needs -I Inputs/libdir (its RUN line)",
    "test/lit/words/definitions.forth":
        "needs -I ../parser/Inputs (its RUN line)",
    "test/lit/lexer/case-insensitive.forth":
        "a lexer test of tokens, not a valid kernel",
    "test/lit/lexer/comments.forth": "a lexer test of tokens, not a kernel",
    "test/lit/lexer/not-numbers.forth": "a lexer test of tokens, not a kernel",
    "test/lit/lexer/inf-nan.forth": "a lexer test of tokens, not a kernel",
    "test/fuzz/regressions/":
        "fuzzer regressions, mostly inputs the compiler must reject cleanly "
        "(fuzz-frontend and lit run them)",
    "test/fuzz/corpus/errors.forth": "a fuzzer seed of bad input",
    "test/e2e/kernels/errors/": "e2e error tests: run_e2e.py checks them",
    "test/e2e/kernels/words/define-new.forth":
        "needs -D WIDTH (its e2e spec gives it)",
    "test/e2e/kernels/words/include.forth":
        "needs -I (its e2e spec gives it)",
    "demo/attention-body.forth": "INCLUDEd by the attention kernels",
    "demo/flash_attention_common.forth":
        "INCLUDEd by the flash attention kernels",
}
# Kernel names (`\\! kernel NAME`) must be unique, so that a PTX entry, a
# profiler filter (ncu -k) or a benchmark line names one kernel; except
# these placeholders of the test suites, which are part of their expected
# output (never allowed under demo/).
SHARED_NAMES = {
    "k": "the lit and fuzz stage tests' kernel (test/lit, test/fuzz)",
    "main": "the e2e kernels' (test/e2e/kernels; errors name it)",
}
KERNEL_NAME = re.compile(r"^\\!\s+kernel\s+([\w{}]+)",
                         re.MULTILINE | re.IGNORECASE)
# `\! type T f32 bf16 f16`: a kernel name with {T} names one kernel a type.
TYPE_PARAM = re.compile(r"^\\!\s+type\s+(\w+)((?:[ \t]+\w+)+)",
                        re.MULTILINE | re.IGNORECASE)
SPILLS = re.compile(r"(\d+) bytes spill stores")

F64_INSTRUCTION = re.compile(r"^\s*[a-z][\w.]*\.f64\b", re.MULTILINE)
LOCAL = re.compile(r"\.local\b|ld\.local|st\.local")
# Kernels that use FSIN or FCOS, whose PTX may use local memory and, in f32
# mode, f64: libdevice's accurate sin and cos (CUDA's sinf/cosf) reduce a
# huge argument (|x| > 105615 in f32) by Payne-Hanek, with the digits in a
# local array and one f64 multiply by pi/2.
TRIG_SLOW_PATH = {"trig-erf-f32.forth", "trig-erf-f64.forth", "trig-erf.forth"}


def kernels(roots):
    for root in roots:
        for folder, _, files in os.walk(root):
            for name in sorted(files):
                if name.endswith(".forth"):
                    yield os.path.join(folder, name)


def relative(path):
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    return os.path.relpath(os.path.abspath(path), root).replace(os.sep, "/")


def skip_reason(path, exact=False):
    """The SKIP reason for `path`; with exact, only a one-file entry."""
    rel = relative(path)
    if rel in SKIP:
        return SKIP[rel]
    if exact:
        return None
    folder = os.path.dirname(rel)
    while folder:
        if folder + "/" in SKIP:
            return SKIP[folder + "/"]
        folder = os.path.dirname(folder)
    return None


def duplicate_names(paths):
    """Messages for kernel names declared by more than one file."""
    owners = {}
    for path in paths:
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read()
        m = KERNEL_NAME.search(text)
        if not m:
            continue
        names = [m.group(1)]
        for t in TYPE_PARAM.finditer(text):
            splice = re.compile(r"\{" + t.group(1) + r"\}", re.IGNORECASE)
            names = [splice.sub(ty, n) for n in names
                     for ty in t.group(2).split()]
        for name in set(names):
            owners.setdefault(name, []).append(relative(path))
    problems = []
    for name, files in sorted(owners.items()):
        if len(files) < 2:
            continue
        if name in SHARED_NAMES and not any(
                f.startswith("demo/") for f in files):
            continue
        problems.append(f"kernel name '{name}' is declared by "
                        f"{len(files)} files: " + ", ".join(files))
    return problems


def spills_allowed(name, extra):
    """The spill bytes SPILLS_ALLOWED grants file `name` compiled with the
    -D arguments `extra`: its -D T's entry first."""
    types = [a[2:] for a in extra if a.startswith("T=")]
    for key in ([f"{name}:{types[-1]}"] if types else []) + [name]:
        if key in SPILLS_ALLOWED:
            return SPILLS_ALLOWED[key][0]
    return 0


def check(compiler, ptxas, path, extra):
    with tempfile.NamedTemporaryFile(suffix=".ptx") as out:
        try:
            # For sm_90, the target ptxas checks below (STMATRIX needs it).
            r = subprocess.run([compiler, path, "-o", out.name,
                                "--arch", "sm_90"] + extra,
                               capture_output=True, text=True, timeout=60)
        except subprocess.TimeoutExpired:
            return ["warpforthc took more than 60 s"]
        if r.returncode != 0:
            # None: skipped by SKIP; otherwise why it fails.
            return None if skip_reason(path) else [
                "does not compile (and is not in SKIP): " +
                (r.stderr.strip().splitlines() or ["?"])[0][:300]]
        if skip_reason(path, exact=True):
            return ["compiles, but SKIP says: " + skip_reason(path) +
                    " (take it out of SKIP)"]
        ptx = open(out.name).read()
        problems = []
        # A warning (a local hiding a name, one declared in a closed
        # structure, ...) is a slip in a shipped kernel (kernels/, demo/;
        # the tests' kernels provoke some on purpose).
        warnings = [line for line in r.stderr.splitlines()
                    if "warning:" in line]
        tests = os.path.dirname(os.path.abspath(__file__))
        if warnings and not os.path.abspath(path).startswith(tests + os.sep):
            problems.append("warpforthc warns: " + warnings[0][:300])
        if LOCAL.search(ptx) and os.path.basename(path) not in TRIG_SLOW_PATH:
            problems.append("uses local memory")
        f32 = "// @float f32" in ptx
        f64_params = re.search(r"// @param \S+ \S+ f64", ptx)
        if f32 and not f64_params and F64_INSTRUCTION.search(ptx) and \
                os.path.basename(path) not in TRIG_SLOW_PATH:
            problems.append("f32 kernel has an f64 instruction")
        if ptxas:
            # The PTX's own target: sm_90a for the Hopper-only words.
            target = re.search(r"^\.target\s+(sm_\w+)", ptx, re.MULTILINE)
            arch = "sm_90a" if target and target.group(1) == "sm_90a" \
                else "sm_90"
            a = subprocess.run([ptxas, "-arch=" + arch, "-v", "-o", os.devnull,
                                out.name], capture_output=True, text=True)
            if a.returncode != 0:
                problems.append("ptxas: " + a.stderr.strip()[:300])
            spills = sum(int(n) for n in SPILLS.findall(a.stdout + a.stderr))
            allowed = spills_allowed(os.path.basename(path), extra)
            if spills > allowed:
                problems.append(f"ptxas spills {spills} bytes to local memory")
        return problems


def mods_jobs(folder):
    """The attention kernels with the user's words (mask_mod, score_mod:
    ops/_attention_mods.py EXAMPLES) as the op compiles them: each
    example's generated files and the kernel's copy written under folder,
    compiled with -I the kernel's own folder. Jobs (path, extra)."""
    from warpforth.ops import _attention_mods
    jobs = []
    for name, mods, file, defines, lists in \
            _attention_mods.example_variants():
        src, text = mods.source(file, lists)
        d = os.path.join(folder, name + ("-lists" if lists else ""))
        mods.write(pathlib.Path(d))
        path = os.path.join(d, os.path.basename(file))
        with open(path, "w") as f:
            f.write(text)
        jobs.append((path, ["-I", str(src.parent)] + [
            x for k, v in defines.items() for x in ("-D", f"{k}={v}")]))
    return jobs


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--warpforthc", required=True)
    p.add_argument("--ptxas", default="")
    p.add_argument("roots", nargs="+")
    args = p.parse_args()
    passed = failed = skipped = 0
    for problem in duplicate_names(sorted(set(kernels(args.roots)))):
        failed += 1
        print("FAIL", problem)
    jobs = [(path, extra) for path in kernels(args.roots)
            for extra in VARIANTS.get(os.path.basename(path), [[]])]
    # With the op kernels' folder among the roots, their copies with the
    # user's words too.
    mods = tempfile.TemporaryDirectory()
    lib = os.path.abspath(_common.kernels_dir() / "attention")
    if any(lib.startswith(os.path.abspath(r)) for r in args.roots):
        jobs += mods_jobs(mods.name)
    with concurrent.futures.ThreadPoolExecutor(os.cpu_count() or 2) as pool:
        results = pool.map(
            lambda job: check(args.warpforthc, args.ptxas, *job), jobs)
        for (path, extra), problems in zip(jobs, results):
            label = path + (" " + " ".join(extra) if extra else "")
            if problems is None:
                skipped += 1
            elif problems:
                failed += 1
                print("FAIL", label, "; ".join(problems))
            else:
                passed += 1
                print("ok  ", label)
    print(f"({skipped} skipped: not standalone kernels, see SKIP)")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed or passed == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
