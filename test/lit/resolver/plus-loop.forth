\ DO ... +LOOP: the step is popped at +LOOP; with a step that is a negative
\ literal or constant the loop leaves once the next index is below the
\ limit (C-like: docs/language.md "Loops"), otherwise once it is at or past
\ the limit.
\ RUN: %warpforthc %s --emit ir | FileCheck %s

\! kernel k
\! param A i64[8]
0 0 A @ DO I + -3 +LOOP A !

\ CHECK:      bb1([[ACC:%[0-9]+]]: i64, [[I:%[0-9]+]]: i64, [[L:%[0-9]+]]: i64):
\ CHECK-NEXT:   [[SUM:%[0-9]+]] = add [[ACC]], [[I]]
\ CHECK-NEXT:   [[STEP:%[0-9]+]] = const -3
\ CHECK-NEXT:   [[NEXT:%[0-9]+]] = add [[I]], [[STEP]]
\ CHECK:        [[DONE:%[0-9]+]] = icmp.lt [[NEXT]], [[L]]
\ CHECK:        condbr [[DONE]], bb2(), bb1([[SUM]], [[NEXT]], [[L]])
