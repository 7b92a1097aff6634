"""Helpers for the op tests (tests/test_ops_*.py): inputs in every dtype on
the CPU backend, f64 references, and the error bound of each dtype."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np  # noqa: E402  (required: CI installs it)

try:
    import ml_dtypes  # noqa: E402
    BF16 = ml_dtypes.bfloat16
except ImportError:  # the bf16 cases need it; CI installs it
    BF16 = None

# dtype -> (numpy dtype, relative bound against an f64 reference on values
# rounded to that dtype): the output's own rounding plus f32 math.
DTYPES = {"f32": (np.float32, 2e-6), "f16": (np.float16, 1e-3),
          "bf16": (BF16, 8e-3)}


def dtypes():
    """The dtypes to test: all three (bf16 needs ml_dtypes, installed in
    CI; a missing one fails there rather than skip)."""
    names = ["f32", "f16", "bf16"]
    if BF16 is None:
        import os
        if os.environ.get("CI"):
            raise ImportError("ml_dtypes is needed for the bf16 cases")
        names.remove("bf16")
    return names


def import_torch():
    """torch, or None where it is not installed; under CI (whose set-up
    installs it) a missing torch is a failure, not a skip."""
    try:
        import torch
    except ImportError:
        import os
        if os.environ.get("CI"):
            raise
        return None
    return torch


def cast(x64: np.ndarray, dt: str) -> np.ndarray:
    return x64.astype(DTYPES[dt][0])


def f64(x: np.ndarray) -> np.ndarray:
    return np.asarray(x).astype(np.float64)


def assert_close(test, got, want, dt: str, what: str) -> None:
    """`got` within DTYPES[dt]'s bound of the f64 `want`: the output's
    rounding on top of f32 math, relative to the largest value."""
    tol = DTYPES[dt][1]
    err = np.abs(f64(got) - want).max() / max(1.0, np.abs(want).max())
    test.assertLessEqual(err, tol, f"{what} {dt}: error {err:.3g}")
