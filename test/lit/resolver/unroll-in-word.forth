\ UNROLL inside a word definition must unroll just like in the kernel
\ body: I is a constant in each copy, so the register array is indexed
\ by constants and no loop (no compare, no select) is left.
\
\ RUN: %warpforthc %s --emit ir | FileCheck %s

\! kernel k
\! float f32
\! param A f32[4]
\! reg ACC f32[4]
: FILL ( -- ) 4 0 UNROLL DO I S>F I ACC! LOOP ;
FILL 2 ACC@ A F!

\ CHECK-NOT: {{condbr|select|icmp}}
\ CHECK: store.global.f32
