\ FlashAttention-2 style forward in f32:
\   O = softmax(Q K^T / sqrt(HEAD_DIM) [causal]) V
\ for BATCH x HEADS independent heads, each SEQ_LEN x HEAD_DIM, row-major,
\ heads contiguous ([batch][head][row][col], as torch's (B, H, N, d)).
\
\ Grid (ceil(SEQ_LEN/BR), HEADS, BATCH), block (BR*TPR, 1, 1).
\ Each block owns BR query rows; TPR threads share one row, each holding
\ DT = HEAD_DIM/TPR of its columns. Per tile of BC keys, the block stages
\ K and V in shared memory; each thread computes its row's BC scores in
\ registers, updates the running max and sum (online softmax) and
\ accumulates its slice of the output row in registers. Extra memory is
\ O(SEQ_LEN): nothing but the output is written.
\
\ Compile-time knobs (-D): HEAD_DIM (64 or 128; a multiple of 4*TPR),
\ CAUSAL (1 or 0), BR, BC, TPR (1, 2 or 4). BC*HEAD_DIM/4 must be a
\ multiple of BR*TPR. Any SEQ_LEN works: partial tiles are masked.
\! kernel flash_attention
\! float f32
\! const HEAD_DIM 64
\! const CAUSAL 1
\! const BR 64
\! const BC 32
\! const TPR 1
\! const DT HEAD_DIM/TPR
\! const NTHREADS BR*TPR
\! param Q f32[BATCH*HEADS*SEQ_LEN*HEAD_DIM]
\! param K f32[BATCH*HEADS*SEQ_LEN*HEAD_DIM]
\! param V f32[BATCH*HEADS*SEQ_LEN*HEAD_DIM]
\! param O f32[BATCH*HEADS*SEQ_LEN*HEAD_DIM]
\! param SEQ_LEN i64
\! param HEADS i64
\! param BATCH i64
\! shared KT f32[BC*HEAD_DIM]
\! shared VT f32[BC*HEAD_DIM]
\! reg QR f32[DT]
\! reg OR f32[DT]
\! reg SR f32[BC]

-1.0e30 CONSTANT MASKED   \ finite: exp(MASKED - m) is 0, never NaN

: tiles ( n size -- count )  DUP 1- ROT + SWAP / ;

\ acc + x0*q[d] + x1*q[d+1] + x2*q[d+2] + x3*q[d+3]
: dot4 { acc x0 x1 x2 x3 d -- acc' }
  acc  x0 d QR@ F* F+  x1 d 1+ QR@ F* F+
       x2 d 2 + QR@ F* F+  x3 d 3 + QR@ F* F+ ;

\ o[d..d+3] += p * x0..x3
: axpy4 { x0 x1 x2 x3 p d -- }
  d OR@ p x0 F* F+ d OR!        d 1+ OR@ p x1 F* F+ d 1+ OR!
  d 2 + OR@ p x2 F* F+ d 2 + OR!  d 3 + OR@ p x3 F* F+ d 3 + OR! ;

\ The TPR threads of a row hold partial dot products: add them up.
: row-sum ( x -- x' )
  TPR 2 >= IF DUP 1 FSHFL-XOR F+ THEN
  TPR 4 >= IF DUP 2 FSHFL-XOR F+ THEN ;

\ Where this block's (batch, head) starts, in floats.
BID-Z HEADS * BID-Y + SEQ_LEN * HEAD_DIM * { base }
SEQ_LEN BR tiles { qtiles }
\ With a causal mask later rows see more keys: start those blocks first.
CAUSAL IF qtiles 1- BID-X - ELSE BID-X THEN { qtile }
TID-X TPR / { lrow }
qtile BR * lrow + { row }
row SEQ_LEN 1- MIN { srow }   \ rows past the end read the last row
TID-X TPR MOD DT * { dcol }   \ this thread's first column
HEAD_DIM S>F FSQRT 1/F { scale }

\ This thread's slice of its query row, scaled, into registers.
DT 0 UNROLL DO
  Q base srow HEAD_DIM * + dcol + I + FLOATS + 4F@
  scale F* I 3 + QR!  scale F* I 2 + QR!  scale F* I 1 + QR!  scale F* I QR!
4 +LOOP

CAUSAL IF qtile 1+ BR * SEQ_LEN MIN ELSE SEQ_LEN THEN BC tiles { ktiles }
MASKED 0.0 { m l }

ktiles 0 DO
  I BC * { k0 }
  \ Stage the tile's K and V rows in shared memory, float4 by float4.
  BARRIER
  BC HEAD_DIM * 4 / NTHREADS / 0 UNROLL DO
    TID-X I NTHREADS * + 4 * { e }
    k0 e HEAD_DIM / + SEQ_LEN 1- MIN HEAD_DIM *  e HEAD_DIM MOD +
    base + FLOATS { src }
    K src + 4F@  e FLOATS KT + 4SF!
    V src + 4F@  e FLOATS VT + 4SF!
  LOOP
  BARRIER

  \ Scores of this row against the tile's keys.
  BC 0 UNROLL DO
    0.0 DT 0 UNROLL DO
      J HEAD_DIM * dcol + I + FLOATS KT + 4SF@  I dot4
    4 +LOOP
    row-sum
    k0 I + { key }
    key SEQ_LEN >=  key row > CAUSAL 0<> AND  OR IF DROP MASKED THEN
    I SR!
  LOOP

  \ Online softmax: rescale what we have to the new maximum, then add
  \ this tile's p * V.
  m BC 0 UNROLL DO I SR@ FMAX LOOP { mnew }
  m mnew F- FEXP { alpha }
  l alpha F* TO l
  DT 0 UNROLL DO I OR@ alpha F* I OR! LOOP
  BC 0 UNROLL DO
    I SR@ mnew F- FEXP { p }
    l p F+ TO l
    DT 0 UNROLL DO
      J HEAD_DIM * dcol + I + FLOATS VT + 4SF@  p I axpy4
    4 +LOOP
  LOOP
  mnew TO m
LOOP

row SEQ_LEN < IF
  l 1/F { inv }
  DT 0 UNROLL DO
    I OR@ inv F*  I 1+ OR@ inv F*  I 2 + OR@ inv F*  I 3 + OR@ inv F*
    O base row HEAD_DIM * + dcol + I + FLOATS + 4F!
  4 +LOOP
THEN
