\ FlashAttention forward in f32, tiled like a SIMT GEMM (an alternative to
\ flash_attention_rows_f32.forth, same params and grid, different block
\ shape).
\
\ Per block: BR query rows; per tile: BC keys. Q (transposed), K
\ (transposed), V and P live in shared memory: (HEAD_DIM*BR +
\ 2*HEAD_DIM*BC + BC*BR) floats. Thread (ty, tx) computes
\ an RPT x KPT block of scores as outer products over d, so each value read
\ from shared memory feeds RPT or KPT FMAs, then an RPT x DPT block of the
\ output the same way from P and V. Row max and sum combine the NTX
\ threads of a row with shuffles.
\
\ Grid (ceil(SEQ_LEN/BR), HEADS, BATCH), block (NTX*NTY, 1, 1); the
\ runtime sizes the shared memory.
\
\ The tile shape: BR, BC, RPT and KPT below. Their defaults, by head
\ dimension, are the fastest found on an H100 without spills
\ (bench_flash.py --simt); -D overrides any of them, and the hosts read BR
\ and NTHREADS back from the kernel's signature.
\! kernel flash_attention_gemm_f32
\! float f32
\! const HEAD_DIM 64
\! const CAUSAL 1
\ 1 when HEAD_DIM <= 64, else 0 (constants have no conditionals).
\! const D64 128/(HEAD_DIM+64)
\! const BR 128*D64+64*(1-D64)   \ 128 at d64, 64 at d128
\! const BC 32
\! const RPT 8*D64+4*(1-D64)     \ 8 at d64, 4 at d128
\! const KPT 4
\! const NTX BC/KPT
\! const NTY BR/RPT
\! const NTHREADS NTX*NTY
\! const DPT HEAD_DIM/NTX
\! param Q f32[BATCH*HEADS*SEQ_LEN*HEAD_DIM]
\! param K f32[BATCH*HEADS*SEQ_LEN*HEAD_DIM]
\! param V f32[BATCH*HEADS*SEQ_LEN*HEAD_DIM]
\! param O f32[BATCH*HEADS*SEQ_LEN*HEAD_DIM]
\! param SEQ_LEN i64
\! param HEADS i64
\! param BATCH i64
\! shared SM f32[HEAD_DIM*BR+2*HEAD_DIM*BC+BC*BR]
\! reg SR f32[RPT*KPT]    \ scores, then probabilities: row ri at i*KPT
\! reg OR f32[RPT*DPT]    \ output block: row ri at i*DPT
\! reg AV f32[RPT]        \ a column of Q^T or P^T for this thread's rows
\! reg BV f32[KPT+DPT]    \ a row of K^T (KPT) or V (DPT) for this thread
\! reg MR f32[RPT]        \ running max per row
\! reg LR f32[RPT]        \ running sum per row

INCLUDE flash_attention_common.forth
\ Shared regions, as float indices into SM.
: qt ( d r -- addr )  SWAP BR * + FLOATS SM + ;
: kt ( d k -- addr )  SWAP BC * + HEAD_DIM BR * + FLOATS SM + ;
: vs ( k d -- addr )  SWAP HEAD_DIM * + HEAD_DIM BR * HEAD_DIM BC * + + FLOATS SM + ;
: pt ( k r -- addr )  SWAP BR * + HEAD_DIM BR * 2 HEAD_DIM BC * * + + FLOATS SM + ;
\ The NTX threads sharing a row are adjacent lanes: combine them.
: row-max ( x -- x' )
  NTX 2 >= IF DUP 1 FSHFL-XOR FMAX THEN  NTX 4 >= IF DUP 2 FSHFL-XOR FMAX THEN
  NTX 8 >= IF DUP 4 FSHFL-XOR FMAX THEN  NTX 16 >= IF DUP 8 FSHFL-XOR FMAX THEN ;
: row-sum ( x -- x' )
  NTX 2 >= IF DUP 1 FSHFL-XOR F+ THEN  NTX 4 >= IF DUP 2 FSHFL-XOR F+ THEN
  NTX 8 >= IF DUP 4 FSHFL-XOR F+ THEN  NTX 16 >= IF DUP 8 FSHFL-XOR F+ THEN ;

head-base { base }
query-tile BR * { q0 }
TID-X NTX MOD { tx }
TID-X NTX / { ty }
HEAD_DIM S>F FSQRT 1/F { scale }

\ Q^T for the block's rows into shared memory (rows past the end read the
\ last row; their results are never stored).
BR HEAD_DIM * 4 / NTHREADS / 0 UNROLL DO
  TID-X I NTHREADS * + 4 * { e }
  e HEAD_DIM / { r }  e HEAD_DIM MOD { d }
  Q base q0 r + in-bounds HEAD_DIM * + d + FLOATS + 4F@ { x0 x1 x2 x3 }
  x0 d r qt SF!  x1 d 1+ r qt SF!  x2 d 2 + r qt SF!  x3 d 3 + r qt SF!
LOOP
RPT 0 UNROLL DO MASKED I MR!  0.0 I LR! LOOP

q0 key-tiles { ktiles }
ktiles 0 DO
  I BC * { k0 }
  BARRIER
  BC HEAD_DIM * 4 / NTHREADS / 0 UNROLL DO
    TID-X I NTHREADS * + 4 * { e }
    e HEAD_DIM / { kk }  e HEAD_DIM MOD { d }
    base k0 kk + in-bounds HEAD_DIM * + d + FLOATS { src }
    K src + 4F@ { x0 x1 x2 x3 }
    x0 d kk kt SF!  x1 d 1+ kk kt SF!  x2 d 2 + kk kt SF!  x3 d 3 + kk kt SF!
    V src + 4F@  kk d vs 4SF!
  LOOP
  BARRIER

  \ Scores: outer products over d.
  RPT KPT * 0 UNROLL DO 0.0 I SR! LOOP
  HEAD_DIM 0 DO
    I ty RPT * qt { qa }  I tx KPT * kt { ka }
    RPT 0 UNROLL DO qa I FLOATS + 4SF@ I 3 + AV! I 2 + AV! I 1+ AV! I AV! 4 +LOOP
    KPT 0 UNROLL DO ka I FLOATS + 4SF@ I 3 + BV! I 2 + BV! I 1+ BV! I BV! 4 +LOOP
    RPT 0 UNROLL DO
      KPT 0 UNROLL DO
        J KPT * I + { s }  s SR@ J AV@ I BV@ F* F+ s SR!
      LOOP
    LOOP
  LOOP

  \ Mask, scale, online softmax; P^T to shared memory.
  RPT 0 UNROLL DO I { ri }
    q0 ty RPT * + ri + { row }
    KPT 0 UNROLL DO
      k0 tx KPT * + I + { key }
      ri KPT * I + { s }
      s SR@ scale F*
      key SEQ_LEN >=  key row > CAUSAL 0<> AND  OR IF DROP MASKED THEN
      s SR!
    LOOP
    ri MR@ KPT 0 UNROLL DO ri KPT * I + SR@ FMAX LOOP row-max { mnew }
    ri MR@ mnew F- FEXP { alpha }
    mnew ri MR!
    0.0 KPT 0 UNROLL DO
      ri KPT * I + { s }  s SR@ mnew F- FEXP  DUP s SR!  F+
    LOOP row-sum  ri LR@ alpha F* F+ ri LR!
    DPT 0 UNROLL DO ri DPT * I + { oi }  oi OR@ alpha F* oi OR! LOOP
    KPT 0 UNROLL DO ri KPT * I + SR@  tx KPT * I + ty RPT * ri + pt SF! LOOP
  LOOP
  BARRIER

  \ Output += P V: outer products over the tile's keys.
  BC 0 DO
    I ty RPT * pt { pa }  I tx DPT * vs { va }
    RPT 0 UNROLL DO pa I FLOATS + 4SF@ I 3 + AV! I 2 + AV! I 1+ AV! I AV! 4 +LOOP
    DPT 0 UNROLL DO va I FLOATS + 4SF@ I 3 + BV! I 2 + BV! I 1+ BV! I BV! 4 +LOOP
    RPT 0 UNROLL DO
      DPT 0 UNROLL DO
        J DPT * I + { oi }  oi OR@ J AV@ I BV@ F* F+ oi OR!
      LOOP
    LOOP
  LOOP
LOOP

RPT 0 UNROLL DO I { ri }
  q0 ty RPT * + ri + { row }
  row SEQ_LEN < IF
    ri LR@ 1/F { inv }
    DPT 0 UNROLL DO
      ri DPT * I + { oi }
      oi OR@ inv F*  oi 1+ OR@ inv F*  oi 2 + OR@ inv F*  oi 3 + OR@ inv F*
      O base row HEAD_DIM * + tx DPT * + I + FLOATS + 4F!
    4 +LOOP
  THEN
LOOP
