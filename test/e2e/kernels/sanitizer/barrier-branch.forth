\ A BARRIER inside `TID-X 16 < IF`: threads 0..15 wait there while 16..31
\ go on to the next BARRIER. On the GPU that hangs or orders nothing; the
\ CPU counts any BARRIER, so without --sanitize the kernel seems to work.
\ --sanitize names each group and where it stopped. -D FIXED=1 moves the
\ BARRIER out of the branch: clean.
\! kernel divergent
\! const FIXED 0
\! param OUT i64[32]
\! shared S i64[32]
TID-X { t }
t t CELLS S + S!
FIXED IF  BARRIER  ELSE  t 16 < IF BARRIER THEN  THEN
BARRIER
31 t - CELLS S + S@  t CELLS OUT + !
\ ONLY: cpu
\ E2E-ERROR: --sanitize --param OUT=zeros --block 32
\ EXPECT-STDERR: sanitizer: barrier divergence in block (0,0,0)
\ EXPECT-STDERR: 16 threads (linear 0..15) wait at 
\ EXPECT-STDERR: sanitizer/barrier-branch.forth:12:36 'BARRIER'
\ EXPECT-STDERR: sanitizer/barrier-branch.forth:13:1 'BARRIER'
\ ONLY: cpu
\ E2E: --sanitize -D FIXED=1 --param OUT=zeros --block 32 --output-param OUT --output-count 3
\ EXPECT: 31,30,29
