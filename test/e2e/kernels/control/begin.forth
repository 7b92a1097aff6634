\ BEGIN UNTIL, BEGIN WHILE REPEAT, two WHILEs in one loop, WHILE with
\ UNTIL, and BEGIN AGAIN left with EXIT (inside a word), one thread per
\ input; expected values from a Python model of each loop.
\! kernel main
\! param IN i64[5]
\! param OUT i64[40]
: COLLATZ ( n -- steps )  0 SWAP BEGIN DUP 1 <> WHILE
    DUP 2 MOD IF 3 * 1+ ELSE 2 / THEN SWAP 1+ SWAP REPEAT DROP ;
: SUM-TO ( n -- 1+..+n )  0 SWAP BEGIN DUP ROT + SWAP 1- DUP 1 < UNTIL DROP ;
: MULTI-WHILE ( x -- x' )  BEGIN DUP 10 > WHILE DUP 2 MOD 0= WHILE 1 - REPEAT THEN ;
: WHILE-UNTIL ( x -- x' )  BEGIN DUP 0 > WHILE 1 - DUP 5 = UNTIL THEN ;
: FIRST-SQUARE-ABOVE ( n -- i )  0 BEGIN DUP DUP * 2 PICK > IF NIP EXIT THEN 1+ AGAIN ;
TID-X { t }
t CELLS IN + @ { x }
x COLLATZ             t CELLS OUT + !
x SUM-TO              t 5 + CELLS OUT + !
x MULTI-WHILE         t 10 + CELLS OUT + !
x WHILE-UNTIL         t 15 + CELLS OUT + !
x FIRST-SQUARE-ABOVE  t 20 + CELLS OUT + !
\ x:                     27  1   6   97  20
\ Collatz steps:         111 0   8   118 7
\ SUM-TO (1 at least):   378 1   21  4753 210
\ MULTI-WHILE:           27  1   6   97  19
\ WHILE-UNTIL:           5   0   5   5   5
\ smallest i, i*i > x:   6   2   3   10  5
\ E2E: --param IN=27,1,6,97,20 --param OUT=zeros --block 5 --output-param OUT --output-count 25
\ EXPECT: 111,0,8,118,7,378,1,21,4753,210,27,1,6,97,19,5,0,5,5,5,6,2,3,10,5
\ MULTI-WHILE: 16 -> 15 (odd), 9 (first WHILE false), 30 -> 29, 11 (odd), 12 -> 11
\ WHILE-UNTIL: all reach 5 counting down.
\ E2E: --param IN=16,9,30,11,12 --param OUT=zeros --block 5 --output-param OUT --output-count 25
\ EXPECT: 4,19,18,14,9,136,45,465,66,78,15,9,29,11,11,5,5,5,5,5,5,4,6,4,4
