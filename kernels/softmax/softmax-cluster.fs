\ Softmax of long rows in one launch on Hopper: a row per thread-block
\ cluster of CN blocks (grid (CN, rows), `\! cluster CN 1 1`), each block
\ taking CHUNK columns of it (CHUNK a multiple of VW, CN * CHUNK >= COLS).
\ Every thread loads its RVPT vectors of VW elements into registers (XS)
\ at once and the row is read once:
\   block max -> its own CM -> CLUSTER-SYNC -> the CN maxima through
\   MAPA + DSMEM-F32@ -> row max m; the same for the sum of exp(x - m)
\   (kept in XS) through CS; then y = XS / sum.
\ The last CLUSTER-WAIT keeps every block's CS alive until all the blocks
\ have read it. Semantics as softmax-split.fs: a row of -inf gives NaN
\ (the max starts at -FLT_MAX, so the sum is 0 and 0 * inf is NaN), -inf
\ elements of other rows exact zeros, a NaN or +inf makes the row NaN.
\ The wrapper declares X, Y, ROWS, COLS, CHUNK, CN (1, 2, 4 or 8), GROUP,
\ VW, RVPT, ESZ, the register array XS (RVPT*VW+1 floats), shared RM RS
\ (f32[32], block reductions) CM CS (f32[1]) and the dtype's LD ST LD4 ST4.
INCLUDE ../lib/rowstats.fs
INCLUDE ../lib/vec.fs

: STRIDE ( -- n )  GROUP VW * ;

\ The CN blocks' values at shared address `a` (one per block), combined in
\ every thread: lane l reads rank (l mod CN)'s, then a butterfly over CN
\ lanes (the same order, so the same bits, in every lane and block).
: CLUSTER-VALUE ( a -- x )  LANE-ID CN 1- AND MAPA DSMEM-F32@ ;
: CLUSTER-MAX ( a -- x )
  CLUSTER-VALUE
  3 0 UNROLL DO  4 I RSHIFT CN < IF  DUP 4 I RSHIFT FSHFL-XOR FMAX  THEN LOOP ;
: CLUSTER-SUM ( a -- x )
  CLUSTER-VALUE
  3 0 UNROLL DO  4 I RSHIFT CN < IF  DUP 4 I RSHIFT FSHFL-XOR F+  THEN LOOP ;

CLUSTER-RANK { r }
r CHUNK *  TID-X VW * +  { first }
r 1+ CHUNK *  COLS MIN  first -  { left }
BID-Y COLS *  first +  ESZ *  { off }

\ The thread's vectors into XS, -inf past its chunk's end: one base
\ address and constant offsets, one bound.
X off + { xb }
RVPT 0 UNROLL DO
  I STRIDE * left < IF  I STRIDE * ESZ * xb + LDV
  ELSE  VW 0 UNROLL DO -INF LOOP THEN
  VW 0 UNROLL DO  J VW * VW 1- I - + XS!  LOOP
LOOP

NEG-MAX  RVPT VW * 0 UNROLL DO  I XS@ FMAX  LOOP
MAX-REDUCE
TID-X 0= IF  CM SF!  ELSE DROP THEN
CLUSTER-SYNC
CM CLUSTER-MAX { m }

0.0  RVPT VW * 0 UNROLL DO  I XS@ m F- FEXP  DUP I XS!  F+  LOOP
SUM-REDUCE
TID-X 0= IF  CS SF!  ELSE DROP THEN
CLUSTER-SYNC
CS CLUSTER-SUM { s }
\ Every block has read the others' CS: it may leave once they all have.
CLUSTER-ARRIVE
\ +inf in the row (m = inf): the sum NaN, so the row is NaN, as in torch.
s m m F- F+ TO s
1.0 s F/ { inv }

Y off + { yb }
RVPT 0 UNROLL DO
  I STRIDE * left < IF
    VW 0 UNROLL DO  J VW * I + XS@ inv F*  LOOP
    I STRIDE * ESZ * yb + STV
  THEN
LOOP
CLUSTER-WAIT
