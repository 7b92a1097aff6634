\ f64 math: FSQRT is sqrt.rn.f64, FMAX/FMIN are max/min.f64, FLOOR is
\ cvt.rmi; FEXP, FLOG and FTANH come from libdevice, linked and inlined so
\ no call, no .func and no local memory is left in the PTX.
\ RUN: %warpforthc %s | FileCheck %s
\ RUN: %warpforthc %s | FileCheck %s --check-prefix=NOCALL
\ RUN: %warpforthc %s --emit llvm | FileCheck %s --check-prefix=LLVM

\! kernel k
\! param X f64[4]
X F@ FSQRT X 8 + F@ FMAX X 16 + F@ FMIN FLOOR FEXP FLOG FTANH X F!

\ CHECK: sqrt.rn.f64
\ CHECK: max.f64
\ CHECK: min.f64
\ CHECK: cvt.rmi.f64.f64
\ CHECK: st.global.f64

\ NOCALL-NOT: {{call|\.func|\.extern|\.local|__nv_}}

\ LLVM-NOT: declare {{.*}}@__nv_
\ LLVM-NOT: call {{.*}}@__nv_
\ LLVM: @llvm.sqrt.f64
\ LLVM: @llvm.maxnum.f64
\ LLVM: @llvm.minnum.f64
\ LLVM: @llvm.floor.f64
