\ >R, R@ and R> move values through the compile-time return stack: no
\ instructions, and the return stack is carried through loops like the data
\ stack (here the value parked with >R survives a DO loop).
\ RUN: %warpforthc %s --emit ir | FileCheck %s

\! kernel k
\! param A i64[8]
A @ A 8 + @ >R R@ A ! 4 0 DO R@ DROP LOOP DROP R> A !

\ CHECK:      [[X:%[0-9]+]] = load.global.i64
\ CHECK:      [[Y:%[0-9]+]] = load.global.i64
\ CHECK:      store.global.i64 [[Y]],
\ CHECK:      br bb1([[X]], [[Y]],
\ CHECK-NEXT: bb1({{%[0-9]+}}: i64, [[R:%[0-9]+]]: i64,
\ CHECK:      bb2:
\ CHECK-NEXT: param.addr
\ CHECK-NEXT: store.global.i64 [[R]],
