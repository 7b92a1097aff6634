\ Spaces inside a size keep its words apart: `i64[N M]` is two operands
\ side by side (an error at the size), not the name NM, whose unknown value
\ would have dropped the launch's size check. Spaces around operators, around
\ the brackets and before the '[' stay allowed, and the signature gets the
\ size without them.
\ RUN: %not %warpforthc %s 2>&1 | FileCheck %s --strict-whitespace
\ RUN: grep -v BAD %s > %t.forth
\ RUN: %warpforthc %t.forth | FileCheck %s --check-prefix=OK

\! kernel k
\! param N i64
\! param M i64
\! param X i64[N M]  \ BAD
\ CHECK: {{.*}}size-spaces.forth:[[@LINE-1]]:16: error: bad size 'N M' for param 'X': unexpected 'M'
\ CHECK-NEXT: {{^}}\! param X i64[N M]  \ BAD{{$}}
\ CHECK-NEXT: {{^}}               ^~~{{$}}
\! shared S i64[ 2 3 ]  \ BAD
\ CHECK: {{.*}}size-spaces.forth:[[@LINE-1]]:17: error: bad size '2 3' for shared 'S': unexpected '3'
\! reg R i64[4  4]  \ BAD
\ CHECK: {{.*}}size-spaces.forth:[[@LINE-1]]:14: error: bad size '4 4' for register array 'R': unexpected '4'
\! param Y i64[ N * M ]
\! param Z f32 [ (N + 1) * 2 ]
\! param W i64[ ]
\ OK: // @param Y array i64 N*M
\ OK: // @param Z array f32 (N+1)*2
\ OK: // @param W array i64 -
N DROP
