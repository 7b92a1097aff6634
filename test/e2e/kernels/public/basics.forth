\ The public WarpForth one-liners in one kernel: 3 4 +, 10 3 -, 6 7 *,
\ 42 6 /, 17 5 MOD, 10 BEGIN 1 - DUP 0= UNTIL, ': DOUBLE DUP + ; 5 DOUBLE',
\ 7.9 F>S; then the DO tests: I for 5 0 DO, 10 0 DO ... 2 +LOOP, and
\ 0 10 DO ... -1 +LOOP, which visits 10 down to 0 (11 values: the public
\ test reads only the first 10).
\! kernel main
\! param DATA i64[256]
: DOUBLE DUP + ;
3 4 +    0 CELLS DATA + !
10 3 -   1 CELLS DATA + !
6 7 *    2 CELLS DATA + !
42 6 /   3 CELLS DATA + !
17 5 MOD 4 CELLS DATA + !
10 BEGIN 1 - DUP 0= UNTIL 5 CELLS DATA + !
5 DOUBLE 6 CELLS DATA + !
7.9 F>S  7 CELLS DATA + !
5 0 DO I I 10 + CELLS DATA + ! LOOP
20
10 0 DO I OVER CELLS DATA + ! 1 + 2 +LOOP
DROP
30
0 10 DO I OVER CELLS DATA + ! 1 + -1 +LOOP
DATA 8 CELLS + !
\ 0..7: results; 8: where the -1 +LOOP stopped (30 + 11 stores = 41);
\ 10..14: 0..4; 20..24: 0 2 4 6 8; 30..40: 10..0.
\ E2E: --param 'i64[256]' --output-param 0 --output-count 41
\ EXPECT: 7,7,42,7,2,0,10,7,41,0,0,1,2,3,4,0,0,0,0,0,0,2,4,6,8,0,0,0,0,0,10,9,8,7,6,5,4,3,2,1,0
