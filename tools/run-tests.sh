#!/usr/bin/env bash
# Every test: set up and build, fuzz the front end for a bounded time in a
# clang build instrumented for it, then run the whole suite with ctest
# (Catch2 units, lit/FileCheck stage tests with ptxas on every PTX,
# end-to-end kernels and the demo checks on the CPU backend, PTX checks of
# every kernel, docs checks). Tests labelled gpu need a GPU: run them with
# `ctest --test-dir build -L gpu` on a GPU machine.
set -euo pipefail
cd "$(dirname "$0")/.."
./tools/setup.sh
# setup.sh installed what the tests need (numpy, ml_dtypes, torch): tests
# that would skip without one fail under CI=true instead.
export CI=${CI:-true}

# libFuzzer needs clang; a second build keeps the main one uninstrumented.
CC=clang-19 CXX=clang++-19 cmake -S . -B build-clang-fuzz -G Ninja \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo -DWARPFORTH_FUZZ=ON >/dev/null
ninja -C build-clang-fuzz -j"$(nproc)" wf-fuzz-frontend
ctest --test-dir build-clang-fuzz -R fuzz-frontend --output-on-failure

ctest --test-dir build --output-on-failure -j"$(nproc)" -LE gpu "$@"
