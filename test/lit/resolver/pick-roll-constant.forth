\ PICK and ROLL with a constant index (also one folded from arithmetic)
\ are slot moves: no instructions, no memory.
\ RUN: %warpforthc %s --emit ir | FileCheck %s

\! kernel k
\! param A i64[8]
A @ A 8 + @ A 16 + @
1 1 + PICK A !
2 ROLL A ! A ! A !

\ CHECK:      [[X:%[0-9]+]] = load.global.i64
\ CHECK:      [[Y:%[0-9]+]] = load.global.i64
\ CHECK:      [[Z:%[0-9]+]] = load.global.i64
\ CHECK-NOT:  select
\ CHECK:      store.global.i64 [[X]],
\ CHECK-NOT:  select
\ CHECK:      store.global.i64 [[X]],
\ CHECK:      store.global.i64 [[Z]],
\ CHECK:      store.global.i64 [[Y]],
\ CHECK-NOT:  {{load|select}}
