\ Addresses the front end follows through loops, paths and arithmetic are
\ accepted when each word gets an address of its own memory, and the PTX
\ uses the right state space (%warpforthc assembles it with ptxas): a
\ shared pointer carried by a loop, a distance between two addresses of one
\ shared array added to a param's address, CP-ASYNC from global to shared,
\ and a shared address kept in shared memory and used again by S@.
\ RUN: %warpforthc %s | FileCheck %s

\! kernel k
\! param X i64[64]
\! param N i64
\! shared TILE i64[64]
\! shared PTR i64[1]
TILE N 0 DO I OVER S! 8 + LOOP DROP
TILE 24 + TILE - X + @ TILE S!
X TILE CP-ASYNC CP-ASYNC-COMMIT 0 CP-ASYNC-WAIT
TILE 8 + PTR S! PTR S@ S@ X !
\ CHECK: .entry k(
\ CHECK-DAG: st.shared.u64
\ CHECK-DAG: ld.global.u64 {{.*}}+24]
\ CHECK-DAG: cp.async.cg.shared.global
\ CHECK-DAG: ld.shared.u64
