\ I needs one enclosing DO loop, J two, K three (counting the caller's
\ loops when a word is used inside them). An error stops checking its path,
\ so each case sits in its own IF.
\ RUN: %not %warpforthc %s 2>&1 | FileCheck %s --strict-whitespace

\! kernel k
\! param A i64[4]
A @ IF I DROP THEN
\ CHECK: {{.*}}loop-index-outside.forth:[[@LINE-1]]:8: error: 'I' is only valid inside a DO loop (there are 0 enclosing loops)
\ CHECK-NEXT: {{^}}A @ IF I DROP THEN{{$}}
\ CHECK-NEXT: {{^}}       ^{{$}}
A @ IF 4 0 DO J DROP LOOP THEN
\ CHECK: {{.*}}:[[@LINE-1]]:15: error: 'J' is only valid inside two nested DO loops (there is 1 enclosing loop)
A @ IF 4 0 DO 4 0 DO K DROP LOOP LOOP THEN
\ CHECK: {{.*}}:[[@LINE-1]]:22: error: 'K' is only valid inside three nested DO loops (there are 2 enclosing loops)
