\ Programmatic dependent launch, the producer's side: GRID-DEP-LAUNCH,
\ first thing, lets the next kernel on the stream (if it is a '\! pdl'
\ kernel, such as pdl-consumer.forth) start launching once every block of
\ this grid has run it; then SPIN rounds of busy work (x -> 5x + 1 from
\ SEED: a loop the compiler cannot shorten) delay the writes A[g] = x + g,
\ which that kernel may read only after its GRID-DEP-WAIT.
\ bindings/python/tests/pdl_pair.py runs the pair on one stream 128 times
\ (test_gpu.py with a large SPIN, test_cpu.py on the CPU backend).
\ Expected (by hand): SPIN 0 leaves x = SEED; SPIN 3 from SEED 2 goes
\ 2 -> 11 -> 56 -> 281.
\! kernel pdl_producer
\! param A i64[N]
\! param N i64
\! param SEED i64
\! param SPIN i64
GRID-DEP-LAUNCH
SEED  SPIN 0 ?DO  5 * 1+  LOOP  { x }
GLOBAL-ID { g }
g N < IF  x g +  g CELLS A + !  THEN
\ E2E: --arch sm_90 --grid 2 --block 4 --param A=zeros --param N=6 --param SEED=7 --param SPIN=0 --output-param A
\ EXPECT: 7,8,9,10,11,12
\ E2E: --arch sm_90 --grid 2 --block 4 --param A=zeros --param N=6 --param SEED=2 --param SPIN=3 --output-param A
\ EXPECT: 281,282,283,284,285,286
