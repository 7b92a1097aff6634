\ Softmax backward over the last dimension: DX = Y * (DY - sum(DY * Y)),
\ rows of COLS elements, GROUP threads per row as in softmax-rows.fs.
\ The wrapper declares Y, DY, DX, ROWS, COLS, ESZ, LD and ST.
INCLUDE ../lib/rowstats.fs

: ROW ( -- r )  BID-X BDIM-X GROUP / *  TID-X GROUP / + ;
: FIRST-COL ( -- j )  TID-X GROUP 1- AND ;

ROW ROWS < IF
  ROW COLS * ESZ * { off }
  0.0
  FIRST-COL BEGIN DUP COLS < WHILE
    DUP ESZ * off + { a }  a Y + LD  a DY + LD  F*  ROT F+ SWAP
    GROUP +
  REPEAT DROP
  SUM-REDUCE { dot }
  FIRST-COL BEGIN DUP COLS < WHILE
    DUP ESZ * off + { a }  a Y + LD  a DY + LD dot F-  F*  a DX + ST
    GROUP +
  REPEAT DROP
THEN
