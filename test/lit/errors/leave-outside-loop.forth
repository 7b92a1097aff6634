\ LEAVE and UNLOOP need an enclosing DO loop in the same definition (a
\ loop in the caller does not count).
\ RUN: %not %warpforthc %s 2>&1 | FileCheck %s --strict-whitespace

\! kernel k
1 IF LEAVE THEN
\ CHECK: {{.*}}leave-outside-loop.forth:[[@LINE-1]]:6: error: LEAVE outside a DO loop
\ CHECK-NEXT: {{^}}1 IF LEAVE THEN{{$}}
\ CHECK-NEXT: {{^}}     ^~~~~{{$}}
: W UNLOOP ;
\ CHECK: {{.*}}:[[@LINE-1]]:5: error: UNLOOP outside a DO loop
: V LEAVE ;
\ CHECK: {{.*}}:[[@LINE-1]]:5: error: LEAVE outside a DO loop
4 0 DO V LOOP
