\ I, J and K read the index of the innermost, second and third enclosing
\ DO loops: the header parameters of those loops.
\ RUN: %warpforthc %s --emit ir | FileCheck %s

\! kernel k
\! param A i64[8]
2 0 DO 3 0 DO 4 0 DO K J I + + A ! LOOP LOOP LOOP

\ CHECK:      bb1([[K:%[0-9]+]]: i64, {{%[0-9]+}}: i64):
\ CHECK:      bb2([[K2:%[0-9]+]]: i64, {{%[0-9]+}}: i64, [[J:%[0-9]+]]: i64, {{%[0-9]+}}: i64):
\ CHECK:      bb3([[K3:%[0-9]+]]: i64, {{%[0-9]+}}: i64, [[J3:%[0-9]+]]: i64, {{%[0-9]+}}: i64, [[I:%[0-9]+]]: i64, {{%[0-9]+}}: i64):
\ CHECK-NEXT:   [[S:%[0-9]+]] = add [[J3]], [[I]]
\ CHECK-NEXT:   [[T:%[0-9]+]] = add [[K3]], [[S]]
\ CHECK:        store.global.i64 [[T]],
