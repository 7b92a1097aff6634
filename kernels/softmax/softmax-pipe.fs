\ Softmax of rows pipelined through shared memory: a block of GROUP
\ threads (BDIM-X = GROUP) runs the rows BID-X, BID-X + GDIM-X, ...
\ (launched with about one block per SM) and keeps NBUF rows of raw
\ elements in shared memory (ROWBUF, NBUF * COLS * ESZ bytes, NBUF >= 1),
\ while the row it computes is in registers: as soon as a row has moved
\ from its buffer into registers, CP-ASYNC starts bringing the row NBUF
\ later into that buffer, so the memory system does not wait for the
\ arithmetic (softmax-rows.fs's one-row blocks, which take a whole SM's
\ shared memory or registers at 32K columns, leave it idle while a block
\ computes).
\ Each thread copies and reads only its own 16-byte vectors (PV of them,
\ EV = 16 / ESZ elements each: columns EV * (j * GROUP + TID-X) .. for
\ j < PV), so the buffers need no barrier of their own; a row's next copy
\ starts after the max's barrier, when this thread's reads of the buffer
\ are done. The row's EV * PV values stay in registers (EP) as f32: one
\ exponential per element. COLS a multiple of EV and at most
\ EV * PV * GROUP, X and Y 16-byte aligned.
\ The wrapper declares X, Y, ROWS, COLS, GROUP, PV, NBUF, ESZ, EV, RM, RS
\ (../lib/rowstats.fs), the register array EP (PV * EV floats), the
\ dynamic shared array ROWBUF and the dtype's UNPACK4 ( w0 w1 w2 w3 --
\ x0 .. x[EV-1] ) and PACK4 ( x0 .. x[EV-1] -- w0 w1 w2 w3 ) between a
\ vector's four 32-bit words and its elements.
INCLUDE ../lib/rowstats.fs


\ Block-wide max and sum (GROUP a multiple of 32): a warp's value by
\ shuffles, then each warp merges the per-warp values, one a lane (fewer
\ live registers than ../lib/rowstats.fs's 32 reads a thread, which the
\ row's values leave no room for).
: PMAX ( x -- max )
  FWARP-MAX  LANE-ID 0= IF  DUP WARP-ID FLOATS RM + SF!  THEN  BARRIER
  DROP  LANE-ID GROUP 32 / < IF  LANE-ID FLOATS RM + SF@  ELSE NEG-MAX THEN
  FWARP-MAX ;
: PSUM ( x -- sum )
  FWARP-SUM  LANE-ID 0= IF  DUP WARP-ID FLOATS RS + SF!  THEN  BARRIER
  DROP  LANE-ID GROUP 32 / < IF  LANE-ID FLOATS RS + SF@  ELSE 0.0 THEN
  FWARP-SUM ;
\ This thread's j-th vector's first column (constant steps: one base
\ register and immediate offsets).
: PCOL ( j -- col )  GROUP EV * *  TID-X EV * + ;
: PROW ( k -- row )  GDIM-X * BID-X + ;
: PBUF ( k -- saddr )  NBUF MOD COLS * ESZ * ROWBUF + ;
\ Start copying the k-th row of this block (when there is one) into its
\ buffer; one commit group per k, empty past the last row.
: FETCH ( k -- )
  DUP PROW DUP ROWS < IF
    COLS * ESZ * X + { g }  PBUF { sb }
    PV 0 UNROLL DO
      I PCOL DUP COLS < IF  ESZ * DUP g + SWAP sb + CP-ASYNC
      ELSE DROP THEN
    LOOP
  ELSE 2DROP THEN
  CP-ASYNC-COMMIT ;

NBUF 0 ?DO I FETCH LOOP
0 BEGIN DUP PROW ROWS < WHILE
  { it }
  NBUF 1- CP-ASYNC-WAIT
  it PBUF { sb }
  PV 0 UNROLL DO
    I PCOL DUP COLS < IF  ESZ * sb + 4SF@ UNPACK4
    ELSE DROP  EV 0 UNROLL DO -INF LOOP THEN
    EV 0 UNROLL DO  J EV * EV 1- I - + EP!  LOOP
  LOOP
  NEG-MAX  PV EV * 0 UNROLL DO  I EP@ FMAX  LOOP
  PMAX { m }
  \ Every thread has read its part of the buffer (the barrier in PMAX):
  \ it takes the row NBUF on.
  it NBUF + FETCH
  0.0  PV EV * 0 UNROLL DO  I EP@ m F- FEXP  DUP I EP!  F+  LOOP
  PSUM
  \ A +inf max makes the row NaN, as in torch (inf - inf).
  m m F- F+  1.0 SWAP F/ { inv }
  it PROW COLS * ESZ * Y + { out }
  PV 0 UNROLL DO
    I PCOL DUP COLS < IF
      >R  EV 0 UNROLL DO  J EV * I + EP@ inv F*  LOOP  PACK4
      R> ESZ * out + 4F!
    ELSE DROP THEN
  LOOP
  it 1+
REPEAT DROP
