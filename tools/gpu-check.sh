#!/bin/bash
# GPU checks, for the GPU machine (run tools/pack-gpu.sh here first and
# carry .carry-gpu). Steps: e2e (end-to-end suite on the GPU), attn
# (attention demo, every shape), flashcheck (the SIMT flash kernels), tc
# (flash_attention.forth: correctness, then tile shapes at B4 H16 N4096),
# tune, gemm, py (the Python binding's GPU tests), bench (bench_flash.py), check (check_torch.py), ncu (profile
# of the tensor-core flash kernel), ncugemm.
#   bash tools/gpu-check.sh e2e attn flashcheck check
set -u
cd "$(dirname "$0")/.."
mkdir -p /tmp/wf
for f in .carry-gpu/*.xz; do b=$(basename $f .xz); xz -dc $f > /tmp/wf/$b; chmod +x /tmp/wf/$b; done
export WARPFORTH_LIB=/tmp/wf/libwarpforth.so PYTHONPATH=$PWD/bindings/python PYTHONUNBUFFERED=1
[ -f /usr/local/cuda/nvvm/libdevice/libdevice.10.bc ] || export WARPFORTH_LIBDEVICE=$PWD/.carry-gpu/libdevice.10.bc
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
D=$PWD/demo
for step in "$@"; do
  echo "=== $step"
  case $step in
    e2e) python3 test/e2e/run_e2e.py --run /tmp/wf/warpforth-run --device gpu -j 4 > $OUT/e2e_gpu.txt 2>&1; grep -vE "^ok" $OUT/e2e_gpu.txt | tail -15 ;;
    flashcheck) for c in 1 0; do for s in 1 17 100 1024 4096; do for d in 64 128; do /tmp/wf/warpforth-flash --device gpu --demo-dir $D --arch sm_90 --seq $s --dim $d --causal $c --batch 2 --heads 3 --repeat 1 --check-heads 6 | grep -E "max error|FAIL"; done; done; done ;;
    tc) F="/tmp/wf/warpforth-flash --device gpu --demo-dir $D --arch sm_90"
        for c in 1 0; do for s in 1 17 100 1024 4096; do for d in 64 128; do $F --seq $s --dim $d --causal $c --batch 2 --heads 3 --repeat 1 --check-heads 6 | grep -E "max error|FAIL|error" | tr '\n' ' '; echo "n$s d$d c$c"; done; done; done
        for d in 64 128; do for c in 1 0; do
          if [ $d = 64 ]; then cfgs=("" "--warps 4 --bc 32 -D MIN_BLOCKS=4" "--warps 8 --bc 32 -D MIN_BLOCKS=2" "--warps 4 --bc 64 -D MIN_BLOCKS=2")
          else cfgs=("" "-D ASYNC=0" "--warps 4 --bc 32 -D MIN_BLOCKS=2" "--warps 8 --bc 64 -D ASYNC=0"); fi
          for cfg in "${cfgs[@]}"; do echo "d$d c$c $cfg: $($F --batch 4 --heads 16 --seq 4096 --dim $d --causal $c $cfg --check-heads 1 | grep -E 'time|FAIL|error' | tr '\n' ' ')"; done; done; done ;;
    tune) F="/tmp/wf/warpforth-flash --device gpu --demo-dir $D --arch sm_90 --batch 4 --heads 16 --seq 4096 --check-heads 1"
          for c in 1 0; do for cfg in "--br 64 --bc 8 --rpt 4 --tpr 4" "--br 128 --bc 8 --rpt 4 --tpr 4" "--br 256 --bc 8 --rpt 4 --tpr 4" "--br 128 --bc 16 --rpt 4 --tpr 4"; do echo "d64 causal=$c $cfg: $($F --dim 64 --causal $c $cfg | grep -E 'time|FAIL')"; done; done
          for c in 1 0; do for cfg in "--br 64 --bc 8 --rpt 4 --tpr 8" "--br 128 --bc 8 --rpt 4 --tpr 8" "--br 64 --bc 16 --rpt 2 --tpr 2" "--br 128 --bc 8 --rpt 2 --tpr 4"; do echo "d128 causal=$c $cfg: $($F --dim 128 --causal $c $cfg | grep -E 'time|FAIL')"; done; done ;;
    gemm) F="/tmp/wf/warpforth-flash --device gpu --demo-dir $D --arch sm_90 --batch 4 --heads 16 --seq 4096 --check-heads 2 --kernel gemm"
          for c in 1 0; do for cfg in "--br 64 --bc 64 --rpt 8 --kpt 8" "--br 128 --bc 64 --rpt 8 --kpt 8" "--br 64 --bc 32 --rpt 4 --kpt 4" "--br 128 --bc 32 --rpt 8 --kpt 4"; do echo "d64 causal=$c $cfg: $($F --dim 64 --causal $c $cfg | grep -E 'time|FAIL|error' | tr '\n' ' ')"; done; done
          for c in 1 0; do for cfg in "--br 64 --bc 64 --rpt 4 --kpt 8" "--br 64 --bc 32 --rpt 4 --kpt 4" "--br 128 --bc 64 --rpt 8 --kpt 8"; do echo "d128 causal=$c $cfg: $($F --dim 128 --causal $c $cfg | grep -E 'time|FAIL|error' | tr '\n' ' ')"; done; done
          G="/tmp/wf/warpforth-flash --device gpu --demo-dir $D --arch sm_90 --kernel gemm --batch 2 --heads 3 --check-heads 6 --repeat 1"
          for s in 1 17 100 1024; do for c in 1 0; do $G --seq $s --dim 64 --causal $c --br 128 --bc 32 --rpt 8 --kpt 4 | grep -E "FAIL|error"; $G --seq $s --dim 128 --causal $c --br 64 --bc 32 --rpt 4 --kpt 4 | grep -E "FAIL|error"; done; done; echo gemm-correctness-done ;;
    ncugemm) ncu --section SpeedOfLight --section Occupancy -k flash_attention_gemm -c 1 \
           /tmp/wf/warpforth-flash --device gpu --demo-dir $D --arch sm_90 --kernel gemm --batch 4 --heads 16 --seq 4096 --dim 64 --br 128 --bc 32 --rpt 8 --kpt 4 --repeat 1 --check-heads 1 \
           > $OUT/ncu_gemm.txt 2>&1; grep -E "Throughput|Registers|Achieved Occupancy" $OUT/ncu_gemm.txt | head -12 ;;
    attn) fails=0; n=0; for p in f64 f32; do for s in 1 16 17 64 100 1024; do for d in 32 64 128; do b=$((32 + ((s * 7 + d) % 5) * 123)); n=$((n+1)); /tmp/wf/warpforth-attention --device gpu --demo-dir $D --precision $p --seq $s --dim $d --block $b --repeat 1 > /tmp/a.txt 2>&1 || { fails=$((fails+1)); cat /tmp/a.txt; }; done; done; done; echo "attention gpu: $((n-fails)) passed, $fails failed"
          for p in f64 f32; do /tmp/wf/warpforth-attention --device gpu --demo-dir $D --precision $p --seq 1024 --dim 64 --block 128 --repeat 20 --arch sm_90; done ;;
    py) python3 bindings/python/tests/test_gpu.py 2>&1 | tail -5 ;;
    bench) python3 demo/bench_flash.py --simt 2>&1 | tee $OUT/bench_flash.txt ;;
    check) python3 demo/check_torch.py > $OUT/check_torch.txt 2>&1; tail -5 $OUT/check_torch.txt ;;
    ncu) for d in 64 128; do ncu --section SpeedOfLight --section Occupancy --section WarpStateStats --section LaunchStats --section ComputeWorkloadAnalysis -k flash_attention -c 1 \
           /tmp/wf/warpforth-flash --device gpu --demo-dir $D --arch sm_90 --batch 4 --heads 16 --seq 4096 --dim $d --repeat 1 --check-heads 1 \
           > $OUT/ncu_d$d.txt 2>&1; grep -E "Throughput|Registers|Achieved Occupancy|Issue Slots|Ipc|pipeline|spill|Stall" $OUT/ncu_d$d.txt | head -24; done ;;
  esac
done
