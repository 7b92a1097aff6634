\ The public WarpForth IF/ELSE/THEN test: DATA[1] = DATA[0] > 0 ? 1 : 2.
\! kernel main
\! param DATA i64[256]
0 CELLS DATA + @
0 >
IF 1 ELSE 2 THEN
1 CELLS DATA + !
\ E2E: --param 'i64[]:5' --grid 1,1,1 --block 1,1,1 --output-param 0 --output-count 2
\ EXPECT: 5,1
\ E2E: --param 'i64[]:-5' --grid 1,1,1 --block 1,1,1 --output-param 0 --output-count 2
\ EXPECT: -5,2
\ E2E: --param 'i64[]:0' --output-param 0 --output-count 3
\ EXPECT: 0,2,0
