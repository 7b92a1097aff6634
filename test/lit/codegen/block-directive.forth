\ \! block X [Y [Z]]: the block shape the kernel requires. The PTX entry
\ gets .reqntid (ptxas allocates registers for exactly that many threads;
\ %warpforthc assembles every PTX it checks), the signature @block (for
\ the launch check and the tools' default block). Constant expressions,
\ evaluated after -D; missing Y and Z are 1. It replaces .maxntid, which
\ PTX does not take alongside .reqntid.
\ RUN: %warpforthc %s | FileCheck %s
\ RUN: %warpforthc %s -D WARPS=2 | FileCheck %s --check-prefix=TWO
\ RUN: sed 's/^.. block.*/\\! block 64/' %s | %warpforthc - | FileCheck %s --check-prefix=ONE

\! kernel k
\! const WARPS 4
\! launch-bounds 256
\! block 32 WARPS
\! param A i64[1]
2 A !

\ CHECK: // @max-threads 256
\ CHECK-NEXT: // @block 32 4 1
\ CHECK-NOT: .maxntid
\ CHECK: .reqntid 32, 4, 1
\ CHECK-NOT: .maxntid
\ TWO: // @block 32 2 1
\ TWO: .reqntid 32, 2, 1
\ ONE: // @block 64 1 1
\ ONE: .reqntid 64, 1, 1
