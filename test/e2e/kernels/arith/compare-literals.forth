\ The public WarpForth comparison test (= < > 0= on literals, all true),
\ plus the false cases, on literals that the compiler may fold.
\! kernel main
\! param DATA i64[256]
5 5 =  0 CELLS DATA + !
3 5 <  1 CELLS DATA + !
5 3 >  2 CELLS DATA + !
0 0=   3 CELLS DATA + !
5 3 =  4 CELLS DATA + !
5 3 <  5 CELLS DATA + !
3 5 >  6 CELLS DATA + !
7 0=   7 CELLS DATA + !
-1 1 U< 8 CELLS DATA + !
-1 1 U> 9 CELLS DATA + !
4 4 <> 10 CELLS DATA + !
4 4 <= 11 CELLS DATA + !
3 4 >= 12 CELLS DATA + !
\ E2E: --param 'i64[256]' --output-param 0 --output-count 13
\ EXPECT: -1,-1,-1,-1,0,0,0,0,0,-1,0,-1,0
