\ BEGIN ... WHILE ... REPEAT: WHILE branches to the exit when the flag is
\ zero; REPEAT jumps back to the header; the exit block continues with the
\ header's slots.
\ RUN: %warpforthc %s --emit ir | FileCheck %s

\! kernel k
\! param A i64[8]
0 BEGIN DUP 10 < WHILE 3 + REPEAT A !

\ CHECK:      bb1([[X:%[0-9]+]]: i64):
\ CHECK:        [[C:%[0-9]+]] = icmp.lt [[X]],
\ CHECK-NEXT:   condbr [[C]], bb2(), bb3()
\ CHECK-NEXT: bb2:
\ CHECK:        [[Y:%[0-9]+]] = add [[X]],
\ CHECK-NEXT:   br bb1([[Y]])
\ CHECK-NEXT: bb3:
\ CHECK:        store.global.i64 [[X]],
