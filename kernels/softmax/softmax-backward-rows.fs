\ Softmax backward over the last dimension: DX = Y * (DY - sum(DY * Y)),
\ rows of COLS elements, GROUP threads per row and VW elements per access
\ as in softmax-rows.fs. With -D VPT=n (COLS <= n * VW * GROUP) each thread
\ keeps its n vectors of Y and DY in registers: both are read once. With
\ VPT=0 they are read twice (the second time mostly from L1/L2).
\ The wrapper declares Y, DY, DX, ROWS, COLS, GROUP, VPT, VW, the register
\ arrays YS and DS (VPT*VW+VW floats), ESZ and the dtype's LD ST LD4 ST4.
INCLUDE ../lib/rowstats.fs
INCLUDE ../lib/vec.fs

: ROW ( -- r )  BID-X BDIM-X GROUP / *  TID-X GROUP / + ;
: FIRST-COL ( -- j )  TID-X GROUP 1- AND  VW * ;
: COL ( v -- j )  GROUP VW * *  FIRST-COL + ;
: STRIDE ( -- n )  GROUP VW * ;
\ Threads of a row past ROWS load and store nothing but still take part in
\ the reduction (its shuffles are full-warp words: softmax-rows.fs).
ROW ROWS < { live }

VPT 0 > IF
  ROW ROWS 1- MIN COLS * ESZ * { off }
  VPT 0 UNROLL DO
    I COL DUP COLS < live AND IF
      ESZ * off + { a }
      a Y + LDV   VW 0 UNROLL DO  J VW * VW 1- I - + YS!  LOOP
      a DY + LDV  VW 0 UNROLL DO  J VW * VW 1- I - + DS!  LOOP
    ELSE DROP
      VW 0 UNROLL DO  0.0 J VW * I + YS!  0.0 J VW * I + DS!  LOOP
    THEN
  LOOP
  0.0  VPT VW * 0 UNROLL DO  I YS@ I DS@ F* F+  LOOP
  SUM-REDUCE { dot }
  VPT 0 UNROLL DO
    I COL DUP COLS < live AND IF
      >R  VW 0 UNROLL DO  J VW * I + { slot }  slot YS@  slot DS@ dot F-  F*  LOOP
      R> ESZ * off + DX + STV
    ELSE DROP THEN
  LOOP
THEN

\ Y's and DY's VW values at address offset a into YS[0..] and DS[0..].
: LOAD-PAIR ( a -- )
  DUP Y + LDV   VW 0 UNROLL DO  VW 1- I - YS!  LOOP
  DY + LDV      VW 0 UNROLL DO  VW 1- I - DS!  LOOP ;

VPT 0 = IF
  ROW ROWS 1- MIN COLS * ESZ * { off }
  0.0
  FIRST-COL BEGIN DUP COLS < live AND WHILE
    DUP ESZ * off + LOAD-PAIR
    0.0  VW 0 UNROLL DO  I YS@ I DS@ F* F+  LOOP
    ROT F+ SWAP
    STRIDE +
  REPEAT DROP
  SUM-REDUCE { dot }
  FIRST-COL BEGIN DUP COLS < live AND WHILE
    DUP ESZ * off + { a }
    a LOAD-PAIR
    VW 0 UNROLL DO  I YS@  I DS@ dot F-  F*  LOOP
    a DX + STV
    STRIDE +
  REPEAT DROP
THEN
