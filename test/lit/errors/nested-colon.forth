\ Definitions cannot nest: ':' inside a definition is an error.
\ RUN: %not %warpforthc %s 2>&1 | FileCheck %s --strict-whitespace

\! kernel k
: OUTER 1 : INNER 2 ; DROP
\ CHECK: {{.*}}nested-colon.forth:[[@LINE-1]]:11: error: ':' inside the definition of 'OUTER' (definitions cannot nest)
\ CHECK-NEXT: {{^}}: OUTER 1 : INNER 2 ; DROP{{$}}
\ CHECK-NEXT: {{^}}          ^{{$}}
