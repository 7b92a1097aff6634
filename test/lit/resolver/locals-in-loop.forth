\ Locals may be declared anywhere, also inside a loop body: every local of
\ a definition has a slot for the whole definition (starting at 0), so a
\ local set in a loop is a loop-header parameter and is readable after the
\ loop; the name is visible from the end of its declaration on.
\ RUN: %warpforthc %s --emit ir | FileCheck %s

\! kernel k
\! param A i64[4]
4 0 DO I { x } LOOP x A !

\ CHECK:      [[Z:%[0-9]+]] = const 0
\ CHECK:      br bb1({{%[0-9]+}}, {{%[0-9]+}}, [[Z]])
\ CHECK-NEXT: bb1([[I:%[0-9]+]]: i64, {{%[0-9]+}}: i64, {{%[0-9]+}}: i64):
\ CHECK:      condbr {{%[0-9]+}}, bb2(), bb1({{%[0-9]+}}, {{%[0-9]+}}, [[I]])
\ CHECK:      bb2:
\ CHECK-NEXT: param.addr A
\ CHECK-NEXT: store.global.i64 [[I]],
