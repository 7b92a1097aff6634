\ A definition still open at the end of the file is reported at its name.
\ RUN: %not %warpforthc %s 2>&1 | FileCheck %s --strict-whitespace

\! kernel k
: SQUARE DUP *
\ CHECK: {{.*}}missing-semicolon.forth:[[@LINE-1]]:3: error: definition of 'SQUARE' is missing its closing ';'
\ CHECK-NEXT: {{^}}: SQUARE DUP *{{$}}
\ CHECK-NEXT: {{^}}  ^~~~~~{{$}}
