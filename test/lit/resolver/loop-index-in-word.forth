\ A word used inside a DO loop sees the caller's loop counters: I in the
\ word is the caller's index (the loop counters are compile-time state, not
\ a return stack).
\ RUN: %warpforthc %s --emit ir | FileCheck %s

\! kernel k
\! param A i64[8]
: STORE-I I DUP CELLS A + ! ;
8 0 DO STORE-I LOOP

\ CHECK:      bb1([[I:%[0-9]+]]: i64, {{%[0-9]+}}: i64):
\ CHECK:        [[OFF:%[0-9]+]] = mul [[I]],
\ CHECK:        [[ADDR:%[0-9]+]] = add [[OFF]],
\ CHECK-NEXT:   store.global.i64 [[I]], [[ADDR]]
