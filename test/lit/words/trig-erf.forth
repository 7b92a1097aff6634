\ FSIN FCOS FERF are IR operations (fsin, fcos, ferf) that the GPU lowers to
\ libdevice's accurate functions (CUDA's sinf, cosf, erff; sin, cos, erf in
\ f64 mode), linked in: the Payne-Hanek table of the exact
\ argument reduction is there, and no libdevice name is left in the PTX.
\ RUN: %warpforthc %s --float f32 --emit ir | FileCheck %s --check-prefix=IR
\ RUN: %warpforthc %s --float f32 --emit llvm | FileCheck %s --check-prefix=F32
\ RUN: %warpforthc %s --emit llvm | FileCheck %s --check-prefix=F64
\ RUN: %warpforthc %s --float f32 --arch sm_80 | FileCheck %s --check-prefix=PTX
\ RUN: %warpforthc %s --arch sm_90 | FileCheck %s --check-prefix=PTX

\! kernel k
\! param A f64[4]
A F@ FSIN A F!  A F@ FCOS A F!  A F@ FERF A F!

\ IR: fsin %{{[0-9]+}} : f32
\ IR: fcos %{{[0-9]+}} : f32
\ IR: ferf %{{[0-9]+}} : f32
\ F32: @__cudart_i2opi_f =
\ F32-NOT: call {{.*}}@__nv_
\ F64: @__cudart_i2opi_d =
\ F64-NOT: call {{.*}}@__nv_
\ PTX: .entry k
\ PTX-NOT: __nv_
\ PTX: ret;
