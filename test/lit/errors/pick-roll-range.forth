\ PICK and ROLL with a constant index must stay inside the stack (an index
\ equal to the depth below it, or negative, is out of range); with an empty
\ stack below a computed index there is nothing to select.
\ RUN: %not %warpforthc %s 2>&1 | FileCheck %s --strict-whitespace

\! kernel k
\! param A i64[4]
A @ IF 1 2 2 PICK THEN
\ CHECK: {{.*}}pick-roll-range.forth:[[@LINE-1]]:14: error: PICK index 2 is outside the stack (depth 2 below the index)
\ CHECK-NEXT: {{^}}A @ IF 1 2 2 PICK THEN{{$}}
\ CHECK-NEXT: {{^}}             ^~~~{{$}}
A @ IF 1 -1 PICK THEN
\ CHECK: {{.*}}:[[@LINE-1]]:13: error: PICK index -1 is outside the stack (depth 1 below the index)
A @ IF 1 2 3 ROLL THEN
\ CHECK: {{.*}}:[[@LINE-1]]:14: error: ROLL index 3 is outside the stack (depth 2 below the index)
A @ IF A @ PICK THEN
\ CHECK: {{.*}}:[[@LINE-1]]:12: error: PICK with an empty stack below its index
A @ IF A @ ROLL THEN
\ CHECK: {{.*}}:[[@LINE-1]]:12: error: ROLL with an empty stack below its index
