\ FRSQRT is one rsqrt.approx.f32, in f32 mode and (through f32) in f64 mode.
\ RUN: %warpforthc %s --float f32 --emit llvm | FileCheck %s
\ RUN: %warpforthc %s --float f32 | FileCheck %s --check-prefix=PTX
\ RUN: %warpforthc %s | FileCheck %s --check-prefix=F64

\! kernel k
\! param A f64[4]
A F@ FRSQRT A F!

\ CHECK: call float @llvm.nvvm.rsqrt.approx.f(float
\ PTX: rsqrt.approx.f32
\ F64: cvt.rn.f32.f64
\ F64: rsqrt.approx.f32
\ F64: cvt.f64.f32
