\ Causal scaled-dot-product attention, one thread block per query row:
\   O[row] = softmax(Q[row] . K^T / sqrt(d), masked to jj <= row) . V
\ Shared by attention.forth (f64) and attention-f32.forth (f32): FLOATS,
\ F@ and SF@ follow the kernel's float mode, so the body is written once.
\ The including file declares Q K V O, SEQ_LEN, HEAD_DIM, SCORES, SCRATCH.
\ Any SEQ_LEN from 1 to MAX_SEQ and any block size from 32 to 1024 work:
\ every loop strides by BDIM-X, so a block may be smaller or larger than
\ the row.

: score   ( jj -- addr )  FLOATS SCORES + ;
: scratch ( t -- addr )  FLOATS SCRATCH + ;
: element ( base row col -- addr )  SWAP HEAD_DIM * + FLOATS + ;

\ Q[qrow] . K[krow], both rows of HEAD_DIM floats.
: dot { qrow krow -- x }
  0.0 HEAD_DIM 0 DO
    Q qrow I element F@  K krow I element F@  F* F+
  LOOP ;

\ Block-wide tree reductions. Every thread passes its partial value and
\ gets the block's result; all threads of the block must call them.
: pow2-above ( n -- p )  1 BEGIN 2DUP > WHILE 2* REPEAT NIP ;
: max-step { s -- }
  TID-X s <  TID-X s + BDIM-X <  AND IF
    TID-X scratch SF@  TID-X s + scratch SF@  FMAX  TID-X scratch SF!
  THEN BARRIER ;
: sum-step { s -- }
  TID-X s <  TID-X s + BDIM-X <  AND IF
    TID-X scratch SF@  TID-X s + scratch SF@  F+  TID-X scratch SF!
  THEN BARRIER ;
: block-max ( x -- max )
  TID-X scratch SF!  BARRIER
  BDIM-X pow2-above 2/ BEGIN DUP 0> WHILE DUP max-step 2/ REPEAT DROP
  0 scratch SF@  BARRIER ;
: block-sum ( x -- sum )
  TID-X scratch SF!  BARRIER
  BDIM-X pow2-above 2/ BEGIN DUP 0> WHILE DUP sum-step 2/ REPEAT DROP
  0 scratch SF@  BARRIER ;

-1.0e30 CONSTANT MASKED   \ exp(MASKED - max) is 0 in f32 and f64

BID-X { row }
HEAD_DIM S>F FSQRT 1/F { scale }

\ 1. Scores, spread over the threads; the causal mask hides jj > row.
TID-X BEGIN DUP SEQ_LEN < WHILE { jj }
  jj row > IF MASKED ELSE row jj dot scale F* THEN  jj score SF!
  jj BDIM-X +
REPEAT DROP

\ 2. Row maximum, for a numerically stable softmax.
MASKED TID-X BEGIN DUP SEQ_LEN < WHILE
  DUP score SF@ ROT FMAX SWAP BDIM-X +
REPEAT DROP
block-max { rowmax }

\ 3. exp(score - max) in place, and the row sum.
0.0 TID-X BEGIN DUP SEQ_LEN < WHILE { jj }
  jj score SF@ rowmax F- FEXP  DUP jj score SF!  F+
  jj BDIM-X +
REPEAT DROP
block-sum 1/F { norm }

\ 4. O[row, col] = sum over jj <= row of p[j] V[j, col], columns spread
\ over the threads.
TID-X BEGIN DUP HEAD_DIM < WHILE { col }
  0.0 row 1+ 0 DO  I score SF@  V I col element F@  F* F+  LOOP
  norm F*  O row col element F!
  col BDIM-X +
REPEAT DROP
