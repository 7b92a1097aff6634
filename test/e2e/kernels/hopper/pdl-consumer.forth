\ Programmatic dependent launch, the consumer's side ('\! pdl'): it may
\ start while the kernel before it on the stream (pdl-producer.forth) still
\ runs, so it does what needs none of that kernel's data (its index) first,
\ then GRID-DEP-WAIT, and only then reads A: B[g] = A[g] - g (after the
\ producer, every B[g] is the producer's x). Its own GRID-DEP-LAUNCH lets a
\ '\! pdl' kernel after it start early in turn. On the CPU backend (and a
\ GPU before sm_90) launches run one after another and both words do
\ nothing. bindings/python/tests/pdl_pair.py runs it after the producer.
\ Expected (by hand): A = 10,21,32,43,54,65 gives B = 10,20,30,40,50,60.
\! kernel pdl_consumer
\! pdl
\! param A i64[N]
\! param B i64[N]
\! param N i64
GRID-DEP-LAUNCH
GLOBAL-ID { g }
GRID-DEP-WAIT
g N < IF  g CELLS A + @ g -  g CELLS B + !  THEN
\ E2E: --arch sm_90 --grid 2 --block 4 --param A=10,21,32,43,54,65 --param B=zeros --param N=6 --output-param B
\ EXPECT: 10,20,30,40,50,60
