\ Closing words with nothing open: THEN, ELSE, LOOP, +LOOP, UNTIL, AGAIN,
\ REPEAT, WHILE each name what they would have closed.
\ RUN: %not %warpforthc %s 2>&1 | FileCheck %s --strict-whitespace

\! kernel k
1 THEN
\ CHECK: {{.*}}then-without-if.forth:[[@LINE-1]]:3: error: THEN without a matching IF or WHILE
\ CHECK-NEXT: {{^}}1 THEN{{$}}
\ CHECK-NEXT: {{^}}  ^~~~{{$}}
ELSE
\ CHECK-NEXT: {{.*}}:[[@LINE-1]]:1: error: ELSE without a matching IF
\ CHECK: {{.*}}:[[@LINE+1]]:1: error: LOOP without a matching DO
LOOP
\ CHECK: {{.*}}:[[@LINE+1]]:1: error: +LOOP without a matching DO
+LOOP
\ CHECK: {{.*}}:[[@LINE+1]]:1: error: UNTIL without a matching BEGIN
UNTIL
\ CHECK: {{.*}}:[[@LINE+1]]:1: error: AGAIN without a matching BEGIN
AGAIN
\ CHECK: {{.*}}:[[@LINE+1]]:1: error: WHILE without a matching BEGIN
WHILE
\ CHECK: {{.*}}:[[@LINE+1]]:1: error: REPEAT without a matching BEGIN ... WHILE
REPEAT
