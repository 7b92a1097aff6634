\ ?DO tests start >= limit before entering (C-like for a count up:
\ docs/language.md "Loops") and skips the body; the skip edge
\ and the loop's end meet after LOOP with the accumulated slot.
\ RUN: %warpforthc %s --emit ir | FileCheck %s

\! kernel k
\! param A i64[8]
0 A @ 0 ?DO I + LOOP A !

\ CHECK:      bb0:
\ CHECK:        [[ACC0:%[0-9]+]] = const 0
\ CHECK:        [[LIM:%[0-9]+]] = load.global.i64
\ CHECK:        [[START:%[0-9]+]] = const 0
\ CHECK-NEXT:   [[SKIP:%[0-9]+]] = icmp.ge [[START]], [[LIM]]
\ CHECK-NEXT:   condbr [[SKIP]], bb3([[ACC0]]), bb1()
\ CHECK-NEXT: bb1:
\ CHECK-NEXT:   br bb2([[ACC0]], [[START]], [[LIM]])
\ CHECK-NEXT: bb2([[ACC:%[0-9]+]]: i64,
\ CHECK:        [[SUM:%[0-9]+]] = add [[ACC]],
\ CHECK:        condbr {{%[0-9]+}}, bb3([[SUM]]), bb2(
\ CHECK-NEXT: bb3([[R:%[0-9]+]]: i64):
\ CHECK:        store.global.i64 [[R]],
