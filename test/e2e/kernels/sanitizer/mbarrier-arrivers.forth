\ An mbarrier orders a waiter after the accesses of the threads that
\ arrived, not after what those threads learnt of others: warp 1 reads D,
\ then (ARRIVERS=32) every lane arrives, count 32: clean; or (ARRIVERS=1)
\ the lanes meet at WARP-SYNC and lane 0 alone arrives, count 1: warp 2's
\ write after its wait races with lanes 1-31's reads. compute-sanitizer's
\ racecheck reports that second form on an H200 (one hazard), and so does
\ --sanitize (docs/sanitizer.md).
\ Expected: OUT[l] = l for the 32 lanes of warp 1.
\! kernel arrivers
\! const ARRIVERS 32
\! param OUT i64[32]
\! shared BAR i64[1]
\! shared D i64[32]
TID-X { t }
t 0= IF
  ARRIVERS BAR MBAR-INIT  FENCE-MBAR-INIT
  32 0 DO  I I CELLS D + S!  LOOP
THEN
BARRIER
t 32 / { w }
w 1 = IF
  LANE-ID CELLS D + S@  LANE-ID CELLS OUT + !
  ARRIVERS 32 = IF
    BAR MBAR-ARRIVE
  ELSE
    WARP-SYNC  LANE-ID 0= IF  BAR MBAR-ARRIVE  THEN
  THEN
THEN
w 2 = IF
  0 BAR MBAR-WAIT  LANE-ID 100 + LANE-ID CELLS D + S!
THEN
\ ONLY: cpu
\ E2E: --sanitize --arch sm_90 --param OUT=zeros --block 96 --output-param OUT --output-count 3
\ EXPECT: 0,1,2
\ ONLY: cpu
\ E2E-ERROR: --sanitize --arch sm_90 -D ARRIVERS=1 --param OUT=zeros --block 96
\ EXPECT-STDERR: sanitizer: race (write after read) on shared memory bytes
\ EXPECT-STDERR: thread (33,0,0) (linear 33) read at 
\ EXPECT-STDERR: sanitizer/mbarrier-arrivers.forth:22:21 'S@'
\ EXPECT-STDERR: thread (65,0,0) (linear 65) wrote at 
\ EXPECT-STDERR: sanitizer/mbarrier-arrivers.forth:30:52 'S!'
