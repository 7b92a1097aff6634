\ FlashAttention-2 backward on the tensor cores (bf16/f16 on the 16-bit
\ MMA, f32 in 3xTF32), without the N x N matrices: P = exp2(S*SCALE*log2(e) - L2) is recomputed from Q, K and the
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
\ flash_backward.forth (-D T, ROLE) after flash-backward-layout.fs and
\ the type's words; they declare the header, ESZ
\ (element bytes), KSTEP (the MMA's k: 16, or 8 for TF32) and the words
\ that differ by type (flash-backward-2byte.fs, flash-backward-4byte.fs): MMA,
\ MMA+ (into a long-lived accumulator), AFRAG, BFRAG2, BFRAG2-T, PFRAG,
\ DSFRAG, DSLO, STORE2 and CAP-TANH. L2 and DPRE rows are NQP
\ floats apart (NQ rounded up to a multiple of 128, zero-padded by the
\ op), so that a tile's 16-byte copies never leave them.

\ VARLEN: the block's sequence is BID-Z (flash-grid.fs set-seq); the
\ grid's tiles are the longest sequence's, a shorter one's past its rows
\ leave below.
BID-Z set-seq
ROLE IF len-kv ELSE len-q THEN { nrows }
ROLE IF len-q ELSE len-kv THEN { ncols }
HQ HKV / { group }
\ The first row of this block's rows in their tensors (times HEAD_DIM).
ROLE IF
  VARLEN IF BID-Y NKV * kv-off + ELSE BID-Z HKV * BID-Y + NKV * THEN
ELSE q-head THEN { rbase }
ROLE IF BID-X ELSE query-tile THEN BR * { r0 }
VARLEN IF r0 0<  r0 nrows >=  OR IF EXIT THEN THEN
r0 WARP-ID 16 MT * * + { rw }     \ this warp's first row
LANE-ID 4 / { g }
LANE-ID 4 MOD { t }
score-scale2 { scale2 }

\ Column tiles: ROLE 0 those of q-tile key-tiles from its first-tile on;
\ ROLE 1 per query head of the group, from the first query any of the
\ rows sees to the last.
ROLE IF r0 first-query 0 MAX BC / ELSE r0 first-tile THEN { cstart }
ROLE IF
  r0 BR + len-kv MIN 1- last-query 1+ len-q MIN 0 MAX  BC tiles cstart - 0 MAX
ELSE r0 key-tiles THEN { span }
\ MODS-BLOCKS: narrowed to the tiles the block mask lists for these rows
\ (ROLE 1: of any query head of the group).
MODS-BLOCKS IF
  cstart  cstart span +  BID-Z
  ROLE IF BID-Y group * group ELSE BID-Y 1 THEN  r0 BR /  mods-narrow
  OVER - 0 MAX TO span  TO cstart
THEN
ROLE IF group ELSE 1 THEN span * { ntiles }
\ Tile i (of span per query head): its first column, and the first rows
\ of its column tensors' head and of its L2/D (ROLE 1: query head
\ BID-Y*group + i/span).
: tile-cols ( i span cstart -- c0 chead vhead )
  { ti span cstart }
  ti span MOD cstart + BC *
  ti span / BID-Y HQ HKV / * +  VARLEN 0= IF BID-Z HQ * + THEN { qh }
  ROLE IF qh NQ * q-off + ELSE kv-head THEN
  qh NQP * q-off + ;

\ Start copying tile i into buffer b; rows past the end copy the last row.
: load-tile ( i span cstart b -- )
  { b }  tile-cols { c0 ch vh }
  ROLE IF len-q ELSE len-kv THEN { ncols }
  BC HEAD_DIM * EPC / { chunks }
  chunks NTHREADS tiles 0 UNROLL DO
    TID-X I NTHREADS * + { e }
    chunks NTHREADS MOD 0=  e chunks <  OR IF
      e HEAD_DIM EPC / /MOD { c r }
      ch c0 r + ncols 1- MIN + HEAD_DIM * c EPC * + ESZ * { src }
      r c EPC * at { dst }
      ROLE IF Q ELSE K THEN src +  b 2* region dst + CP-ASYNC
      ROLE IF DOUT ELSE V THEN src +  b 2* 1+ region dst + CP-ASYNC
    THEN
  LOOP
  ROLE IF
    \ L2 and D of the tile's columns: BC/4 16-byte chunks each (VARLEN:
    \ from l2-shift floats before them, one chunk more).
    TID-X BC 4 / VARLEN + < IF
      vh c0 + l2-shift - TID-X 4 * + 4 * { src }
      L2 src +  b 0 vec TID-X 16 * + CP-ASYNC
      DPRE src +  b 1 vec TID-X 16 * + CP-ASYNC
    THEN
  THEN ;

\ The block's R1 and R2 rows.
BR HEAD_DIM * EPC / NTHREADS / 0 UNROLL DO
  TID-X I NTHREADS * + HEAD_DIM EPC / /MOD { c r }
  rbase r0 r + nrows 1- MIN + HEAD_DIM * c EPC * + ESZ * { src }
  r c EPC * at { dst }
  ROLE IF K ELSE Q THEN src +  r1-region dst + CP-ASYNC
  ROLE IF V ELSE DOUT THEN src +  r2-region dst + CP-ASYNC
LOOP
CP-ASYNC-COMMIT

\ The accumulator words (quad-sum is flash-grid.fs's); the fragment words
\ come from the type's file.
: sc4@ ( n -- x0 x1 x2 x3 )  { n } n SC@ n 1+ SC@ n 2 + SC@ n 3 + SC@ ;
: sc4! ( x0 x1 x2 x3 n -- )  { n } n 3 + SC! n 2 + SC! n 1+ SC! n SC! ;
: dp4@ ( n -- x0 x1 x2 x3 )  { n } n DPC@ n 1+ DPC@ n 2 + DPC@ n 3 + DPC@ ;
: dp4! ( x0 x1 x2 x3 n -- )  { n } n 3 + DPC! n 2 + DPC! n 1+ DPC! n DPC! ;
: a14@ ( n -- x0 x1 x2 x3 )  { n } n AC1@ n 1+ AC1@ n 2 + AC1@ n 3 + AC1@ ;
: a14! ( x0 x1 x2 x3 n -- )  { n } n 3 + AC1! n 2 + AC1! n 1+ AC1! n AC1! ;
: a24@ ( n -- x0 x1 x2 x3 )  { n } n AC2@ n 1+ AC2@ n 2 + AC2@ n 3 + AC2@ ;
: a24! ( x0 x1 x2 x3 n -- )  { n } n 3 + AC2! n 2 + AC2! n 1+ AC2! n AC2! ;
: dq4@ ( n -- x0 x1 x2 x3 )  { n } n DQP@ n 1+ DQP@ n 2 + DQP@ n 3 + DQP@ ;
: dq4! ( x0 x1 x2 x3 n -- )  { n } n 3 + DQP! n 2 + DQP! n 1+ DQP! n DQP! ;
\ acc(qt) += A x (the tile's columns kc at tb, transposed), into AC1 or
\ (second true) AC2: every 16 features, BFRAG2-T gives the B fragments of
\ two 8-feature groups.
: acc+ ( a0 a1 a2 a3 qt tb kc second -- )
  { a0 a1 a2 a3 qt tb kc second }
  HEAD_DIM 16 / 0 UNROLL DO
    tb kc I BFRAG2-T { b0 b1 c0 c1 }
    qt HEAD_DIM 2 / * I 8 * + { n }
    2 0 UNROLL DO
      n I 4 * + { m }
      a0 a1 a2 a3  I IF c0 c1 ELSE b0 b1 THEN
      second IF m a24@ ELSE m a14@ THEN  MMA+
      second IF m a24! ELSE m a14! THEN
    LOOP
  LOOP ;

\ ROLE 0: each row's L2 and D (RV: 4qt+h and 4qt+2+h, h 0 for row g, 1
\ for g+8), read once.
ROLE 0= IF
  MT 0 UNROLL DO I { qt }
    2 0 UNROLL DO
      VARLEN IF BID-Y NQP * q-off + ELSE BID-Z HQ * BID-Y + NQP * THEN
      rw qt 16 * + g + I 8 * + len-q 1- MIN + 4 * { at4 }
      L2 at4 + F32@ qt 4 * I + RV!
      DPRE at4 + F32@ qt 4 * 2 + I + RV!
    LOOP
  LOOP
THEN

ntiles 0 ?DO
  I span cstart tile-cols DROP { c0 ch }
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

  \ S = R1 C1^T and dP = R2 C2^T, KSTEP features at a time.
  MT BC * 2 / 0 UNROLL DO 0.0 I SC! 0.0 I DPC! LOOP
  HEAD_DIM KSTEP / 0 UNROLL DO I { kc }
    BC 16 / 0 UNROLL DO I { p }
      c1b p kc BFRAG2 { b0 b1 e0 e1 }
      c2b p kc BFRAG2 { f0 f1 h0 h1 }
      MT 0 UNROLL DO
        I BC 2 / * p 8 * + { n }
        r1-region I kc AFRAG { a0 a1 a2 a3 }
        a0 a1 a2 a3 b0 b1 n sc4@ MMA n sc4!
        a0 a1 a2 a3 e0 e1 n 4 + sc4@ MMA n 4 + sc4!
        r2-region I kc AFRAG { x0 x1 x2 x3 }
        x0 x1 x2 x3 f0 f1 n dp4@ MMA n dp4!
        x0 x1 x2 x3 h0 h1 n 4 + dp4@ MMA n 4 + dp4!
      LOOP
    LOOP
  LOOP

  \ P and dS, masked columns 0. Element e of 8-group j of m-tile qt:
  \ row rw + 16qt + g + 8(e/2), column c0 + 8j + 2t + e%2. The user's
  \ words (flash-mods.fs) take the query head: BID-Y, or (ROLE 1) the
  \ group's head of this tile.
  ROLE IF I span / BID-Y group * + ELSE BID-Y THEN { mod-h }
  MT 0 UNROLL DO I { qt }
    BC 8 / 0 UNROLL DO I { jg }
      4 0 UNROLL DO
        I { e }
        qt BC 2 / * jg 4 * + e + { n }
        rw qt 16 * + g + e 2 / 8 * + { row }
        c0 jg 8 * + t 2* + e 2 MOD + { col }
        \ (Rows past the end are masked too: their K/V rows repeat the last
        \ one, and with DQ_ATOMIC their dS would reach dQ.)
        ROLE IF col row ELSE row col THEN { qrow kcol }
        col ncols >=  row nrows >=  OR
        kcol qrow key-masked  OR
        -1 BID-Z mod-h qrow kcol mod-masked { hidden }
        ROLE IF
          jg 8 * t 2* + e 2 MOD + l2-shift + 4 * { vo }
          b 0 vec vo + SF32@  b 1 vec vo + SF32@
        ELSE
          qt 4 * e 2 / + RV@  qt 4 * 2 + e 2 / + RV@
        THEN { lrow dd }
        \ SOFTCAP: P from the capped score, and dS through tanh's
        \ derivative 1 - tanh^2 (SCALE follows, as without the cap).
        \ SCORE-MOD: P from the modded score, dS through its derivative.
        n SC@  SOFTCAP IF softcap-pre F* CAP-TANH THEN { sv }
        sv BID-Z mod-h qrow kcol scored  scale2 F* lrow F- FEXP2 { pv }
        hidden IF 0.0 TO pv THEN
        pv n SC!
        n DPC@ dd F- pv F*  SOFTCAP IF 1.0 sv sv F* F- F* THEN
        sv BID-Z mod-h qrow kcol mod-grad  n DPC!
      LOOP
    LOOP
  LOOP

  \ ROLE 0: dQ += dS C1.  ROLE 1: dV += P C2, dK += dS C1. KSTEP
  \ columns at a time.
  BC KSTEP / 0 UNROLL DO I { kc }
    MT 0 UNROLL DO I { qt }
      ROLE IF
        qt kc PFRAG qt c2b kc 0 acc+
        qt kc DSFRAG qt c1b kc -1 acc+
        DS_SPLIT IF qt kc DSLO qt c1b kc -1 acc+ THEN
      ELSE
        qt kc DSFRAG qt c1b kc 0 acc+
        DS_SPLIT IF qt kc DSLO qt c1b kc 0 acc+ THEN
      THEN
    LOOP
  LOOP
  \ DQ_ATOMIC (ROLE 1): dQ's part from these keys, dS K over the block's
  \ BR keys, added to DQACC (f32) with atomics, as FlashAttention-2 does:
  \ dS^T goes through shared memory to become A fragments of queries.
  \ Warp w takes 16 queries from 16(w % QTILES) on and DQF features from
  \ DQF (w / QTILES) on (QTILES = BC/16, DQF = HEAD_DIM/(WARPS/QTILES)).
  DQ_ATOMIC ROLE AND IF
    MT 0 UNROLL DO I { qt }
      BC 8 / 0 UNROLL DO I { jg }
        2 0 UNROLL DO I { h }
          qt BC 2 / * jg 4 * + h 2* + { n }
          WARP-ID 16 MT * * qt 16 * + g + h 8 * + DSTRIDE *
          jg 8 * t 2* + + ESZ * ds-region + { at2 }
          n DPC@ n 1+ DPC@ at2 DS-STORE
        LOOP
      LOOP
    LOOP
    BARRIER
    WARP-ID BC 16 / MOD 16 * { q0 }
    WARP-ID BC 16 / / DQF * { f0 }
    DQF 2 / 0 UNROLL DO 0.0 I DQP! LOOP
    BR KSTEP / 0 UNROLL DO I { kc }
      q0 kc DSFRAG-T { a0 a1 a2 a3 }
      DQF 16 / 0 UNROLL DO
        r1-region kc f0 16 / I + BFRAG2-T { b0 b1 e0 e1 }
        I 8 * { n }
        a0 a1 a2 a3 b0 b1 n dq4@ MMA+ n dq4!
        a0 a1 a2 a3 e0 e1 n 4 + dq4@ MMA+ n 4 + dq4!
      LOOP
    LOOP
    \ Entry 8p + 4grp + e: query q0 + g + 8(e/2), feature
    \ f0 + 16p + 8grp + 2t + e%2.
    \ DQ_VEC 2 (sm_90): entries e8, e8 + 1 (neighbouring features) in one
    \ vector atomic, half the atomic traffic.
    DQF 16 / 0 UNROLL DO I { p }
      8 DQ_VEC / 0 UNROLL DO I DQ_VEC * { e8 }
        c0 q0 + g + e8 4 MOD 2 / 8 * + { qrow }
        qrow len-q < IF
          ch qrow + HEAD_DIM *  f0 + p 16 * + e8 4 / 8 * + t 2* + e8 2 MOD +
          4 * DQACC + { dst }
          DQ_VEC 2 = IF
            p 8 * e8 + DQP@  p 8 * e8 + 1+ DQP@  dst 2FATOMIC-ADD-F32
          ELSE
            p 8 * e8 + DQP@  dst FATOMIC-ADD DROP
          THEN
        THEN
      LOOP
    LOOP
  THEN
  BARRIER   \ everyone is done with buffer b before it is refilled
LOOP

\ Store: ROLE 0 dQ = SCALE AC1; ROLE 1 dV = AC1, dK = SCALE AC2.
MT 0 UNROLL DO I { qt }
  2 0 UNROLL DO I { h }
    rw qt 16 * + h 8 * + g + { row }
    row nrows < IF
      HEAD_DIM 8 / 0 UNROLL DO
        qt HEAD_DIM 2 / * I 4 * + h 2* + { n }
        rbase row + HEAD_DIM * I 8 * + t 2* + ESZ * { dst }
        ROLE IF
          n AC1@  n 1+ AC1@  DV dst + STORE2
          n AC2@ SCALE F*  n 1+ AC2@ SCALE F*  DK dst + STORE2
        ELSE
          n AC1@ SCALE F*  n 1+ AC1@ SCALE F*  DQ dst + STORE2
        THEN
      LOOP
    THEN
  LOOP
LOOP
