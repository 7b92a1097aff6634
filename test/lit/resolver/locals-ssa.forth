\ Locals are SSA values like stack slots: '{ a b -- }' takes the top as
\ the last name, '|' locals start as 0, TO replaces the value, and a local
\ changed in a loop is a loop-header parameter.
\ RUN: %warpforthc %s --emit ir | FileCheck %s

\! kernel k
\! param A i64[8]
A @ A 8 + @ { x y | acc -- } x y - A !
x 0 DO acc I + TO acc LOOP acc A !

\ CHECK:      [[A:%[0-9]+]] = load.global.i64
\ CHECK:      [[B:%[0-9]+]] = load.global.i64
\ CHECK-NEXT: [[Z:%[0-9]+]] = const 0
\ CHECK-NEXT: [[D:%[0-9]+]] = sub [[A]], [[B]]
\ CHECK:      store.global.i64 [[D]],
\ CHECK:      br bb1({{.*}}[[Z]])
\ CHECK-NEXT: bb1({{.*}}, [[ACC:%[0-9]+]]: i64):
\ CHECK-NEXT:   [[NEW:%[0-9]+]] = add [[ACC]],
\ CHECK:        condbr {{%[0-9]+}}, bb2(), bb1({{.*}}, [[NEW]])
\ CHECK:      bb2:
\ CHECK-NEXT:   param.addr
\ CHECK-NEXT:   store.global.i64 [[NEW]],
