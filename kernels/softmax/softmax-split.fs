\ Softmax of long rows split across blocks, so that a few rows of a
\ vocabulary's size still fill the GPU: grid (CHUNKS, rows of this launch),
\ one block per CHUNK columns of a row (GROUP = BDIM-X), rows ROW0 on. Two
\ launches of the same source:
\   -D PHASE=1  each block writes its chunk's (max, sum) to PART
\   -D PHASE=2  each block merges its row's CHUNKS states, then writes its
\               chunk (the second read of X mostly hits L2)
\ VW elements per access as in softmax-rows.fs (CHUNK a multiple of VW).
\ With -D RVPT=n (CHUNK = n * VW * GROUP) each thread loads its n vectors
\ into registers at once (n loads in flight, not one): phase 1 takes the
\ chunk's max, then its sum of exponentials (one each, no rescaling);
\ phase 2 issues its loads before it merges the states. With RVPT=0 a loop
\ streams the chunk (any CHUNK), with an online (max, sum).
\ With -D REV=1 phase 2 takes the blocks in the reverse order (the last
\ chunk of the last row first), so that it first reads what phase 1 read
\ last, which L2 is likelier to still hold.
\ The wrapper declares X, Y, PART (f32, 2 per chunk of every row of the
\ tensor), ROWS, COLS, CHUNK, ROW0, GROUP, VW, RVPT, REV, ESZ, the register
\ array XS (RVPT*VW+1 floats) and the dtype's LD ST LD4 ST4.
INCLUDE ../lib/rowstats.fs
INCLUDE ../lib/vec.fs

: CHUNKS ( -- n )  GDIM-X ;
: BACKWARDS ( -- flag )  REV 1 =  PHASE 2 =  AND ;
: CIDX ( -- c )  BACKWARDS IF  CHUNKS 1- BID-X -  ELSE BID-X THEN ;
: ROW ( -- r )  BACKWARDS IF  GDIM-Y 1- BID-Y -  ELSE BID-Y THEN  ROW0 + ;
: SLOT ( chunk -- addr )  ROW CHUNKS * + 2 * FLOATS PART + ;
: FIRST-COL ( -- j )  CIDX CHUNK *  TID-X VW * + ;
: LAST-COL ( -- j )  CIDX 1+ CHUNK *  COLS MIN ;
: STRIDE ( -- n )  GROUP VW * ;

\ RVPT > 0: the chunk's vectors into XS (-inf past the row's end), from
\ the thread's first element at byte `o` of X: one base address and
\ constant offsets, one bound.
: LOAD-CHUNK ( o -- )
  X + { xb }  LAST-COL FIRST-COL - { left }
  RVPT 0 UNROLL DO
    I STRIDE * left < IF  I STRIDE * ESZ * xb + LDV
    ELSE  VW 0 UNROLL DO -INF LOOP THEN
    VW 0 UNROLL DO  J VW * VW 1- I - + XS!  LOOP
  LOOP ;

ROW COLS * ESZ * { off }
PHASE 1 = IF
  RVPT 0 > IF
    FIRST-COL ESZ * off + LOAD-CHUNK
    NEG-MAX  RVPT VW * 0 UNROLL DO  I XS@ FMAX  LOOP
    MAX-REDUCE { m }
    0.0  RVPT VW * 0 UNROLL DO  I XS@ m F- FEXP F+  LOOP
    SUM-REDUCE { s }
    m s
  ELSE
    NEG-MAX 0.0 { m s }
    FIRST-COL BEGIN DUP LAST-COL < WHILE
      DUP ESZ * off + X + LDV
      m s MSV+ TO s TO m
      STRIDE +
    REPEAT DROP
    m s MS-REDUCE
  THEN
  TID-X 0= IF  CIDX SLOT FLOAT+ F!  CIDX SLOT F!  ELSE 2DROP THEN
ELSE
  RVPT 0 > IF  FIRST-COL ESZ * off + LOAD-CHUNK  THEN
  \ Each warp merges the row's states by itself (lanes, then shuffles):
  \ no barrier, and few registers beside the chunk's.
  NEG-MAX 0.0
  LANE-ID BEGIN DUP CHUNKS < WHILE
    >R  R@ SLOT F@  R@ SLOT FLOAT+ F@  MS-MERGE  R>
    32 +
  REPEAT DROP
  5 0 UNROLL DO
    OVER 16 I RSHIFT FSHFL-XOR  OVER 16 I RSHIFT FSHFL-XOR  MS-MERGE
  LOOP
  { m s }
  s m m F- F+ TO s
  1.0 s F/ { inv }
  RVPT 0 > IF
    FIRST-COL ESZ * off + Y + { yb }  LAST-COL FIRST-COL - { left }
    RVPT 0 UNROLL DO
      I STRIDE * left < IF
        VW 0 UNROLL DO  J VW * I + XS@ m F- FEXP inv F*  LOOP
        I STRIDE * ESZ * yb + STV
      THEN
    LOOP
  ELSE
    FIRST-COL BEGIN DUP LAST-COL < WHILE
      DUP ESZ * off + X + LDV
      VW 0 UNROLL DO  VW 1- ROLL m F- FEXP inv F*  LOOP
      VW PICK ESZ * off + Y + STV
      STRIDE +
    REPEAT DROP
  THEN
THEN
