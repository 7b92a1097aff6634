\ The public WarpForth float comparison test (3.14 3.14 F=, 1.0 2.0 F<,
\ 5.0 3.0 F>: all -1) and NaN from 0.0 0.0 F/ on literals.
\! kernel main
\! param DATA i64[256]
: 0/0 0.0 0.0 F/ ;
3.14 3.14 F=  0 CELLS DATA + !
1.0 2.0 F<    1 CELLS DATA + !
5.0 3.0 F>    2 CELLS DATA + !
0/0 0/0 F=    3 CELLS DATA + !
0/0 0/0 F<>   4 CELLS DATA + !
0/0 1.0 F<    5 CELLS DATA + !
0/0 1.0 F>=   6 CELLS DATA + !
1.0 0/0 F<=   7 CELLS DATA + !
\ E2E: --param 'i64[256]' --output-param 0 --output-count 8
\ EXPECT: -1,-1,-1,0,-1,0,0,0
\ E2E: --param 'i64[256]' --output-param 0 --output-count 8 --float f32
\ EXPECT: -1,-1,-1,0,-1,0,0,0
