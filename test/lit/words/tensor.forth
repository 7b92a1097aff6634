\ Tensor-core words. MMA-TF32 ( a0 a1 a2 a3 b0 b1 c0 c1 c2 c3 -- d0 d1 d2 d3 )
\ is four IR lanes of one group that become a single mma.sync m16n8k8 TF32
\ (A and B passed as b32 bits); F>TF32 is cvt.rna.tf32.f32; FEXP2 is
\ ex2.approx.ftz in f32 and libdevice's exp2 in f64. TF32-SPLIT rounds on the
\ bits (add 0x1000, clear the low 13 bits: no cvt, no NaN check) and
\ subtracts; the prelude's MMA-3XTF32 is three MMAs on split operands.
\ RUN: %warpforthc %s --emit ir | FileCheck %s --check-prefix=IR
\ RUN: %warpforthc %s | FileCheck %s
\ RUN: %warpforthc %s --float f64 --emit llvm | FileCheck %s --check-prefix=F64

\! kernel k
\! float f32
\! param X f32[16]
\! param Y f32[16]
X F32@ FEXP2 Y F32!
X F32@ F>TF32 Y 4 + F32!
X 4 + F32@ TF32-SPLIT Y 8 + F32! Y 12 + F32!
: ten ( -- x0 .. x9 )  10 0 UNROLL DO X I 4 * + F32@ LOOP ;
ten MMA-TF32 Y 16 + 4F!
ten MMA-3XTF32 Y 32 + 4F!

\ IR: fexp2
\ IR: f2tf32
\ IR: [[BIG:%[0-9]+]] = tf32.big [[X:%[0-9]+]] : f32
\ IR-NEXT: fsub [[X]], [[BIG]] : f32
\ IR: mma.tf32 d0 [[OPS:%[0-9]+, .*]] : f32
\ IR-NEXT: mma.tf32 d1 [[OPS]] : f32
\ IR-NEXT: mma.tf32 d2 [[OPS]] : f32
\ IR-NEXT: mma.tf32 d3 [[OPS]] : f32

\ CHECK: ex2.approx.ftz.f32
\ CHECK: cvt.rna.tf32.f32
\ CHECK: add.s32 [[SUM:%r[0-9]+]], {{%r[0-9]+}}, 4096;
\ CHECK-NEXT: and.b32 {{%r[0-9]+}}, [[SUM]], -8192;
\ CHECK: sub.f32
\ CHECK-COUNT-4: mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32
\ CHECK-NOT: mma.sync

\ In f64 mode FEXP2 is libdevice's exp2 (inlined: a polynomial in double,
\ no ex2.approx); the MMA operands are narrowed to f32.
\ F64-NOT: ex2.approx
\ F64: fma.f64
\ F64: fptrunc double {{.*}} to float
\ F64: call i32 @llvm.nvvm.f2tf32.rna(float
\ F64: call { float, float, float, float } @llvm.nvvm.mma.m16n8k8.row.col.tf32(i32
