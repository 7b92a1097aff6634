\ DO ... LOOP: the index and limit become loop-header parameters next to
\ the stack slots; LOOP adds 1 and leaves when the new index equals the
\ limit (post-test: the body runs at least once); I reads the index.
\ RUN: %warpforthc %s --emit ir | FileCheck %s

\! kernel k
\! param A i64[8]
0 A @ 0 DO I + LOOP A !

\ CHECK:      bb0:
\ CHECK:        [[ACC0:%[0-9]+]] = const 0
\ CHECK:        [[LIM:%[0-9]+]] = load.global.i64
\ CHECK:        [[START:%[0-9]+]] = const 0
\ CHECK-NEXT:   br bb1([[ACC0]], [[START]], [[LIM]])
\ CHECK-NEXT: bb1([[ACC:%[0-9]+]]: i64, [[I:%[0-9]+]]: i64, [[L:%[0-9]+]]: i64):
\ CHECK-NEXT:   [[SUM:%[0-9]+]] = add [[ACC]], [[I]]
\ CHECK-NEXT:   [[ONE:%[0-9]+]] = const 1
\ CHECK-NEXT:   [[NEXT:%[0-9]+]] = add [[I]], [[ONE]]
\ CHECK-NEXT:   [[DONE:%[0-9]+]] = icmp.eq [[NEXT]], [[L]]
\ CHECK-NEXT:   condbr [[DONE]], bb2(), bb1([[SUM]], [[NEXT]], [[L]])
\ CHECK-NEXT: bb2:
\ CHECK:        store.global.i64 [[SUM]],
