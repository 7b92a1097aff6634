\ IF/ELSE/THEN: a conditional branch on the popped flag; the arms meet in
\ a block whose parameters carry the stack slots (here one each arm sets).
\ IF without ELSE meets the skipping edge.
\ RUN: %warpforthc %s --emit ir | FileCheck %s

\! kernel k
\! param A i64[8]
A @ IF 10 ELSE 20 THEN A !
A @ DUP 0< IF NEGATE THEN A !

\ CHECK:      bb0:
\ CHECK:        [[F:%[0-9]+]] = load.global.i64
\ CHECK-NEXT:   condbr [[F]], bb1(), bb2()
\ CHECK-NEXT: bb1:
\ CHECK-NEXT:   [[T:%[0-9]+]] = const 10
\ CHECK-NEXT:   br bb3([[T]])
\ CHECK-NEXT: bb2:
\ CHECK-NEXT:   [[E:%[0-9]+]] = const 20
\ CHECK-NEXT:   br bb3([[E]])
\ CHECK-NEXT: bb3([[M:%[0-9]+]]: i64):
\ CHECK:        store.global.i64 [[M]],
\ CHECK:        [[V:%[0-9]+]] = load.global.i64
\ CHECK:        [[C:%[0-9]+]] = icmp.lt [[V]],
\ CHECK-NEXT:   condbr [[C]], bb4(), bb5([[V]])
\ CHECK-NEXT: bb4:
\ CHECK:        [[N:%[0-9]+]] = sub {{%[0-9]+}}, [[V]]
\ CHECK-NEXT:   br bb5([[N]])
\ CHECK-NEXT: bb5([[R:%[0-9]+]]: i64):
\ CHECK:        store.global.i64 [[R]],
\ CHECK-NEXT:   ret
