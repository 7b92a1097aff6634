\ Words shared by the norm kernels (norm.forth, norm_backward.forth): rows
\ of COLS elements of T, GROUP threads a row (1..32 lanes of a warp, several
\ rows a block; or the whole block, a multiple of 32: lib/rowstats.fs), each
\ thread VN consecutive elements an access (1, or EV = 16 / ESZ: one
\ 16-byte vector, lib/pack16.fs; VN = EV needs COLS a multiple of EV and
\ every buffer 16-byte aligned, which the caller checks).
\
\ The including kernel declares T, ESZ, EV, VN, GROUP, the shared RM and RS
\ (f32[32]) and the register array V (f32[EV]): one vector's values.
INCLUDE ../lib/typed.fs
INCLUDE ../lib/pack16.fs
INCLUDE ../lib/rowstats.fs

: LDN ( addr -- x0 .. x[VN-1] )  VN 1 = IF LD ELSE LD16 THEN ;
: STN ( x0 .. x[VN-1] addr -- )  VN 1 = IF ST ELSE ST16 THEN ;

\ An f32 rounded to T and back (the value a store of it would keep).
: ROUND-f32 ( x -- x ) ;
: ROUND-bf16 ( x -- x' )  0.0 F>BF16X2 BF16X2>F DROP ;
: ROUND-f16 ( x -- x' )  0.0 F>F16X2 F16X2>F DROP ;
: ROUND ROUND-{T} ;

\ V, the vector in hand: VPUT takes VN values off the stack (the deepest
\ into V[0]), VPUSH puts them back; V+ and V* add and multiply VN values
\ from the stack into V element by element.
: VPUT ( x0 .. x[VN-1] -- )  VN 0 UNROLL DO  VN 1- I - V!  LOOP ;
: VPUSH ( -- x0 .. x[VN-1] )  VN 0 UNROLL DO  I V@  LOOP ;
: V+ ( x0 .. x[VN-1] -- )  VN 0 UNROLL DO  VN 1- I - DUP >R V@ F+ R> V!  LOOP ;
: V* ( x0 .. x[VN-1] -- )  VN 0 UNROLL DO  VN 1- I - DUP >R V@ F* R> V!  LOOP ;

\ Rows to groups: group g of the grid takes rows g, g + NGROUPS, ...
: GROUPS-PER-BLOCK ( -- n )  BDIM-X GROUP / ;
: GROUP-ID ( -- g )  BID-X GROUPS-PER-BLOCK *  TID-X GROUP / + ;
: NGROUPS ( -- n )  GDIM-X GROUPS-PER-BLOCK * ;
\ This thread's first column, and that of its v-th vector (v constant in
\ the register paths, so that the register arrays' indices are too).
: FIRST-COL ( -- j )  TID-X GROUP 1- AND  VN * ;
: COL ( v -- j )  GROUP VN * *  FIRST-COL + ;
: STRIDE ( -- n )  GROUP VN * ;
\ The index of element I of vector J in a register array (inside
\ `VPT 0 UNROLL DO  VN 0 UNROLL DO`).
: SLOT ( -- s )  J VN * I + ;

\ Sums over the row's group, in every thread of it; a block-wide one ends
\ with a barrier, so that the next reduction's writes to RS and RM wait for
\ every thread's reads of this one.
: RSUM ( x -- sum )  SUM-REDUCE  GROUP 32 > IF BARRIER THEN ;
: RSUM2 ( a b -- sum-a sum-b )
  5 0 UNROLL DO
    16 I RSHIFT GROUP < IF
      SWAP DUP 16 I RSHIFT FSHFL-XOR F+  SWAP DUP 16 I RSHIFT FSHFL-XOR F+
    THEN
  LOOP
  GROUP 32 > IF
    LANE-ID 0= IF  WARP-ID FLOATS RM + SF!  WARP-ID FLOATS RS + SF!
    ELSE 2DROP THEN
    BARRIER
    0.0 0.0  GROUP 32 / 0 DO
      SWAP I FLOATS RS + SF@ F+  SWAP I FLOATS RM + SF@ F+
    LOOP
    BARRIER
  THEN ;

\ The f32 values of register array slots to global memory: VN of them at
\ an address aligned to 4 * VN bytes (up to 16), in 16-byte stores.
: F32N! ( x0 .. x[VN-1] addr -- )
  VN 1 = IF F32! ELSE
    VN 4 = IF 4F! ELSE  { a }  a 16 + 4F!  a 4F!  THEN
  THEN ;
