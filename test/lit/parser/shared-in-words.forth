\ Shared arrays and params are usable inside word definitions (the public
\ WarpForth forbids shared names in words; this compiler allows them).
\ RUN: %warpforthc %s --emit ast | FileCheck %s

\! kernel k
\! shared BUF f64[32]
\! param P i64[8]
: SLOT CELLS BUF + ;
: FIRST P @ ;
FIRST SLOT S@ DROP

\ CHECK:      word SLOT
\ CHECK-NEXT:   8:8 prim CELLS
\ CHECK-NEXT:   8:14 shared BUF
\ CHECK-NEXT:   8:18 prim +
\ CHECK-NEXT: word FIRST
\ CHECK-NEXT:   9:9 param P
