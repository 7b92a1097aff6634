#!/usr/bin/env bash
# The main job: set up, build, then compile demo/attention.forth, run it on
# the GPU when there is one (else on the CPU backend), check it against the
# double-precision reference and print the error and the kernel time.
# Extra arguments go to warpforth-attention (--seq, --dim, --block,
# --precision f32, --device cpu|gpu).
set -euo pipefail
cd "$(dirname "$0")/.."
./tools/setup.sh >/dev/null
exec ./build/demo/warpforth-attention "$@"
