\ What the GPU refuses or leaves undefined in a cluster, the CPU backend
\ reports, naming the word and the thread: a MAPA rank outside the
\ cluster (MODE 1), a DSMEM access past the named block's shared memory
\ (2) or through an address that is no cluster shared address (3), a
\ CLUSTER-WAIT without CLUSTER-ARRIVE (4), a deadlock that involves the
\ cluster barrier (5: rank 0 waits on an mbarrier nobody arrives on while
\ rank 1 waits for it at CLUSTER-SYNC), a multicast mask naming a rank
\ past the cluster (6) or a block whose mbarrier was never set up (7).
\ MODE 0 is the correct kernel. A grid that is not a whole number of
\ clusters is refused before the launch on either device.
\! kernel cluster_errors
\! const MODE 0
\! cluster 2 1 1
\! tmap A f32[M,K] box 8,32
\! param M i32
\! param K i32
\! param OUT i32[2]
\! shared BAR i64[1]
\! shared T f32[256] align 128
\! shared R i32[4]
CLUSTER-RANK { rk }
TID-X 0= IF
  rk 10 + R SI32!
  MODE 7 = rk 1 = AND 0= IF  1 BAR MBAR-INIT  FENCE-MBAR-INIT  THEN
THEN
MODE 4 = IF CLUSTER-WAIT ELSE CLUSTER-SYNC THEN
TID-X 0= IF
  MODE 1 = IF  R 2 MAPA DROP  THEN
  MODE 2 = IF  R 1 MAPA 2048 + DSMEM-I32@ DROP  THEN
  MODE 3 = IF  5 OUT DSMEM-I32!  THEN
  R rk 1 XOR MAPA DSMEM-I32@  rk 4 * OUT + I32!
THEN
MODE 5 = rk 0= AND IF  0 BAR MBAR-WAIT  THEN
MODE 6 = rk 0= AND TID-X 0= AND IF  0 0 BAR T A 5 TMA-LOAD-MC-2D  THEN
MODE 7 = rk 0= AND TID-X 0= AND IF  0 0 BAR T A 3 TMA-LOAD-MC-2D  THEN
CLUSTER-SYNC
\ Each rank reads the other's R: 11, 10.
\ E2E: --arch sm_90 --grid 2 --block 32 --param A=zeros --param M=8 --param K=32 --param OUT=zeros --output-param OUT
\ EXPECT: 11,10
\ E2E-ERROR: --arch sm_90 --grid 3 --block 32 --param A=zeros --param M=8 --param K=32 --param OUT=zeros
\ EXPECT-STDERR: kernel 'cluster_errors' (grid 3,1,1 block 32,1,1): the grid is not a whole number of clusters: 3 blocks along x is not a multiple of 2 (the kernel's '\! cluster 2 1 1')
\ ONLY: cpu
\ E2E-ERROR: --arch sm_90 --grid 2 --block 32 --param A=zeros --param M=8 --param K=32 --param OUT=zeros -D MODE=1
\ EXPECT-STDERR: 'MAPA', 
\ EXPECT-STDERR: : CTA rank 2 is not below the cluster's 2 blocks
\ ONLY: cpu
\ E2E-ERROR: --arch sm_90 --grid 2 --block 32 --param A=zeros --param M=8 --param K=32 --param OUT=zeros -D MODE=2
\ EXPECT-STDERR: 'DSMEM-I32@', 
\ EXPECT-STDERR: : the 4-byte access at shared byte offset 3200 of block rank 1 is outside its 1168 bytes of shared memory
\ ONLY: cpu
\ E2E-ERROR: --arch sm_90 --grid 2 --block 32 --param A=zeros --param M=8 --param K=32 --param OUT=zeros -D MODE=3
\ EXPECT-STDERR: 'DSMEM-I32!', 
\ EXPECT-STDERR: is no cluster shared address (MAPA gives one) and not in the block's own shared memory
\ ONLY: cpu
\ E2E-ERROR: --arch sm_90 --grid 2 --block 32 --param A=zeros --param M=8 --param K=32 --param OUT=zeros -D MODE=4
\ EXPECT-STDERR: 'CLUSTER-WAIT', 
\ EXPECT-STDERR: : the thread waits at the cluster barrier without arriving first (CLUSTER-ARRIVE)
\ ONLY: cpu
\ E2E-ERROR: --arch sm_90 --grid 2 --block 32 --param A=zeros --param M=8 --param K=32 --param OUT=zeros -D MODE=5
\ EXPECT-STDERR: deadlock: no thread of the cluster of blocks (0,0,0) to (1,0,0) can go on
\ EXPECT-STDERR: 32 threads, the first (thread (0,0,0) of block (0,0,0)) at 'MBAR-WAIT', 
\ EXPECT-STDERR: 32 threads, the first (thread (0,0,0) of block (1,0,0)) at 'CLUSTER-SYNC', 
\ EXPECT-STDERR: of block rank 0 (its current phase has parity 0
\ EXPECT-STDERR: on the cluster barrier (32 of the cluster's 64 live threads arrived)
\ ONLY: cpu
\ E2E-ERROR: --arch sm_90 --grid 2 --block 32 --param A=zeros --param M=8 --param K=32 --param OUT=zeros -D MODE=6
\ EXPECT-STDERR: 'TMA-LOAD-MC-2D', 
\ EXPECT-STDERR: : CTA mask 0x5 names no block or one past the cluster's 2 (bit r: block rank r)
\ ONLY: cpu
\ E2E-ERROR: --arch sm_90 --grid 2 --block 32 --param A=zeros --param M=8 --param K=32 --param OUT=zeros -D MODE=7
\ EXPECT-STDERR: 'TMA-LOAD-MC-2D', 
\ EXPECT-STDERR: : the mbarrier at shared byte offset 0 of block rank 1 was never set up by MBAR-INIT
