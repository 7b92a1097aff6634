\ = < > <> <= >= 0= U< U> push a flag: true is -1 (all bits), false 0.
\ < > are signed, U< U> unsigned.
\ RUN: %warpforthc %s --emit llvm | FileCheck %s
\ RUN: %warpforthc %s --emit ir | FileCheck %s --check-prefix=IR
\ RUN: %warpforthc %s -O0 --emit llvm | FileCheck %s --check-prefix=SEXT

\! kernel k
\! param A i64[64]
\! param IN i64[2]
: OUT ( n i -- ) CELLS A + ! ;
3 3 = 0 OUT    3 4 = 1 OUT
-1 0 < 2 OUT   0 -1 < 3 OUT
-1 0 > 4 OUT   0 -1 > 5 OUT
3 4 <> 6 OUT   3 3 <> 7 OUT
3 3 <= 8 OUT   4 3 <= 9 OUT
3 3 >= 10 OUT  3 4 >= 11 OUT
0 0= 12 OUT    5 0= 13 OUT
-1 0 U< 14 OUT 0 -1 U< 15 OUT
-1 0 U> 16 OUT 0 -1 U> 17 OUT
IN @ IN 8 + @ = 18 OUT   IN @ IN 8 + @ < 19 OUT   IN @ IN 8 + @ > 20 OUT
IN @ IN 8 + @ <> 21 OUT  IN @ IN 8 + @ <= 22 OUT  IN @ IN 8 + @ >= 23 OUT
IN @ 0= 24 OUT           IN @ IN 8 + @ U< 25 OUT  IN @ IN 8 + @ U> 26 OUT

\ CHECK: store i64 -1,
\ CHECK: store i64 0,
\ CHECK: store i64 -1,
\ CHECK: store i64 0,
\ CHECK: store i64 0,
\ CHECK: store i64 -1,
\ CHECK: store i64 -1,
\ CHECK: store i64 0,
\ CHECK: store i64 -1,
\ CHECK: store i64 0,
\ CHECK: store i64 -1,
\ CHECK: store i64 0,
\ CHECK: store i64 -1,
\ CHECK: store i64 0,
\ CHECK: store i64 0,
\ CHECK: store i64 -1,
\ CHECK: store i64 -1,
\ CHECK: store i64 0,

\ Constant operands fold already in the IR; run-time ones are compares.
\ IR-NOT: icmp
\ IR: icmp.eq
\ IR: icmp.lt
\ IR: icmp.gt
\ IR: icmp.ne
\ IR: icmp.le
\ IR: icmp.ge
\ IR: icmp.eq
\ IR: icmp.ult
\ IR: icmp.ugt

\ A run-time comparison is an i1 sign-extended to a cell (-1 or 0).
\ SEXT: [[B:%[0-9]+]] = icmp slt i64
\ SEXT-NEXT: sext i1 [[B]] to i64
