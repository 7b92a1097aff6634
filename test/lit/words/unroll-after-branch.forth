\ A local made before a branch keeps its compile-time value after the
\ branch merges (every way in brings the same integer constant): UNROLL
\ takes it as a bound. Before, each merge made every slot a block parameter, and a word
\ with MAX or an IF on a run-time flag between the local and the loop
\ failed with "UNROLL needs loop bounds known at compile time".
\ RUN: %warpforthc %s --emit ir | FileCheck %s

\! kernel k
\! param A i64[16]
: clamp ( x -- x' )  0 MAX 7 MIN ;
4 { n }
A @ clamp A !
A @ 0> IF 1 A ! ELSE 2 A ! THEN
n 0 UNROLL DO  I A I 1+ CELLS + !  LOOP
\ Three stores before the loop (clamp's, each branch's), then the loop
\ unrolled: four more.
\ CHECK-COUNT-7: store.global.i64
\ CHECK-NOT: store.global.i64
