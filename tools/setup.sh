#!/usr/bin/env bash
# Installs everything WarpForth needs from Debian's packages (idempotent),
# then configures and builds into build/. Run as root on a fresh machine.
# The CUDA toolkit is expected at /usr/local/cuda (cuda.h, ptxas, libdevice).
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(
  cmake ninja-build g++ python3
  llvm-19-dev llvm-19-tools clang-19 libclang-rt-19-dev
  libcli11-dev catch2
  zlib1g-dev libzstd-dev libxml2-dev libedit-dev libffi-dev
)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" ||
    missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

if [ ! -f /usr/local/cuda/include/cuda.h ]; then
  echo "setup: /usr/local/cuda/include/cuda.h is missing: install the CUDA toolkit" >&2
  exit 1
fi

build=${WARPFORTH_BUILD_DIR:-build}
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
ninja -C "$build" -j"$(nproc)"
