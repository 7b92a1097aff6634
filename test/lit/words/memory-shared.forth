\ S@ S! SF@ SF! access shared memory: a shared array's name pushes its
\ address and the words use ld/st.shared (i64 cells; floats in the float
\ mode's width).
\ RUN: %warpforthc %s --emit ir | FileCheck %s --check-prefix=IR
\ RUN: %warpforthc %s | FileCheck %s --check-prefix=PTX
\ RUN: %warpforthc %s --float f32 | FileCheck %s --check-prefix=PTX32

\! kernel k
\! param OUT i64[2]
\! shared S i64[32]
\! shared F f64[32]
TID-X DUP CELLS S + S!
TID-X S>F TID-X CELLS F + SF!
BARRIER
S 8 + S@ OUT !
F 8 + SF@ F>S OUT 8 + !

\ IR: shared @S: i64[32]
\ IR: shared @F: f64[32]
\ IR: [[SA:%[0-9]+]] = shared.addr S : i64
\ IR: store.shared.i64
\ IR: shared.addr F
\ IR: store.shared.f64
\ IR: barrier
\ IR: load.shared.i64
\ IR: load.shared.f64

\ PTX: st.shared.u64
\ PTX: st.shared.f64
\ PTX: bar.sync 0;
\ PTX: ld.shared.u64 {{%rd[0-9]+}}, [shared_S+8];
\ PTX: ld.shared.f64 {{%fd[0-9]+}}, [shared_F+8];

\ PTX32: st.shared.f32
\ PTX32: ld.shared.f32 {{%f[0-9]+}}, [shared_F+8];
