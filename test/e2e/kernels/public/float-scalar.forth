\ The public WarpForth float scalar test: DATA[i] *= SCALE (f64 scalar),
\ 4 threads; and the README's scale kernel with a bounds check (threads at
\ or past N do nothing).
\! kernel main
\! param DATA f64[256]
\! param SCALE f64
\! param N i64
GLOBAL-ID DUP N < IF
  DUP CELLS DATA + F@
  SCALE F*
  SWAP CELLS DATA + F!
ELSE DROP THEN
\ E2E: --param DATA=1.0,2.0,3.0,4.0 --param SCALE=2.5 --param N=4 --block 4 --output-param DATA --output-count 4
\ EXPECT: 2.5,5,7.5,10
\ 8 threads, N=3: only the first three scale.
\ E2E: --param DATA=1.0,2.0,3.0,4.0 --param SCALE=2.5 --param N=3 --grid 2 --block 4 --output-param DATA --output-count 5
\ EXPECT: 2.5,5,7.5,4,0
\ The public int-to-float test on the side: 7 S>F 1.5 F* = 10.5 (SCALE 1.5, DATA[0] = 7).
\ E2E: --param DATA=7 --param SCALE=1.5 --param N=1 --output-param DATA --output-count 1
\ EXPECT: 10.5
