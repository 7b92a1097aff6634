\ The public WarpForth interleaved control-flow tests on literals:
\ multi-WHILE 20 -> 19, WHILE+UNTIL 10 -> 5, BEGIN UNTIL countdown 10 -> 0;
\ and the edge inputs of WHILE+UNTIL from a param: the WHILE exit (3 -> 0),
\ no iteration (-4, 0), the UNTIL exit (6 -> 5), and 5 -> 0 (passes 5 before
\ testing, so it runs down to the WHILE exit).
\! kernel main
\! param IN i64[8]
\! param DATA i64[16]
20 BEGIN DUP 10 > WHILE DUP 2 MOD 0= WHILE 1 - REPEAT THEN
0 CELLS DATA + !
10 BEGIN DUP 0 > WHILE 1 - DUP 5 = UNTIL THEN
1 CELLS DATA + !
10 BEGIN 1 - DUP 0= UNTIL
2 CELLS DATA + !
5 0 DO
  I CELLS IN + @ BEGIN DUP 0 > WHILE 1 - DUP 5 = UNTIL THEN
  I 3 + CELLS DATA + !
LOOP
\ E2E: --param IN=3,-4,0,6,5 --param DATA=zeros --output-param DATA --output-count 8
\ EXPECT: 19,5,0,0,-4,0,5,0
