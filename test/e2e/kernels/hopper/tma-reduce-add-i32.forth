\ TMA-REDUCE-ADD-1D on an i32 map: two blocks each add a 16-element tile
\ (element e = e - 8 + 100b, negatives included) into the box at X + 8b of
\ O, an i32[N] tensor of 1s, N = 40: the boxes overlap by 8 elements, and
\ X = 32 clips the second. Expected (Python): O[j] = 1 + sum over b with
\ X + 8b <= j < X + 8b + 16 of (j - X - 8b) - 8 + 100b.
\! kernel tma_reduce_add_i32
\! const X 0
\! tmap O i32[N] box 16
\! param N i32
\! shared T i32[16] align 128
TID-X 16 < IF  TID-X 8 - BID-X 100 * +  TID-X 4 * T + SI32!  THEN
FENCE-PROXY-ASYNC
BARRIER
TID-X 0= IF
  X BID-X 8 * + T O TMA-REDUCE-ADD-1D
  TMA-STORE-COMMIT
  0 TMA-STORE-WAIT
THEN
\ E2E: --arch sm_90 --block 32 --grid 2 --param O=i32[40]:ones --param N=40 --output-param O -D X=0
\ EXPECT: -7,-6,-5,-4,-3,-2,-1,0,93,95,97,99,101,103,105,107,101,102,103,104,105,106,107,108,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1
\ E2E: --arch sm_90 --block 32 --grid 2 --param O=i32[40]:ones --param N=40 --output-param O -D X=16
\ EXPECT: 1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,-7,-6,-5,-4,-3,-2,-1,0,93,95,97,99,101,103,105,107,101,102,103,104,105,106,107,108
\ E2E: --arch sm_90 --block 32 --grid 2 --param O=i32[40]:ones --param N=40 --output-param O -D X=32
\ EXPECT: 1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,-7,-6,-5,-4,-3,-2,-1,0
