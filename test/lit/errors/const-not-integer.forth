\ A constant must evaluate to an integer at compile time (or be a single
\ float literal); unknown names and division by zero are errors.
\ RUN: %not %warpforthc %s 2>&1 | FileCheck %s --strict-whitespace

\! kernel k
\! const A B+1
\ CHECK: {{.*}}const-not-integer.forth:[[@LINE-1]]:10: error: constant 'A' = 'B+1' is not a compile-time integer: unknown name 'B'
\ CHECK-NEXT: {{^}}\! const A B+1{{$}}
\ CHECK-NEXT: {{^}}         ^{{$}}
\! const C 1/0
\ CHECK: {{.*}}:[[@LINE-1]]:10: error: constant 'C' = '1/0' is not a compile-time integer: division by zero
