\ FTANH-APPROX is one tanh.approx.f32 (MUFU.TANH, sm_75 on), no libdevice
\ call; in f64 mode the value goes through f32. On an older target it is
\ refused at the word.
\ RUN: %warpforthc %s | FileCheck %s
\ RUN: %warpforthc %s --float f64 | FileCheck %s --check-prefix=F64
\ RUN: %not %warpforthc %s --arch sm_70 2>&1 | FileCheck %s --check-prefix=OLD

\! kernel k
\! float f32
\! param A f32[2]
A F@ FTANH-APPROX A 4 + F!

\ CHECK: tanh.approx.f32
\ CHECK-NOT: __nv_tanh
\ F64: cvt.rn.f32.f64
\ F64: tanh.approx.f32
\ F64: cvt.f64.f32
\ OLD: ftanh-approx.forth:11:6: {{.*}}FTANH-APPROX{{.*}}sm_75
