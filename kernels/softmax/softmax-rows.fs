\ Softmax over the last dimension, rows of COLS elements: GROUP threads per
\ row (several rows per block when GROUP <= 32, else one row per block).
\ Grid: ceil(ROWS / (BDIM-X / GROUP)) blocks of BDIM-X threads.
\ With -D VPT=n (COLS <= n * GROUP) each thread keeps its n values in
\ registers: the row is read once. With VPT=0 (any length) one pass reads
\ the row for its max and sum (online: one exponential per element) and a
\ second reads it again (from L1/L2 for short rows) to write
\ exp(x - max) / sum.
\ The wrapper declares X and Y (ROWS*COLS elements), ROWS, COLS, VPT, the
\ register array XS (VPT+1 floats), ESZ (bytes per element) and
\ LD ( addr -- x ) / ST ( x addr -- ) for its dtype.
INCLUDE ../lib/rowstats.fs

: ROW ( -- r )  BID-X BDIM-X GROUP / *  TID-X GROUP / + ;
: FIRST-COL ( -- j )  TID-X GROUP 1- AND ;

\ Column of this thread's v-th value (v known when compiling).
: COL ( v -- j )  GROUP * FIRST-COL + ;

VPT 0 > IF ROW ROWS < IF
  ROW COLS * ESZ * { off }
  NEG-MAX
  VPT 0 UNROLL DO
    I COL DUP COLS < IF  ESZ * off + X + LD  ELSE DROP -INF THEN
    DUP I XS! FMAX
  LOOP
  MAX-REDUCE { m }
  0.0
  VPT 0 UNROLL DO  I XS@ m F- FEXP  DUP I XS!  F+  LOOP
  SUM-REDUCE
  \ A +inf max makes the row NaN, as in torch (inf - inf).
  m m F- F+  1.0 SWAP F/ { inv }
  VPT 0 UNROLL DO
    I COL DUP COLS < IF  I XS@ inv F*  SWAP ESZ * off + Y + ST  ELSE DROP THEN
  LOOP
THEN THEN

VPT 0 = IF ROW ROWS < IF
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
THEN THEN
