\ The public WarpForth thread tests: GLOBAL-ID stored at DATA[GLOBAL-ID]
\ (4 threads), and OUTPUT[i] = INPUT[i] * SCALE with an i64 scalar param
\ given first.
\! kernel main
\! param SCALE i64
\! param INPUT i64[4]
\! param OUTPUT i64[4]
\! param DATA i64[256]
GLOBAL-ID DUP CELLS DATA + !
GLOBAL-ID
DUP CELLS INPUT + @
SCALE *
SWAP CELLS OUTPUT + !
\ E2E: --param SCALE=3 --param INPUT=10,20,30,40 --param OUTPUT=zeros --param DATA=zeros --block 4,1,1 --output-param DATA --output-count 4
\ EXPECT: 0,1,2,3
\ E2E: --param SCALE=3 --param INPUT=10,20,30,40 --param OUTPUT=zeros --param DATA=zeros --block 4,1,1 --output-param 2 --output-count 4
\ EXPECT: 30,60,90,120
\ Two blocks of two threads: GLOBAL-ID = BID-X * BDIM-X + TID-X is the same.
\ E2E: --param i64:-2 --param 'i64[]:10,20,30,40' --param 'i64[4]' --param 'i64[256]' --grid 2 --block 2 --output-param 2
\ EXPECT: -20,-40,-60,-80
