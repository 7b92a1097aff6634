\ Loops and IFs that change the stack depth, with the public WarpForth's
\ meaning (its stack is memory, so `10 0 DO I LOOP` leaves ten cells). A DO
\ loop whose bounds are known at compile time and whose body changes the
\ depth is unrolled, I is a constant in each copy, and an IF on a constant
\ resolves only the branch taken, so the depth after each is static; a
\ BEGIN loop whose flags are then constants is run while compiling. SAVE
\ stores the n cells on the stack into OUT in push order (OUT[0] deepest);
\ it is itself such a loop, popping one cell per iteration. Each MODE is
\ one program; the expected values are worked out by hand next to each.
\! kernel depth_loops
\! param IN i64[4]
\! param OUT i64[16]
\! const MODE 0
: SAVE { n } n 0 DO OUT n 1- I - CELLS + ! LOOP ;
\ 0..9, one per iteration.
MODE 0 = IF 10 0 DO I LOOP 10 SAVE THEN
\ j+i for j in 0..2, i in 0..3, j outer: 0 1 2 3, 1 2 3 4, 2 3 4 5.
MODE 1 = IF 3 0 DO 4 0 DO J I + LOOP LOOP 12 SAVE THEN
\ Nested IFs on constants: 3.
MODE 2 = IF 1 IF 2 IF 3 THEN THEN 1 SAVE THEN
\ I where I > 5: 6 7 8 9.
MODE 3 = IF 10 0 DO I 5 > IF I THEN LOOP 4 SAVE THEN
\ k+j+i over k, j, i in 0..1, k outermost: 0 1 1 2 1 2 2 3.
MODE 4 = IF 2 0 DO 2 0 DO 2 0 DO K J I + + LOOP LOOP LOOP 8 SAVE THEN
\ +LOOP down from 10 by 3 while the index does not cross from 0 to -1:
\ 10 7 4 1 (the next index, -2, crossed).
MODE 5 = IF 0 10 DO I -3 +LOOP 4 SAVE THEN
\ A loop that consumes: 1 2 3 4 5 summed by four '+': 15.
MODE 6 = IF 1 2 3 4 5 4 0 DO + LOOP 1 SAVE THEN
\ ?DO: squares of 0..4, then an empty ?DO pushes nothing: 0 1 4 9 16.
MODE 7 = IF 5 0 ?DO I DUP * LOOP 5 5 ?DO 99 LOOP 5 SAVE THEN
\ LEAVE on a constant flag: I for I in 0..3, leaving at 3: 0 1 2 3.
MODE 8 = IF 10 0 DO I I 3 = IF LEAVE THEN LOOP 4 SAVE THEN
\ Run-time values in the copies: IN[i]*i for IN = 5 6 7 8: 0 6 14 24.
MODE 9 = IF 4 0 DO IN I CELLS + @ I * LOOP 4 SAVE THEN
\ BEGIN loops whose flags are constants run while compiling:
\ UNTIL: 0, then each copy pushes the top plus one until it is 5: 0..5.
MODE 10 = IF 0 BEGIN DUP 1+ DUP 5 = UNTIL 6 SAVE THEN
\ WHILE ... REPEAT: 0 1 2 3 (the copy for 3 fails the test 3 < 3).
MODE 11 = IF 0 BEGIN DUP 3 < WHILE DUP 1+ REPEAT 4 SAVE THEN
\ AGAIN, left by EXIT when the top reaches 3: 0 1 2 3, saved before EXIT.
MODE 12 = IF 0 BEGIN DUP 1+ DUP 3 = IF 4 SAVE EXIT THEN AGAIN THEN
\ E2E: --param IN=zeros --param OUT=zeros --output-param OUT --output-count 10
\ EXPECT: 0,1,2,3,4,5,6,7,8,9
\ E2E: -D MODE=1 --param IN=zeros --param OUT=zeros --output-param OUT --output-count 12
\ EXPECT: 0,1,2,3,1,2,3,4,2,3,4,5
\ E2E: -D MODE=2 --param IN=zeros --param OUT=zeros --output-param OUT --output-count 2
\ EXPECT: 3,0
\ E2E: -D MODE=3 --param IN=zeros --param OUT=zeros --output-param OUT --output-count 5
\ EXPECT: 6,7,8,9,0
\ E2E: -D MODE=4 --param IN=zeros --param OUT=zeros --output-param OUT --output-count 8
\ EXPECT: 0,1,1,2,1,2,2,3
\ E2E: -D MODE=5 --param IN=zeros --param OUT=zeros --output-param OUT --output-count 5
\ EXPECT: 10,7,4,1,0
\ E2E: -D MODE=6 --param IN=zeros --param OUT=zeros --output-param OUT --output-count 2
\ EXPECT: 15,0
\ E2E: -D MODE=7 --param IN=zeros --param OUT=zeros --output-param OUT --output-count 6
\ EXPECT: 0,1,4,9,16,0
\ E2E: -D MODE=8 --param IN=zeros --param OUT=zeros --output-param OUT --output-count 5
\ EXPECT: 0,1,2,3,0
\ E2E: -D MODE=9 --param IN=5,6,7,8 --param OUT=zeros --output-param OUT --output-count 5
\ EXPECT: 0,6,14,24,0
\ E2E: -D MODE=10 --param IN=zeros --param OUT=zeros --output-param OUT --output-count 7
\ EXPECT: 0,1,2,3,4,5,0
\ E2E: -D MODE=11 --param IN=zeros --param OUT=zeros --output-param OUT --output-count 5
\ EXPECT: 0,1,2,3,0
\ E2E: -D MODE=12 --param IN=zeros --param OUT=zeros --output-param OUT --output-count 5
\ EXPECT: 0,1,2,3,0
