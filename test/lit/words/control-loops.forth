\ BEGIN UNTIL, BEGIN WHILE REPEAT, BEGIN AGAIN, DO LOOP, ?DO, +LOOP,
\ LEAVE, UNLOOP and EXIT, checked by what the loops compute: LLVM folds
\ each constant loop to its result.
\ RUN: %warpforthc %s --emit llvm | FileCheck %s

\! kernel k
\! param A i64[16]
: OUT ( n i -- ) CELLS A + ! ;
\ BEGIN .. UNTIL runs the body first: doubles 1 until it exceeds 100.
1 BEGIN 2 * DUP 100 > UNTIL 0 OUT
\ BEGIN .. WHILE .. REPEAT tests first: counts 0, 3, 6, 9, 12.
0 BEGIN DUP 10 < WHILE 3 + REPEAT 1 OUT
\ BEGIN .. AGAIN leaves only through EXIT in a word.
: FIRST-SQUARE-OVER-50 ( -- n ) 1 BEGIN DUP DUP * 50 > IF EXIT THEN 1+ AGAIN ;
FIRST-SQUARE-OVER-50 2 OUT
\ DO .. LOOP sums 0..9.
0 10 0 DO I + LOOP 3 OUT
\ DO runs at least once even when start = limit... ?DO does not run.
0 5 5 ?DO 1+ LOOP 4 OUT
0 8 5 ?DO 1+ LOOP 5 OUT
\ +LOOP: up by 3 from 0 below 10 (0 3 6 9); down by -1 from 10 to 0
\ inclusive (the crossing test), sum 55.
0 10 0 DO I + 3 +LOOP 6 OUT
0 0 10 DO I + -1 +LOOP 7 OUT
\ LEAVE: sum 0..4, leaving at I = 5.
0 10 0 DO I 5 = IF LEAVE THEN I + LOOP 8 OUT
\ UNLOOP EXIT out of a DO loop in a word.
: FIND7 ( -- i ) 100 0 DO I 7 = IF I UNLOOP EXIT THEN LOOP -1 ;
FIND7 9 OUT
\ Nested BEGIN inside DO.
0 3 0 DO I BEGIN DUP 0> WHILE 1- SWAP 1+ SWAP REPEAT DROP LOOP 10 OUT

\ CHECK: store i64 128,
\ CHECK: store i64 12,
\ CHECK: store i64 8,
\ CHECK: store i64 45,
\ CHECK: store i64 0,
\ CHECK: store i64 3,
\ CHECK: store i64 18,
\ CHECK: store i64 55,
\ CHECK: store i64 10,
\ CHECK: store i64 7,
\ CHECK: store i64 3,
