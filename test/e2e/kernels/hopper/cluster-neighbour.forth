\ Thread-block clusters and distributed shared memory: in each block,
\ thread 0 writes 1000 * CLUSTER-RANK + the block's linear id into its
\ shared cell R, CLUSTER-SYNC, then reads the cell of the next rank in its
\ cluster ((rank + 1) mod size) through MAPA and DSMEM-I32@, and writes
\ what it read, its rank, CLUSTER-SIZE and CLUSTER-ID-X/Y to OUT[5 b ..].
\ A last CLUSTER-SYNC keeps every block's shared memory alive until its
\ neighbour has read it (a block's shared memory goes when it exits).
\ Expected (by hand): cluster dims (CX, CY), grid (GX, GY); block (x, y)
\ has b = x + GX y, rank r = x mod CX + CX (y mod CY), cluster id
\ (x / CX, y / CY); the next rank r' = (r + 1) mod (CX CY) is the block
\ (x - x mod CX + r' mod CX, y - y mod CY + r' / CX) of the same cluster.
\! kernel cluster_neighbour
\! const CX 2
\! const CY 1
\! cluster CX CY 1
\! param OUT i32[80]
\! shared R i32[4]
GDIM-X BID-Y * BID-X + { b }
TID-X 0= IF  CLUSTER-RANK 1000 * b + R SI32!  THEN
CLUSTER-SYNC
TID-X 0= IF
  R  CLUSTER-RANK 1+ CLUSTER-SIZE MOD  MAPA DSMEM-I32@  b 5 * 4 * OUT + I32!
  CLUSTER-RANK   b 5 * 1+ 4 * OUT + I32!
  CLUSTER-SIZE   b 5 * 2 + 4 * OUT + I32!
  CLUSTER-ID-X   b 5 * 3 + 4 * OUT + I32!
  CLUSTER-ID-Y   b 5 * 4 + 4 * OUT + I32!
THEN
CLUSTER-SYNC
\ Clusters of 2 along x, grid 4: blocks 0,1 | 2,3.
\ E2E: --arch sm_90 --grid 4 --block 64 --param OUT=zeros --output-param OUT --output-count 20
\ EXPECT: 1001,0,2,0,0,0,1,2,0,0,1003,0,2,1,0,2,1,2,1,0
\ Clusters of 2x2, grid 4x2: ranks 0..3 are blocks (0,0) (1,0) (0,1) (1,1)
\ of a cluster; b = x + 4 y.
\ E2E: --arch sm_90 --grid 4,2 --block 32 --param OUT=zeros --output-param OUT --output-count 40 -D CX=2 -D CY=2
\ EXPECT: 1001,0,4,0,0,2004,1,4,0,0,1003,0,4,1,0,2006,1,4,1,0,3005,2,4,0,0,0,3,4,0,0,3007,2,4,1,0,2,3,4,1,0
