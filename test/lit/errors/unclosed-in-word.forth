\ A structure open at ';' is reported (the definition must close what it
\ opens); so is one opened by WHILE and never resolved by THEN.
\ RUN: %not %warpforthc %s 2>&1 | FileCheck %s --strict-whitespace

\! kernel k
: W 1 IF 2 ;
\ CHECK: {{.*}}unclosed-in-word.forth:[[@LINE-1]]:7: error: IF is never closed: expected THEN before ';'
\ CHECK-NEXT: {{^}}: W 1 IF 2 ;{{$}}
\ CHECK-NEXT: {{^}}      ^~{{$}}
: V BEGIN 1 WHILE 2 WHILE REPEAT ;
\ CHECK: {{.*}}:[[@LINE-1]]:13: error: WHILE is never closed: expected THEN before ';'
