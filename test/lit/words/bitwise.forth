\ AND OR XOR NOT LSHIFT RSHIFT ARSHIFT. RSHIFT is logical, ARSHIFT keeps
\ the sign; a shift by 64 or more (or a negative count) gives 0, and
\ ARSHIFT then gives the sign (0 or -1).
\ RUN: %warpforthc %s --emit llvm | FileCheck %s
\ RUN: %warpforthc %s --emit ir | FileCheck %s --check-prefix=IR
\ RUN: %warpforthc %s | FileCheck %s --check-prefix=PTX

\! kernel k
\! param A i64[64]
\! param IN i64[2]
: OUT ( n i -- ) CELLS A + ! ;
12 10 AND 0 OUT
12 10 OR 1 OUT
12 10 XOR 2 OUT
0 NOT 3 OUT
1 4 LSHIFT 4 OUT
-16 2 RSHIFT 5 OUT
-16 2 ARSHIFT 6 OUT
1 64 LSHIFT 7 OUT
-1 64 RSHIFT 8 OUT
-1 100 ARSHIFT 9 OUT
5 64 ARSHIFT 10 OUT
1 -1 LSHIFT 11 OUT
IN @ IN 8 + @ LSHIFT 12 OUT
IN @ IN 8 + @ RSHIFT 13 OUT
IN @ IN 8 + @ ARSHIFT 14 OUT
IN @ NOT 15 OUT

\ CHECK: store i64 8,
\ CHECK: store i64 14,
\ CHECK: store i64 6,
\ CHECK: store i64 -1,
\ CHECK: store i64 16,
\ CHECK: store i64 4611686018427387900,
\ CHECK: store i64 -4,
\ CHECK: store i64 0,
\ CHECK: store i64 0,
\ CHECK: store i64 -1,
\ CHECK: store i64 0,
\ CHECK: store i64 0,

\ IR: shl
\ IR: lshr
\ IR: ashr
\ IR: [[M1:%[0-9]+]] = const -1
\ IR-NEXT: xor {{%[0-9]+}}, [[M1]]

\ PTX: shl.b64
\ PTX: shr.u64
\ PTX: shr.s64
\ PTX: not.b64
