\ f64 FEXP and FLOG are libdevice's __nv_exp/__nv_log: the module links
\ libdevice and inlines them (even at -O0), so the LLVM module keeps their
\ bodies (the NVVM fma intrinsics, the inlined-block labels) but no call
\ to and no declaration of an __nv_ function, and the PTX has no call.
\ RUN: %warpforthc %s --emit llvm -O0 | FileCheck %s --check-prefix=O0
\ RUN: %warpforthc %s --emit llvm | FileCheck %s --check-prefix=O3
\ RUN: %warpforthc %s | FileCheck %s --check-prefix=PTX

\! kernel k
\! param X f64[2]
X F@ FEXP X F!
X 8 + F@ FLOG X 8 + F!

\ O0-NOT: {{call|declare}} {{.*}}@__nv_
\ O0: define ptx_kernel void @k(
\ O0: call double @llvm.nvvm.fma.rn.d(
\ O0-NOT: {{call|declare}} {{.*}}@__nv_

\ O3-NOT: {{call|declare}} {{.*}}@__nv_
\ O3: define ptx_kernel void @k(
\ O3: __nv_exp.exit:
\ O3: __nv_log.exit:
\ O3-NOT: {{call|declare}} {{.*}}@__nv_

\ PTX: .entry k(
\ PTX-NOT: {{call|\.func|\.extern}}
\ PTX: fma.rn.f64
\ PTX-NOT: {{call|\.func|\.extern}}
