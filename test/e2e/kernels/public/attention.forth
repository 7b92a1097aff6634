\ The public WarpForth naive attention kernel, O = softmax(Q K^T / sqrt(d),
\ causal mask) V, with one block per query row and one thread per key. The
\ 4x4 inputs are the public test's; the 8x4 case uses inputs made by a
\ small Python formula. Expected: a Python reference (math.exp, max
\ subtraction, causal mask by -1e30, as the public test's numpy one).
\! kernel public_attention
\! const SEQ 4
\! param Q f64[SEQ*4]
\! param K f64[SEQ*4]
\! param V f64[SEQ*4]
\! param O f64[SEQ*4]
\! param SEQ_LEN i64
\! param HEAD_DIM i64
\! shared SCORES f64[SEQ]
\! shared SCRATCH f64[SEQ]
BID-X
TID-X
0.0
HEAD_DIM 0 DO
  2 PICK HEAD_DIM * I + CELLS Q + F@
  2 PICK HEAD_DIM * I + CELLS K + F@
  F* F+
LOOP
HEAD_DIM S>F FSQRT F/
OVER 3 PICK >
IF DROP -1.0e30 THEN
OVER CELLS SCORES + SF!
BARRIER
TID-X 0= IF
  0 CELLS SCORES + SF@
  SEQ_LEN 1 DO I CELLS SCORES + SF@ FMAX LOOP
  0 CELLS SCRATCH + SF!
THEN
BARRIER
DUP CELLS SCORES + SF@
0 CELLS SCRATCH + SF@
F- FEXP
OVER CELLS SCORES + SF!
BARRIER
TID-X 0= IF
  0.0
  SEQ_LEN 0 DO I CELLS SCORES + SF@ F+ LOOP
  0 CELLS SCRATCH + SF!
THEN
BARRIER
DUP CELLS SCORES + SF@
0 CELLS SCRATCH + SF@
F/
OVER CELLS SCORES + SF!
BARRIER
DUP BEGIN DUP HEAD_DIM < WHILE
  0.0
  SEQ_LEN 0 DO
    I CELLS SCORES + SF@
    I HEAD_DIM * 3 PICK + CELLS V + F@
    F* F+
  LOOP
  OVER 4 PICK HEAD_DIM * + CELLS O + F!
  BDIM-X +
REPEAT
DROP DROP DROP
\ Public 4x4 case: seq 4, head dim 4, grid 4 blocks of 4 threads.
\ E2E: --param Q=1,0,1,0,0,1,0,1,1,1,0,0,0,0,1,1 --param K=1,0,0,1,0,1,1,0,1,1,0,0,0,0,1,1 --param V=1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16 --param O=zeros
\ E2E+: --param SEQ_LEN=4 --param HEAD_DIM=4 --grid 4 --block 4 --output-param O
\ EXPECT-APPROX: 1.0,2.0,3.0,4.0,3.0,4.0,5.0,6.0,5.711176571265637,6.711176571265636,7.711176571265637,8.711176571265636,7.729777929581907,8.729777929581907,9.729777929581907,10.729777929581907
\ 8x4 case (-D SEQ=8 sizes the arrays and the shared scores): Q[i] =
\ ((7i mod 11) - 5)/4, K[i] = ((5i mod 13) - 6)/4, V[i] = (3i mod 7)/2;
\ 8 blocks of 8 threads, so threads 4..7 of each block compute no output.
\ E2E: -D SEQ=8 --param Q=-1.25,0.5,-0.5,1.25,0.25,-0.75,1,0,-1,0.75,-0.25,-1.25,0.5,-0.5,1.25,0.25,-0.75,1,0,-1,0.75,-0.25,-1.25,0.5,-0.5,1.25,0.25,-0.75,1,0,-1,0.75
\ E2E+: --param K=-1.5,-0.25,1,-1,0.25,1.5,-0.5,0.75,-1.25,0,1.25,-0.75,0.5,-1.5,-0.25,1,-1,0.25,1.5,-0.5,0.75,-1.25,0,1.25,-0.75,0.5,-1.5,-0.25,1,-1,0.25,1.5
\ E2E+: --param V=0,1.5,3,1,2.5,0.5,2,0,1.5,3,1,2.5,0.5,2,0,1.5,3,1,2.5,0.5,2,0,1.5,3,1,2.5,0.5,2,0,1.5,3,1
\ E2E+: --param O=zeros --param SEQ_LEN=8 --param HEAD_DIM=4 --grid 8 --block 8 --output-param O
\ EXPECT-APPROX: 0.0,1.5,3.0,1.0,0.5842658922851006,1.2662936430859597,2.7662936430859597,0.7662936430859597,0.9477204600317148,1.9137965046060432,2.092322023574828,1.4137965046060434,0.9183163465411013,1.993825524260184,1.289314960429906,1.4938255242601837,1.5505236691163828,1.6429171741152597,2.094879821914776,1.14291717411526,1.5542128034244755,0.986828255024718,1.1858611694444343,1.62409659659176,1.6035132203649607,1.6638570716124947,1.8200160127211298,1.2467982899818157,1.1826428726173306,1.240681466036488,1.5659373048333518,1.487353067294005
