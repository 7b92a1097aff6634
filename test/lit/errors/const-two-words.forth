\ A constant's value keeps its words apart: `1 2` is an error, not 12.
\ RUN: %not %warpforthc %s 2>&1 | FileCheck %s

\! kernel k
\! const N 1 2
\ CHECK: {{.*}}const-two-words.forth:[[@LINE-1]]:10: error: constant 'N' = '1 2' is not a compile-time integer: unexpected '2'
