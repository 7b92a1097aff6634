\ 'BEGIN .. WHILE .. UNTIL .. THEN': UNTIL closes the loop, THEN resolves
\ the WHILE exit; both exits meet after THEN.
\ RUN: %warpforthc %s --emit ir | FileCheck %s

\! kernel k
\! param A i64[8]
0 BEGIN DUP 10 < WHILE 1+ DUP 5 = UNTIL THEN A !

\ CHECK:      bb1([[X:%[0-9]+]]: i64):
\ CHECK:        condbr {{%[0-9]+}}, bb2(), bb4([[X]])
\ CHECK-NEXT: bb2:
\ CHECK:        [[Y:%[0-9]+]] = add [[X]],
\ CHECK:        condbr {{%[0-9]+}}, bb3(), bb1([[Y]])
\ CHECK-NEXT: bb3:
\ CHECK-NEXT:   br bb4([[Y]])
\ CHECK-NEXT: bb4([[R:%[0-9]+]]: i64):
\ CHECK:        store.global.i64 [[R]],
