\ BEGIN ... UNTIL: BEGIN opens a loop header whose parameters are the live
\ slots; UNTIL branches out when the flag is nonzero, else back with the
\ updated slots.
\ RUN: %warpforthc %s --emit ir | FileCheck %s

\! kernel k
\! param A i64[8]
1 BEGIN 2 * DUP 100 > UNTIL A !

\ CHECK:      bb0:
\ CHECK-NEXT:   [[ONE:%[0-9]+]] = const 1
\ CHECK-NEXT:   br bb1([[ONE]])
\ CHECK-NEXT: bb1([[X:%[0-9]+]]: i64):
\ CHECK:        [[Y:%[0-9]+]] = mul [[X]],
\ CHECK:        [[C:%[0-9]+]] = icmp.gt [[Y]],
\ CHECK-NEXT:   condbr [[C]], bb2(), bb1([[Y]])
\ CHECK-NEXT: bb2:
\ CHECK:        store.global.i64 [[Y]],
