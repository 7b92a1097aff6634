\ A header name must be a word, not a number.
\ RUN: %not %warpforthc %s 2>&1 | FileCheck %s --strict-whitespace

\! kernel k
\! param 5 i64
\ CHECK: {{.*}}param-name.forth:[[@LINE-1]]:10: error: '5' is not a valid name
\ CHECK-NEXT: {{^}}\! param 5 i64{{$}}
\ CHECK-NEXT: {{^}}         ^{{$}}
\! const 1.5 2
\ CHECK: {{.*}}:[[@LINE-1]]:10: error: '1.5' is not a valid name
