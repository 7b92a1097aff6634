\ An IF whose flag is known at compile time (a literal, a constant, or
\ arithmetic and compares on them) compiles only the branch taken, like
\ [IF]: no conditional branch, and the branch not taken is not checked, so
\ the two branches may even leave different depths.
\ RUN: %warpforthc %s --emit ir | FileCheck %s
\ RUN: %warpforthc %s --emit ir -D CAUSAL=0 | FileCheck %s --check-prefix=OFF

\! kernel k
\! param A i64[4]
\! const CAUSAL 1
CAUSAL IF 10 A ! ELSE 20 A ! THEN
CAUSAL 1 = IF 1 2 + ELSE 7 THEN A !
0 IF DROP DROP DROP THEN

\ CHECK-NOT: condbr
\ CHECK:     const 10
\ CHECK-NOT: const 20
\ CHECK:     [[T:%[0-9]+]] = const 3
\ CHECK:     store.global.i64 [[T]],
\ CHECK-NOT: condbr

\ OFF-NOT: const 10
\ OFF:     const 20
\ OFF:     [[S:%[0-9]+]] = const 7
\ OFF:     store.global.i64 [[S]],
