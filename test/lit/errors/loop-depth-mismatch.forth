\ A loop body must leave the stack as it was at the loop's start, for
\ every kind of loop whose trip count is not known at compile time (a DO
\ loop with constant bounds is unrolled instead, and a BEGIN loop whose
\ flags are constants is run while compiling: errors/
\ depth-changing-loops.forth); LEAVE and the loop end must agree too.
\ (After the error the body's stack goes on, so each line drops what it
\ left.)
\ RUN: %not %warpforthc %s 2>&1 | FileCheck %s --strict-whitespace

\! kernel k
\! param A i64[4]
A @ 0 DO I LOOP DROP
\ CHECK: {{.*}}loop-depth-mismatch.forth:[[@LINE-1]]:12: error: DO ... LOOP: the loop body must keep the stack as it was at DO (line [[@LINE-1]]): stack depth 0 there, stack depth 1 at LOOP; for the body to change the depth, the loop bounds must be known at compile time (the loop is then unrolled)
\ CHECK-NEXT: {{^}}A @ 0 DO I LOOP DROP{{$}}
\ CHECK-NEXT: {{^}}           ^~~~{{$}}
0 BEGIN 1 A @ UNTIL 2DROP
\ CHECK: {{.*}}:[[@LINE-1]]:15: error: UNTIL needs a flag known at compile time: the loop body changes the stack depth, so the loop is run while compiling
BEGIN A @ WHILE 5 REPEAT
\ CHECK: {{.*}}:[[@LINE-1]]:11: error: WHILE needs a flag known at compile time: the loop body changes the stack depth, so the loop is run while compiling
BEGIN A @ WHILE A @ WHILE 5 REPEAT THEN
\ CHECK: {{.*}}:[[@LINE-1]]:29: error: BEGIN ... WHILE ... REPEAT: the loop body must keep the stack as it was at BEGIN (line [[@LINE-1]]): stack depth 0 there, stack depth 1 at REPEAT; for the body to change the depth, the loop's exit flags must be known at compile time (a loop with one WHILE at most is then run while compiling)
4 A @ DO 1 2 +LOOP DROP
\ CHECK: {{.*}}:[[@LINE-1]]:14: error: DO ... +LOOP: the loop body must keep the stack as it was at DO (line [[@LINE-1]]): stack depth 0 there, stack depth 1 at +LOOP
A @ 0 DO I 2 = IF 7 LEAVE THEN LOOP
\ CHECK: {{.*}}:[[@LINE-1]]:32: error: paths meeting at LOOP (DO ... LOOP) disagree: LEAVE leaves stack depth 1, the end of the loop leaves stack depth 0
