\ The same math words in f32 mode: FSQRT is sqrt.rn.f32, FEXP is
\ ex2.approx.ftz.f32, FLOG FTANH F** are libdevice's f32 versions (__nv_logf,
\ __nv_tanhf, __nv_powf) inlined; nothing is computed in f64.
\ RUN: %warpforthc %s --emit llvm | FileCheck %s
\ RUN: %warpforthc %s | FileCheck %s --check-prefix=PTX

\! kernel k
\! float f32
\! param A f32[64]
\! param IN f32[2]
: OUT ( x i -- ) FLOATS A + F! ;
IN F@ FSQRT 0 OUT
IN F@ FEXP 1 OUT
IN F@ FLOG 2 OUT
IN F@ FTANH 3 OUT
IN F@ IN 4 + F@ F** 4 OUT

\ CHECK-NOT: {{declare|call}} {{.*}}@__nv_
\ CHECK: call float @llvm.sqrt.f32(
\ CHECK: call float @llvm.nvvm.ex2.approx.ftz.f(
\ CHECK-NOT: {{declare|call}} {{.*}}@__nv_
\ CHECK-NOT: double

\ PTX: sqrt.rn.f32
\ PTX: ex2.approx.ftz.f32
\ PTX-NOT: {{\.f64|\.extern|call|__nv_}}
