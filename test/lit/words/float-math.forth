\ FSQRT FEXP FLOG FTANH F** (f64 mode). FSQRT is llvm.sqrt (constants fold:
\ sqrt 2.25 = 1.5; run time: sqrt.rn.f64). FEXP FLOG FTANH are libdevice's
\ __nv_exp/__nv_log/__nv_tanh inlined (their exit blocks show in the LLVM
\ module); F** is __nv_pow, whose core __internal_accurate_pow is linked in
\ as an internal function. No __nv_ declaration is left unresolved.
\ RUN: %warpforthc %s --emit llvm | FileCheck %s
\ RUN: %warpforthc %s | FileCheck %s --check-prefix=PTX

\! kernel k
\! param A f64[64]
\! param IN f64[2]
: OUT ( x i -- ) CELLS A + F! ;
2.25 FSQRT 0 OUT
IN F@ FEXP 1 OUT
IN F@ FLOG 2 OUT
IN F@ FTANH 3 OUT
IN F@ IN 8 + F@ F** 4 OUT
IN F@ FSQRT 5 OUT

\ CHECK-NOT: declare {{.*}}@__nv_
\ CHECK: store double 1.500000e+00, ptr addrspace(1) %A
\ CHECK: __nv_exp.exit:
\ CHECK: __nv_log.exit:
\ CHECK: __nv_tanh.exit:
\ CHECK: call fastcc double @__internal_accurate_pow(
\ CHECK: call double @llvm.sqrt.f64(
\ CHECK: define internal fastcc double @__internal_accurate_pow(
\ CHECK-NOT: declare {{.*}}@__nv_

\ PTX-NOT: {{\.extern|__nv_}}
\ PTX: sqrt.rn.f64
\ PTX-NOT: {{\.extern|__nv_}}
