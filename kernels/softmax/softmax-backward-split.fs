\ Softmax backward of long rows split across blocks (see softmax-split.fs):
\   -D PHASE=1  each block writes its chunk's sum(DY * Y) to PART
\   -D PHASE=2  each block adds its row's CHUNKS sums and writes its chunk
\ The wrapper declares Y, DY, DX, PART (f32, ROWS*CHUNKS), ROWS, COLS,
\ CHUNK, ESZ, LD and ST.
INCLUDE ../lib/rowstats.fs

: CHUNKS ( -- n )  GDIM-X ;
: ROW ( -- r )  BID-Y ;
: SLOT ( chunk -- addr )  ROW CHUNKS * + FLOATS PART + ;
: LAST-COL ( -- j )  BID-X 1+ CHUNK *  COLS MIN ;

ROW COLS * ESZ * { off }
PHASE 1 = IF
  0.0
  BID-X CHUNK * TID-X + BEGIN DUP LAST-COL < WHILE
    DUP ESZ * off + { a }  a Y + LD  a DY + LD  F*  ROT F+ SWAP
    GROUP +
  REPEAT DROP
  SUM-REDUCE
  TID-X 0= IF  BID-X SLOT F!  ELSE DROP THEN
ELSE
  0.0
  TID-X BEGIN DUP CHUNKS < WHILE
    DUP SLOT F@ ROT F+ SWAP
    GROUP +
  REPEAT DROP
  SUM-REDUCE { dot }
  BID-X CHUNK * TID-X + BEGIN DUP LAST-COL < WHILE
    DUP ESZ * off + { a }  a Y + LD  a DY + LD dot F-  F*  a DX + ST
    GROUP +
  REPEAT DROP
THEN
