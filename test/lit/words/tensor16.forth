\ 16-bit tensor-core words. MMA-BF16 / MMA-F16 / MMA-F16-F16 are IR lanes
\ of one group that become one mma.sync m16n8k16 (A and B pairs as b32);
\ LDMATRIX-Xn(-T) one ldmatrix, STMATRIX-Xn(-T) one stmatrix (inline PTX:
\ LLVM 19 has no intrinsic); F>BF16X2 / F>F16X2 one cvt.rn.*x2.f32 with the
\ second operand (x1) first, as cvt puts its first operand in the high
\ half; F16X2>F two cvt.f32.f16, BF16X2>F bit shifts.
\ RUN: %warpforthc %s --arch sm_90 --emit ir | FileCheck %s --check-prefix=IR
\ RUN: %warpforthc %s --arch sm_90 | FileCheck %s
\ RUN: %warpforthc %s --arch sm_90 > %t.ptx && %ptxas-verify %t.ptx

\! kernel k
\! float f32
\! param X f32[16]
\! param P i32[16]
\! shared S i16[256]
: six ( -- a0 .. b1 )  6 0 UNROLL DO P I 4 * + I32@ LOOP ;
: four ( -- c0 .. c3 )  4 0 UNROLL DO X I 4 * + F32@ LOOP ;
six four MMA-BF16 X 4F!
six four MMA-F16 X 4F!
six P 24 + I32@ P 28 + I32@ MMA-F16-F16 P 32 + I32! P 36 + I32!
X F32@ X 4 + F32@ F>BF16X2 P 40 + I32!
X F32@ X 4 + F32@ F>F16X2 P 44 + I32!
P I32@ F16X2>F F+ X 8 + F32!
P I32@ BF16X2>F F+ X 12 + F32!
LANE-ID 16 * S + { row }
row LDMATRIX-X4 + + + P I32!
row LDMATRIX-X2-T + P 4 + I32!
row LDMATRIX-X1 P 8 + I32!
1 2 3 4 row STMATRIX-X4
5 row STMATRIX-X1-T

\ IR: mma.bf16 d0 [[OPS:%[0-9]+, .*]] : f32
\ IR-NEXT: mma.bf16 d1 [[OPS]] : f32
\ IR-NEXT: mma.bf16 d2 [[OPS]] : f32
\ IR-NEXT: mma.bf16 d3 [[OPS]] : f32
\ IR: mma.f16 d0
\ IR: mma.f16.f16 d0 [[OPS16:%[0-9]+, .*]] : i64
\ IR-NEXT: mma.f16.f16 d1 [[OPS16]] : i64
\ IR: word F>BF16X2 r0
\ IR: half2float
\ IR: ldmatrix.x4 r0 [[ROW:%[0-9]+]] : i64
\ IR-NEXT: ldmatrix.x4 r1 [[ROW]] : i64
\ IR: ldmatrix.x2.trans r0
\ IR: stmatrix.x4 {{.*}}, [[ROW]]
\ IR: stmatrix.x1.trans

\ CHECK: mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32
\ CHECK: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
\ CHECK: mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16
\ CHECK: cvt.rn.bf16x2.f32
\ CHECK: cvt.rn.f16x2.f32
\ CHECK: cvt.f32.f16
\ CHECK: ldmatrix.sync.aligned.m8n8.x4.shared.b16
\ CHECK: ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16
\ CHECK: ldmatrix.sync.aligned.m8n8.x1.shared.b16
\ CHECK: stmatrix.sync.aligned.m8n8.x4.shared.b16
\ CHECK: stmatrix.sync.aligned.m8n8.x1.trans.shared.b16
