\ @ ! F@ F! on i64 and f64 params, addresses as byte addresses
\ (I CELLS DATA +); the public WarpForth tests "float load/store"
\ (DATA[1] = DATA[0] * 2.0 with 3.14) and "multi param" (OUTPUT[i] =
\ 2 * INPUT[i], 4 threads).
\! kernel main
\! param INPUT i64[4]
\! param OUTPUT i64[4]
\! param DATA f64[256]
GLOBAL-ID
DUP CELLS INPUT + @
DUP +
SWAP CELLS OUTPUT + !
GLOBAL-ID 0= IF
  0 CELLS DATA + F@ 2.0 F* 1 CELLS DATA + F!
  INPUT @ INPUT 24 + @ + 2 CELLS DATA + !
  2 CELLS DATA + @ S>F 3 CELLS DATA + F!
THEN
\ E2E: --param INPUT=10,20,30,40 --param OUTPUT=zeros --param 'DATA=3.14' --block 4 --output-param OUTPUT
\ EXPECT: 20,40,60,80
\ DATA[2] holds the integer 50 stored with ! (its f64 bits print as a tiny
\ denormal, 2.47e-322 by Python struct), DATA[3] = 50.0.
\ E2E: --param INPUT=10,20,30,40 --param OUTPUT=zeros --param 'DATA=3.14' --block 4 --output-param DATA --output-count 4
\ EXPECT-APPROX: 3.14,6.28,2.47e-322,50
