\ Atomics, global and shared, from 4 blocks of 64 threads. Every result is
\ order-independent: ATOMIC-ADD of 1 hands out the tickets 0..255 once each
\ (MARK[ticket] becomes 1 everywhere), MIN/MAX over (37g mod 256) - 100
\ (all of -100..155, 37 being odd), a CAS retry loop counting to 256,
\ XCHG into a thread's own slot returning the old value, FATOMIC-ADD of
\ multiples of 1/8 (exact in any order); the shared forms per block, with
\ shared memory set up by thread 0 first (it is not zeroed on a GPU).
\ Expected: Python sums, min and max of the same values.
\! kernel main
\! param CNT i64[4]
\! param MARK i64[256]
\! param SLOT i64[256]
\! param FSUM f64[1]
\! param BLK i64[32]
\! param BF f64[4]
\! shared SC i64[8]
\! shared SF f64[1]
GLOBAL-ID { g }
TID-X { t }
1 CNT ATOMIC-ADD  CELLS MARK + 1 SWAP !
g 37 * 256 MOD 100 -  DUP CNT 8 + ATOMIC-MIN DROP  CNT 16 + ATOMIC-MAX DROP
CNT 24 + @ BEGIN DUP DUP 1+ CNT 24 + ATOMIC-CAS TUCK = UNTIL DROP
g 1000 +  g CELLS SLOT + ATOMIC-XCHG  g 1000 + -  g CELLS SLOT + @ +  g CELLS SLOT + !
g S>F 0.125 F*  FSUM FATOMIC-ADD FDROP
t 0= IF 0 SC S!  1000 SC 8 + S!  -1000 SC 16 + S!  0 SC 24 + S!  0.0 SF SF! THEN
BARRIER
t 1+ SC SATOMIC-ADD DROP
t 7 * 64 MOD 10 -  DUP SC 8 + SATOMIC-MIN DROP  SC 16 + SATOMIC-MAX DROP
0 SC 24 + SATOMIC-ADD BEGIN DUP DUP 1+ SC 24 + SATOMIC-CAS TUCK = UNTIL DROP
t S>F 0.5 F*  SF SFATOMIC-ADD FDROP
t 0= IF 5 SC 32 + S! THEN
BARRIER
t 0= IF 9 SC 32 + SATOMIC-XCHG  SC 32 + S@ 10 * +  SC 40 + S! THEN
BARRIER
t 0= IF
  4 0 DO I CELLS SC + S@  BID-X 8 * I + CELLS BLK + ! LOOP
  SC 40 + S@  BID-X 8 * 4 + CELLS BLK + !
  SF SF@  BID-X CELLS BF + F!
THEN
\ CNT: 256 tickets, min -100, max 155, CAS count 256 (start 0,1000,-1000,0).
\ E2E: --param CNT=0,1000,-1000,0 --param MARK=zeros --param SLOT=iota --param FSUM=zeros --param BLK=zeros --param BF=zeros --grid 4 --block 64 --output-param CNT
\ EXPECT: 256,-100,155,256
\ E2E: --param CNT=0,1000,-1000,0 --param MARK=zeros --param SLOT=iota --param FSUM=zeros --param BLK=zeros --param BF=zeros --grid 4 --block 64 --output-param MARK
\ EXPECT: 1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1
\ SLOT: XCHG of 1000+g into SLOT[g] (= g) returns g; the kernel then stores
\ old - (1000+g) + SLOT[g], which is g again only if both the returned old
\ value and the exchange's store are right.
\ E2E: --param CNT=0,1000,-1000,0 --param MARK=zeros --param SLOT=iota --param FSUM=zeros --param BLK=zeros --param BF=zeros --grid 4 --block 64 --output-param SLOT
\ EXPECT: 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50,51,52,53,54,55,56,57,58,59,60,61,62,63,64,65,66,67,68,69,70,71,72,73,74,75,76,77,78,79,80,81,82,83,84,85,86,87,88,89,90,91,92,93,94,95,96,97,98,99,100,101,102,103,104,105,106,107,108,109,110,111,112,113,114,115,116,117,118,119,120,121,122,123,124,125,126,127,128,129,130,131,132,133,134,135,136,137,138,139,140,141,142,143,144,145,146,147,148,149,150,151,152,153,154,155,156,157,158,159,160,161,162,163,164,165,166,167,168,169,170,171,172,173,174,175,176,177,178,179,180,181,182,183,184,185,186,187,188,189,190,191,192,193,194,195,196,197,198,199,200,201,202,203,204,205,206,207,208,209,210,211,212,213,214,215,216,217,218,219,220,221,222,223,224,225,226,227,228,229,230,231,232,233,234,235,236,237,238,239,240,241,242,243,244,245,246,247,248,249,250,251,252,253,254,255
\ FSUM = 0.125 * (0+...+255) = 4080.0
\ E2E: --param CNT=0,1000,-1000,0 --param MARK=zeros --param SLOT=iota --param FSUM=zeros --param BLK=zeros --param BF=zeros --grid 4 --block 64 --output-param FSUM
\ EXPECT: 4080
\ Per block: sum of t+1 = 2080, min -10, max 53, CAS count 64, XCHG 5 -> 9 gives 5 + 9*10 = 95.
\ E2E: --param CNT=0,1000,-1000,0 --param MARK=zeros --param SLOT=iota --param FSUM=zeros --param BLK=zeros --param BF=zeros --grid 4 --block 64 --output-param BLK
\ EXPECT: 2080,-10,53,64,95,0,0,0,2080,-10,53,64,95,0,0,0,2080,-10,53,64,95,0,0,0,2080,-10,53,64,95,0,0,0
\ Shared float sum per block: 0.5 * (0+...+63) = 1008.0
\ E2E: --param CNT=0,1000,-1000,0 --param MARK=zeros --param SLOT=iota --param FSUM=zeros --param BLK=zeros --param BF=zeros --grid 4 --block 64 --output-param BF
\ EXPECT: 1008,1008,1008,1008
