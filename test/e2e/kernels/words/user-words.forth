\ User words: the public ': DOUBLE DUP + ; 5 DOUBLE' = 10, words calling
\ words, EXIT from the middle of a word (inside IF), a word redefined
\ later (later uses see the new one), and a prelude word (ABS) redefined
\ by the kernel.
\! kernel main
\! param DATA i64[256]
: DOUBLE DUP + ;
: QUAD DOUBLE DOUBLE ;
: SIGN ( n -- -1|0|1 ) DUP 0< IF DROP -1 EXIT THEN 0> IF 1 EXIT THEN 0 ;
: F1 1 ;
: USES-F1 F1 10 * ;
: F1 2 ;
: ABS DROP 77 ;
5 DOUBLE            0 CELLS DATA + !
DATA 8 + @ QUAD     1 CELLS DATA + !
-8 SIGN 2 CELLS DATA + !   0 SIGN 3 CELLS DATA + !   9 SIGN 4 CELLS DATA + !
USES-F1 F1 +        5 CELLS DATA + !
-3 ABS              6 CELLS DATA + !
\ 10, 4*DATA[1], -1 0 1, 10*1 + 2 (USES-F1 was compiled with the first F1), 77
\ E2E: --param 'i64[]:0,-6' --output-param 0 --output-count 7
\ EXPECT: 10,-24,-1,0,1,12,77
