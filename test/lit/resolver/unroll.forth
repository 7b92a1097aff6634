\ 'UNROLL DO ... LOOP' (bounds known at compile time) is resolved once per
\ iteration with I as a constant: no loop header, no compare, no branch
\ back. ?DO with equal bounds runs nothing; +LOOP takes a constant step.
\ RUN: %warpforthc %s --emit ir | FileCheck %s
\ RUN: %warpforthc %s --emit ast | FileCheck %s --check-prefix=AST
\ RUN: %warpforthc %s --emit llvm | FileCheck %s --check-prefix=LLVM

\! kernel k
\! param A i64[16]
\! const N 3
N 0 UNROLL DO I CELLS A + I 10 * SWAP ! LOOP
5 5 UNROLL ?DO 99 A ! LOOP
0 8 0 UNROLL DO I + 4 +LOOP A 24 + !

\ AST: control UNROLL DO
\ AST: control UNROLL ?DO
\ AST: control UNROLL DO

\ No loop is left: straight-line blocks, no compare, no conditional branch,
\ no block parameters; the stores take constants.
\ CHECK-NOT:  {{condbr|icmp|bb[0-9]+\(}}
\ CHECK:      store.global.i64
\ CHECK:      store.global.i64
\ CHECK:      store.global.i64
\ CHECK-NOT:  const 99
\ CHECK:      store.global.i64
\ CHECK-NOT:  {{condbr|icmp|bb[0-9]+\(}}

\ Iteration k stores 10*k at A + 8*k; ?DO 5 5 runs nothing; 0+4 = 4.
\ LLVM:      store i64 0, ptr addrspace(1) %A
\ LLVM:      store i64 10,
\ LLVM:      store i64 20,
\ LLVM:      store i64 4,
\ LLVM-NOT:  store
