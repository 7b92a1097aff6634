\ Softmax of long rows split across blocks, so that a few rows of a
\ vocabulary's size still fill the GPU: grid (CHUNKS, ROWS), one block per
\ CHUNK columns of a row (GROUP = BDIM-X). Two launches of the same source:
\   -D PHASE=1  each block writes its chunk's (max, sum) to PART
\   -D PHASE=2  each block merges its row's CHUNKS states, then writes its
\               chunk (the second read of X mostly hits L2)
\ VW elements per access as in softmax-rows.fs (CHUNK a multiple of VW).
\ The wrapper declares X, Y, PART (f32, ROWS*CHUNKS*2), ROWS, COLS, CHUNK,
\ GROUP, VW, ESZ and the dtype's LD ST LD4 ST4.
INCLUDE ../lib/rowstats.fs
INCLUDE ../lib/vec.fs

: CHUNKS ( -- n )  GDIM-X ;
: ROW ( -- r )  BID-Y ;
: SLOT ( chunk -- addr )  ROW CHUNKS * + 2 * FLOATS PART + ;
: FIRST-COL ( -- j )  BID-X CHUNK *  TID-X VW * + ;
: LAST-COL ( -- j )  BID-X 1+ CHUNK *  COLS MIN ;
: STRIDE ( -- n )  GROUP VW * ;

ROW COLS * ESZ * { off }
PHASE 1 = IF
  NEG-MAX 0.0 { m s }
  FIRST-COL BEGIN DUP LAST-COL < WHILE
    DUP ESZ * off + X + LDV
    m s MSV+ TO s TO m
    STRIDE +
  REPEAT DROP
  m s MS-REDUCE
  TID-X 0= IF  BID-X SLOT FLOAT+ F!  BID-X SLOT F!  ELSE 2DROP THEN
ELSE
  NEG-MAX 0.0
  TID-X BEGIN DUP CHUNKS < WHILE
    >R  R@ SLOT F@  R@ SLOT FLOAT+ F@  MS-MERGE  R>
    GROUP +
  REPEAT DROP
  MS-REDUCE { m s }
  s m m F- F+ TO s
  1.0 s F/ { inv }
  FIRST-COL BEGIN DUP LAST-COL < WHILE
    DUP ESZ * off + X + LDV
    VW 0 UNROLL DO  VW 1- ROLL m F- FEXP inv F*  LOOP
    VW PICK ESZ * off + Y + STV
    STRIDE +
  REPEAT DROP
THEN
