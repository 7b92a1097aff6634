\ A constant that needs itself, directly or through others (-D values
\ included), is an error naming the cycle, reported once; the constants on
\ it report nothing more. A -D constant has no line of its own, so its
\ errors point at the kernel directive.
\ RUN: %not %warpforthc %s 2>&1 | FileCheck %s --strict-whitespace
\ RUN: %not %warpforthc %s -D X=Y+1 -D Y=X*2 -D P=1 2>&1 | FileCheck %s --check-prefix=DEF
\ Names ignore case, and the defines reach the compiler sorted by name, so
\ one constant given two values by two spellings is an error, not a pick
\ by sort order (before, 'a' won over 'A' whatever the command line said).
\ RUN: %not %warpforthc %s -D P=1 -D n=1 -D N=2 2>&1 | FileCheck %s --check-prefix=CASE

\! kernel k
\! const P Q+1
\! const Q R*2
\! const R P
\ CHECK: {{.*}}define-cycle.forth:[[@LINE-3]]:10: error: constant 'P' = 'Q+1' is not a compile-time integer: it depends on itself (P -> Q -> R -> P)
\ CHECK-NEXT: {{^}}\! const P Q+1{{$}}
\ CHECK-NEXT: {{^}}         ^{{$}}
\ CHECK-NOT: error
\ DEF: {{.*}}define-cycle.forth:12:1: error: constant 'X' = 'Y+1' is not a compile-time integer: it depends on itself (X -> Y -> X)
\ DEF-NOT: error
\ CASE: {{.*}}define-cycle.forth:12:1: error: -D N=2 and -D n=1 give one constant two values (names ignore case)
P DROP
