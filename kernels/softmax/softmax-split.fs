\ Softmax of long rows split across blocks, so that a few rows of a
\ vocabulary's size still fill the GPU: grid (CHUNKS, ROWS), one block per
\ CHUNK columns of a row (GROUP = BDIM-X). Two launches of the same source:
\   -D PHASE=1  each block writes its chunk's (max, sum) to PART
\   -D PHASE=2  each block merges its row's CHUNKS states, then writes its
\               chunk (the second read of X mostly hits L2)
\ The wrapper declares X, Y, PART (f32, ROWS*CHUNKS*2), ROWS, COLS, CHUNK,
\ ESZ, LD and ST.
INCLUDE ../lib/rowstats.fs

: CHUNKS ( -- n )  GDIM-X ;
: ROW ( -- r )  BID-Y ;
: SLOT ( chunk -- addr )  ROW CHUNKS * + 2 * FLOATS PART + ;
: LAST-COL ( -- j )  BID-X 1+ CHUNK *  COLS MIN ;

ROW COLS * ESZ * { off }
PHASE 1 = IF
  NEG-MAX 0.0 { m s }
  BID-X CHUNK * TID-X + BEGIN DUP LAST-COL < WHILE
    DUP ESZ * off + X + LD  m s ROT MS+ TO s TO m
    GROUP +
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
  BID-X CHUNK * TID-X + BEGIN DUP LAST-COL < WHILE
    DUP ESZ * off + X + LD m F- FEXP inv F*  OVER ESZ * off + Y + ST
    GROUP +
  REPEAT DROP
THEN
