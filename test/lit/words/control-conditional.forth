\ IF ELSE THEN: any nonzero flag takes the IF branch, zero takes ELSE (or
\ skips). The folded stores show which branch ran.
\ RUN: %warpforthc %s --emit llvm | FileCheck %s
\ RUN: %warpforthc %s | FileCheck %s --check-prefix=PTX

\! kernel k
\! param A i64[8]
\! param IN i64[1]
: OUT ( n i -- ) CELLS A + ! ;
-1 IF 1 ELSE 2 THEN 0 OUT
0 IF 1 ELSE 2 THEN 1 OUT
7 IF 3 ELSE 4 THEN 2 OUT
10 0 IF DROP 20 THEN 3 OUT
10 5 IF DROP 20 THEN 4 OUT
1 IF 0 IF 5 ELSE 6 THEN ELSE 7 THEN 5 OUT
IN @ IF 8 ELSE 9 THEN 6 OUT

\ CHECK: store i64 1,
\ CHECK: store i64 2,
\ CHECK: store i64 3,
\ CHECK: store i64 10,
\ CHECK: store i64 20,
\ CHECK: store i64 6,
\ CHECK: [[F:%[.a-z0-9]+]] = icmp eq i64 {{%[0-9]+}}, 0
\ CHECK: select i1 [[F]], i64 9, i64 8

\ PTX: ld.global.u64
\ PTX: setp.eq.s64
