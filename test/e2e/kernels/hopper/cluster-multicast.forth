\ A multicast TMA load (TMA-LOAD-MC-2D): rank 0 of each cluster loads one
\ 8x32 f32 tile of A into T of every block of MASK (bit r: rank r), and
\ each of those blocks counts the 1024 bytes on its own mbarrier BAR (set
\ up, with the bytes expected, before a CLUSTER-SYNC that orders it
\ before the load). Each block then reports OUT[4 b ..]: how many of T's
\ 256 elements differ from the tile, T[0], T[255], and MBAR-TRY-WAIT's
\ flag for phase 0 (-1: the load completed it; 0 in a block outside the
\ mask, whose barrier nobody arrives on). The last CLUSTER-SYNC keeps
\ the issuing block until every block has its tile.
\ Expected (by hand): A = iota with K = 64, so A[i][j] = 64 i + j; the
\ tile of cluster c starts at row y = 8 c, column 0: T[32 i + j] =
\ 64 (y + i) + j, T[0] = 64 y, T[255] = 64 (y + 7) + 31 (479, or 991 for
\ y = 8). A block outside the mask keeps zeros: 255 differ for y = 0 (the
\ tile's 0 matches), and it reports 255,0,0,0.
\! kernel cluster_multicast
\! const CN 2
\! const MASK 3
\! cluster CN 1 1
\! tmap A f32[M,K] box 8,32
\! param M i32
\! param K i32
\! param OUT i32[32]
\! shared BAR i64[1]
\! shared T f32[256] align 128
CLUSTER-RANK { r }
MASK r RSHIFT 1 AND { mine }
CLUSTER-ID-X 8 * { y }
\ A block outside the mask gets no tile: its T is zeroed (shared memory
\ starts undefined on a GPU), so that it reports the zeros it holds.
mine 0= TID-X 0= AND IF  256 0 DO  0.0 I 4 * T + SF32!  LOOP  THEN
TID-X 0= IF
  1 BAR MBAR-INIT  FENCE-MBAR-INIT
  mine IF 1024 BAR MBAR-ARRIVE-TX THEN
THEN
CLUSTER-SYNC
r 0= TID-X 0= AND IF  y 0 BAR T A MASK TMA-LOAD-MC-2D  THEN
mine IF 0 BAR MBAR-WAIT THEN
TID-X 0= IF
  0  256 0 DO  I 4 * T + SF32@ F>S  y I 32 / + K * I 32 MOD +  <> IF 1+ THEN  LOOP
  BID-X 4 * 4 * OUT + I32!
  T SF32@ F>S  BID-X 4 * 1+ 4 * OUT + I32!
  255 4 * T + SF32@ F>S  BID-X 4 * 2 + 4 * OUT + I32!
  0 BAR MBAR-TRY-WAIT  BID-X 4 * 3 + 4 * OUT + I32!
THEN
CLUSTER-SYNC
\ Clusters of 2, both blocks in the mask; two clusters (rows 0 and 8).
\ E2E: --arch sm_90 --grid 4 --block 32 --param A=iota --param M=16 --param K=64 --param OUT=zeros --output-param OUT --output-count 16
\ EXPECT: 0,0,479,-1,0,0,479,-1,0,512,991,-1,0,512,991,-1
\ Clusters of 4, all in the mask.
\ E2E: --arch sm_90 --grid 8 --block 32 --param A=iota --param M=16 --param K=64 --param OUT=zeros --output-param OUT -D CN=4 -D MASK=15
\ EXPECT: 0,0,479,-1,0,0,479,-1,0,0,479,-1,0,0,479,-1,0,512,991,-1,0,512,991,-1,0,512,991,-1,0,512,991,-1
\ Clusters of 4, the mask ranks 1 and 3 only (the issuing rank 0 not in it).
\ E2E: --arch sm_90 --grid 4 --block 32 --param A=iota --param M=16 --param K=64 --param OUT=zeros --output-param OUT --output-count 16 -D CN=4 -D MASK=10
\ EXPECT: 255,0,0,0,0,0,479,-1,255,0,0,0,0,0,479,-1
