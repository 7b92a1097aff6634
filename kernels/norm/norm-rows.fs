\ The forward of RMSNorm / LayerNorm (norm.forth declares the header): a
\ group of GROUP threads a row; grid ceil(ROWS / (BDIM-X / GROUP)) blocks.
\
\ VPT > 0 (COLS <= VPT * VN * GROUP): the row is read once into registers
\ (XS), its statistics are exact two-pass ones over the registers, and the
\ output is written from them. VPT = 0 (any length): one pass for the
\ statistics (LayerNorm: sums of h - k and (h - k)^2, shifted by the row's
\ first element, so that a large mean does not cancel the variance's
\ digits), a second pass (from L2) to write.
\
\ Threads of a row past ROWS load and store nothing but take part in the
\ reductions (the group shuffles are full-warp words).

\ h's VN elements at element e into V: x, or with RES x + residual rounded
\ to T, which is also stored to H (the new residual stream).
: HGET ( e -- )
  { e }  e ESZ * X + LDN VPUT
  RES IF
    e ESZ * RESID + LDN V+
    VN 0 UNROLL DO  I V@ ROUND I V!  LOOP
    VPUSH e ESZ * H + STN
  THEN ;

\ y of the h in V at column c, written at element e: (h - mean) * rstd,
\ rounded to T first with CAST, times the weight (+ bias).
: YPUT ( c e mean rstd -- )
  { c e mu r }
  VN 0 UNROLL DO  I V@ mu F- r F*  CAST IF ROUND THEN  I V!  LOOP
  c ESZ * WEIGHT + LDN V*
  BIAS IF  c ESZ * BVEC + LDN V+  THEN
  VPUSH e ESZ * Y + STN ;

GROUP-ID ROWS < { live }
GROUP-ID ROWS 1- MIN COLS * { base }
COLS S>F { n }
0.0 0.0 { mu rstd }

VPT 0 > IF
  VPT 0 UNROLL DO
    I COL DUP COLS < live AND IF  base + HGET
    ELSE  DROP  VN 0 UNROLL DO  0.0 I V!  LOOP  THEN
    VN 0 UNROLL DO  I V@ SLOT XS!  LOOP
  LOOP
  LAYER IF
    0.0  VPT VN * 0 UNROLL DO  I XS@ F+  LOOP  RSUM n F/ TO mu
    \ (padding slots hold 0, not the mean: only the row's columns count)
    0.0  VPT 0 UNROLL DO
      I COL COLS < IF  VN 0 UNROLL DO  SLOT XS@ mu F- FSQUARE F+  LOOP  THEN
    LOOP
  ELSE
    0.0  VPT VN * 0 UNROLL DO  I XS@ FSQUARE F+  LOOP
  THEN
  RSUM n F/ EPS F+ FRSQRT TO rstd
  VPT 0 UNROLL DO
    I COL DUP COLS < live AND IF
      VN 0 UNROLL DO  SLOT XS@ I V!  LOOP
      DUP base + mu rstd YPUT
    ELSE DROP THEN
  LOOP
THEN

VPT 0 = IF
  0.0 { shift }
  LAYER IF
    base ESZ * X + LD  RES IF  base ESZ * RESID + LD F+ ROUND  THEN  TO shift
  THEN
  0.0 0.0
  FIRST-COL BEGIN DUP COLS < live AND WHILE
    DUP base + HGET
    >R  VN 0 UNROLL DO
      I V@ shift F- { d }  SWAP d F+ SWAP  d FSQUARE F+
    LOOP  R>
    STRIDE +
  REPEAT DROP
  RSUM2 { s1 s2 }
  LAYER IF
    s1 n F/ { dm }  shift dm F+ TO mu
    s2 n F/ dm FSQUARE F- 0.0 FMAX
  ELSE  s2 n F/  THEN
  EPS F+ FRSQRT TO rstd
  FIRST-COL BEGIN DUP COLS < live AND WHILE
    DUP base + { e }
    RES IF  e ESZ * H +  ELSE  e ESZ * X +  THEN  LDN VPUT
    DUP e mu rstd YPUT
    STRIDE +
  REPEAT DROP
THEN

\ The row's statistics, for the backward.
live FIRST-COL 0= AND IF
  rstd GROUP-ID FLOATS RSTDS + F!
  LAYER IF  mu GROUP-ID FLOATS MEANS + F!  THEN
THEN
