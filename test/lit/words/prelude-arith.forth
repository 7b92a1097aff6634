\ Prelude integer words: NEGATE ABS MIN MAX 1+ 1- 2* 2/ (rounds down)
\ /MOD ( a b -- rem quot ) WITHIN ( n lo hi -- flag, lo <= n < hi ).
\ RUN: %warpforthc %s --emit llvm | FileCheck %s

\! kernel k
\! param A i64[64]
: OUT ( n i -- ) CELLS A + ! ;
5 NEGATE 0 OUT   -5 NEGATE 1 OUT
-7 ABS 2 OUT     7 ABS 3 OUT
3 -9 MIN 4 OUT   3 -9 MAX 5 OUT
41 1+ 6 OUT      41 1- 7 OUT
21 2* 8 OUT      -7 2/ 9 OUT   7 2/ 10 OUT
17 5 /MOD 12 OUT 11 OUT
-17 5 /MOD 14 OUT 13 OUT
5 0 10 WITHIN 15 OUT   10 0 10 WITHIN 16 OUT   -1 0 10 WITHIN 17 OUT
0 0 10 WITHIN 18 OUT

\ CHECK: store i64 -5,
\ CHECK: store i64 5,
\ CHECK: store i64 7,
\ CHECK: store i64 7,
\ CHECK: store i64 -9,
\ CHECK: store i64 3,
\ CHECK: store i64 42,
\ CHECK: store i64 40,
\ CHECK: store i64 42,
\ CHECK: store i64 -4,
\ CHECK: store i64 3,
\ 17 5 /MOD -> 2 3: quot stored first, then rem
\ CHECK: store i64 3,
\ CHECK: store i64 2,
\ -17 5 /MOD -> -2 -3
\ CHECK: store i64 -3,
\ CHECK: store i64 -2,
\ CHECK: store i64 -1,
\ CHECK: store i64 0,
\ CHECK: store i64 0,
\ CHECK: store i64 -1,
\ CHECK-NOT: store
