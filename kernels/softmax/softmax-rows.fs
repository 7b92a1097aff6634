\ Softmax over the last dimension, rows of COLS elements: GROUP threads per
\ row (several rows per block when GROUP <= 32, else one row per block).
\ Grid: ceil(ROWS / (BDIM-X / GROUP)) blocks of BDIM-X threads. Each thread
\ reads VW consecutive elements at a time (VW = 4 needs COLS a multiple of
\ 4 and X, Y aligned to 4 elements).
\ With -D VPT=n (COLS <= n * VW * GROUP) each thread keeps its n vectors
\ in registers: the row is read once. With VPT=0 (any length) one pass
\ reads the row for its max and sum (online: one exponential per element)
\ and a second reads it again (from L1/L2) to write exp(x - max) / sum.
\ With -D SMEM=1 (VW = 4, a block per row, launched with COLS * 4 bytes of
\ dynamic shared memory) the row is kept in shared memory instead: read
\ once for its max, then exponentials once each, then the write.
\ The wrapper declares X and Y (ROWS*COLS elements), ROWS, COLS, GROUP, VPT,
\ VW, SMEM, the register array XS (VPT*VW+1 floats), the dynamic shared
\ array ROWBUF, ESZ (bytes per element) and the dtype's LD ST LD4 ST4.
INCLUDE ../lib/rowstats.fs
INCLUDE ../lib/vec.fs

: ROW ( -- r )  BID-X BDIM-X GROUP / *  TID-X GROUP / + ;
: FIRST-COL ( -- j )  TID-X GROUP 1- AND  VW * ;
\ The first column of this thread's v-th vector (v known when compiling).
: COL ( v -- j )  GROUP VW * *  FIRST-COL + ;
: STRIDE ( -- n )  GROUP VW * ;
\ Threads of a row past ROWS load and store nothing but still take part in
\ the reductions: the group shuffles are full-warp words, undefined on the
\ GPU when some lanes skip them (the CPU sanitizer's "incomplete warp").
ROW ROWS < { live }

VPT 0 > IF
  ROW ROWS 1- MIN COLS * ESZ * { off }
  VPT 0 UNROLL DO
    I COL DUP COLS < live AND IF  ESZ * off + X + LDV
    ELSE DROP  VW 0 UNROLL DO -INF LOOP THEN
    VW 0 UNROLL DO  J VW * VW 1- I - + XS!  LOOP
  LOOP
  NEG-MAX  VPT VW * 0 UNROLL DO  I XS@ FMAX  LOOP
  MAX-REDUCE { m }
  0.0  VPT VW * 0 UNROLL DO  I XS@ m F- FEXP  DUP I XS!  F+  LOOP
  SUM-REDUCE
  \ A +inf max makes the row NaN, as in torch (inf - inf).
  m m F- F+  1.0 SWAP F/ { inv }
  VPT 0 UNROLL DO
    I COL DUP COLS < live AND IF
      >R  VW 0 UNROLL DO  J VW * I + XS@ inv F*  LOOP  R> ESZ * off + Y + STV
    ELSE DROP THEN
  LOOP
THEN

VPT 0 = SMEM 0 = AND IF
  ROW ROWS 1- MIN COLS * ESZ * { off }
  NEG-MAX 0.0 { m s }
  FIRST-COL BEGIN DUP COLS < live AND WHILE
    DUP ESZ * off + X + LDV
    m s MSV+ TO s TO m
    STRIDE +
  REPEAT DROP
  m s MS-REDUCE TO s TO m
  s m m F- F+ TO s
  1.0 s F/ { inv }
  FIRST-COL BEGIN DUP COLS < live AND WHILE
    DUP ESZ * off + X + LDV
    VW 0 UNROLL DO  VW 1- ROLL m F- FEXP inv F*  LOOP
    VW PICK ESZ * off + Y + STV
    STRIDE +
  REPEAT DROP
THEN

\ The row in shared memory: each thread keeps to its own columns between
\ the passes, so only the reductions synchronise.
: SLOT ( j -- saddr )  FLOATS ROWBUF + ;

SMEM 1 = IF ROW ROWS < IF
  ROW COLS * ESZ * { off }
  NEG-MAX
  FIRST-COL BEGIN DUP COLS < WHILE
    DUP ESZ * off + X + LD4 { a b c d }
    a b c d  4 PICK SLOT 4SF!
    SWAP  a FMAX b FMAX c FMAX d FMAX  SWAP
    STRIDE +
  REPEAT DROP
  MAX-REDUCE { m }
  0.0
  FIRST-COL BEGIN DUP COLS < WHILE
    DUP SLOT 4SF@
    m F- FEXP { d }  m F- FEXP { c }  m F- FEXP { b }  m F- FEXP { a }
    a b c d  4 PICK SLOT 4SF!
    SWAP  a F+ b F+ c F+ d F+  SWAP
    STRIDE +
  REPEAT DROP
  SUM-REDUCE
  m m F- F+  1.0 SWAP F/ { inv }
  FIRST-COL BEGIN DUP COLS < WHILE
    DUP SLOT 4SF@
    inv F* { d }  inv F* { c }  inv F* { b }  inv F* { a }
    a b c d  4 PICK ESZ * off + Y + ST4
    STRIDE +
  REPEAT DROP
THEN THEN
