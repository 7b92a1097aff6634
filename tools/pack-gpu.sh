#!/usr/bin/env bash
# Builds what a GPU machine without LLVM needs (LLVM linked statically),
# strips and compresses it into .carry-gpu/ (git-ignored), for the device
# tool's `carry`. Then, on the GPU machine: bash tools/gpu-check.sh STEP...
set -euo pipefail
cd "$(dirname "$0")/.."
cmake -S . -B build-static -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DWARPFORTH_STATIC_LLVM=ON -DWARPFORTH_BUILD_TESTS=OFF >/dev/null
# By output path: the name warpforth-run also belongs to the package's
# launcher (bindings/capi/launchers), which ninja would build instead.
BINS="tools/warpforth-run/warpforth-run demo/warpforth-attention
      demo/warpforth-flash bindings/capi/libwarpforth.so"
# shellcheck disable=SC2086
ninja -C build-static $BINS
mkdir -p .carry-gpu
rm -f .carry-gpu/*.xz
for f in $BINS; do
  b=$(basename "$f")
  strip -o "/tmp/$b" "build-static/$f"
  xz -T0 -1 -c "/tmp/$b" > ".carry-gpu/$b.xz"
done
cp /usr/local/cuda/nvvm/libdevice/libdevice.10.bc .carry-gpu/
du -sh .carry-gpu
