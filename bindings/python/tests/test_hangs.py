"""Kernels that never finish, on the CPU backend: timeout= (a call's, the
kernel's, WARPFORTH_TIMEOUT) stops the launch with LaunchTimeout naming the
loop each thread is in; Ctrl-C (SIGINT) stops it with KeyboardInterrupt in
Python and exit status 130 from warpforth-run, within a second (the target
is 100 ms); a long but finite loop is unaffected. ctest `python-hangs`:

    WARPFORTH_LIB=build/bindings/capi/libwarpforth.so PYTHONPATH=bindings/python \\
        WARPFORTH_RUN=build/tools/warpforth-run/warpforth-run \\
        python3 bindings/python/tests/test_hangs.py
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import tempfile
import textwrap
import threading
import time
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import warpforth  # noqa: E402

import numpy  # noqa: E402

# A loop that never ends (a counter stored forever: the compiler can drop
# neither the loop nor the stores); line 5, column 3 is the BEGIN. (A ?DO
# ... +LOOP whose start is past its limit used to be the example, until
# loops became C-like: docs/language.md "Loops".)
SPIN = """\\! kernel spin
\\! param OUT i64[4]
\\ counts forever
\\ and stores the count
0 BEGIN
  DUP OUT !  1+
AGAIN
"""
SPIN_SITE = ":5:3 in the loop at 'BEGIN'"

# Thread 0 spins in a BEGIN ... AGAIN, the others wait at the BARRIER it
# never reaches.
STUCK_AT_BARRIER = """\\! kernel stuck
\\! param OUT i64[1]
TID-X 0= IF
  BEGIN OUT @ 1 + OUT ! AGAIN
THEN
BARRIER
"""

# A long but finite loop: 3 million iterations per thread, so about 700
# polls each, that must not change the result.
FINITE = """\\! kernel finite
\\! param OUT i64[64]
0 3000000 0 DO I 7 AND + LOOP
GLOBAL-ID CELLS OUT + !
"""
FINITE_SUM = 3000000 // 8 * sum(range(8))

# A child process that runs SPIN (or SPIN from a worker thread) and says
# when; the parent sends SIGINT. Exit 3 after a KeyboardInterrupt whose
# message names the kernel, with Python's own SIGINT handler back in place
# (checked by raising a second SIGINT at itself).
CHILD = textwrap.dedent("""\
    import os, signal, sys, threading
    import numpy, warpforth
    k = warpforth.Kernel.from_source(sys.argv[1], name="spin.forth",
                                     device="cpu")
    out = numpy.zeros(4, numpy.int64)
    caught = []
    def run():
        try:
            k(out, grid=2, block=64)
        except KeyboardInterrupt as e:
            caught.append(str(e))
    print("launching", flush=True)
    if sys.argv[2] == "thread":
        t = threading.Thread(target=run)
        t.start()
        t.join()
    else:
        run()
    if not caught or "kernel 'spin'" not in caught[0]:
        sys.exit(1)
    print(caught[0], flush=True)
    if signal.getsignal(signal.SIGINT) is not signal.default_int_handler:
        sys.exit(2)
    try:
        os.kill(os.getpid(), signal.SIGINT)
        signal.sigtimedwait([], 0.5) if hasattr(signal, "sigtimedwait") else None
    except KeyboardInterrupt:
        sys.exit(3)
    sys.exit(4)
    """)


def interrupt_after(proc: subprocess.Popen, delay: float) -> float:
    """Waits for the child's "launching" line, then `delay` seconds; sends
    SIGINT and returns the seconds until it exited."""
    line = proc.stdout.readline()
    assert line.startswith("launching"), line
    time.sleep(delay)
    start = time.monotonic()
    proc.send_signal(signal.SIGINT)
    try:
        proc.wait(timeout=10)
    finally:
        if proc.poll() is None:
            proc.kill()
    return time.monotonic() - start


class Timeouts(unittest.TestCase):
    def setUp(self):
        self.out = numpy.zeros(4, numpy.int64)

    def test_call_timeout_stops_the_loop(self):
        k = warpforth.Kernel.from_source(SPIN, name="spin.forth", device="cpu")
        start = time.monotonic()
        with self.assertRaises(warpforth.LaunchTimeout) as cm:
            k(self.out, grid=3, block=(32, 2), timeout=0.2)
        elapsed = time.monotonic() - start
        self.assertIsInstance(cm.exception, warpforth.WarpForthError)
        self.assertGreaterEqual(elapsed, 0.2)
        self.assertLess(elapsed, 0.2 + 0.5)
        text = str(cm.exception)
        self.assertIn("kernel 'spin'", text)
        self.assertIn("timed out after 0.2 s", text)
        # Every running block's threads, grouped, at the BEGIN's line.
        self.assertRegex(text, r"threads \(0\.\.31,0\.\.1,0\) of block "
                               r"\(\d,0,0\) at spin\.forth"
                         + re.escape(SPIN_SITE))

    def test_kernel_option_and_environment(self):
        k = warpforth.Kernel.from_source(SPIN, name="spin.forth", device="cpu",
                                         timeout=0.1)
        self.assertEqual(k.timeout, 0.1)
        with self.assertRaisesRegex(warpforth.LaunchTimeout, "after 0.1 s"):
            k(self.out)
        # The call's own timeout wins over the kernel's.
        with self.assertRaisesRegex(warpforth.LaunchTimeout, "after 0.15 s"):
            k(self.out, timeout=0.15)
        plain = warpforth.Kernel.from_source(SPIN, name="spin.forth",
                                             device="cpu")
        os.environ["WARPFORTH_TIMEOUT"] = "0.1"
        try:
            with self.assertRaisesRegex(warpforth.LaunchTimeout,
                                        "after 0.1 s"):
                plain(self.out)  # the packed launch path
            with self.assertRaisesRegex(warpforth.LaunchTimeout,
                                        "after 0.1 s"):
                plain(OUT=self.out)  # the general one
            os.environ["WARPFORTH_TIMEOUT"] = "soon"
            with self.assertRaisesRegex(warpforth.WarpForthError,
                                        "WARPFORTH_TIMEOUT 'soon'"):
                plain(self.out)
        finally:
            del os.environ["WARPFORTH_TIMEOUT"]

    def test_bad_timeouts_are_refused(self):
        k = warpforth.Kernel.from_source(SPIN, name="spin.forth", device="cpu")
        with self.assertRaisesRegex(ValueError, "timeout"):
            k(self.out, timeout=-1)
        with self.assertRaisesRegex(ValueError, "timeout"):
            k(self.out, timeout=float("nan"))
        with self.assertRaisesRegex(TypeError, "timeout"):
            k(self.out, timeout="1")

    def test_report_names_threads_waiting_at_barrier(self):
        k = warpforth.Kernel.from_source(STUCK_AT_BARRIER, name="stuck.forth",
                                         device="cpu")
        out = numpy.zeros(1, numpy.int64)
        with self.assertRaises(warpforth.LaunchTimeout) as cm:
            k(out, block=64, timeout=0.1)
        text = str(cm.exception)
        self.assertIn("thread (0,0,0) of block (0,0,0) at stuck.forth:4:3 "
                      "in the loop at 'BEGIN'", text)
        self.assertIn("threads (1..63,0,0) of block (0,0,0) waiting at "
                      "BARRIER", text)

    def test_timeout_from_another_thread(self):
        k = warpforth.Kernel.from_source(SPIN, name="spin.forth", device="cpu")
        errors = []

        def run():
            try:
                k(numpy.zeros(4, numpy.int64), timeout=0.1)
            except warpforth.LaunchTimeout as e:
                errors.append(e)

        threads = [threading.Thread(target=run) for _ in range(2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(5)
        self.assertEqual(len(errors), 2)

    def test_long_finite_loop_is_unaffected(self):
        k = warpforth.Kernel.from_source(FINITE, name="finite.forth",
                                         device="cpu")
        out = numpy.zeros(64, numpy.int64)
        k(out, grid=2, block=32, timeout=60)
        self.assertTrue((out == FINITE_SUM).all(), out)
        out[:] = 0
        k(out, grid=2, block=32)
        self.assertTrue((out == FINITE_SUM).all(), out)


class CtrlC(unittest.TestCase):
    def child(self, mode: str) -> tuple[float, subprocess.Popen, str]:
        env = dict(os.environ)
        env.pop("WARPFORTH_TIMEOUT", None)
        proc = subprocess.Popen([sys.executable, "-c", CHILD, SPIN, mode],
                                stdout=subprocess.PIPE, text=True, env=env)
        latency = interrupt_after(proc, 0.5)
        with proc.stdout:
            return latency, proc, proc.stdout.read()

    def check_child(self, mode: str) -> None:
        latency, proc, out = self.child(mode)
        print(f"\nSIGINT to exit, Python ({mode}): {latency * 1000:.0f} ms",
              file=sys.stderr)
        self.assertEqual(proc.returncode, 3, out)
        self.assertIn("interrupted (Ctrl-C)", out)
        self.assertLess(latency, 1.0)

    def test_python_keyboard_interrupt(self):
        self.check_child("main")

    def test_python_keyboard_interrupt_worker_thread(self):
        self.check_child("thread")

    @unittest.skipUnless(os.environ.get("WARPFORTH_RUN"), "needs WARPFORTH_RUN")
    def test_warpforth_run_exits_130(self):
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp, "spin.forth")
            path.write_text(SPIN)
            # The wrapper prints "launching" and execs warpforth-run, so
            # the SIGINT goes to warpforth-run itself.
            proc = subprocess.Popen(
                ["sh", "-c", 'echo launching; exec "$@"', "sh",
                 os.environ["WARPFORTH_RUN"], str(path), "--device", "cpu",
                 "--grid", "2", "--block", "64", "--param", "OUT=zeros"],
                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            latency = interrupt_after(proc, 0.5)
            with proc.stdout, proc.stderr:
                err = proc.stderr.read()
        print(f"\nSIGINT to exit, warpforth-run: {latency * 1000:.0f} ms",
              file=sys.stderr)
        self.assertEqual(proc.returncode, 130, err)
        self.assertEqual(err.count("\n"), 1, err)  # one line
        self.assertIn("kernel 'spin'", err)
        self.assertIn("interrupted (Ctrl-C)", err)
        self.assertLess(latency, 1.0)


if __name__ == "__main__":
    unittest.main(verbosity=2)
