\ Stack words emit no instructions: the resolver tracks which SSA value is
\ in each slot, so after ROT the stores take the loaded values directly.
\ RUN: %warpforthc %s --emit ir | FileCheck %s

\! kernel k
\! param A i64[8]
A @ A 8 + @ A 16 + @
ROT SWAP TUCK DROP DUP DROP
A ! A ! A !

\ CHECK:      bb0:
\ CHECK:      [[X:%[0-9]+]] = load.global.i64
\ CHECK:      [[Y:%[0-9]+]] = load.global.i64
\ CHECK:      [[Z:%[0-9]+]] = load.global.i64
\ CHECK-NOT:  = {{add|sub|mul|select}}
\ CHECK:      store.global.i64 [[X]],
\ CHECK-NEXT: param.addr
\ CHECK-NEXT: store.global.i64 [[Z]],
\ CHECK-NEXT: param.addr
\ CHECK-NEXT: store.global.i64 [[Y]],
\ CHECK-NEXT: ret
\ CHECK-NOT:  bb1
