#!/usr/bin/env bash
# Installs everything WarpForth needs from Debian's packages (idempotent),
# then configures and builds into build/. Run as root on a fresh machine.
# The CUDA toolkit is expected at /usr/local/cuda (cuda.h, ptxas, libdevice).
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(
  cmake ninja-build g++ python3 ccache
  python3-numpy python3-pip python3-venv
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

# The Python tests run under Debian's python3, which has python3-numpy; numpy
# has no bf16, so ml_dtypes comes from PyPI, pinned to Debian's numpy so
# that pip leaves numpy alone. (A python3 earlier on PATH, e.g. pyenv's,
# sees neither: the build is configured with this one.)
python=/usr/bin/python3
if ! "$python" -c 'import ml_dtypes' 2>/dev/null; then
  numpy_version=$("$python" -c 'import numpy; print(numpy.__version__)')
  echo "setup: installing ml_dtypes (pip, numpy $numpy_version kept)"
  "$python" -m pip install -q --break-system-packages --root-user-action=ignore \
    ml_dtypes "numpy==$numpy_version"
fi

# torch for the tests of the torch integration on CPU tensors (the CPU
# backend: the custom ops' opcheck, torch.compile, autograd, gradcheck),
# which CI must run rather than skip. PyPI's wheel (about 5 GB with its
# CUDA libraries, a minute to install); numpy kept as above.
if ! "$python" -c 'import torch' 2>/dev/null; then
  numpy_version=$("$python" -c 'import numpy; print(numpy.__version__)')
  echo "setup: installing torch (pip, numpy $numpy_version kept)"
  "$python" -m pip install -q --break-system-packages --root-user-action=ignore \
    "torch>=2.4" "numpy==$numpy_version"
fi

# transformers for the tests of warpforth.hf (Llama and GPT-2 patched onto
# the ops, against the stock models on the CPU backend); numpy kept.
if ! "$python" -c 'import transformers' 2>/dev/null; then
  numpy_version=$("$python" -c 'import numpy; print(numpy.__version__)')
  echo "setup: installing transformers (pip, numpy $numpy_version kept)"
  "$python" -m pip install -q --break-system-packages --root-user-action=ignore \
    "transformers>=4.56" "numpy==$numpy_version"
fi

# pip install . (pyproject.toml) builds with scikit-build-core; the tests
# install the package into a virtual environment without build isolation,
# so nothing is downloaded then: the backend comes from PyPI here, once.
if ! "$python" -c 'import scikit_build_core' 2>/dev/null; then
  echo "setup: installing scikit-build-core (pip)"
  "$python" -m pip install -q --break-system-packages --root-user-action=ignore \
    "scikit-build-core>=0.10"
fi

# ccache with base_dir at the repository: the pip-install test (and
# tools/build-wheel.sh) build the same files from another folder and reuse
# these objects instead of compiling them again.
launcher=()
if command -v ccache >/dev/null; then
  launcher=(-DCMAKE_C_COMPILER_LAUNCHER="env;CCACHE_BASEDIR=$PWD;ccache"
            -DCMAKE_CXX_COMPILER_LAUNCHER="env;CCACHE_BASEDIR=$PWD;ccache")
fi
build=${WARPFORTH_BUILD_DIR:-build}
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DPython3_EXECUTABLE="$python" "${launcher[@]}" >/dev/null
ninja -C "$build" -j"$(nproc)"
