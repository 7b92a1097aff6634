\ An UNROLL loop's bounds (and a +LOOP step)
\ must be known at compile time, and it unrolls at most 4096 iterations
\ (unroll-syntax.forth has the parse errors).
\ Each case sits in its own IF: an error stops checking its path.
\ RUN: %not %warpforthc %s 2>&1 | FileCheck %s --strict-whitespace

\! kernel k
\! param A i64[4]
A @ IF A @ 0 UNROLL DO LOOP THEN
\ CHECK: {{.*}}unroll-errors.forth:[[@LINE-1]]:21: error: UNROLL needs loop bounds known at compile time (literals, constants or arithmetic on them)
\ CHECK-NEXT: {{^}}A @ IF A @ 0 UNROLL DO LOOP THEN{{$}}
\ CHECK-NEXT: {{^}}                    ^~{{$}}
A @ IF 4 0 UNROLL DO A @ +LOOP THEN
\ CHECK: {{.*}}:[[@LINE-1]]:26: error: +LOOP in an UNROLL loop needs a step known at compile time
A @ IF 5000 0 UNROLL DO LOOP THEN
\ CHECK: {{.*}}:[[@LINE-1]]:22: error: UNROLL loop runs more than 4096 iterations
