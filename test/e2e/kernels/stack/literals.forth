\ The public WarpForth stack tests, on literals (positional i64[256] param,
\ as the public runner passes it): 5 DUP, 1 2 SWAP, 1 2 OVER, 1 2 3 ROT,
\ 1 2 DROP.
\! kernel main
\! param DATA i64[256]
5 DUP 1 CELLS DATA + ! 0 CELLS DATA + !
1 2 SWAP 3 CELLS DATA + ! 2 CELLS DATA + !
1 2 OVER 6 CELLS DATA + ! 5 CELLS DATA + ! 4 CELLS DATA + !
1 2 3 ROT 9 CELLS DATA + ! 8 CELLS DATA + ! 7 CELLS DATA + !
1 2 DROP 10 CELLS DATA + !
1 2 NIP 11 CELLS DATA + !
1 2 TUCK 14 CELLS DATA + ! 13 CELLS DATA + ! 12 CELLS DATA + !
\ E2E: --param 'i64[256]' --grid 1,1,1 --block 1,1,1 --output-param 0 --output-count 15
\ EXPECT: 5,5,2,1,1,2,1,2,3,1,1,2,2,1,2
