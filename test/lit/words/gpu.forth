\ TID-X/Y/Z BID-X/Y/Z BDIM-X/Y/Z GDIM-X/Y/Z read the PTX special registers
\ %tid %ctaid %ntid %nctaid (zero-extended to a cell); GLOBAL-ID is
\ BID-X * BDIM-X + TID-X; BARRIER is bar.sync 0.
\ RUN: %warpforthc %s | FileCheck %s
\ RUN: %warpforthc %s --emit ir | FileCheck %s --check-prefix=IR

\! kernel k
\! param A i64[16]
: OUT ( n i -- ) CELLS A + ! ;
TID-X 0 OUT  TID-Y 1 OUT  TID-Z 2 OUT
BID-X 3 OUT  BID-Y 4 OUT  BID-Z 5 OUT
BDIM-X 6 OUT BDIM-Y 7 OUT BDIM-Z 8 OUT
GDIM-X 9 OUT GDIM-Y 10 OUT GDIM-Z 11 OUT
BARRIER
GLOBAL-ID 12 OUT

\ CHECK-DAG: mov.u32 {{%r[0-9]+}}, %tid.x;
\ CHECK-DAG: mov.u32 {{%r[0-9]+}}, %tid.y;
\ CHECK-DAG: mov.u32 {{%r[0-9]+}}, %tid.z;
\ CHECK-DAG: mov.u32 {{%r[0-9]+}}, %ctaid.x;
\ CHECK-DAG: mov.u32 {{%r[0-9]+}}, %ctaid.y;
\ CHECK-DAG: mov.u32 {{%r[0-9]+}}, %ctaid.z;
\ CHECK-DAG: mov.u32 {{%r[0-9]+}}, %ntid.x;
\ CHECK-DAG: mov.u32 {{%r[0-9]+}}, %ntid.y;
\ CHECK-DAG: mov.u32 {{%r[0-9]+}}, %ntid.z;
\ CHECK-DAG: mov.u32 {{%r[0-9]+}}, %nctaid.x;
\ CHECK-DAG: mov.u32 {{%r[0-9]+}}, %nctaid.y;
\ CHECK-DAG: mov.u32 {{%r[0-9]+}}, %nctaid.z;
\ CHECK: bar.sync 0;
\ CHECK: mul.wide.u32
\ CHECK: st.global.u64

\ IR: sreg tid.x
\ IR: sreg tid.y
\ IR: sreg tid.z
\ IR: sreg bid.x
\ IR: sreg bid.y
\ IR: sreg bid.z
\ IR: sreg bdim.x
\ IR: sreg bdim.y
\ IR: sreg bdim.z
\ IR: sreg gdim.x
\ IR: sreg gdim.y
\ IR: sreg gdim.z
\ IR: barrier
\ IR-DAG: [[BD:%[0-9]+]] = sreg bdim.x
\ IR-DAG: [[BI:%[0-9]+]] = sreg bid.x
\ IR: [[M:%[0-9]+]] = mul [[BI]], [[BD]]
\ IR: [[T:%[0-9]+]] = sreg tid.x
\ IR: add [[M]], [[T]]
