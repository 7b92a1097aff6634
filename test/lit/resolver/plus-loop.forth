\ DO ... +LOOP: the step is popped at +LOOP and the loop ends when the
\ index crosses the boundary between limit-1 and limit in either direction:
\ ((i-l) xor (i-l+step)) and ((i-l) xor step) < 0.
\ RUN: %warpforthc %s --emit ir | FileCheck %s

\! kernel k
\! param A i64[8]
0 0 A @ DO I + -3 +LOOP A !

\ CHECK:      bb1([[ACC:%[0-9]+]]: i64, [[I:%[0-9]+]]: i64, [[L:%[0-9]+]]: i64):
\ CHECK-NEXT:   [[SUM:%[0-9]+]] = add [[ACC]], [[I]]
\ CHECK-NEXT:   [[STEP:%[0-9]+]] = const -3
\ CHECK-NEXT:   [[OLD:%[0-9]+]] = sub [[I]], [[L]]
\ CHECK-NEXT:   [[NEW:%[0-9]+]] = add [[OLD]], [[STEP]]
\ CHECK-NEXT:   [[X1:%[0-9]+]] = xor [[OLD]], [[STEP]]
\ CHECK-NEXT:   [[X2:%[0-9]+]] = xor [[OLD]], [[NEW]]
\ CHECK-NEXT:   [[AND:%[0-9]+]] = and [[X2]], [[X1]]
\ CHECK-NEXT:   [[ZERO:%[0-9]+]] = const 0
\ CHECK-NEXT:   [[DONE:%[0-9]+]] = icmp.lt [[AND]], [[ZERO]]
\ CHECK-NEXT:   [[NEXT:%[0-9]+]] = add [[I]], [[STEP]]
\ CHECK-NEXT:   condbr [[DONE]], bb2(), bb1([[SUM]], [[NEXT]], [[L]])
