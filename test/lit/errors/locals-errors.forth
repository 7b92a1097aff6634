\ Locals declarations: a name twice, a number as a name, a missing '}'
\ (or ':}').
\ RUN: %not %warpforthc %s 2>&1 | FileCheck %s --strict-whitespace

\! kernel k
: W1 { a b a -- } ;
\ CHECK: {{.*}}locals-errors.forth:[[@LINE-1]]:12: error: local 'a' declared twice
\ CHECK-NEXT: {{^}}: W1 { a b a -- } ;{{$}}
\ CHECK-NEXT: {{^}}           ^{{$}}
: W2 { x 7 -- } ;
\ CHECK: {{.*}}:[[@LINE-1]]:10: error: '7' cannot be a local name: it is a number
: W4 {: p q
\ CHECK: {{.*}}:[[@LINE-1]]:6: error: locals declaration is missing ':}'
