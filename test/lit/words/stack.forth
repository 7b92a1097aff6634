\ DUP DROP SWAP OVER ROT NIP TUCK: each line leaves a known stack, which
\ OUT writes to A[0], A[1], ...; the constants fold, so the LLVM stores
\ show exactly the resulting stack. No instruction is emitted
\ for the stack words themselves.
\ RUN: %warpforthc %s --emit llvm | FileCheck %s
\ RUN: %warpforthc %s --emit ir | FileCheck %s --check-prefix=IR

\! kernel k
\! param A i64[64]
: OUT ( n i -- ) CELLS A + ! ;
1 DUP             1 OUT 0 OUT
1 2 DROP          2 OUT
3 4 SWAP          4 OUT 3 OUT
5 6 OVER          7 OUT 6 OUT 5 OUT
7 8 9 ROT         10 OUT 9 OUT 8 OUT
10 11 NIP         11 OUT
12 13 TUCK        14 OUT 13 OUT 12 OUT

\ Stores come in pop order (top of stack first).
\ 1 DUP -> 1 1
\ CHECK:      store i64 1,
\ CHECK:      store i64 1,
\ 1 2 DROP -> 1
\ CHECK:      store i64 1,
\ 3 4 SWAP -> 4 3
\ CHECK:      store i64 3,
\ CHECK:      store i64 4,
\ 5 6 OVER -> 5 6 5
\ CHECK:      store i64 5,
\ CHECK:      store i64 6,
\ CHECK:      store i64 5,
\ 7 8 9 ROT -> 8 9 7
\ CHECK:      store i64 7,
\ CHECK:      store i64 9,
\ CHECK:      store i64 8,
\ 10 11 NIP -> 11
\ CHECK:      store i64 11,
\ 12 13 TUCK -> 13 12 13
\ CHECK:      store i64 13,
\ CHECK:      store i64 12,
\ CHECK:      store i64 13,
\ CHECK-NOT:  store
\ CHECK:      ret void

\ IR-NOT: {{select|load}}
