\ Header directives must all come before the first word of code.
\ RUN: %not %warpforthc %s 2>&1 | FileCheck %s --strict-whitespace

\! kernel k
1 DROP
\! param A i64[4]
\ CHECK: {{.*}}directive-after-code.forth:[[@LINE-1]]:1: error: directive after code: header directives must come before the first word
\ CHECK-NEXT: {{^}}\! param A i64[4]{{$}}
\ CHECK-NEXT: {{^}}^~{{$}}
