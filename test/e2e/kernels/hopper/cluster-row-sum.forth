\ A reduction of a row across the blocks of a cluster through distributed
\ shared memory: row `CLUSTER-ID-X` of IN (CN * 64 floats) is split over
\ the CN blocks of one cluster, 64 floats each. Every block sums its part
\ into its own P, then stores it into rank 0's S[rank] with MAPA +
\ DSMEM-F32!; after CLUSTER-SYNC rank 0 sums S into OUT[2 row] and reads
\ the last rank's P with DSMEM-F32@ into OUT[2 row + 1]. The last
\ CLUSTER-SYNC keeps every block's shared memory alive until then.
\ Expected (by hand, IN = iota, so IN[i] = i, every sum exact in f32):
\ row k sums i from k C to k C + C - 1 with C = 64 CN: C^2 k + C (C - 1)/2;
\ the last rank's part starts at s = k C + 64 (CN - 1): 64 s + 2016.
\ CN = 4 (C = 256): 32640, 14304 | 98176, 30688.
\ CN = 2 (C = 128): 8128, 6112 | 24512, 14304.
\! kernel cluster_row_sum
\! const CN 4
\! float f32
\! cluster CN 1 1
\! param IN f32[2*CN*64]
\! param OUT f32[4]
\! shared V f32[64]
\! shared P f32[1]
\! shared S f32[8]
CLUSTER-ID-X { row }
CLUSTER-RANK { r }
row CN * r + 64 * TID-X + 4 * IN + F32@  TID-X 4 * V + SF32!
BARRIER
TID-X 0= IF
  0.0  64 0 DO  I 4 * V + SF32@ F+  LOOP  P SF32!
  P SF32@  S r 4 * +  0 MAPA  DSMEM-F32!
THEN
CLUSTER-SYNC
r 0= TID-X 0= AND IF
  0.0  CN 0 DO  I 4 * S + SF32@ F+  LOOP  row 2 * 4 * OUT + F32!
  P  CN 1-  MAPA DSMEM-F32@  row 2 * 1+ 4 * OUT + F32!
THEN
CLUSTER-SYNC
\ E2E: --arch sm_90 --grid 8 --block 64 --param IN=iota --param OUT=zeros --output-param OUT
\ EXPECT: 32640,14304,98176,30688
\ E2E: --arch sm_90 --grid 4 --block 64 --param IN=iota --param OUT=zeros --output-param OUT -D CN=2
\ EXPECT: 8128,6112,24512,14304
