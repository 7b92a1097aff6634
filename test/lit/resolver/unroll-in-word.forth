\ UNROLL inside a word definition must unroll just like in the kernel
\ body: I is a constant in each copy, so the register array is indexed
\ by constants and no loop (no compare, no select) is left.
\
\ XFAIL: *
\ BUG: only the kernel body goes through Resolver::resolveRange, which
\ expands UNROLL; Resolver::inlineCall resolves a word's items one by one,
\ so an UNROLL DO in a word is silently compiled as an ordinary loop (a
\ loop header, and a select over every element of ACC for each ACC! / ACC@
\ with the run-time I). The "bounds known at compile time" check is skipped
\ there too.
\ RUN: %warpforthc %s --emit ir | FileCheck %s

\! kernel k
\! float f32
\! param A f32[4]
\! reg ACC f32[4]
: FILL ( -- ) 4 0 UNROLL DO I S>F I ACC! LOOP ;
FILL 2 ACC@ A F!

\ CHECK-NOT: {{condbr|select|icmp}}
\ CHECK: store.global.f32
