#!/bin/bash
# GPU checks, for the GPU machine (run tools/pack-gpu.sh here first and
# carry .carry-gpu). Runs the named steps in order and stops at the first
# one that fails, with its exit status; an unknown step is refused before
# anything runs. Run it without arguments for the list of steps.
#   bash tools/gpu-check.sh e2e attn flashcheck check
set -euo pipefail
cd "$(dirname "$0")/.."

STEPS="sanitize sm90var sm90rounds ncuattn90 ncufwd90 ncubwd90 gemm90 ncugemm90 e2e attn flashcheck tc tune gemm py ops opsbench softmaxbench topkbench ncuops attnbench ncuattn gpt2train gpt2packed decbench ncudecode bench check ncu ncugemm wheel launchbench"
usage() {
  cat >&2 <<EOF
usage: bash tools/gpu-check.sh STEP...
steps (run in the order given; the first failing step stops the run):
  sanitize   compute-sanitizer's memcheck, racecheck, synccheck and initcheck
             over small launches of every op (tools/gpu_sanitize_ops.py;
             SANITIZE_TOOLS and SANITIZE_CASES narrow it): fails on any
             report; each tool's log in $OUT/sanitize_<tool>.txt
  sm90var    bench/ops_attention.py --sm90-variants: the Hopper attention's
             schedules (OVERLAP, PINGPONG, KVS) next to FA2 and cuDNN
  sm90rounds bench/ops_attention.py --sm90-rounds: the Hopper forward's
             blocks taking 1, 2, 3 items or persistent, next to cuDNN
  ncuattn90  Nsight Compute of the Hopper attention (bf16 d128 and d64
             causal) in each schedule: tensor pipe, issue, stalls
  ncufwd90   Nsight Compute of the Hopper forward and cuDNN's at GPT-2's
             shape (bf16 causal B8 H12 N1024 d64)
  ncubwd90   Nsight Compute of the Hopper backward and cuDNN's (bf16
             causal B4 H16 N4096 d128 and d64, then GPT-2's B8 H12 N1024
             d64): tensor pipe, issue, stalls, L2 atomics
  gemm90     bench/gemm_sm90.py: the Hopper bf16 GEMM (TMA + wgmma) against
             cuBLAS, every tile variant, 8192^3 and LLM shapes
  ncugemm90  Nsight Compute of that GEMM and cuBLAS's at 8192^3 (tensor
             pipe, DRAM, issue)
  e2e        end-to-end suite on the GPU (run_e2e.py --device gpu)
  attn       attention demo, every shape, f64 and f32
  flashcheck warpforth-flash correctness at several shapes
  tc         the tensor-core flash kernel (kernels/attention/
             flash_attention_f32.forth): correctness, then tile shapes at
             B4 H16 N4096
  tune       warpforth-flash timings at several --br/--bc/--rpt/--tpr
  gemm       tile shapes of the SIMT gemm kernel, then its correctness
  py         the Python binding's GPU tests (bindings/python/tests/test_gpu.py)
  ops        warpforth.ops against torch on the GPU (tests/test_ops_gpu.py)
  opsbench   every bench/ops_*.py (warpforth.ops against torch, TB/s)
  softmaxbench bench/ops_softmax.py alone: its table, then every softmax
             design side by side (pipelined 16-bit rows, split variants)
  topkbench  bench/ops_topk.py --variants: top_k_mask's designs (one block
             a row, the split path at several chunk sizes) against HF
  ncuops     Nsight Compute on the op shapes that miss their targets
  attnbench  bench/ops_attention.py --f32 (flash_attention vs SDPA, TFLOP/s)
  ncuattn    Nsight Compute of the bf16 flash kernel (d128, d64 causal)
  gpt2train  demo/gpt2_train.py: GPT-2 small trained on our attention vs SDPA
  gpt2packed demo/gpt2_packed.py: GPT-2 small on packed documents, a
             padded batch vs one packed row (flash_attention_varlen)
  decbench   bench/ops_decode.py --sweep (decode_attention vs SDPA, TB/s,
             also with prefetch, the cp.async ring (STAGES 2-6) and at
             other split counts)
  ncudecode  Nsight Compute of the bf16 decode kernels (B8 N4096, paged, B64),
             then of the cp.async ring's (DECODE_STAGES, default 3)
  bench      demo/bench_flash.py --simt
  check      demo/check_torch.py (attention against PyTorch)
  ncu        Nsight Compute profile of the tensor-core flash kernel
  ncugemm    Nsight Compute profile of the SIMT gemm flash kernel
  wheel      the wheel from tools/build-wheel.sh (carry .whl, not
             .carry-gpu): pip install into a fresh venv, then the GPU op
             tests, warpforthc/warpforth-run, the compile cache and the
             launch overhead, all from the installed package
  launchbench bench/launch_overhead.py and bench/compile_cache.py from the
             checkout (Python launch cost vs SDPA and Triton; first call,
             warm call, new process)
EOF
}
if [ $# -eq 0 ]; then
  usage
  exit 2
fi
for step in "$@"; do
  case " $STEPS " in
    *" $step "*) ;;
    *) echo "gpu-check.sh: unknown step '$step'" >&2; usage; exit 2 ;;
  esac
done

# The unpacked binaries; WF_BIN overrides where they go. The wheel step
# needs none of them (it carries .whl instead).
WF=${WF_BIN:-/tmp/wf}
mkdir -p "$WF"
shopt -s nullglob
need_carry=0
for step in "$@"; do [ "$step" = wheel ] || need_carry=1; done
packed=(.carry-gpu/*.xz)
if [ $need_carry = 1 ] && [ ${#packed[@]} -eq 0 ]; then
  echo "gpu-check.sh: no .carry-gpu/*.xz here: run tools/pack-gpu.sh first" >&2
  exit 1
fi
for f in "${packed[@]}"; do
  b=$(basename "$f" .xz)
  xz -dc "$f" > "$WF/$b"
  chmod +x "$WF/$b"
done
export WARPFORTH_LIB=$WF/libwarpforth.so PYTHONPATH=$PWD/bindings/python PYTHONUNBUFFERED=1
[ -f /usr/local/cuda/nvvm/libdevice/libdevice.10.bc ] || export WARPFORTH_LIBDEVICE=$PWD/.carry-gpu/libdevice.10.bc
OUT=${OUT:-/tmp/out}; mkdir -p "$OUT"
D=$PWD/demo K=$PWD/kernels

# A filter that shows the matching lines and never fails by itself (the
# command it reads from decides, through pipefail).
show() { grep -E "$1" || true; }

step_e2e() {
  local rc=0
  python3 test/e2e/run_e2e.py --run "$WF/warpforth-run" --device gpu -j 4 > "$OUT/e2e_gpu.txt" 2>&1 || rc=$?
  { grep -vE "^ok" "$OUT/e2e_gpu.txt" || true; } | tail -15
  return $rc
}
step_flashcheck() {
  for c in 1 0; do for s in 1 17 100 1024 4096; do for d in 64 96 128; do
    "$WF/warpforth-flash" --device gpu --demo-dir "$D" --kernels-dir "$K" --arch sm_90 --seq $s --dim $d --causal $c --batch 2 --heads 3 --repeat 1 --check-heads 6 | show "max error|FAIL"
  done; done; done
}
step_tc() {
  local F="$WF/warpforth-flash --device gpu --demo-dir $D --kernels-dir $K --arch sm_90" line
  for c in 1 0; do for s in 1 17 100 1024 4096; do for d in 64 96 128; do
    line=$($F --seq $s --dim $d --causal $c --batch 2 --heads 3 --repeat 1 --check-heads 6 | show "max error|FAIL|error" | tr '\n' ' ')
    echo "$line n$s d$d c$c"
  done; done; done
  for d in 64 128; do for c in 1 0; do
    if [ $d = 64 ]; then cfgs=("" "--warps 4 --bc 32 -D MIN_BLOCKS=4" "--warps 8 --bc 32 -D MIN_BLOCKS=2" "--warps 4 --bc 64 -D MIN_BLOCKS=2")
    else cfgs=("" "-D ASYNC=0" "--warps 4 --bc 32 -D MIN_BLOCKS=2" "--warps 8 --bc 64 -D ASYNC=0"); fi
    for cfg in "${cfgs[@]}"; do
      line=$($F --batch 4 --heads 16 --seq 4096 --dim $d --causal $c $cfg --check-heads 1 | show 'time|FAIL|error' | tr '\n' ' ')
      echo "d$d c$c $cfg: $line"
    done
  done; done
}
step_tune() {
  local F="$WF/warpforth-flash --device gpu --demo-dir $D --kernels-dir $K --arch sm_90 --batch 4 --heads 16 --seq 4096 --check-heads 1" line
  for c in 1 0; do for cfg in "--br 64 --bc 8 --rpt 4 --tpr 4" "--br 128 --bc 8 --rpt 4 --tpr 4" "--br 256 --bc 8 --rpt 4 --tpr 4" "--br 128 --bc 16 --rpt 4 --tpr 4"; do
    line=$($F --dim 64 --causal $c $cfg | show 'time|FAIL'); echo "d64 causal=$c $cfg: $line"
  done; done
  for c in 1 0; do for cfg in "--br 64 --bc 8 --rpt 4 --tpr 8" "--br 128 --bc 8 --rpt 4 --tpr 8" "--br 64 --bc 16 --rpt 2 --tpr 2" "--br 128 --bc 8 --rpt 2 --tpr 4"; do
    line=$($F --dim 128 --causal $c $cfg | show 'time|FAIL'); echo "d128 causal=$c $cfg: $line"
  done; done
}
step_gemm() {
  local F="$WF/warpforth-flash --device gpu --demo-dir $D --kernels-dir $K --arch sm_90 --batch 4 --heads 16 --seq 4096 --check-heads 2 --kernel gemm" line
  for c in 1 0; do for cfg in "--br 64 --bc 64 --rpt 8 --kpt 8" "--br 128 --bc 64 --rpt 8 --kpt 8" "--br 64 --bc 32 --rpt 4 --kpt 4" "--br 128 --bc 32 --rpt 8 --kpt 4"; do
    line=$($F --dim 64 --causal $c $cfg | show 'time|FAIL|error' | tr '\n' ' '); echo "d64 causal=$c $cfg: $line"
  done; done
  for c in 1 0; do for cfg in "--br 64 --bc 64 --rpt 4 --kpt 8" "--br 64 --bc 32 --rpt 4 --kpt 4" "--br 128 --bc 64 --rpt 8 --kpt 8"; do
    line=$($F --dim 128 --causal $c $cfg | show 'time|FAIL|error' | tr '\n' ' '); echo "d128 causal=$c $cfg: $line"
  done; done
  local G="$WF/warpforth-flash --device gpu --demo-dir $D --kernels-dir $K --arch sm_90 --kernel gemm --batch 2 --heads 3 --check-heads 6 --repeat 1"
  for s in 1 17 100 1024; do for c in 1 0; do
    $G --seq $s --dim 64 --causal $c --br 128 --bc 32 --rpt 8 --kpt 4 | show "FAIL|error"
    $G --seq $s --dim 128 --causal $c --br 64 --bc 32 --rpt 4 --kpt 4 | show "FAIL|error"
  done; done
  echo gemm-correctness-done
}
step_ncugemm() {
  ncu --section SpeedOfLight --section Occupancy -k flash_attention_gemm_f32 -c 1 \
    "$WF/warpforth-flash" --device gpu --demo-dir "$D" --kernels-dir "$K" --arch sm_90 --kernel gemm --batch 4 --heads 16 --seq 4096 --dim 64 --br 128 --bc 32 --rpt 8 --kpt 4 --repeat 1 --check-heads 1 \
    > "$OUT/ncu_gemm.txt" 2>&1
  show "Throughput|Registers|Achieved Occupancy" < "$OUT/ncu_gemm.txt" | sed -n 1,12p
}
step_attn() {
  local fails=0 n=0 p s d b
  for p in f64 f32; do for s in 1 16 17 64 100 1024; do for d in 32 64 128; do
    b=$((32 + ((s * 7 + d) % 5) * 123)); n=$((n+1))
    "$WF/warpforth-attention" --device gpu --demo-dir "$D" --precision $p --seq $s --dim $d --block $b --repeat 1 > "$OUT/attn.txt" 2>&1 || { fails=$((fails+1)); cat "$OUT/attn.txt"; }
  done; done; done
  echo "attention gpu: $((n-fails)) passed, $fails failed"
  [ $fails -eq 0 ]
  for p in f64 f32; do "$WF/warpforth-attention" --device gpu --demo-dir "$D" --precision $p --seq 1024 --dim 64 --block 128 --repeat 20 --arch sm_90; done
}
step_py() { python3 bindings/python/tests/test_gpu.py 2>&1 | tail -5; }
step_ops() {
  local rc=0 t
  for t in bindings/python/tests/test_ops_gpu.py bindings/python/tests/test_ops_*_gpu.py; do
    [ -f "$t" ] || continue
    echo "--- $t"; python3 "$t" 2>&1 | tail -25 || rc=1
  done
  return $rc
}
step_opsbench() {
  for b in bench/ops_*.py; do python3 "$b" 2>&1 | tee "$OUT/$(basename "$b" .py).txt"; done
}
step_softmaxbench() { python3 bench/ops_softmax.py 2>&1 | tee "$OUT/ops_softmax.txt"; }
step_attnbench() {
  python3 bench/ops_attention.py --f32 2>&1 | tee "$OUT/ops_attention.txt"
  python3 bench/ops_attention.py --backward 2>&1 | tee "$OUT/ops_attention_backward.txt"
}
step_gpt2train() { python3 demo/gpt2_train.py 2>&1 | tee "$OUT/gpt2_train.txt" | tail -30; }
step_gpt2packed() { python3 demo/gpt2_packed.py 2>&1 | tee "$OUT/gpt2_packed.txt" | tail -20; }
step_sm90var() {
  python3 bench/ops_attention.py --sm90-variants 2>&1 | tee "$OUT/sm90_variants.txt"
}
step_sm90rounds() {
  python3 bench/ops_attention.py --sm90-rounds 2>&1 | tee "$OUT/sm90_rounds.txt"
}
step_ncuattn90() {
  local v
  for v in "OVERLAP=0" "OVERLAP=1 PINGPONG=0" "OVERLAP=1 PINGPONG=1"; do
    echo "== $v"
    # shellcheck disable=SC2086
    ncu --section SpeedOfLight --section ComputeWorkloadAnalysis --section WarpStateStats \
      -k regex:flash_attention_sm90 -c 2 python3 bench/profile_ops.py attention $v \
      > "$OUT/ncu_attention90_${v//[ =]/_}.txt" 2>&1
    grep -E "Duration|Compute \(SM\) Throughput|Issue Slots Busy|Executed Ipc A|Warp Cycles Per Issued" \
      "$OUT/ncu_attention90_${v//[ =]/_}.txt" | head -12
  done
}
step_ncufwd90() {
  ncu --section SpeedOfLight --section ComputeWorkloadAnalysis --section WarpStateStats \
    --section MemoryWorkloadAnalysis -k regex:'flash_attention_sm90|fprop' -c 2 \
    python3 bench/profile_ops.py forward-gpt2 > "$OUT/ncu_forward90.txt" 2>&1
  grep -E "^  [a-zA-Z_0-9]+.*\(|Duration|Throughput|Issue Slots Busy|Executed Ipc A|Warp Cycles Per Issued|Stall|L2 Hit" \
    "$OUT/ncu_forward90.txt" | head -60
}
step_ncubwd90() {
  # Ours and cuDNN's (bench/profile_ops.py runs both) at B4 H16 N4096 d128
  # and d64, then at GPT-2's shape.
  ncu --section SpeedOfLight --section ComputeWorkloadAnalysis --section WarpStateStats \
    --section MemoryWorkloadAnalysis -k regex:'flash_backward_sm90|bprop' -c 4 \
    python3 bench/profile_ops.py backward > "$OUT/ncu_backward90.txt" 2>&1
  ncu --section SpeedOfLight --section ComputeWorkloadAnalysis --section WarpStateStats \
    --section MemoryWorkloadAnalysis -k regex:'flash_backward_sm90|bprop' -c 2 \
    python3 bench/profile_ops.py backward gpt2 >> "$OUT/ncu_backward90.txt" 2>&1
  grep -E "^  [a-zA-Z_0-9]+.*\(|Duration|Throughput|Issue Slots Busy|Executed Ipc A|Warp Cycles Per Issued|Stall|L2 Hit" \
    "$OUT/ncu_backward90.txt" | head -120
}
step_ncuattn() {
  ncu --section SpeedOfLight --section ComputeWorkloadAnalysis --section Occupancy \
    --section WarpStateStats --section MemoryWorkloadAnalysis -k regex:'flash_attention_bf16' -c 2 \
    python3 bench/profile_ops.py attention > "$OUT/ncu_attention.txt" 2>&1
  grep -E "Duration|Throughput|Pipe|Occupancy|Registers|Issue|Warp Cycles|Bank" "$OUT/ncu_attention.txt" | head -40
}
step_decbench() { python3 bench/ops_decode.py --sweep 2>&1 | tee "$OUT/ops_decode_sweep.txt"; }
step_ncudecode() {
  ncu --section SpeedOfLight --section MemoryWorkloadAnalysis --section Occupancy \
    --section WarpStateStats --section LaunchStats -k regex:'decode_' \
    python3 bench/profile_ops.py decode > "$OUT/ncu_decode.txt" 2>&1
  show "==PROF==|  [a-z_]+.*\(|Memory Throughput|DRAM Throughput|Duration|Achieved Occupancy|Registers Per|Stall|L2 Hit|Grid Size|Waves" < "$OUT/ncu_decode.txt" | sed -n 1,80p
  # The same shapes with the cp.async ring (_decode.STAGES, default 3 here).
  ncu --section SpeedOfLight --section MemoryWorkloadAnalysis --section Occupancy \
    --section WarpStateStats --section LaunchStats -k regex:'decode_attention' \
    python3 -c "import sys; sys.path.insert(0, 'bench'); import profile_ops
from warpforth.ops import _decode; _decode.STAGES = ${DECODE_STAGES:-3}
profile_ops.decode()" > "$OUT/ncu_decode_ring.txt" 2>&1
  show "==PROF==|  [a-z_]+.*\(|Memory Throughput|DRAM Throughput|Duration|Achieved Occupancy|Registers Per|Stall|L2 Hit|Grid Size|Waves" < "$OUT/ncu_decode_ring.txt" | sed -n 1,80p
}
step_topkbench() {
  python3 bench/ops_topk.py --variants 2>&1 | tee "$OUT/ops_topk_variants.txt"
}
step_ncuops() {
  ncu --section SpeedOfLight --section MemoryWorkloadAnalysis --section Occupancy \
    --section WarpStateStats -k regex:'softmax|top_k|rotary' \
    python3 bench/profile_ops.py > "$OUT/ncu_ops.txt" 2>&1
  show "==PROF==|  [a-z_]+.*\(|Memory Throughput|DRAM Throughput|Duration|Achieved Occupancy|Registers Per|Compute \(SM\) Throughput|Stall|L2 Hit" < "$OUT/ncu_ops.txt" | sed -n 1,80p
}
step_bench() { python3 demo/bench_flash.py --simt 2>&1 | tee "$OUT/bench_flash.txt"; }
step_check() {
  local rc=0
  python3 demo/check_torch.py > "$OUT/check_torch.txt" 2>&1 || rc=$?
  tail -5 "$OUT/check_torch.txt"
  return $rc
}
step_ncu() {
  for d in 64 128; do
    ncu --section SpeedOfLight --section Occupancy --section WarpStateStats --section LaunchStats --section ComputeWorkloadAnalysis -k flash_attention_f32 -c 1 \
      "$WF/warpforth-flash" --device gpu --demo-dir "$D" --kernels-dir "$K" --arch sm_90 --batch 4 --heads 16 --seq 4096 --dim $d --repeat 1 --check-heads 1 \
      > "$OUT/ncu_d$d.txt" 2>&1
    show "Throughput|Registers|Achieved Occupancy|Issue Slots|Ipc|pipeline|spill|Stall" < "$OUT/ncu_d$d.txt" | sed -n 1,24p
  done
}

step_wheel() {
  local whl venv work rc=0
  whl=$(ls .whl/warpforth-*.whl 2>/dev/null | head -1)
  if [ -z "$whl" ]; then
    echo "no .whl/warpforth-*.whl: run tools/build-wheel.sh and carry .whl" >&2
    return 1
  fi
  venv=$(mktemp -d /tmp/wf-wheel-XXXX)
  work=$venv/work
  mkdir -p "$work/tests" "$work/bench"
  # Only the tests and benchmarks travel: the package is the installed one.
  cp bindings/python/tests/*.py "$work/tests/"
  cp bench/launch_overhead.py bench/compile_cache.py "$work/bench/"
  # A subshell on the left of || runs without errexit: each step says
  # itself when it fails (|| exit 1).
  (
    # Nothing from the checkout or .carry-gpu: the wheel alone.
    unset WARPFORTH_LIB PYTHONPATH WARPFORTH_KERNELS_DIR WARPFORTH_DEMO_DIR WARPFORTH_LIBDEVICE
    export WARPFORTH_CACHE_DIR=$venv/cache
    # The machine's torch may live in another venv (/opt/torch/.venv on
    # the lent H100s), which --system-site-packages does not reach: the
    # outer interpreter's site-packages go in through a .pth file.
    outer=$(python3 -c "import site; print(site.getsitepackages()[0])") || exit 1
    python3 -m venv "$venv/env" || exit 1
    py=$venv/env/bin/python
    echo "$outer" > "$("$py" -c "import site; print(site.getsitepackages()[0])")/outer-site.pth" || exit 1
    "$py" -m pip install --no-index --no-deps "$whl" > "$venv/pip.log" 2>&1 ||
      { cat "$venv/pip.log"; exit 1; }
    tail -1 "$venv/pip.log"
    cd "$work" || exit 1
    echo "--- installed"
    "$py" -c "import torch; assert torch.cuda.is_available(), 'torch sees no GPU'" || exit 1
    "$py" -c "import warpforth, sys; f = warpforth.__file__; assert '/site-packages/' in f, f; print(f, warpforth.__version__, warpforth.device('gpu'))" || exit 1
    lib=$("$py" -c "import warpforth._lib as l; print(l.lib()._name)") || exit 1
    if ldd "$lib" | grep -i llvm; then echo "libwarpforth.so needs LLVM" >&2; exit 1; fi
    "$venv/env/bin/warpforthc" --version || exit 1
    printf '%s\n' '\! kernel scale' '\! param X f64[N]' '\! param N i64' '\! param FACTOR f64' \
      'GLOBAL-ID DUP N < IF' '  CELLS X +  DUP F@ FACTOR F*  SWAP F!' 'ELSE DROP THEN' > scale.forth
    "$venv/env/bin/warpforth-run" scale.forth --device gpu --param X=1,2,3,4 --param N=4 \
      --param FACTOR=2.5 --grid 1 --block 4 --print X || exit 1
    "$venv/env/bin/warpforthc" scale.forth --arch sm_90 | grep -m1 '.target' || exit 1
    for t in tests/test_ops_gpu.py tests/test_ops_*_gpu.py; do
      [ -f "$t" ] || continue
      echo "--- $t (installed package)"
      "$py" "$t" > "$venv/test.log" 2>&1 || rc=1
      tail -25 "$venv/test.log"
    done
    echo "--- compile cache (installed package)"
    "$py" bench/compile_cache.py --device gpu 2>&1 | tail -20 || rc=1
    echo "--- launch overhead (installed package)"
    "$py" bench/launch_overhead.py 2>&1 | tail -25 || rc=1
    exit $rc
  ) || rc=$?
  rm -rf "$venv"
  return $rc
}
step_gemm90() { (cd bench && python3 gemm_sm90.py) 2>&1 | tee "$OUT/gemm_sm90.txt"; }
step_ncugemm90() {
  (cd bench && ncu --section SpeedOfLight --section ComputeWorkloadAnalysis \
    --section WarpStateStats -k regex:'gemm_bf16_sm90|nvjet|xmma|cutlass' -c 2 \
    python3 gemm_sm90.py --profile 8192,8192,8192) > "$OUT/ncu_gemm90.txt" 2>&1
  grep -E "^  [a-zA-Z_0-9]+.*\(|Duration|Throughput|Pipe|Issue|Warp Cycles|Registers" \
    "$OUT/ncu_gemm90.txt" | head -40
}
step_sanitize() {
  local tool rc=0 cases=${SANITIZE_CASES:-}
  for tool in ${SANITIZE_TOOLS:-memcheck racecheck synccheck initcheck}; do
    local log="$OUT/sanitize_$tool.txt" t0=$SECONDS r=0
    WARPFORTH_LINEINFO=1 compute-sanitizer --tool "$tool" --error-exitcode 9 --print-limit 40 \
      python3 tools/gpu_sanitize_ops.py ${cases:+--only "$cases"} > "$log" 2>&1 || r=$?
    echo "$tool: exit $r in $((SECONDS - t0)) s: $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$log" | tr '\n' ' ')"
    [ $r -eq 0 ] || { rc=1; grep -E "^========= (Error|Warning|Race|Invalid|Uninit|Barrier|  +(Write|Read)|  +at |  +by thread)" "$log" | head -30; tail -5 "$log"; }
  done
  return $rc
}
step_launchbench() {
  python3 bench/launch_overhead.py 2>&1 | tee "$OUT/launch_overhead.txt"
  python3 bench/compile_cache.py --device gpu 2>&1 | tee "$OUT/compile_cache.txt"
}

for step in "$@"; do
  echo "=== $step"
  # A subshell outside any || keeps errexit on inside the step.
  set +e
  (set -euo pipefail; "step_$step")
  rc=$?
  set -e
  if [ $rc -ne 0 ]; then
    echo "=== $step failed (exit $rc)" >&2
    exit $rc
  fi
done
