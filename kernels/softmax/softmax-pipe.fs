\ Softmax of 16-bit rows pipelined through shared memory: a block of
\ GROUP threads (BDIM-X = GROUP) runs the rows BID-X, BID-X + GDIM-X, ... (launch
\ about one block per SM) and keeps NBUF rows of raw 16-bit elements in
\ shared memory (ROWBUF, NBUF * COLS * 2 bytes, NBUF >= 1): while it
\ computes one row, CP-ASYNC brings in the next NBUF - 1, so the memory
\ system does not wait for the arithmetic (softmax-rows.fs's one-row
\ blocks, which hold a whole SM's shared memory or registers at 32K
\ columns, leave it idle while a block computes).
\ Each thread copies and reads only its own 16-byte vectors (PV of them,
\ 8 elements each: columns 8 * (j * BDIM-X + TID-X) .. +7 for j < PV), so
\ no barrier guards the buffers. The row's 8 * PV values stay in registers
\ (EP) as f32: one exponential per element. COLS a multiple of 8 and at
\ most 8 * PV * BDIM-X, X and Y 16-byte aligned.
\ The wrapper declares X, Y, ROWS, COLS, GROUP, PV, NBUF, RM and RS
\ (../lib/rowstats.fs), the register array EP (PV * 8 floats), the dynamic
\ shared array ROWBUF and the dtype's UNPACK ( w -- x0 x1 ) and
\ PACK ( x0 x1 -- w ) of a 32-bit pair.
INCLUDE ../lib/rowstats.fs

\ Block-wide max and sum (GROUP a multiple of 32): a warp's value by
\ shuffles, then each warp merges the per-warp values, one a lane (fewer
\ live registers than ../lib/rowstats.fs's 32 reads a thread, which the
\ row's 8 * PV values leave no room for).
: PMAX ( x -- max )
  FWARP-MAX  LANE-ID 0= IF  DUP WARP-ID FLOATS RM + SF!  THEN  BARRIER
  DROP  LANE-ID GROUP 32 / < IF  LANE-ID FLOATS RM + SF@  ELSE NEG-MAX THEN
  FWARP-MAX ;
: PSUM ( x -- sum )
  FWARP-SUM  LANE-ID 0= IF  DUP WARP-ID FLOATS RS + SF!  THEN  BARRIER
  DROP  LANE-ID GROUP 32 / < IF  LANE-ID FLOATS RS + SF@  ELSE 0.0 THEN
  FWARP-SUM ;
: PCOL ( j -- col )  GROUP 8 * *  TID-X 8 * + ;
: PROW ( k -- row )  GDIM-X * BID-X + ;
: PBUF ( k -- saddr )  NBUF MOD COLS * 2 * ROWBUF + ;
\ Start copying the k-th row of this block (when there is one) into its
\ buffer; one commit group per k, empty past the last row.
: FETCH ( k -- )
  DUP PROW DUP ROWS < IF
    COLS * 2 * X + { g }  PBUF { sb }
    PV 0 UNROLL DO
      I PCOL DUP COLS < IF  2 * DUP g + SWAP sb + CP-ASYNC
      ELSE DROP THEN
    LOOP
  ELSE 2DROP THEN
  CP-ASYNC-COMMIT ;

NBUF 1- 0 ?DO I FETCH LOOP
0 BEGIN DUP PROW ROWS < WHILE
  { it }
  it NBUF 1- + FETCH
  NBUF 1- CP-ASYNC-WAIT
  it PBUF { sb }
  PV 0 UNROLL DO
    I PCOL DUP COLS < IF
      2 * sb + 4SF@ { w0 w1 w2 w3 }
      w0 UNPACK  w1 UNPACK  w2 UNPACK  w3 UNPACK
    ELSE DROP  8 0 UNROLL DO -INF LOOP THEN
    8 0 UNROLL DO  J 8 * 7 + I - EP!  LOOP
  LOOP
  NEG-MAX  PV 8 * 0 UNROLL DO  I EP@ FMAX  LOOP
  PMAX { m }
  0.0  PV 8 * 0 UNROLL DO  I EP@ m F- FEXP  DUP I EP!  F+  LOOP
  PSUM
  \ A +inf max makes the row NaN, as in torch (inf - inf).
  m m F- F+  1.0 SWAP F/ { inv }
  it PROW COLS * 2 * Y + { out }
  PV 0 UNROLL DO
    I PCOL DUP COLS < IF
      >R
      4 0 UNROLL DO
        J 8 * I 2 * + DUP EP@ inv F*  SWAP 1+ EP@ inv F*  PACK
      LOOP
      R> 2 * out + 4F!
    ELSE DROP THEN
  LOOP
  it 1+
REPEAT DROP
