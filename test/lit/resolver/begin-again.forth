\ BEGIN ... AGAIN loops forever; the only way out is EXIT (a return in the
\ kernel body). Code after AGAIN is unreachable and emits nothing.
\ RUN: %warpforthc %s --emit ir | FileCheck %s

\! kernel k
\! param A i64[8]
0 BEGIN 1+ DUP A @ = IF DUP A ! EXIT THEN AGAIN 99 A !

\ CHECK:      bb1([[X:%[0-9]+]]: i64):
\ CHECK:        condbr {{%[0-9]+}}, bb2(), bb3()
\ CHECK-NEXT: bb2:
\ CHECK:        store.global.i64
\ CHECK-NEXT:   ret
\ CHECK-NEXT: bb3:
\ CHECK-NEXT:   br bb1(
\ CHECK-NOT:  const 99
