\ Structures still open at the end of the file are reported at their
\ opening word, innermost first, with the words that would close them.
\ RUN: %not %warpforthc %s 2>&1 | FileCheck %s --strict-whitespace

\! kernel k
1 IF
10 0 DO
BEGIN
\ CHECK: {{.*}}unclosed.forth:[[@LINE-1]]:1: error: BEGIN is never closed: expected UNTIL, AGAIN or REPEAT before end of file
\ CHECK-NEXT: {{^}}BEGIN{{$}}
\ CHECK-NEXT: {{^}}^~~~~{{$}}
\ CHECK-NEXT: {{.*}}unclosed.forth:[[@LINE-5]]:6: error: DO is never closed: expected LOOP or +LOOP before end of file
\ CHECK-NEXT: {{^}}10 0 DO{{$}}
\ CHECK-NEXT: {{^}}     ^~{{$}}
\ CHECK-NEXT: {{.*}}unclosed.forth:[[@LINE-9]]:3: error: IF is never closed: expected THEN before end of file
\ CHECK-NEXT: {{^}}1 IF{{$}}
\ CHECK-NEXT: {{^}}  ^~{{$}}
