\ Prelude stack words: 2DUP 2DROP 2SWAP 2OVER -ROT 3DUP. Stores come in
\ pop order (top first).
\ RUN: %warpforthc %s --emit llvm | FileCheck %s

\! kernel k
\! param A i64[64]
: OUT ( n i -- ) CELLS A + ! ;
1 2 2DUP          3 OUT 2 OUT 1 OUT 0 OUT
1 2 3 2DROP       4 OUT
1 2 3 4 2SWAP     8 OUT 7 OUT 6 OUT 5 OUT
1 2 3 4 2OVER     14 OUT 13 OUT 12 OUT 11 OUT 10 OUT 9 OUT
1 2 3 -ROT        17 OUT 16 OUT 15 OUT
1 2 3 3DUP        23 OUT 22 OUT 21 OUT 20 OUT 19 OUT 18 OUT

\ 2DUP -> 1 2 1 2
\ CHECK: store i64 2,
\ CHECK: store i64 1,
\ CHECK: store i64 2,
\ CHECK: store i64 1,
\ 2DROP -> 1
\ CHECK: store i64 1,
\ 2SWAP -> 3 4 1 2
\ CHECK: store i64 2,
\ CHECK: store i64 1,
\ CHECK: store i64 4,
\ CHECK: store i64 3,
\ 2OVER -> 1 2 3 4 1 2
\ CHECK: store i64 2,
\ CHECK: store i64 1,
\ CHECK: store i64 4,
\ CHECK: store i64 3,
\ CHECK: store i64 2,
\ CHECK: store i64 1,
\ -ROT -> 3 1 2
\ CHECK: store i64 2,
\ CHECK: store i64 1,
\ CHECK: store i64 3,
\ 3DUP -> 1 2 3 1 2 3
\ CHECK: store i64 3,
\ CHECK: store i64 2,
\ CHECK: store i64 1,
\ CHECK: store i64 3,
\ CHECK: store i64 2,
\ CHECK: store i64 1,
\ CHECK-NOT: store
