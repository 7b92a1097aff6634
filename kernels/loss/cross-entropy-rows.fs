\ Cross-entropy over rows of COLS logits, GROUP threads a row (several rows
\ a block when GROUP <= 32, else a block a row), VW elements an access
\ (softmax-rows.fs's layout). With the target t of a row (TARGET, i64),
\ label smoothing e = SMOOTH and the logits capped first where CAP > 0
\ (x' = CAP tanh(x / CAP), Gemma 2's final-logit softcap; -D SOFTCAP=1):
\   lse  = log sum_j exp(x'_j)
\   loss = lse - (1 - e) x'_t - (e / COLS) sum_j x'_j      (torch's rule)
\   g_j  = GS[row * GS_STRIDE] (softmax_j - e / COLS - (1 - e) [j = t])
\          * (1 - (x'_j / CAP)^2 where capped)
\ A row whose target is IGNORE has loss 0 and gradient 0; a target outside
\ [0, COLS) gives a NaN loss and gradient (never a read outside the row:
\ the target's logit is read only when it is in range).
\ LOSS=1: one pass (online max and sum, and the sum of x' for smoothing)
\ writes LOSSES and LSE; GRAD=1: a pass writes G, with the row's lse from
\ the first pass or, without it, read from LSE. G may be X itself: each
\ thread writes only the elements it has just read.
\ The wrapper declares X, TARGET, LOSSES, LSE, G, GS (GS_N floats),
\ GS_STRIDE, ROWS, COLS, IGNORE, SMOOTH, CAP, LOSS, GRAD, SOFTCAP, GROUP,
\ VW, ESZ,
\ UNR, the shared RM RS RX (32 floats each), the register array XS
\ (UNR * VW floats) and the dtype's LD ST LD4 ST4.
INCLUDE ../lib/rowstats.fs
INCLUDE ../lib/vec.fs

: ROW ( -- r )  BID-X BDIM-X GROUP / *  TID-X GROUP / + ;
: FIRST-COL ( -- j )  TID-X GROUP 1- AND  VW * ;
: STRIDE ( -- n )  GROUP VW * ;
: CAPPED ( x -- x' )  SOFTCAP 1 = IF  CAP F/ FTANH CAP F*  THEN ;
\ The cap's derivative, from its output: d(CAP tanh(x / CAP))/dx.
: CAP-SLOPE ( x' -- d )
  SOFTCAP 1 = IF  CAP F/ DUP F* 1.0 SWAP F-  ELSE DROP 1.0 THEN ;

\ One element, and four, into the row's state (m, s) and sum sx.
: STAT+ ( x m s sx -- m' s' sx' )  { v m s sx }  m s v MS+  sx v F+ ;
: STAT4+ ( a b c d m s sx -- m' s' sx' )
  { a b c d m s sx }  a b c d m s MS4+  sx a F+ b F+ c F+ d F+ ;

\ The state and sum of the whole row in every thread of its group: lane
\ shuffles, then (a row per block) one slot a warp in shared memory. One
\ reduction a block, so the slots are never reused.
: STATS-REDUCE ( m s sx -- m s sx )
  { m s sx }
  5 0 UNROLL DO
    16 I RSHIFT GROUP < IF
      m s  m 16 I RSHIFT FSHFL-XOR  s 16 I RSHIFT FSHFL-XOR  MS-MERGE
      TO s TO m
      sx DUP 16 I RSHIFT FSHFL-XOR F+ TO sx
    THEN
  LOOP
  GROUP 32 > IF
    LANE-ID 0= IF
      m WARP-ID FLOATS RM + SF!  s WARP-ID FLOATS RS + SF!
      sx WARP-ID FLOATS RX + SF!
    THEN
    BARRIER
    NEG-MAX TO m  0.0 TO s  0.0 TO sx
    GROUP 32 / 0 DO
      m s  I FLOATS RM + SF@  I FLOATS RS + SF@  MS-MERGE  TO s TO m
      sx I FLOATS RX + SF@ F+ TO sx
    LOOP
  THEN
  m s sx ;

\ The capped logit of the target t (in range) of the row at byte off.
: TARGET-LOGIT ( t off -- x' )
  OVER 0 <  2 PICK COLS >= OR IF  2DROP NAN
  ELSE  SWAP ESZ * + X + LD CAPPED  THEN ;

\ Threads of a row past ROWS load and store nothing but still take part in
\ the reductions (full-warp shuffles: softmax-rows.fs).
ROW ROWS < { live }
ROW ROWS 1- MIN { r }
r COLS * ESZ * { off }
r 8 * TARGET + @ { t }
t IGNORE <> { valid }
0.0 { lz }

\ The row's columns: a head of single elements up to its first 4-element
\ boundary (a row of a length not a multiple of 4 starts anywhere), the
\ VW-element vectors, UNR of them a step (their loads issued together), a
\ tail of single elements; the head and tail are `odd` columns, one a
\ lane. With VW = 1 every column is a vector.
VW 4 = IF  r COLS * NEGATE 3 AND  COLS MIN  ELSE 0 THEN { head }
COLS head - VW / VW * head + { vend }
head COLS vend - + { odd }
: ODD-COL ( n head vend -- col )  { n h e }  n h < IF n ELSE n h - e + THEN ;
\ UNR vectors from the byte address a into XS.
: LOAD-STEP ( a -- )
  { a }
  UNR 0 UNROLL DO
    I STRIDE * ESZ * a + LDV
    VW 0 UNROLL DO  J VW * VW 1- I - + XS!  LOOP
  LOOP ;
\ One capped logit's gradient: x' column t lse spread hit scale.
: GRAD-OF ( x col t lse spread hit scale -- g )
  { v col tt l sp h sc }
  v CAPPED  DUP l F- FEXP sp F-  col tt = IF  h F-  THEN
  SWAP CAP-SLOPE F*  sc F* ;

LOSS 1 = IF
  NEG-MAX 0.0 0.0 { m s sx }
  head FIRST-COL + BEGIN DUP STRIDE UNR 1- * + vend < live AND WHILE
    DUP ESZ * off + X + LOAD-STEP
    UNR 0 UNROLL DO
      VW 0 UNROLL DO  J VW * I + XS@ CAPPED  LOOP
      m s sx  VW 4 = IF STAT4+ ELSE STAT+ THEN  TO sx TO s TO m
    LOOP
    STRIDE UNR * +
  REPEAT
  BEGIN DUP vend < live AND WHILE
    DUP ESZ * off + X + LDV
    VW 0 UNROLL DO  VW 1- ROLL CAPPED  LOOP
    m s sx  VW 4 = IF STAT4+ ELSE STAT+ THEN  TO sx TO s TO m
    STRIDE +
  REPEAT DROP
  TID-X GROUP 1- AND BEGIN DUP odd < live AND WHILE
    DUP head vend ODD-COL ESZ * off + X + LD CAPPED
    m s sx STAT+ TO sx TO s TO m
    GROUP +
  REPEAT DROP
  m s sx STATS-REDUCE TO sx TO s TO m
  \ A +inf max makes the row NaN, as in torch (inf - inf).
  s m m F- F+ TO s
  m s FLOG F+ TO lz
  0.0
  valid IF
    DROP  lz  1.0 SMOOTH F-  t off TARGET-LOGIT F*  F-
    \ (Only with smoothing: a -inf logit would make 0 * -inf.)
    SMOOTH 0.0 F> IF  SMOOTH COLS S>F F/ sx F* F-  THEN
  THEN { l }
  live TID-X GROUP 1- AND 0= AND IF
    l r FLOATS LOSSES + F!  lz r FLOATS LSE + F!
  THEN
THEN

GRAD 1 = IF
  LOSS 1 = 0= IF  r FLOATS LSE + F@ TO lz  THEN
  0.0  valid IF  DROP r GS_STRIDE * FLOATS GS + F@  THEN { scale }
  SMOOTH COLS S>F F/ { spread }
  1.0 SMOOTH F- { hit }
  \ A target out of range: a NaN gradient, as its loss.
  t 0 <  t COLS >= OR  valid AND IF  NAN TO scale  THEN
  head FIRST-COL + BEGIN DUP STRIDE UNR 1- * + vend < live AND WHILE
    DUP { col }
    col ESZ * off + X + LOAD-STEP
    UNR 0 UNROLL DO
      VW 0 UNROLL DO
        J VW * I + XS@  col J STRIDE * + I +  t lz spread hit scale GRAD-OF
      LOOP
      col I STRIDE * + ESZ * off + G + STV
    LOOP
    STRIDE UNR * +
  REPEAT
  BEGIN DUP vend < live AND WHILE
    DUP { col }
    col ESZ * off + X + LDV
    VW 0 UNROLL DO
      VW 1- ROLL  col I +  t lz spread hit scale GRAD-OF
    LOOP
    col ESZ * off + G + STV
    STRIDE +
  REPEAT DROP
  TID-X GROUP 1- AND BEGIN DUP odd < live AND WHILE
    DUP head vend ODD-COL { oc }
    oc ESZ * off + X + LD  oc t lz spread hit scale GRAD-OF
    oc ESZ * off + G + ST
    GROUP +
  REPEAT DROP
THEN
