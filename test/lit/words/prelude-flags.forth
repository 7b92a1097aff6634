\ Prelude flag words: TRUE (-1) FALSE (0) 0< 0> 0<> INVERT.
\ RUN: %warpforthc %s --emit llvm | FileCheck %s

\! kernel k
\! param A i64[64]
: OUT ( n i -- ) CELLS A + ! ;
TRUE 0 OUT  FALSE 1 OUT
-5 0< 2 OUT  5 0< 3 OUT  0 0< 4 OUT
5 0> 5 OUT  -5 0> 6 OUT  0 0> 7 OUT
7 0<> 8 OUT  0 0<> 9 OUT
0 INVERT 10 OUT  TRUE INVERT 11 OUT  5 INVERT 12 OUT

\ CHECK: store i64 -1,
\ CHECK: store i64 0,
\ CHECK: store i64 -1,
\ CHECK: store i64 0,
\ CHECK: store i64 0,
\ CHECK: store i64 -1,
\ CHECK: store i64 0,
\ CHECK: store i64 0,
\ CHECK: store i64 -1,
\ CHECK: store i64 0,
\ CHECK: store i64 -1,
\ CHECK: store i64 0,
\ CHECK: store i64 -6,
\ CHECK-NOT: store
