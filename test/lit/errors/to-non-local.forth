\ TO needs a visible local of the current definition: not a param, not a
\ local of another word, not a local before its declaration.
\ RUN: %not %warpforthc %s 2>&1 | FileCheck %s --strict-whitespace

\! kernel k
\! param N i64
5 TO N
\ CHECK: {{.*}}to-non-local.forth:[[@LINE-1]]:6: error: TO needs a local, and 'N' is not a local here
\ CHECK-NEXT: {{^}}5 TO N{{$}}
\ CHECK-NEXT: {{^}}     ^{{$}}
: W { x } ;
: V 1 TO x ;
\ CHECK: {{.*}}:[[@LINE-1]]:10: error: TO needs a local, and 'x' is not a local here
: U 1 TO y { y } ;
\ CHECK: {{.*}}:[[@LINE-1]]:10: error: TO needs a local, and 'y' is not a local here
TO
\ CHECK: {{.*}}:[[@LINE-1]]:1: error: TO at end of file: expected a local name
