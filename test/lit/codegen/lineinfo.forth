\ -lineinfo emits .file and .loc directives pointing at the source lines
\ (an inlined word's body keeps its own line); without it there are none.
\ RUN: %warpforthc %s -lineinfo | FileCheck %s
\ RUN: %warpforthc %s --lineinfo | FileCheck %s
\ RUN: %warpforthc %s | FileCheck %s --check-prefix=NONE

\! kernel k
\! param A i64[4]
: BUMP 1 + ;
A @
BUMP
A !

\ CHECK: .loc 1 10
\ CHECK: .loc 1 9
\ CHECK: .loc 1 12
\ CHECK: .file 1 "{{.*}}lineinfo.forth"

\ NONE-NOT: .loc
\ NONE-NOT: .file
