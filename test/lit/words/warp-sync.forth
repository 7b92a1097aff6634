\ WARP-SYNC ( -- ) is bar.warp.sync over the active lanes (CUDA's
\ __syncwarp): an activemask, then the sync with it as the member mask,
\ between the shared store before it and the load after it.
\ RUN: %warpforthc %s --emit ir | FileCheck %s --check-prefix=IR
\ RUN: %warpforthc %s | FileCheck %s

\! kernel k
\! param A i64[64]
\! shared S i64[64]
TID-X TID-X CELLS S + S!
WARP-SYNC
TID-X 1 XOR CELLS S + S@ TID-X CELLS A + !

\ IR: store
\ IR-NEXT: warp.sync
\ CHECK: st.shared.u64
\ CHECK: activemask.b32 [[M:%r[0-9]+]];
\ CHECK-NEXT: bar.warp.sync [[M]];
\ CHECK: ld.shared.u64
