\ Register array elements are part of the machine state: a loop that
\ writes one carries every element as a loop-header parameter (after the
\ stack slots and loop counters), exactly like a local.
\ RUN: %warpforthc %s --emit ir | FileCheck %s

\! kernel k
\! param A i64[4]
\! reg R i64[2]
A @ 0 DO I 1 R! LOOP 1 R@ A !

\ CHECK:      br bb1({{%[0-9]+}}, {{%[0-9]+}}, [[Z0:%[0-9]+]], [[Z1:%[0-9]+]])
\ CHECK-NEXT: bb1([[I:%[0-9]+]]: i64, [[L:%[0-9]+]]: i64, [[R0:%[0-9]+]]: i64, [[R1:%[0-9]+]]: i64):
\ CHECK:        condbr {{%[0-9]+}}, bb2(), bb1({{%[0-9]+}}, [[L]], [[R0]], [[I]])
\ CHECK-NEXT: bb2:
\ CHECK:        param.addr A
\ CHECK-NEXT:   store.global.i64 [[I]],
