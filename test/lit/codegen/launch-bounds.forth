\ \! launch-bounds MAX_THREADS [MIN_BLOCKS_PER_SM]: .maxntid and
\ .minnctapersm in the PTX (ptxas then budgets registers for that many
\ blocks), and @max-threads in the signature for the runtime's launch check.
\ The values are constant expressions, evaluated after -D; without the
\ directive there is neither.
\ RUN: %warpforthc %s | FileCheck %s
\ RUN: %warpforthc %s -D WARPS=8 | FileCheck %s --check-prefix=EIGHT
\ RUN: sed 's/^.. launch-bounds.*//' %s | %warpforthc - | FileCheck %s --check-prefix=NONE

\! kernel k
\! const WARPS 4
\! launch-bounds 32*WARPS 2
\! param A i64[1]
2 A !

\ CHECK: // @max-threads 128
\ CHECK: .maxntid 128, 1, 1
\ CHECK-NEXT: .minnctapersm 2
\ EIGHT: // @max-threads 256
\ EIGHT: .maxntid 256, 1, 1
\ NONE-NOT: @max-threads
\ NONE-NOT: .maxntid
\ NONE-NOT: .minnctapersm
