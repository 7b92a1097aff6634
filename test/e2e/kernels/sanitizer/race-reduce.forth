\ A block sum that halves its shared partials without a BARRIER between
\ the steps: on a GPU thread t may read P[t+s] before thread t+s has
\ stored its own step's sum there (and lanes of one warp are not ordered
\ either). The CPU's fibers switch only at barriers, so without the
\ sanitizer the race goes unseen; --sanitize names both accesses.
\ -D FIXED=1 puts the BARRIER in: clean, and the sum is exact.
\ Expected: sum of 0..63 = 2016.
\! kernel race_reduce
\! const FIXED 0
\! param X i64[64]
\! param OUT i64[1]
\! shared P i64[64]
TID-X { t }
t CELLS X + @ t CELLS P + S!
BARRIER
32 BEGIN DUP 0 > WHILE
  t OVER < IF  t CELLS P + S@  OVER t + CELLS P + S@ +  t CELLS P + S!  THEN
  FIXED IF BARRIER THEN
  2/
REPEAT DROP
t 0= IF P S@ OUT ! THEN
\ ONLY: cpu
\ E2E-ERROR: --sanitize --param X=iota --param OUT=zeros --block 64 --output-param OUT
\ EXPECT-STDERR: sanitizer: race (write after read) on shared memory bytes
\ EXPECT-STDERR: (linear 0) read at 
\ EXPECT-STDERR: sanitizer/race-reduce.forth:17:
\ ONLY: cpu
\ E2E: --sanitize -D FIXED=1 --param X=iota --param OUT=zeros --block 64 --output-param OUT
\ EXPECT: 2016
