#!/usr/bin/env python3
"""End-to-end tests: run every kernel under test/e2e/kernels with warpforth-run.

Each kernel file carries its own run specs in comments:

    \\ E2E: --param 'i64[]:5' --grid 1,1,1 --block 1,1,1 --output-param 0
    \\ EXPECT: 7,-1,0

Directives (each on a comment line of its own, anywhere in the file):

  E2E: ARGS          starts a case; ARGS are warpforth-run's options (shell
                     quoting). The runner adds the kernel path first and
                     `--device DEV` last, and runs it in the kernel's folder
                     (so `--param X=@data/x.npy` is relative to the kernel).
  E2E+: ARGS         more ARGS for the current case (long command lines).
  EXPECT: TEXT       stdout, stripped, must equal TEXT exactly.
  EXPECT+: TEXT      appended to the current EXPECT with no separator.
  EXPECT-APPROX: V,.. stdout is a comma-separated list compared numerically:
                     relative tolerance 1e-9, or 1e-5 when the kernel runs in
                     f32 mode (`\\! float f32` or `--float f32`); an expected
                     0 allows that much absolute error. nan matches nan.
  TOLERANCE: T       the current case's relative tolerance instead.
  E2E-ERROR: ARGS    starts a case that must exit non-zero ...
  EXPECT-STDERR: S   ... with S in its stderr (repeatable: all must appear).
  XFAIL: REASON      the next case (the next E2E or E2E-ERROR line) is
                     expected to fail because of a known bug.
  XFAIL(cpu): / XFAIL(gpu): the same on one device only.
  ONLY: cpu|gpu      the next case runs on that device only (skipped and
                     not counted elsewhere), for behaviour that only one
                     device can show deterministically.
  UNSANITIZED: WHY   with --sanitize, the next case runs without the CPU
                     sanitizer: it shows what an unsanitized launch does
                     with code the sanitizer reports (threads that exit
                     before a BARRIER, an incomplete warp's own message).

--sanitize runs the CPU cases with WARPFORTH_SANITIZE=1 (docs/sanitizer.md):
every kernel must then run clean under the sanitizer as well.

A case that is marked XFAIL and fails is counted as xfail; one that passes
is reported as XPASS and counted as failed, so fixed bugs get noticed.

Output: one line per case, then exactly `N passed, M failed` (xfails are
mentioned before it and counted in neither). Exit status 1 on any failure.
Plain Python 3, no third-party packages.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import math
import os
import re
import shlex
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
KERNELS = HERE / "kernels"
ROOT = KERNELS  # where case names are taken relative to (--kernels)
TIMEOUT_S = 60

DIRECTIVE = re.compile(
    r"^\s*\\\s+(E2E\+|E2E-ERROR|E2E|EXPECT-STDERR|EXPECT-APPROX|EXPECT\+|EXPECT"
    r"|TOLERANCE|ONLY|UNSANITIZED|XFAIL(?:\((?:cpu|gpu)\))?):\s?(.*?)\s*$"
)

# A comment that starts like a directive but is not one is a typo.
LOOKS_LIKE = re.compile(
    r"^\s*\\\s+(E2E|EXPECT|XFAIL|TOLERANCE|ONLY|UNSANITIZED)[-+(A-Z]*\S*:")


@dataclass
class Case:
    path: Path
    line: int
    args: list = field(default_factory=list)
    error: bool = False
    expect: str | None = None
    approx: str | None = None
    stderr: list = field(default_factory=list)
    tolerance: float | None = None
    xfail: dict = field(default_factory=dict)  # device ('*', cpu, gpu) -> reason
    only: str | None = None  # run on this device only
    unsanitized: str | None = None  # why --sanitize leaves it out

    def name(self) -> str:
        rel = self.path.relative_to(ROOT).with_suffix("")
        return f"{rel.as_posix()}:{self.line}"


class SpecError(Exception):
    pass


def parse_file(path: Path) -> list[Case]:
    cases: list[Case] = []
    pending_xfail: dict = {}
    pending_only: str | None = None
    pending_unsanitized: str | None = None
    f32_mode = False
    current: Case | None = None
    for lineno, line in enumerate(path.read_text().splitlines(), start=1):
        if re.match(r"^\s*\\!\s*float\s+f32\b", line, re.IGNORECASE):
            f32_mode = True
        m = DIRECTIVE.match(line)
        if not m:
            if LOOKS_LIKE.match(line):
                raise SpecError(f"{path}:{lineno}: unknown directive: {line.strip()}")
            continue
        key, text = m.group(1), m.group(2)
        where = f"{path}:{lineno}"
        if key in ("E2E", "E2E-ERROR"):
            try:
                args = shlex.split(text)
            except ValueError as e:
                raise SpecError(f"{where}: bad {key} line: {e}")
            current = Case(path, lineno, args, error=key == "E2E-ERROR",
                           xfail=pending_xfail, only=pending_only,
                           unsanitized=pending_unsanitized)
            pending_xfail, pending_only, pending_unsanitized = {}, None, None
            cases.append(current)
            continue
        if key == "ONLY":
            if text not in ("cpu", "gpu"):
                raise SpecError(f"{where}: ONLY takes cpu or gpu")
            pending_only = text
            continue
        if key == "UNSANITIZED":
            if not text:
                raise SpecError(f"{where}: UNSANITIZED needs a reason")
            pending_unsanitized = text
            continue
        if key.startswith("XFAIL"):
            dev = key[6:-1] if "(" in key else "*"
            pending_xfail[dev] = text or "known bug"
            continue
        if current is None:
            raise SpecError(f"{where}: {key} before any E2E line")
        if key == "E2E+":
            current.args += shlex.split(text)
        elif key == "EXPECT":
            current.expect = text
        elif key == "EXPECT+":
            if current.expect is None:
                raise SpecError(f"{where}: EXPECT+ without EXPECT")
            current.expect += text
        elif key == "EXPECT-APPROX":
            current.approx = text
        elif key == "EXPECT-STDERR":
            current.stderr.append(text)
        elif key == "TOLERANCE":
            current.tolerance = float(text)
    if pending_xfail or pending_only or pending_unsanitized:
        raise SpecError(f"{path}: XFAIL, ONLY or UNSANITIZED after the last "
                        "case (they mark the next case)")
    for c in cases:
        # The float mode decides the default tolerance; `\! float f32` may
        # come after the specs, and --float overrides it.
        c.f32 = f32_mode  # type: ignore[attr-defined]
        if "--float" in c.args:
            c.f32 = c.args[c.args.index("--float") + 1:][:1] == ["f32"]
        if c.error:
            if not c.stderr:
                raise SpecError(f"{c.path}:{c.line}: E2E-ERROR needs EXPECT-STDERR")
        elif (c.expect is None) == (c.approx is None):
            raise SpecError(f"{c.path}:{c.line}: needs exactly one of EXPECT, EXPECT-APPROX")
    return cases


def parse_number(text: str) -> float:
    t = text.strip().lower()
    if t in ("nan", "-nan", "+nan"):
        return math.nan
    return float(t)


def approx_equal(got: str, want: str, tol: float) -> str | None:
    """None if equal, else why not."""
    g = [s for s in got.split(",")]
    w = [s for s in want.split(",")]
    if len(g) != len(w):
        return f"{len(g)} values, expected {len(w)}"
    for i, (gs, ws) in enumerate(zip(g, w)):
        try:
            gv, wv = parse_number(gs), parse_number(ws)
        except ValueError:
            return f"value {i}: cannot compare '{gs.strip()}' with '{ws.strip()}'"
        if math.isnan(wv) or math.isnan(gv):
            if math.isnan(wv) and math.isnan(gv):
                continue
            return f"value {i}: got {gs.strip()}, expected {ws.strip()}"
        if math.isinf(wv) or math.isinf(gv):
            if gv == wv:
                continue
            return f"value {i}: got {gs.strip()}, expected {ws.strip()}"
        if abs(gv - wv) > tol * max(abs(wv), 1.0 if wv == 0 else abs(wv)):
            return (f"value {i}: got {gs.strip()}, expected {ws.strip()} "
                    f"(relative tolerance {tol:g})")
    return None


def run_case(case: Case, run: str, device: str, env: dict) -> tuple[bool, str]:
    """Runs one case. Returns (passed, detail)."""
    run = os.path.abspath(run) if os.sep in run else run
    cmd = [run, str(case.path)] + case.args + ["--device", device]
    try:
        p = subprocess.run(cmd, capture_output=True, text=True,
                           timeout=TIMEOUT_S, env=env, cwd=case.path.parent)
    except subprocess.TimeoutExpired:
        return False, f"timed out after {TIMEOUT_S} s"
    except OSError as e:
        return False, f"cannot run {run}: {e}"
    out, err = p.stdout.strip(), p.stderr.strip()
    cmdline = " ".join(shlex.quote(c) for c in cmd)
    if case.error:
        if p.returncode == 0:
            return False, f"exit 0, expected an error\n  $ {cmdline}\n  stdout: {out}"
        if p.returncode < 0:
            return False, f"killed by signal {-p.returncode}\n  $ {cmdline}"
        missing = [s for s in case.stderr if s not in err]
        if missing:
            return False, (f"stderr lacks {missing!r}\n  $ {cmdline}\n"
                           f"  stderr: {err}")
        return True, ""
    if p.returncode != 0:
        how = (f"killed by signal {-p.returncode}" if p.returncode < 0
               else f"exit {p.returncode}")
        return False, f"{how}\n  $ {cmdline}\n  stderr: {err[:2000]}"
    if case.expect is not None:
        if out != case.expect:
            return False, (f"output differs\n  $ {cmdline}\n"
                           f"  got:      {out}\n  expected: {case.expect}")
        return True, ""
    tol = case.tolerance if case.tolerance is not None else (1e-5 if case.f32 else 1e-9)
    why = approx_equal(out, case.approx, tol)
    if why:
        return False, (f"{why}\n  $ {cmdline}\n  got:      {out}\n"
                       f"  expected: {case.approx}")
    return True, ""


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--run", required=True, help="path to warpforth-run")
    ap.add_argument("--device", required=True, choices=["cpu", "gpu"])
    ap.add_argument("--filter", default="",
                    help="regular expression; only cases whose name "
                         "(topic/kernel:line) matches run")
    ap.add_argument("-j", "--jobs", type=int, default=None,
                    help="cases run in parallel (default: the CPU count; at "
                         "most 4 on the GPU)")
    ap.add_argument("-v", "--verbose", action="store_true",
                    help="also print each case's command line")
    ap.add_argument("--sanitize", action="store_true",
                    help="run the CPU cases under the CPU sanitizer "
                         "(WARPFORTH_SANITIZE=1), except UNSANITIZED ones")
    ap.add_argument("--kernels", default=str(KERNELS), help=argparse.SUPPRESS)
    args = ap.parse_args()

    global ROOT
    ROOT = Path(args.kernels).resolve()
    try:
        files = sorted(ROOT.rglob("*.forth"))
        cases = [c for f in files for c in parse_file(f)]
    except SpecError as e:
        print(f"run_e2e: bad spec: {e}")
        print("0 passed, 1 failed")
        return 1
    if args.filter:
        rx = re.compile(args.filter)
        cases = [c for c in cases if rx.search(c.name())]
    skipped = sum(1 for c in cases if c.only not in (None, args.device))
    cases = [c for c in cases if c.only in (None, args.device)]
    if not cases:
        print("run_e2e: no cases")
        print("0 passed, 1 failed")
        return 1

    jobs = args.jobs
    if jobs is None:
        jobs = os.cpu_count() or 1
        if args.device == "gpu":
            jobs = min(jobs, 4)  # one GPU: a few processes keep it busy
    env = dict(os.environ)
    env.pop("WARPFORTH_SANITIZE", None)  # --sanitize decides, case by case
    if args.device == "cpu" and jobs > 1:
        # Cases already run in parallel; one worker per process is enough.
        env.setdefault("WARPFORTH_CPU_THREADS", "2")
    sanitized = dict(env, WARPFORTH_SANITIZE="1")

    def env_of(case: Case) -> dict:
        use = args.sanitize and args.device == "cpu" and not case.unsanitized
        return sanitized if use else env

    start = time.monotonic()
    passed = failed = xfailed = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        futures = [pool.submit(run_case, c, args.run, args.device, env_of(c))
                   for c in cases]
        for case, fut in zip(cases, futures):
            ok, detail = fut.result()
            reason = case.xfail.get(args.device, case.xfail.get("*"))
            if reason is not None:
                if ok:
                    failed += 1
                    print(f"XPASS {case.name()}  (marked XFAIL: {reason}; "
                          "the bug seems fixed: remove the XFAIL)")
                else:
                    xfailed += 1
                    print(f"XFAIL {case.name()}  ({reason})")
                    if args.verbose:
                        print("  " + detail)
                continue
            if ok:
                passed += 1
                print(f"PASS  {case.name()}")
            else:
                failed += 1
                print(f"FAIL  {case.name()}: {detail}")
            sys.stdout.flush()
    secs = time.monotonic() - start
    print(f"{len(cases)} cases on {args.device} in {secs:.1f} s; "
          f"{xfailed} expected failures (XFAIL); {skipped} for the other "
          "device only (not run)")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
