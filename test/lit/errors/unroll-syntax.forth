\ UNROLL must be followed by DO or ?DO, and cannot be redefined.
\ RUN: %not %warpforthc %s 2>&1 | FileCheck %s --strict-whitespace

\! kernel k
1 IF UNROLL BEGIN 1 UNTIL THEN
\ CHECK: {{.*}}unroll-syntax.forth:[[@LINE-1]]:6: error: UNROLL must be followed by DO or ?DO
\ CHECK-NEXT: {{^}}1 IF UNROLL BEGIN 1 UNTIL THEN{{$}}
\ CHECK-NEXT: {{^}}     ^~~~~~{{$}}
: UNROLL 1 ;
\ CHECK: {{.*}}:[[@LINE-1]]:3: error: 'UNROLL' is reserved syntax and cannot be redefined
