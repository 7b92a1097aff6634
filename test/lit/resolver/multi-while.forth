\ Two WHILEs in one loop: 'BEGIN .. WHILE .. WHILE .. REPEAT .. THEN'.
\ REPEAT resolves the second WHILE's exit, THEN the first's; both exits meet
\ with the same depth in one block with a parameter.
\ RUN: %warpforthc %s --emit ir | FileCheck %s

\! kernel k
\! param A i64[8]
0 BEGIN DUP 10 < WHILE DUP A @ <> WHILE 1+ REPEAT DROP -1 THEN A !

\ CHECK:      bb1([[X:%[0-9]+]]: i64):
\ CHECK:        condbr {{%[0-9]+}}, bb2(), bb5([[X]])
\ CHECK-NEXT: bb2:
\ CHECK:        condbr {{%[0-9]+}}, bb3(), bb4()
\ CHECK-NEXT: bb3:
\ CHECK:        br bb1(
\ CHECK-NEXT: bb4:
\ CHECK-NEXT:   [[M1:%[0-9]+]] = const -1
\ CHECK-NEXT:   br bb5([[M1]])
\ CHECK-NEXT: bb5([[R:%[0-9]+]]: i64):
\ CHECK:        store.global.i64 [[R]],
