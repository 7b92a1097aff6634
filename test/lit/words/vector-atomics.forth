\ 2FATOMIC-ADD-F32 / 4FATOMIC-ADD-F32: vector reductions into f32 global
\ memory, one red.global.add.v2/.v4.f32 each (PTX ISA 8.1, sm_90); float
\ cells rounded to f32 first (f64 mode); an older --arch is an error at the
\ word; a shared address is an address-space error.
\ RUN: %warpforthc %s --arch sm_90 | FileCheck %s
\ RUN: %warpforthc %s --arch sm_90 --float f64 | FileCheck %s --check-prefix=F64
\ RUN: %not %warpforthc %s --arch sm_80 2>&1 | FileCheck %s --check-prefix=SM80
\ RUN: %not %warpforthc %s --arch sm_80 --emit ir 2>&1 | FileCheck %s --check-prefix=SM80
\ RUN: %not %warpforthc %s --arch sm_90 -D SHARED=1 2>&1 | FileCheck %s --check-prefix=SHARED

\! kernel k
\! const SHARED 0
\! param X f32[64]
\! shared S f32[8]
TID-X 16 * X + { a }
1.5 2.5 a 2FATOMIC-ADD-F32
\ SM80: vector-atomics.forth:[[@LINE-1]]:11: error: '2FATOMIC-ADD-F32' needs --arch sm_90 or newer, not sm_80
1.0 2.0 3.0 4.0 a 4FATOMIC-ADD-F32
SHARED IF 1.0 2.0 S 2FATOMIC-ADD-F32 THEN
\ SHARED: vector-atomics.forth:[[@LINE-1]]:21: error: '2FATOMIC-ADD-F32' updates global memory but its address is in the shared array 'S'

\ CHECK: .version 8.1
\ CHECK: red.relaxed.gpu.global.add.v2.f32 [%rd{{[0-9]+}}], {%f{{[0-9]+}}, %f{{[0-9]+}}};
\ CHECK: red.relaxed.gpu.global.add.v4.f32 [%rd{{[0-9]+}}], {%f{{[0-9]+}}, %f{{[0-9]+}}, %f{{[0-9]+}}, %f{{[0-9]+}}};
\ F64: red.relaxed.gpu.global.add.v2.f32
\ F64: red.relaxed.gpu.global.add.v4.f32
