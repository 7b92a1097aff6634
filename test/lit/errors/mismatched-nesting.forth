\ A closing word must match the innermost open structure: BEGIN ... THEN,
\ IF ... LOOP, DO ... UNTIL and DO ... THEN are rejected with the line of
\ the open structure.
\ RUN: %not %warpforthc %s 2>&1 | FileCheck %s --strict-whitespace

\! kernel k
: W1 BEGIN 1 THEN ;
\ CHECK: {{.*}}mismatched-nesting.forth:[[@LINE-1]]:14: error: THEN does not match the innermost open BEGIN (line [[@LINE-1]]); expected it to close an IF or WHILE
\ CHECK-NEXT: {{^}}: W1 BEGIN 1 THEN ;{{$}}
\ CHECK-NEXT: {{^}}             ^~~~{{$}}
\ CHECK-NEXT: {{.*}}:[[@LINE-4]]:6: error: BEGIN is never closed: expected UNTIL, AGAIN or REPEAT before ';'
: W2 1 IF LOOP THEN ;
\ CHECK: {{.*}}:[[@LINE-1]]:11: error: LOOP does not match the innermost open IF (line [[@LINE-1]]); expected it to close a DO
: W3 4 0 DO 1 UNTIL LOOP ;
\ CHECK: {{.*}}:[[@LINE-1]]:15: error: UNTIL does not match the innermost open DO (line [[@LINE-1]]); expected it to close a BEGIN
: W4 4 0 DO THEN LOOP ;
\ CHECK: {{.*}}:[[@LINE-1]]:13: error: THEN does not match the innermost open DO (line [[@LINE-1]]); expected it to close an IF or WHILE
