\ SATOMIC-ADD-I32: a 32-bit add to an i32 in shared memory, from 2 blocks of
\ 64 threads. A histogram: thread t adds t+1 to bin t mod 4, so bin b gets
\ the sum of t+1 over the 16 threads t = b, b+4, .., b+60:
\ 16*(b+1) + 4*(0+1+..+15) = 16b + 496 (Python: sum(t+1 for t in
\ range(b, 64, 4))). The old values are tickets: 1 added to bin 4 by every
\ thread hands out 0..63 once each per block (MARK[64*block + ticket] =
\ 1). Only 32 bits are touched: bin 6 starts at 2^31 - 100, gets 4096 from
\ each of 64 threads and wraps as an i32 (2^31 - 100 + 64*4096 - 2^32),
\ leaving bin 5 (77) next to it alone; an old value comes back
\ sign-extended (thread 0 of block 0 sees bin 7 at -5 and stores -5).
\! kernel main
\! param OUT i64[8]
\! param MARK i64[128]
\! shared H i32[8]
TID-X { t }
t 0= IF
  0 H SI32!  0 H 4 + SI32!  0 H 8 + SI32!  0 H 12 + SI32!  0 H 16 + SI32!
  77 H 20 + SI32!  2147483548 H 24 + SI32!  -5 H 28 + SI32!
THEN
BARRIER
t 1+  t 4 MOD 4 * H +  SATOMIC-ADD-I32 DROP
1 H 16 + SATOMIC-ADD-I32  BID-X 64 * + CELLS MARK + 1 SWAP !
4096 H 24 + SATOMIC-ADD-I32 DROP
t 0= IF 0 H 28 + SATOMIC-ADD-I32  BID-X 0= IF 7 CELLS OUT + ! ELSE DROP THEN THEN
BARRIER
t 7 < BID-X 0= AND IF  t 4 * H + SI32@  t CELLS OUT + !  THEN
\ Bins 0..3: 496, 512, 528, 544; bin 4: 64; bin 5: 77; bin 6:
\ 2147483548 + 262144 - 4294967296 = -2147221604; OUT[7]: -5.
\ E2E: --param OUT=zeros --param MARK=zeros --grid 2 --block 64 --output-param OUT
\ EXPECT: 496,512,528,544,64,77,-2147221604,-5
\ E2E: --param OUT=zeros --param MARK=zeros --grid 2 --block 64 --output-param MARK
\ EXPECT: 1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1
