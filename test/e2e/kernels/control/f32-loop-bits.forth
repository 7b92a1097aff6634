\ In f32 mode a float slot is 32 bits wide; a loop whose slot starts as a
\ float and comes back holding a 64-bit integer must keep all 64 bits (the
\ loop header carries f32 slots as integer bits). 1 40 LSHIFT = 2^40.
\! kernel main
\! float f32
\! param D i64[2]
1.5 0 BEGIN SWAP DROP 1 40 LSHIFT SWAP 1+ DUP 3 = UNTIL DROP D !
\ And a float accumulator through the same kind of loop stays a float.
0.0 4 0 DO 0.5 F+ LOOP F>S D 8 + !
\ E2E: --param D=zeros --output-param D --output-count 2
\ EXPECT: 1099511627776,2
