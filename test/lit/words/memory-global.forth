\ @ ! F@ F! access global memory at byte addresses (addr = base + offset):
\ cells are 8-byte i64, floats are f64 in f64 mode and f32 in f32 mode.
\ RUN: %warpforthc %s --emit ir | FileCheck %s --check-prefix=IR
\ RUN: %warpforthc %s | FileCheck %s --check-prefix=PTX
\ RUN: %warpforthc %s --float f32 | FileCheck %s --check-prefix=PTX32

\! kernel k
\! param A i64[8]
\! param X f64[8]
A 8 + @ 1 + A 16 + !
X 8 + F@ 2.0 F* X 16 + F!

\ IR: [[A1:%[0-9]+]] = add {{%[0-9]+}}, {{%[0-9]+}} : i64
\ IR-NEXT: [[V:%[0-9]+]] = load.global.i64 [[A1]] : i64
\ IR: store.global.i64 {{%[0-9]+}}, {{%[0-9]+}}
\ IR: load.global.f64 {{%[0-9]+}} : f64
\ IR: store.global.f64

\ PTX: ld.global.u64 {{%rd[0-9]+}}, [{{%rd[0-9]+}}+8];
\ PTX: st.global.u64 [{{%rd[0-9]+}}+16],
\ PTX: ld.global.f64 {{%fd[0-9]+}}, [{{%rd[0-9]+}}+8];
\ PTX: st.global.f64 [{{%rd[0-9]+}}+16],

\ PTX32: ld.global.f32 {{%f[0-9]+}}, [{{%rd[0-9]+}}+8];
\ PTX32: st.global.f32 [{{%rd[0-9]+}}+16],
