\ A producer/consumer pair on an mbarrier: thread 0 fills D and arrives;
\ warp 1 waits for the phase, then reads. The wait orders the reads after
\ the writes: clean. -D WAIT=0 reads without waiting: a race that
\ --sanitize reports (read after write, no synchronisation).
\ Expected: OUT[i] = 10*i for the 32 consumer lanes.
\! kernel mbar
\! const WAIT 1
\! param OUT i64[32]
\! shared BAR i64[1]
\! shared D i64[32]
TID-X { t }
t 0= IF  1 BAR MBAR-INIT  FENCE-MBAR-INIT  THEN
BARRIER
t 0= IF
  32 0 DO  I 10 * I CELLS D + S!  LOOP
  BAR MBAR-ARRIVE
THEN
t 32 >= IF
  WAIT IF 0 BAR MBAR-WAIT THEN
  t 32 - CELLS D + S@  t 32 - CELLS OUT + !
THEN
\ ONLY: cpu
\ E2E: --sanitize --arch sm_90 --param OUT=zeros --block 64 --output-param OUT --output-count 3
\ EXPECT: 0,10,20
\ ONLY: cpu
\ E2E-ERROR: --sanitize --arch sm_90 -D WAIT=0 --param OUT=zeros --block 64
\ EXPECT-STDERR: sanitizer: race (read after write) on shared memory bytes
\ EXPECT-STDERR: thread (0,0,0) (linear 0) wrote at 
\ EXPECT-STDERR: sanitizer/mbarrier.forth:15:31 'S!'
\ EXPECT-STDERR: thread (32,0,0) (linear 32) read at 
\ EXPECT-STDERR: sanitizer/mbarrier.forth:20:20 'S@'
