#!/usr/bin/env bash
# Every test: set up, build, then run the whole suite with ctest (Catch2
# units, lit/FileCheck stage tests with ptxas on every PTX, end-to-end
# kernels on the CPU backend, the demo checks and a bounded fuzz run).
set -euo pipefail
cd "$(dirname "$0")/.."
./tools/setup.sh
ctest --test-dir build --output-on-failure -j"$(nproc)" -LE gpu "$@"
