\ A constant index outside a register array is an error (a computed one
\ selects among the elements instead).
\ RUN: %not %warpforthc %s 2>&1 | FileCheck %s --strict-whitespace

\! kernel k
\! param A i64[4]
\! reg T i64[4]
A @ IF 1 4 T! THEN
\ CHECK: {{.*}}register-array-index.forth:[[@LINE-1]]:12: error: index 4 is outside register array 'T' of 4 elements
\ CHECK-NEXT: {{^}}A @ IF 1 4 T! THEN{{$}}
\ CHECK-NEXT: {{^}}           ^~{{$}}
A @ IF -1 T@ DROP THEN
\ CHECK: {{.*}}:[[@LINE-1]]:11: error: index -1 is outside register array 'T' of 4 elements
