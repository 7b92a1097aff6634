\ LEAVE jumps to the end of the innermost DO loop, dropping its counters;
\ the LEAVE edge and the normal exit meet after LOOP.
\ RUN: %warpforthc %s --emit ir | FileCheck %s

\! kernel k
\! param A i64[8]
0 10 0 DO I A @ = IF LEAVE THEN I + LOOP A !

\ CHECK:      bb1([[ACC:%[0-9]+]]: i64, [[I:%[0-9]+]]: i64, [[L:%[0-9]+]]: i64):
\ CHECK:        condbr {{%[0-9]+}}, bb2(), bb3()
\ CHECK-NEXT: bb2:
\ CHECK-NEXT:   br bb4([[ACC]])
\ CHECK-NEXT: bb3:
\ CHECK-NEXT:   [[SUM:%[0-9]+]] = add [[ACC]], [[I]]
\ CHECK:        condbr {{%[0-9]+}}, bb4([[SUM]]), bb1([[SUM]],
\ CHECK-NEXT: bb4([[R:%[0-9]+]]: i64):
\ CHECK:        store.global.i64 [[R]],
