\ An error inside a prelude word points into the prelude and adds a note
\ at the user's call.
\ RUN: %not %warpforthc %s 2>&1 | FileCheck %s --strict-whitespace

\! kernel k
\! param A i64[4]
A @ IF 2DROP THEN
\ CHECK:      <stdlib>/prelude.forth:{{[0-9]+}}:{{[0-9]+}}: error: stack underflow: 'DROP' needs 1 item but the stack holds 0 (in '2DROP')
\ CHECK-NEXT: {{^}}: 2DROP {{.*}}DROP DROP ;{{$}}
\ CHECK-NEXT: {{^ +}}^~~~{{$}}
\ CHECK-NEXT: {{.*}}prelude-word-underflow.forth:[[@LINE-4]]:8: note: in '2DROP' (a stdlib word) called here
\ CHECK-NEXT: {{^}}A @ IF 2DROP THEN{{$}}
\ CHECK-NEXT: {{^}}       ^~~~~{{$}}
