\ Header names (params, shared arrays, constants) must be unique,
\ case-insensitively; the message names the first declaration's line.
\ RUN: %not %warpforthc %s 2>&1 | FileCheck %s --strict-whitespace

\! kernel k
\! param DATA i64[4]
\! shared data f64[8]
\ CHECK: {{.*}}duplicate-name.forth:[[@LINE-1]]:11: error: duplicate name 'data' (first declared at line 6)
\ CHECK-NEXT: {{^}}\! shared data f64[8]{{$}}
\ CHECK-NEXT: {{^}}          ^~~~{{$}}
\! const DATA 3
\ CHECK: {{.*}}duplicate-name.forth:[[@LINE-1]]:10: error: duplicate name 'DATA' (first declared at line 6)
