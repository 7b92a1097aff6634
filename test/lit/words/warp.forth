\ Warp words: LANE-ID is %laneid, WARP-ID is the linear thread id
\ (tid.x + tid.y*ntid.x + tid.z*ntid.x*ntid.y) shifted right by 5,
\ WARP-SIZE is the constant 32. SHFL-XOR/DOWN/UP/IDX ( n lane -- n' ) move a
\ cell between lanes with shfl.sync (two 32-bit shuffles for a 64-bit cell,
\ member mask = activemask; clamp 31, or 0 for UP); FSHFL-* do the same for
\ floats (one shuffle for an f32).
\ RUN: %warpforthc %s --emit ir | FileCheck %s --check-prefix=IR
\ RUN: %warpforthc %s | FileCheck %s
\ RUN: %warpforthc %s --float f32 | FileCheck %s --check-prefix=F32

\! kernel k
\! param A i64[64]
\! param IN i64[2]
\! param X f64[8]
: OUT ( n i -- ) CELLS A + ! ;
LANE-ID 0 OUT
WARP-ID 1 OUT
WARP-SIZE 2 OUT
IN @ 1 SHFL-XOR 3 OUT
IN @ 2 SHFL-DOWN 4 OUT
IN @ 4 SHFL-UP 5 OUT
IN @ IN 8 + @ SHFL-IDX 6 OUT
X F@ 8 FSHFL-XOR X F!
X F@ 1 FSHFL-DOWN X 8 + F!
X F@ 1 FSHFL-UP X 16 + F!
X F@ 0 FSHFL-IDX X 24 + F!

\ IR: sreg laneid
\ IR: [[L:%[0-9]+]] = sreg linear.tid
\ IR-NEXT: lshr [[L]], {{%[0-9]+}}
\ IR: [[WS:%[0-9]+]] = const 32
\ IR-NOT: sreg
\ IR: shfl.xor {{%[0-9]+}}, {{%[0-9]+}} : i64
\ IR: shfl.down {{%[0-9]+}}, {{%[0-9]+}} : i64
\ IR: shfl.up {{%[0-9]+}}, {{%[0-9]+}} : i64
\ IR: shfl.idx {{%[0-9]+}}, {{%[0-9]+}} : i64
\ IR: shfl.xor {{%[0-9]+}}, {{%[0-9]+}} : f64
\ IR: shfl.down {{%[0-9]+}}, {{%[0-9]+}} : f64
\ IR: shfl.up {{%[0-9]+}}, {{%[0-9]+}} : f64
\ IR: shfl.idx {{%[0-9]+}}, {{%[0-9]+}} : f64

\ CHECK: mov.u32 {{%r[0-9]+}}, %laneid;
\ CHECK-DAG: mov.u32 {{%r[0-9]+}}, %tid.z;
\ CHECK-DAG: mov.u32 {{%r[0-9]+}}, %ntid.y;
\ CHECK: activemask.b32 [[M:%r[0-9]+]];
\ CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 1, 31, [[M]];
\ CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 1, 31, [[M]];
\ CHECK: shfl.sync.down.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 2, 31,
\ CHECK: shfl.sync.down.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 2, 31,
\ CHECK: shfl.sync.up.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 4, 0,
\ CHECK: shfl.sync.up.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 4, 0,
\ CHECK: shfl.sync.idx.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, {{%r[0-9]+}}, 31,
\ CHECK: shfl.sync.idx.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, {{%r[0-9]+}}, 31,
\ CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 8, 31,
\ CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 8, 31,

\ In f32 mode a float shuffle is one 32-bit shuffle.
\ F32: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 8, 31,
\ F32-NOT: shfl.sync.bfly
\ F32: shfl.sync.down.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 1, 31,
\ F32-NOT: shfl.sync.down
