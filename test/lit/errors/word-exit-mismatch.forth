\ All ways out of a word (EXITs and its end) must leave the same depth.
\ RUN: %not %warpforthc %s 2>&1 | FileCheck %s --strict-whitespace

\! kernel k
\! param A i64[4]
: W A @ IF 1 2 EXIT THEN 3 ;
A @ IF W THEN
\ CHECK: {{.*}}word-exit-mismatch.forth:[[@LINE-1]]:8: error: paths meeting at W (the word 'W') disagree: EXIT leaves stack depth 2, the end of 'W' leaves stack depth 1
\ CHECK-NEXT: {{^}}A @ IF W THEN{{$}}
\ CHECK-NEXT: {{^}}       ^{{$}}
