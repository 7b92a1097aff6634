\ PICK copies the n-th item (0 = top) to the top; ROLL moves it there.
\ Constant indices fold to slot moves; stores come in pop order.
\ RUN: %warpforthc %s --emit llvm | FileCheck %s

\! kernel k
\! param A i64[64]
: OUT ( n i -- ) CELLS A + ! ;
10 20 30 0 PICK   3 OUT 2 OUT 1 OUT 0 OUT
10 20 30 2 PICK   7 OUT 6 OUT 5 OUT 4 OUT
10 20 30 2 ROLL   10 OUT 9 OUT 8 OUT
10 20 30 1 ROLL   13 OUT 12 OUT 11 OUT
10 20 30 0 ROLL   16 OUT 15 OUT 14 OUT

\ 0 PICK = DUP: 10 20 30 30
\ CHECK: store i64 30,
\ CHECK: store i64 30,
\ CHECK: store i64 20,
\ CHECK: store i64 10,
\ 2 PICK: 10 20 30 10
\ CHECK: store i64 10,
\ CHECK: store i64 30,
\ CHECK: store i64 20,
\ CHECK: store i64 10,
\ 2 ROLL = ROT: 20 30 10
\ CHECK: store i64 10,
\ CHECK: store i64 30,
\ CHECK: store i64 20,
\ 1 ROLL = SWAP: 10 30 20
\ CHECK: store i64 20,
\ CHECK: store i64 30,
\ CHECK: store i64 10,
\ 0 ROLL does nothing: 10 20 30
\ CHECK: store i64 30,
\ CHECK: store i64 20,
\ CHECK: store i64 10,
\ CHECK-NOT: store
