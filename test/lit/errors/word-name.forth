\ A word name cannot be a number or reserved syntax, ':' needs a name, and
\ ':' cannot appear inside an open control structure.
\ RUN: %not %warpforthc %s 2>&1 | FileCheck %s --strict-whitespace

\! kernel k
: 42 1 ;
\ CHECK: {{.*}}word-name.forth:[[@LINE-1]]:3: error: '42' cannot be a word name: it is a number
\ CHECK-NEXT: {{^}}: 42 1 ;{{$}}
\ CHECK-NEXT: {{^}}  ^~{{$}}
: IF 1 ;
\ CHECK: {{.*}}:[[@LINE-1]]:3: error: 'IF' is reserved syntax and cannot be redefined
: to 1 ;
\ CHECK: {{.*}}:[[@LINE-1]]:3: error: 'to' is reserved syntax and cannot be redefined
: {: 1 DROP ;
\ CHECK: {{.*}}:[[@LINE-1]]:3: error: '{:' is reserved syntax and cannot be redefined
64 CONSTANT UNROLL
\ CHECK: {{.*}}:[[@LINE-1]]:13: error: 'UNROLL' is reserved syntax and cannot be redefined
1 IF : W 2 ; THEN
\ CHECK: {{.*}}:[[@LINE-1]]:6: error: ':' inside an open IF (line [[@LINE-1]]): definitions must be outside control structures
:
\ CHECK: {{.*}}:[[@LINE-1]]:1: error: ':' at end of file: expected a word name
