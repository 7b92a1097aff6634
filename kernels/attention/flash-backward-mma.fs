\ FlashAttention-2 backward on the 16-bit tensor cores, without the N x N
\ matrices: P = exp2(S*SCALE*log2(e) - L2) is recomputed from Q, K and the
\ forward's log-sum-exp (L2, flash-backward-pre.fs, which also gives
\ D = rowsum(dO * O)), and dS = P * (dP - D) with dP = dO V^T. Two kernels
\ of the forward's shape (flash-attention-mma.fs): a block owns BR rows,
\ held as A fragments in shared memory, and streams tiles of BC columns
\ through a double buffer; every product is an A fragment of its rows
\ times B fragments of the streamed tile:
\  - ROLE 0 (dQ): rows are queries, columns keys. S = Q K^T, dP = dO V^T,
\    dQ = SCALE dS K. Grid (ceil(NQ/BR), HQ, BATCH).
\  - ROLE 1 (dK, dV): rows are keys, columns the queries of every query
\    head of the key's group in turn (grouped-query attention summed
\    without atomics or copies). S^T = K Q^T, dP^T = V dO^T,
\    dV = P^T dO, dK = SCALE dS^T Q. Grid (ceil(NKV/BR), HKV, BATCH).
\ No atomics: dQ's own pass recomputes S and dP (7 products in all
\ instead of FlashAttention-2's 5 with an atomic dQ). The causal rule is
\ the forward's (query i sees keys j <= i + NKV - NQ). INCLUDEd by
\ flash_backward_{dq,dkdv}_<dtype>.forth, which declare the header and
\ MMA and PACK as the forward's wrappers do. L2 and DPRE rows are NQP
\ floats apart (NQ rounded up to a multiple of 128, zero-padded by the
\ op), so that a tile's 16-byte copies never leave them.

INCLUDE flash-grid.fs

: region ( r -- addr )  BC STRIDE * 2* * SM + ;
: at ( row col -- bytes )  SWAP STRIDE * + 2* ;
\ Shared memory: C1 C2 of buffer 0, C1 C2 of buffer 1 (BC rows each), the
\ block's R1 and R2 rows (BR each), then for ROLE 1 each buffer's L2 and D
\ of its columns (BC floats each).
: r1-region ( -- addr )  4 region ;
: r2-region ( -- addr )  4 region BR STRIDE * 2* + ;
: vec ( b which -- addr )  SWAP 2* + BC * 4 * 4 region 2 BR * STRIDE * 2* + + ;

ROLE IF NKV ELSE NQ THEN { nrows }
ROLE IF NQ ELSE NKV THEN { ncols }
HQ HKV / { group }
\ The first row of this block's rows in their tensors (times HEAD_DIM).
ROLE IF BID-Z HKV * BID-Y + NKV * ELSE q-head THEN { rbase }
ROLE IF BID-X ELSE query-tile THEN BR * { r0 }
r0 WARP-ID 16 MT * * + { rw }     \ this warp's first row
LANE-ID 4 / { g }
LANE-ID 4 MOD { t }
SCALE 1.4426950408889634 F* { scale2 }

\ Column tiles: ROLE 0 those of q-tile key-tiles; ROLE 1 per query head
\ of the group, from the first query any of the rows sees on.
ROLE IF
  CAUSAL IF r0 diagonal - 0 MAX BC / ELSE 0 THEN
ELSE 0 THEN { cstart }
ROLE IF NQ BC tiles cstart - 0 MAX ELSE r0 key-tiles THEN { span }
ROLE IF group ELSE 1 THEN span * { ntiles }
\ Tile i (of span per query head): its first column, and the first rows
\ of its column tensors' head and of its L2/D (ROLE 1: query head
\ BID-Y*group + i/span).
: tile-cols ( i span cstart -- c0 chead vhead )
  { ti span cstart }
  ti span MOD cstart + BC *
  ti span / BID-Y HQ HKV / * + BID-Z HQ * + { qh }
  ROLE IF qh NQ * ELSE kv-head THEN
  qh NQP * ;

\ Start copying tile i into buffer b; rows past the end copy the last row.
: load-tile ( i span cstart b -- )
  { b }  tile-cols { c0 ch vh }
  ROLE IF NQ ELSE NKV THEN { ncols }
  BC HEAD_DIM * 8 / { chunks }
  chunks NTHREADS tiles 0 UNROLL DO
    TID-X I NTHREADS * + { e }
    chunks NTHREADS MOD 0=  e chunks <  OR IF
      e HEAD_DIM 8 / /MOD { c r }
      ch c0 r + ncols 1- MIN + HEAD_DIM * c 8 * + 2* { src }
      r c 8 * at { dst }
      ROLE IF Q ELSE K THEN src +  b 2* region dst + CP-ASYNC
      ROLE IF DOUT ELSE V THEN src +  b 2* 1+ region dst + CP-ASYNC
    THEN
  LOOP
  ROLE IF
    \ L2 and D of the tile's columns: BC/4 16-byte chunks each.
    TID-X BC 4 / < IF
      vh c0 + TID-X 4 * + 4 * { src }
      L2 src +  b 0 vec TID-X 16 * + CP-ASYNC
      DPRE src +  b 1 vec TID-X 16 * + CP-ASYNC
    THEN
  THEN ;

\ The block's R1 and R2 rows.
BR HEAD_DIM * 8 / NTHREADS / 0 UNROLL DO
  TID-X I NTHREADS * + HEAD_DIM 8 / /MOD { c r }
  rbase r0 r + nrows 1- MIN + HEAD_DIM * c 8 * + 2* { src }
  r c 8 * at { dst }
  ROLE IF K ELSE Q THEN src +  r1-region dst + CP-ASYNC
  ROLE IF V ELSE DOUT THEN src +  r2-region dst + CP-ASYNC
LOOP
CP-ASYNC-COMMIT

\ LDMATRIX rows of each lane (the forward's): A fragments of R1/R2 rows;
\ B fragments of a tile's rows (non-transposed, for S and dP), and
\ transposed (for the products over the tile's columns).
: r-lane ( -- bytes )  WARP-ID 16 MT * * LANE-ID 16 MOD +  LANE-ID 16 / 8 *  at ;
LANE-ID 16 / 8 *  LANE-ID 8 MOD +  LANE-ID 8 / 2 MOD 8 *  at { bofs }
LANE-ID 8 / 2 MOD 8 *  LANE-ID 8 MOD +  LANE-ID 16 / 8 *  at { tofs }

: quad-sum ( x -- x' )  DUP 1 FSHFL-XOR F+  DUP 2 FSHFL-XOR F+ ;
: sc4@ ( n -- x0 x1 x2 x3 )  { n } n SC@ n 1+ SC@ n 2 + SC@ n 3 + SC@ ;
: sc4! ( x0 x1 x2 x3 n -- )  { n } n 3 + SC! n 2 + SC! n 1+ SC! n SC! ;
: dp4@ ( n -- x0 x1 x2 x3 )  { n } n DPC@ n 1+ DPC@ n 2 + DPC@ n 3 + DPC@ ;
: dp4! ( x0 x1 x2 x3 n -- )  { n } n 3 + DPC! n 2 + DPC! n 1+ DPC! n DPC! ;
: a14@ ( n -- x0 x1 x2 x3 )  { n } n AC1@ n 1+ AC1@ n 2 + AC1@ n 3 + AC1@ ;
: a14! ( x0 x1 x2 x3 n -- )  { n } n 3 + AC1! n 2 + AC1! n 1+ AC1! n AC1! ;
: a24@ ( n -- x0 x1 x2 x3 )  { n } n AC2@ n 1+ AC2@ n 2 + AC2@ n 3 + AC2@ ;
: a24! ( x0 x1 x2 x3 n -- )  { n } n 3 + AC2! n 2 + AC2! n 1+ AC2! n AC2! ;
\ An A fragment of rows (m-tile qt, features 16kc on) from a row region.
: rfrag ( region qt kc -- a0 a1 a2 a3 )
  32 * SWAP 16 STRIDE * 2* * + + r-lane + LDMATRIX-X4 ;
\ The A fragment of m-tile qt, columns 16kc on, from SC (P) or DPC (dS).
: pfrag ( qt kc -- a0 a1 a2 a3 )
  8 * SWAP BC 2 / * + { n }
  n SC@ n 1+ SC@ PACK  n 2 + SC@ n 3 + SC@ PACK
  n 4 + SC@ n 5 + SC@ PACK  n 6 + SC@ n 7 + SC@ PACK ;
: dsfrag ( qt kc -- a0 a1 a2 a3 )
  8 * SWAP BC 2 / * + { n }
  n DPC@ n 1+ DPC@ PACK  n 2 + DPC@ n 3 + DPC@ PACK
  n 4 + DPC@ n 5 + DPC@ PACK  n 6 + DPC@ n 7 + DPC@ PACK ;
\ What PACK loses of two floats: x - (x rounded), packed in turn. With
\ DS_SPLIT, dS goes into its products as this pair of parts (two MMAs),
\ so that its rounding does not reach dQ and dK: on long rows the rounded
\ dS alone doubled their error against SDPA's (issue 15's note).
: lost ( x0 x1 -- pair )
  { x0 x1 }  x0 x1 PACK UNPACK { h0 h1 }  x0 h0 F-  x1 h1 F-  PACK ;
: dslo ( qt kc -- a0 a1 a2 a3 )
  8 * SWAP BC 2 / * + { n }
  n DPC@ n 1+ DPC@ lost  n 2 + DPC@ n 3 + DPC@ lost
  n 4 + DPC@ n 5 + DPC@ lost  n 6 + DPC@ n 7 + DPC@ lost ;
\ acc(qt) += A(qt) x (the tile's rows at tb, transposed), D/8 groups.
: acc1+ ( a0 a1 a2 a3 qt tb -- )
  { a0 a1 a2 a3 qt tb }
  HEAD_DIM 16 / 0 UNROLL DO
    tb I 16 * 0 SWAP at + LDMATRIX-X4-T { b0 b1 c0 c1 }
    qt HEAD_DIM 2 / * I 8 * + { n }
    a0 a1 a2 a3 b0 b1 n a14@ MMA n a14!
    a0 a1 a2 a3 c0 c1 n 4 + a14@ MMA n 4 + a14!
  LOOP ;
: acc2+ ( a0 a1 a2 a3 qt tb -- )
  { a0 a1 a2 a3 qt tb }
  HEAD_DIM 16 / 0 UNROLL DO
    tb I 16 * 0 SWAP at + LDMATRIX-X4-T { b0 b1 c0 c1 }
    qt HEAD_DIM 2 / * I 8 * + { n }
    a0 a1 a2 a3 b0 b1 n a24@ MMA n a24!
    a0 a1 a2 a3 c0 c1 n 4 + a24@ MMA n 4 + a24!
  LOOP ;

\ ROLE 0: each row's L2 and D (RV: 4qt+h and 4qt+2+h, h 0 for row g, 1
\ for g+8), read once.
ROLE 0= IF
  MT 0 UNROLL DO I { qt }
    2 0 UNROLL DO
      BID-Z HQ * BID-Y + NQP * rw qt 16 * + g + I 8 * + NQ 1- MIN + 4 * { at4 }
      L2 at4 + F32@ qt 4 * I + RV!
      DPRE at4 + F32@ qt 4 * 2 + I + RV!
    LOOP
  LOOP
THEN

ntiles 0 ?DO
  I span cstart tile-cols 2DROP { c0 }
  I 2 MOD { b }
  I 0= IF 0 span cstart 0 load-tile CP-ASYNC-COMMIT THEN
  I 1+ ntiles < IF
    I 1+ span cstart 1 b - load-tile  CP-ASYNC-COMMIT  1 CP-ASYNC-WAIT
  ELSE
    0 CP-ASYNC-WAIT
  THEN
  BARRIER
  b 2* region { c1b }
  b 2* 1+ region { c2b }

  \ S = R1 C1^T and dP = R2 C2^T.
  MT BC * 2 / 0 UNROLL DO 0.0 I SC! 0.0 I DPC! LOOP
  HEAD_DIM 16 / 0 UNROLL DO I { kc }
    BC 16 / 0 UNROLL DO I { p }
      c1b bofs + p 16 * 0 at + kc 32 * + LDMATRIX-X4 { b0 b1 e0 e1 }
      c2b bofs + p 16 * 0 at + kc 32 * + LDMATRIX-X4 { f0 f1 h0 h1 }
      MT 0 UNROLL DO
        I BC 2 / * p 8 * + { n }
        r1-region I kc rfrag { a0 a1 a2 a3 }
        a0 a1 a2 a3 b0 b1 n sc4@ MMA n sc4!
        a0 a1 a2 a3 e0 e1 n 4 + sc4@ MMA n 4 + sc4!
        r2-region I kc rfrag { x0 x1 x2 x3 }
        x0 x1 x2 x3 f0 f1 n dp4@ MMA n dp4!
        x0 x1 x2 x3 h0 h1 n 4 + dp4@ MMA n 4 + dp4!
      LOOP
    LOOP
  LOOP

  \ P and dS, masked columns 0. Element e of 8-group j of m-tile qt:
  \ row rw + 16qt + g + 8(e/2), column c0 + 8j + 2t + e%2.
  MT 0 UNROLL DO I { qt }
    BC 8 / 0 UNROLL DO I { jg }
      4 0 UNROLL DO
        I { e }
        qt BC 2 / * jg 4 * + e + { n }
        rw qt 16 * + g + e 2 / 8 * + { row }
        c0 jg 8 * + t 2* + e 2 MOD + { col }
        col ncols >=
        CAUSAL 0<> ROLE IF row col diagonal + > ELSE col row diagonal + > THEN AND
        OR { hidden }
        ROLE IF
          jg 8 * t 2* + e 2 MOD + 4 * { vo }
          b 0 vec vo + SF32@  b 1 vec vo + SF32@
        ELSE
          qt 4 * e 2 / + RV@  qt 4 * 2 + e 2 / + RV@
        THEN { lrow dd }
        n SC@ scale2 F* lrow F- FEXP2 { pv }
        hidden IF 0.0 TO pv THEN
        pv n SC!
        n DPC@ dd F- pv F* n DPC!
      LOOP
    LOOP
  LOOP

  \ ROLE 0: dQ += dS C1.  ROLE 1: dV += P C2, dK += dS C1.
  BC 16 / 0 UNROLL DO I { kc }
    MT 0 UNROLL DO I { qt }
      c1b tofs + kc 16 * 0 at + { t1 }
      ROLE IF
        qt kc pfrag qt c2b tofs + kc 16 * 0 at + acc1+
        qt kc dsfrag qt t1 acc2+
        DS_SPLIT IF qt kc dslo qt t1 acc2+ THEN
      ELSE
        qt kc dsfrag qt t1 acc1+
        DS_SPLIT IF qt kc dslo qt t1 acc1+ THEN
      THEN
    LOOP
  LOOP
  BARRIER   \ everyone is done with buffer b before it is refilled
LOOP

\ Store: ROLE 0 dQ = SCALE AC1; ROLE 1 dV = AC1, dK = SCALE AC2.
MT 0 UNROLL DO I { qt }
  2 0 UNROLL DO I { h }
    rw qt 16 * + h 8 * + g + { row }
    row nrows < IF
      HEAD_DIM 8 / 0 UNROLL DO
        qt HEAD_DIM 2 / * I 4 * + h 2* + { n }
        rbase row + HEAD_DIM * I 8 * + t 2* + 2* { dst }
        ROLE IF
          n AC1@  n 1+ AC1@ PACK  DV dst + I32!
          n AC2@ SCALE F*  n 1+ AC2@ SCALE F*  PACK  DK dst + I32!
        ELSE
          n AC1@ SCALE F*  n 1+ AC1@ SCALE F*  PACK  DQ dst + I32!
        THEN
      LOOP
    THEN
  LOOP
LOOP
