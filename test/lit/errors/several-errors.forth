\ One run reports every independent error it finds, in source order
\ within a stage (header, then parse, here), with a caret for each.
\ RUN: %not %warpforthc %s 2>&1 | FileCheck %s --strict-whitespace

\! kernel k
\! param A q64[4]
: W FOO ;
BAR 1 +
THEN

\ CHECK:      {{.*}}several-errors.forth:6:12: error: unknown type 'q64'
\ CHECK-NEXT: {{^}}\! param A q64[4]{{$}}
\ CHECK-NEXT: {{^}}           ^~~{{$}}
\ CHECK-NEXT: {{.*}}several-errors.forth:7:5: error: unknown word 'FOO'
\ CHECK-NEXT: {{^}}: W FOO ;{{$}}
\ CHECK-NEXT: {{^}}    ^~~{{$}}
\ CHECK-NEXT: {{.*}}several-errors.forth:8:1: error: unknown word 'BAR'
\ CHECK-NEXT: {{^}}BAR 1 +{{$}}
\ CHECK-NEXT: {{^}}^~~{{$}}
\ CHECK-NEXT: {{.*}}several-errors.forth:9:1: error: THEN without a matching IF or WHILE
\ CHECK-NEXT: {{^}}THEN{{$}}
\ CHECK-NEXT: {{^}}^~~~{{$}}
\ CHECK-NOT:  error
