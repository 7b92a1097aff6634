\ Each thread reads its right neighbour's slot, but only threads 0..30
\ store theirs: thread 30 reads S[31], which no thread wrote (the CPU
\ zero-fills shared memory; a GPU leaves whatever was there). -D FIXED=1
\ lets all 32 store: clean, OUT[t] = t+1 for t < 31.
\! kernel uninit
\! const FIXED 0
\! param OUT i64[32]
\! shared S i64[33]
TID-X { t }
t 31 < FIXED OR IF  t 1+ t CELLS S + S!  THEN
BARRIER
t 31 < IF  t 1+ CELLS S + S@  t CELLS OUT + !  THEN
\ ONLY: cpu
\ E2E-ERROR: --sanitize --param OUT=zeros --block 32
\ EXPECT-STDERR: sanitizer: uninitialized read of shared memory bytes 0xf8..0xff
\ EXPECT-STDERR: thread (30,0,0) (linear 30) read at 
\ EXPECT-STDERR: sanitizer/uninitialized.forth:12:27 'S@'
\ ONLY: cpu
\ E2E: --sanitize -D FIXED=1 --param OUT=zeros --block 32 --output-param OUT --output-count 3
\ EXPECT: 2,3,4
