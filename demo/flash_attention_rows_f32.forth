\ FlashAttention-2 style forward in f32:
\   O = softmax(Q K^T / sqrt(HEAD_DIM) [causal]) V
\ for BATCH x HEADS independent heads, each SEQ_LEN x HEAD_DIM, row-major,
\ heads contiguous ([batch][head][row][col], as torch's (B, H, N, d)).
\
\ Grid (ceil(SEQ_LEN/BR), HEADS, BATCH), block (BR/RPT*TPR, 1, 1).
\ Each block owns BR query rows. A thread holds RPT rows (so each value
\ it reads from shared memory feeds RPT rows), and TPR threads share those
\ rows, each holding DT = HEAD_DIM/TPR of the columns. Per tile of BC keys
\ the block stages K and V in shared memory; each thread computes its
\ rows' scores in registers, updates the running max and sum (online
\ softmax) and accumulates its slice of the output rows in registers.
\ Extra memory is O(SEQ_LEN): nothing but the output is written.
\
\ Compile-time knobs (-D): HEAD_DIM (64 or 128; a multiple of 4*TPR),
\ CAUSAL (1 or 0), BR, BC, RPT (1, 2 or 4), TPR (1, 2, 4 or 8). BC*HEAD_DIM/4
\ must be a multiple of the thread count. Any SEQ_LEN works: partial
\ tiles are masked. The defaults below are the shapes the ctest checks
\ run (TPR 4 at d128: TPR 2 spills there); the hosts read BR and NTHREADS
\ back from the kernel's signature.
\! kernel flash_attention_rows_f32
\! float f32
\! const HEAD_DIM 64
\! const CAUSAL 1
\ 1 when HEAD_DIM <= 64, else 0 (constants have no conditionals).
\! const D64 128/(HEAD_DIM+64)
\! const BR 64
\! const BC 16
\! const RPT 2
\! const TPR 2*D64+4*(1-D64)     \ 2 at d64, 4 at d128
\! const DT HEAD_DIM/TPR
\! const NTHREADS BR/RPT*TPR
\! param Q f32[BATCH*HEADS*SEQ_LEN*HEAD_DIM]
\! param K f32[BATCH*HEADS*SEQ_LEN*HEAD_DIM]
\! param V f32[BATCH*HEADS*SEQ_LEN*HEAD_DIM]
\! param O f32[BATCH*HEADS*SEQ_LEN*HEAD_DIM]
\! param SEQ_LEN i64
\! param HEADS i64
\! param BATCH i64
\! shared KT f32[BC*HEAD_DIM]
\! shared VT f32[BC*HEAD_DIM]
\! reg QR f32[RPT*DT]    \ query slice of row r at r*DT
\! reg OR f32[RPT*DT]    \ output accumulators, same layout
\! reg SR f32[RPT*BC]    \ scores, then probabilities, of row r at r*BC
\! reg MR f32[RPT]       \ running max per row
\! reg LR f32[RPT]       \ running sum per row

INCLUDE flash_attention_common.forth

\ The TPR threads of a row hold partial dot products: add them up.
: row-sum ( x -- x' )
  TPR 2 >= IF DUP 1 FSHFL-XOR F+ THEN
  TPR 4 >= IF DUP 2 FSHFL-XOR F+ THEN
  TPR 8 >= IF DUP 4 FSHFL-XOR F+ THEN ;

head-base { base }
query-tile { qtile }
qtile BR * TID-X TPR / RPT * + { row0 }   \ this thread's first row
TID-X TPR MOD DT * { dcol }               \ and first column
HEAD_DIM S>F FSQRT 1/F { scale }

\ Query slices, scaled, into registers; running max and sum.
RPT 0 UNROLL DO I { r }
  DT 0 UNROLL DO I { d }
    Q base r row0 + in-bounds HEAD_DIM * + dcol + d + FLOATS + 4F@ { x0 x1 x2 x3 }
    r DT * d + { qi }
    x0 scale F* qi QR!  x1 scale F* qi 1+ QR!
    x2 scale F* qi 2 + QR!  x3 scale F* qi 3 + QR!
  4 +LOOP
  MASKED r MR!  0.0 r LR!
LOOP

qtile BR * key-tiles { ktiles }

ktiles 0 DO
  I BC * { k0 }
  \ Stage the tile's K and V rows in shared memory, float4 by float4.
  BARRIER
  BC HEAD_DIM * 4 / NTHREADS / 0 UNROLL DO
    TID-X I NTHREADS * + 4 * { e }
    k0 e HEAD_DIM / + in-bounds HEAD_DIM *  e HEAD_DIM MOD +
    base + FLOATS { src }
    K src + 4F@  e FLOATS KT + 4SF!
    V src + 4F@  e FLOATS VT + 4SF!
  LOOP
  BARRIER

  \ Scores: each float4 of a key feeds all RPT rows.
  RPT BC * 0 UNROLL DO 0.0 I SR! LOOP
  BC 0 UNROLL DO I { kj }
    DT 0 UNROLL DO I { d }
      kj HEAD_DIM * dcol + d + FLOATS KT + 4SF@ { x0 x1 x2 x3 }
      RPT 0 UNROLL DO I { r }
        r BC * kj + { s }  r DT * d + { qi }
        s SR@  x0 qi QR@ F* F+  x1 qi 1+ QR@ F* F+
               x2 qi 2 + QR@ F* F+  x3 qi 3 + QR@ F* F+  s SR!
      LOOP
    4 +LOOP
    RPT 0 UNROLL DO I { r }
      r BC * kj + { s }
      s SR@ row-sum
      k0 kj + { key }
      key SEQ_LEN >=  key r row0 + > CAUSAL 0<> AND  OR IF DROP MASKED THEN
      s SR!
    LOOP
  LOOP

  \ Online softmax: rescale each row to its new maximum; scores become
  \ probabilities.
  RPT 0 UNROLL DO I { r }
    r MR@ BC 0 UNROLL DO r BC * I + SR@ FMAX LOOP { mnew }
    r MR@ mnew F- FEXP { alpha }
    mnew r MR!
    r LR@ alpha F* { sum }
    DT 0 UNROLL DO r DT * I + { oi }  oi OR@ alpha F* oi OR! LOOP
    BC 0 UNROLL DO
      r BC * I + { s }
      s SR@ mnew F- FEXP  DUP s SR!  sum F+ TO sum
    LOOP
    sum r LR!
  LOOP

  \ Output += P V: each float4 of a value row feeds all RPT rows.
  BC 0 UNROLL DO I { kj }
    DT 0 UNROLL DO I { d }
      kj HEAD_DIM * dcol + d + FLOATS VT + 4SF@ { x0 x1 x2 x3 }
      RPT 0 UNROLL DO I { r }
        r BC * kj + SR@ { p }  r DT * d + { oi }
        oi OR@ p x0 F* F+ oi OR!         oi 1+ OR@ p x1 F* F+ oi 1+ OR!
        oi 2 + OR@ p x2 F* F+ oi 2 + OR!  oi 3 + OR@ p x3 F* F+ oi 3 + OR!
      LOOP
    4 +LOOP
  LOOP
LOOP

RPT 0 UNROLL DO I { r }
  r row0 + SEQ_LEN < IF
    r LR@ 1/F { inv }
    DT 0 UNROLL DO r DT * I + { oi }
      oi OR@ inv F*  oi 1+ OR@ inv F*  oi 2 + OR@ inv F*  oi 3 + OR@ inv F*
      O base r row0 + HEAD_DIM * + dcol + I + FLOATS + 4F!
    4 +LOOP
  THEN
LOOP
