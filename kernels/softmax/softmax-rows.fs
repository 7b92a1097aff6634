\ Softmax over the last dimension, rows of COLS elements: GROUP threads per
\ row (several rows per block when GROUP <= 32, else one row per block).
\ Grid: ceil(ROWS / (BDIM-X / GROUP)) blocks of BDIM-X threads.
\ One pass reads the row for its max and sum (online: one exponential per
\ element), a second reads it again (from L1/L2 for short rows) and writes
\ exp(x - max) / sum.
\ The wrapper declares X and Y (ROWS*COLS elements), ROWS, COLS, ESZ (bytes
\ per element) and LD ( addr -- x ) / ST ( x addr -- ) for its dtype.
INCLUDE ../lib/rowstats.fs

: ROW ( -- r )  BID-X BDIM-X GROUP / *  TID-X GROUP / + ;
: FIRST-COL ( -- j )  TID-X GROUP 1- AND ;

ROW ROWS < IF
  ROW COLS * ESZ * { off }
  NEG-MAX 0.0 { m s }
  FIRST-COL BEGIN DUP COLS < WHILE
    DUP ESZ * off + X + LD  m s ROT MS+ TO s TO m
    GROUP +
  REPEAT DROP
  m s MS-REDUCE TO s TO m
  \ A +inf max makes the row NaN, as in torch (inf - inf).
  s m m F- F+ TO s
  1.0 s F/ { inv }
  FIRST-COL BEGIN DUP COLS < WHILE
    DUP ESZ * off + X + LD m F- FEXP inv F*  OVER ESZ * off + Y + ST
    GROUP +
  REPEAT DROP
THEN
