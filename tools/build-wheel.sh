#!/usr/bin/env bash
# Builds the warpforth wheel with LLVM linked statically into .whl/
# (git-ignored; carry it to the GPU machine), for machines with the NVIDIA
# driver but no LLVM and no CUDA toolkit: pip install .whl/warpforth-*.whl.
# The wheel holds the Python package, libwarpforth.so (compiler, runtime and
# both tools), the warpforthc and warpforth-run launchers, kernels/ and
# libdevice. On the GPU machine: bash tools/gpu-check.sh wheel.
set -euo pipefail
cd "$(dirname "$0")/.."
python=/usr/bin/python3
if ! "$python" -c 'import scikit_build_core' 2>/dev/null; then
  echo "build-wheel.sh: scikit-build-core is missing: run tools/setup.sh" >&2
  exit 1
fi
# scikit-build-core would compile with Python's compiler name
# (x86_64-linux-gnu-g++); the plain names let ccache reuse the main build.
export CC=${CC:-cc} CXX=${CXX:-c++}
if command -v ccache >/dev/null; then
  export CMAKE_C_COMPILER_LAUNCHER=ccache CMAKE_CXX_COMPILER_LAUNCHER=ccache
  export CCACHE_BASEDIR=$PWD
fi
export CMAKE_BUILD_PARALLEL_LEVEL=${CMAKE_BUILD_PARALLEL_LEVEL:-$(nproc)}
mkdir -p .whl
rm -f .whl/warpforth-*.whl
"$python" -m pip wheel --no-build-isolation --no-deps --no-index -w .whl \
  --config-settings=build-dir=build-wheel \
  --config-settings=cmake.define.WARPFORTH_STATIC_LLVM=ON . >/dev/null
wheel=$(ls .whl/warpforth-*.whl)

# The wheel must not need LLVM: no libLLVM among the library's needs.
check=$(mktemp -d)
trap 'rm -rf "$check"' EXIT
"$python" -m zipfile -e "$wheel" "$check"
needed=$(readelf -d "$check/warpforth/libwarpforth.so" | grep NEEDED || true)
if grep -qi llvm <<< "$needed"; then
  echo "build-wheel.sh: $wheel needs LLVM:" >&2
  echo "$needed" >&2
  exit 1
fi
ls -la "$wheel"
