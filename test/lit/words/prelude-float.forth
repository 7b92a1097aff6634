\ Prelude float words: FSQUARE FDUP FDROP FSWAP FOVER F0= F0< 1/F.
\ RUN: %warpforthc %s --emit llvm | FileCheck %s

\! kernel k
\! param A f64[64]
\! param FL i64[64]
: OUT ( x i -- ) CELLS A + F! ;
: FLAG ( n i -- ) CELLS FL + ! ;
3.0 FSQUARE 0 OUT
1.5 FDUP F+ 1 OUT
1.5 2.5 FDROP 2 OUT
1.0 4.0 FSWAP F- 3 OUT
1.0 4.0 FOVER F- F+ 4 OUT
0.0 F0= 0 FLAG   -0.0 F0= 1 FLAG   2.0 F0= 2 FLAG
-2.0 F0< 3 FLAG  2.0 F0< 4 FLAG    0.0 F0< 5 FLAG
4.0 1/F 5 OUT

\ CHECK: store double 9.000000e+00,
\ CHECK: store double 3.000000e+00,
\ CHECK: store double 1.500000e+00,
\ CHECK: store double 3.000000e+00,
\ CHECK: store double 4.000000e+00,
\ CHECK: store i64 -1,
\ CHECK: store i64 -1,
\ CHECK: store i64 0,
\ CHECK: store i64 -1,
\ CHECK: store i64 0,
\ CHECK: store i64 0,
\ CHECK: store double 2.500000e-01,
