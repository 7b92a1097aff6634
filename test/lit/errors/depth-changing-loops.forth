\ A DO loop whose body changes the stack depth is unrolled when its bounds
\ are known at compile time (e2e: control/depth-changing-loops.forth).
\ A BEGIN loop whose flags are constants is run while compiling.
\ What stays an error, each message saying what would make the depth
\ static: bounds or an IF flag known only at run time, a +LOOP step known
\ only at run time, LEAVE on a run-time flag, DO with equal bounds (2^64
\ iterations), reading below the bottom of the stack, and a trip count too
\ large for the resolver's budget (no hang). An error stops its path, so
\ each case is one MODE.
\ RUN: %not %warpforthc %s 2>&1 | FileCheck %s --check-prefix=M0
\ RUN: %not %warpforthc %s -D MODE=1 2>&1 | FileCheck %s --check-prefix=M1
\ RUN: %not %warpforthc %s -D MODE=2 2>&1 | FileCheck %s --check-prefix=M2
\ RUN: %not %warpforthc %s -D MODE=3 2>&1 | FileCheck %s --check-prefix=M3
\ RUN: %not %warpforthc %s -D MODE=4 2>&1 | FileCheck %s --check-prefix=M4
\ RUN: %not %warpforthc %s -D MODE=5 2>&1 | FileCheck %s --check-prefix=M5
\ RUN: %not %warpforthc %s -D MODE=6 2>&1 | FileCheck %s --check-prefix=M6
\ RUN: %not %warpforthc %s -D MODE=7 2>&1 | FileCheck %s --check-prefix=M7
\ RUN: %not %warpforthc %s -D MODE=8 2>&1 | FileCheck %s --check-prefix=M8

\! kernel k
\! param A i64[4]
\! const MODE 0
MODE 0 = IF A @ 0 DO I LOOP DROP THEN
\ M0: [[@LINE-1]]:24: error: DO ... LOOP: the loop body must keep the stack as it was at DO (line [[@LINE-1]]): stack depth 0 there, stack depth 1 at LOOP; for the body to change the depth, the loop bounds must be known at compile time (the loop is then unrolled)
MODE 1 = IF 10 0 DO I A @ > IF I THEN LOOP THEN
\ M1: [[@LINE-1]]:34: error: paths meeting at THEN (IF ... THEN) disagree: the path skipping the IF branch leaves stack depth 0, the IF branch leaves stack depth 1; the branches may leave different depths only when the IF flag is known at compile time
MODE 2 = IF 10 0 DO I A @ +LOOP THEN
\ M2: [[@LINE-1]]:27: error: +LOOP needs a step known at compile time: the loop body changes the stack depth, so the loop is unrolled
MODE 3 = IF 10 0 DO A @ IF 7 LEAVE THEN LOOP THEN
\ M3: [[@LINE-1]]:41: error: paths meeting at LOOP (DO ... LOOP, unrolled) disagree: LEAVE leaves stack depth 1, the end of the loop leaves stack depth 0
MODE 4 = IF 5 5 DO I LOOP THEN
\ M4: [[@LINE-1]]:17: error: this DO loop changes the stack depth, so it is unrolled, but DO with equal bounds (5) would run 2^64 times; use ?DO to run it zero times
MODE 5 = IF 1 2 3 4 0 DO + LOOP THEN
\ M5: [[@LINE-1]]:26: error: stack underflow: '+' needs 2 items but the stack holds 1
MODE 6 = IF 1000000 0 DO I LOOP THEN
\ M6: [[@LINE-1]]:23: error: kernel too large: more than 2000000 steps
\ A BEGIN loop that changes the depth needs constant flags, and one that
\ never ends is stopped by the budget.
MODE 7 = IF 0 BEGIN DUP 1+ DUP A @ = UNTIL THEN
\ M7: [[@LINE-1]]:38: error: UNTIL needs a flag known at compile time: the loop body changes the stack depth, so the loop is run while compiling
MODE 8 = IF BEGIN 1 0 UNTIL THEN
\ M8: [[@LINE-1]]:13: error: kernel too large: more than 2000000 steps
