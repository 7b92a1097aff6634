\ Remote mbarrier arrivals: rank 0 of each cluster sets up BAR for CN - 1
\ arrivals and waits on it; every other rank r writes 100 r + its block id
\ into rank 0's D[r] (MAPA, DSMEM-I32!) and then arrives on rank 0's BAR
\ (MBAR-ARRIVE-REMOTE, release at cluster scope). Rank 0's wait
\ (MBAR-WAIT-CLUSTER, acquire at cluster scope) therefore sees D filled:
\ it writes MBAR-TRY-WAIT's flag for phase 0 and D[1..CN-1] to
\ OUT[8 c ..] for cluster c. The CLUSTER-SYNC after set-up orders
\ MBAR-INIT before the remote arrivals; the closing CLUSTER-ARRIVE ...
\ CLUSTER-WAIT (the split barrier) keeps rank 0's shared memory until
\ every block is done.
\ Expected (by hand): cluster c holds blocks CN c .. CN c + CN - 1, rank r
\ is block CN c + r: OUT[8 c] = -1, OUT[8 c + r] = 100 r + CN c + r.
\! kernel cluster_remote_arrive
\! const CN 4
\! cluster CN 1 1
\! param OUT i32[16]
\! shared BAR i64[1]
\! shared D i32[8]
CLUSTER-RANK { r }
r 0= TID-X 0= AND IF  CN 1- BAR MBAR-INIT  FENCE-MBAR-INIT  THEN
CLUSTER-SYNC
r 0<> TID-X 0= AND IF
  100 r * BID-X +  D r 4 * +  0 MAPA  DSMEM-I32!
  BAR 0 MAPA MBAR-ARRIVE-REMOTE
THEN
r 0= IF
  0 BAR MBAR-WAIT-CLUSTER
  TID-X 0= IF
    0 BAR MBAR-TRY-WAIT  CLUSTER-ID-X 8 * 4 * OUT + I32!
    CN 1 DO  I 4 * D + SI32@  CLUSTER-ID-X 8 * I + 4 * OUT + I32!  LOOP
  THEN
THEN
CLUSTER-ARRIVE
CLUSTER-WAIT
\ E2E: --arch sm_90 --grid 8 --block 64 --param OUT=zeros --output-param OUT
\ EXPECT: -1,101,202,303,0,0,0,0,-1,105,206,307,0,0,0,0
\ E2E: --arch sm_90 --grid 4 --block 64 --param OUT=zeros --output-param OUT -D CN=2
\ EXPECT: -1,101,0,0,0,0,0,0,-1,103,0,0,0,0,0,0
