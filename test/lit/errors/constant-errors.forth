\ CONSTANT needs a literal right before it, outside definitions, and a
\ name after it.
\ RUN: %not %warpforthc %s 2>&1 | FileCheck %s --strict-whitespace

\! kernel k
: W 5 CONSTANT FIVE ;
\ CHECK: {{.*}}constant-errors.forth:[[@LINE-1]]:7: error: CONSTANT needs a literal value before it, outside definitions: '64 CONSTANT TILE'
\ CHECK-NEXT: {{^}}: W 5 CONSTANT FIVE ;{{$}}
\ CHECK-NEXT: {{^}}      ^~~~~~~~{{$}}
1 DUP CONSTANT TWO
\ CHECK: {{.*}}:[[@LINE-1]]:7: error: CONSTANT needs a literal value before it, outside definitions: '64 CONSTANT TILE'
7 CONSTANT 8
\ CHECK: {{.*}}:[[@LINE-1]]:12: error: CONSTANT needs a name
