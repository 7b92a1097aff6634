\ FlashAttention-2 forward on the 16-bit tensor cores (bf16 or f16 in and
\ out, f32 accumulation), INCLUDEd by flash_attention.forth (-D T), which
\ declares the header and the words
\ MMA ( a0..a3 b0 b1 c0..c3 -- d0..d3 ) and PACK ( x0 x1 -- pair ).
\ flash-grid.fs has the layout, the grid, the grouped heads and the causal
\ rule (bottom-right); SCALE multiplies the scores.
\
\ The design is FlashAttention-2's. Each warp owns MT tiles of 16 query
\ rows (MT = 2: every K and V fragment read from shared memory feeds two
\ products). Per tile of BC keys the block stages K and V in shared memory
\ with cp.async, double-buffered (the next tile loads while this one is
\ computed), and each warp reads its B fragments with LDMATRIX (K as is, V
\ transposed). Q's A fragments stay in registers (QREG 1) or are read from
\ shared memory each tile (QREG 0: fewer registers at large HEAD_DIM).
\ Rows are padded by 16 bytes (STRIDE elements): an odd number of 16-byte
\ chunks, so the eight rows of an LDMATRIX phase hit eight different
\ groups of four banks. Lane = 4g + t holds, in the MMA layout, rows g and
\ g+8 of each of its m-tiles:
\  - SC: the tile's scores, per m-tile BC/2, four per 8 keys: (g, 2t)
\    (g, 2t+1) (g+8, 2t) (g+8, 2t+1);
\  - OC: the output accumulator, per m-tile HEAD_DIM/2, four per 8
\    features, the same way;
\  - ML: per m-tile the running max of rows g and g+8 (log2 units) and
\    this lane's part of their sums.
\ The online softmax runs in base 2 (scores times SCALE*log2(e), FEXP2);
\ P is rounded to 16 bits and packed straight from the score registers
\ into the A fragments of O += P V (the C layout of 16 keys is the A
\ layout), with no data moving between lanes.
\
\ Shared memory: K0 V0 K1 V1 (BC rows each), then Q (BR rows) when QREG is
\ 0; with QREG 1, Q is staged in K0 V0 K1 V1 before the loop (BR <= 4 BC).

INCLUDE flash-grid.fs
INCLUDE flash-paged.fs

INCLUDE flash-lpt.fs
\ The block order (flash-lpt.fs; LPT, the op's default, puts the heaviest
\ tiles of a group's heads first: causal, the last); blocks past BATCH*HQ
\ pairs leave at once. Words, not locals: load-tile (a word) reads them.
: pair ( -- n )  HQ lpt-pair ;
\ VARLEN: the pair is (sequence, head), its rows the sequence's (set-seq).
: blk-q-head ( -- row )
  VARLEN IF pair HQ MOD NQ * q-off + ELSE pair NQ * THEN ;
: blk-kv-head ( -- row )
  VARLEN IF pair HQ MOD HQ HKV / / NKV *
  ELSE pair HQ /MOD  HKV *  SWAP HQ HKV / /  +  NKV * THEN ;
pair BATCH HQ * >= IF EXIT THEN
VARLEN IF pair HQ / set-seq THEN

\ Shared region r: K0 V0 K1 V1, then Q; byte offset of (row, col) in one.
: region ( r -- addr )  BC STRIDE * 2* * SM + ;
: at ( row col -- bytes )  SWAP STRIDE * + 2* ;
: q-region ( -- addr )  QREG IF 0 ELSE 4 THEN region ;

lpt-tile query-tile-of BR * { q0 }
\ VARLEN: the grid's tiles are the longest sequence's; a shorter one's
\ blocks past its rows leave (query-tile-of counts from its last tile).
VARLEN IF q0 0<  q0 len-q >=  OR IF EXIT THEN THEN
q0 WARP-ID 16 MT * * + { qw }     \ this warp's first row
LANE-ID 4 / { g }
LANE-ID 4 MOD { t }
score-scale2 { scale2 }
\ The key tiles: ntiles from t0 on (key-tile; MODS-BLOCKS: the entries
\ of the query tile's list from t0 on).
MODS-BLOCKS IF  pair q0 BR / mods-tiles  ELSE  q0 first-tile  q0 key-tiles  THEN
{ t0 ntiles }
pair HQ /MOD { head-id batch-id }  \ (VARLEN: the sequence)
blk-kv-head HEAD_DIM * 2* { kvoff }   \ bytes to the K/V head

\ Start copying the K and V rows from key k0 into buffer b (0 or 1) of the
\ K/V head at byte kvoff; rows past the end copy the last key (their
\ scores are masked). A whole tile (every row below NKV, all tiles but a
\ ragged last one) when the threads divide a row's chunks: each thread
\ copies the same chunk of rows NTHREADS/(HEAD_DIM/8) apart, at constant
\ offsets from one address in K/V and one in shared memory (what
\ CUTLASS's tiled copies do), so no per-chunk address lives across the
\ loop (d128: 16 bytes of spills instead of 40). Else each chunk's row is
\ clamped.
\ kvoff is computed once, before the loop: computed here, its divisions
\ by HQ and HKV (which LLVM cannot hoist out of an IF) were a fifth of
\ the loop's instructions. It passes through a shuffle (every lane reads
\ lane 0's equal value) so that LLVM sees a new value each tile: from an
\ invariant one, loop strength reduction keeps each thread's K and V
\ addresses in 64-bit registers across the loop, and at 255 registers
\ ptxas then spilled in the loop (H100 bf16, session 15, 64-key tiles:
\ d128 full 314 TFLOP/s without the shuffle, 340 with it, 327 before).
: row-chunks ( -- n )  HEAD_DIM 8 / ;   \ 16-byte chunks of a row
: whole-rows ( -- flag )  NTHREADS row-chunks MOD 0= ;
: load-tile ( kvoff k0 b -- )
  { kvoff k0 b }  kvoff 0 SHFL-IDX TO kvoff
  k0 page-row { krow }             \ k0's row (PAGED: in the cache)
  BC HEAD_DIM * 8 / { chunks }   \ 16-byte chunks of a tile
  whole-rows  k0 BC + len-kv <=  AND  k0 BC rows-in-order AND IF
    TID-X row-chunks /MOD { c r }
    kvoff  krow r + HEAD_DIM 2* * +  c 16 * + { src }
    b 2* region  r c 8 * at + { kdst }
    b 2* 1+ region  r c 8 * at + { vdst }
    chunks NTHREADS tiles 0 UNROLL DO
      \ (true at compile time when the threads divide the chunks)
      chunks NTHREADS MOD 0=  TID-X I NTHREADS * + chunks <  OR IF
        I NTHREADS * 16 * { gofs }                          \ rows down
        I NTHREADS row-chunks / * STRIDE * 2* { sofs }
        K src + gofs +  kdst sofs + CP-ASYNC
        V src + gofs +  vdst sofs + CP-ASYNC
      THEN
    LOOP
  ELSE
    chunks NTHREADS tiles 0 UNROLL DO
      TID-X I NTHREADS * + { e }
      chunks NTHREADS MOD 0=  e chunks <  OR IF
        e row-chunks /MOD { c r }
        kvoff  k0 r + kv-in-bounds page-row HEAD_DIM 2* * +  c 16 * + { src }
        r c 8 * at { dst }
        K src +  b 2* region dst + CP-ASYNC
        V src +  b 2* 1+ region dst + CP-ASYNC
      THEN
    LOOP
  THEN ;

\ The block's Q rows (rows past the end copy the last row, never stored).
BR HEAD_DIM * 8 / NTHREADS / 0 UNROLL DO
  TID-X I NTHREADS * + HEAD_DIM 8 / /MOD { c r }
  Q  blk-q-head q0 r + q-in-bounds + HEAD_DIM * c 8 * + 2* +
  q-region r c 8 * at + CP-ASYNC
LOOP
CP-ASYNC-COMMIT

\ Each lane's LDMATRIX row. Q (A fragments of 16 rows x 16 features):
\ row l%16, features 8*(l/16) on. K: key 8*(l/16) + l%8, features
\ 8*((l/8)%2) on: the B fragments (b0 b1) of 8 keys, then of the next 8.
\ V, transposed: key 8*((l/8)%2) + l%8, features 8*(l/16) on: b0 b1 of 8
\ features, then of the next 8.
: q-lane ( -- addr )
  q-region  WARP-ID 16 MT * * LANE-ID 16 MOD +  LANE-ID 16 / 8 *  at + ;
LANE-ID 16 / 8 *  LANE-ID 8 MOD +  LANE-ID 8 / 2 MOD 8 *  at { kofs }
LANE-ID 8 / 2 MOD 8 *  LANE-ID 8 MOD +  LANE-ID 16 / 8 *  at { vofs }

: sc4@ ( n -- x0 x1 x2 x3 )  { n } n SC@ n 1+ SC@ n 2 + SC@ n 3 + SC@ ;
: sc4! ( x0 x1 x2 x3 n -- )  { n } n 3 + SC! n 2 + SC! n 1+ SC! n SC! ;
: oc4@ ( n -- x0 x1 x2 x3 )  { n } n OC@ n 1+ OC@ n 2 + OC@ n 3 + OC@ ;
: oc4! ( x0 x1 x2 x3 n -- )  { n } n 3 + OC! n 2 + OC! n 1+ OC! n OC! ;
\ Q's A fragment of m-tile qt, features 16kc on.
: qfrag ( qt kc -- a0 a1 a2 a3 )
  QREG IF
    SWAP HEAD_DIM 4 / * SWAP 4 * + { n } n QF@ n 1+ QF@ n 2 + QF@ n 3 + QF@
  ELSE
    32 * SWAP 16 STRIDE * 2* * + q-lane + LDMATRIX-X4
  THEN ;
\ PIPE: fragments one step ahead of their products, in two slots (slot
\ js % 2 of step js) of the register array FR, as CUTLASS's pipelined
\ gemm loops do: K's B fragments (FR 0-7) and V's (8-15) a step ahead;
\ with PIPE 2 Q's A fragments of the next 16 features too (from 16, each
\ m-tile's at 4 MT slot + 4 qt); P's A fragments at 16 on in O += P V.
\ Step js of S = Q K^T takes keys 16 (js % (BC/16)) and features
\ 16 (js / (BC/16)); of O += P V, features 16 (js % (HEAD_DIM/16)) and
\ keys 16 (js / (HEAD_DIM/16)).
: frag! ( x0 x1 x2 x3 n -- )  { n }  n 3 + FR! n 2 + FR! n 1+ FR! n FR! ;
: frag@ ( n -- x0 x1 x2 x3 )  { n }  n FR@ n 1+ FR@ n 2 + FR@ n 3 + FR@ ;
: k-step ( kb j -- b0 b1 c0 c1 )
  BC 16 / /MOD { kb p kc }  kb p 16 * 0 at + kc 32 * + LDMATRIX-X4 ;
: v-step ( vb j -- b0 b1 c0 c1 )
  HEAD_DIM 16 / /MOD { vb p kc }  vb kc 16 * p 16 * at + LDMATRIX-X4-T ;
\ Q's A fragments of features 16kc on, every m-tile, into slot kc % 2.
: q-step ( kc -- )
  { kc }  MT 0 UNROLL DO  I kc qfrag  kc 2 MOD MT * I + 4 * 16 + frag!  LOOP ;

\ The max and the sum of a row's scores in an m-tile (those of key 8j + c
\ at SC[4j + n0 + c], c = 0, 1), in CHAINS chains (2: c 0 and 1; 4: and
\ j even and odd), so that FMAX and F+ latencies overlap. H100 bf16
\ TFLOP/s, two chains / four (.prof/s13_ab3.sh, two runs): d128 full
\ 320/315, 318/315 / 330/325, 328/324; d128 causal 303/297, 298/276 /
\ 290/288, 292/279; GQA 301/299, 297/299 / 289/289, 289/291; d64 within
\ 1%: so four for full rows, two for causal (ptxas's allocation at 255
\ registers decides more than the chains).
: rowmax ( n0 -- x )
  { n0 }
  CHAINS 4 = IF
    n0 SC@  n0 1+ SC@  n0 4 + SC@  n0 5 + SC@
    BC 16 / 1 UNROLL DO
      I 8 * n0 + { n } { a b c d }
      a n SC@ FMAX  b n 1+ SC@ FMAX  c n 4 + SC@ FMAX  d n 5 + SC@ FMAX
    LOOP  FMAX ROT ROT FMAX FMAX
  ELSE
    n0 SC@  n0 1+ SC@
    BC 8 / 1 UNROLL DO  I 4 * n0 + { n } { a b }  a n SC@ FMAX  b n 1+ SC@ FMAX  LOOP
    FMAX
  THEN ;
: rowsum ( n0 -- x )
  { n0 }
  CHAINS 4 = IF
    0.0 0.0 0.0 0.0
    BC 16 / 0 UNROLL DO
      I 8 * n0 + { n } { a b c d }
      a n SC@ F+  b n 1+ SC@ F+  c n 4 + SC@ F+  d n 5 + SC@ F+
    LOOP  F+ ROT ROT F+ F+
  ELSE
    0.0 0.0
    BC 8 / 0 UNROLL DO  I 4 * n0 + { n } { a b }  a n SC@ F+  b n 1+ SC@ F+  LOOP
    F+
  THEN ;

\ The A fragment of P for m-tile qt, keys 16kc on, from its scores.
: pfrag ( qt kc -- a0 a1 a2 a3 )
  8 * SWAP BC 2 / * + { n }
  n SC@ n 1+ SC@ PACK  n 2 + SC@ n 3 + SC@ PACK
  n 4 + SC@ n 5 + SC@ PACK  n 6 + SC@ n 7 + SC@ PACK ;

0 CP-ASYNC-WAIT
BARRIER
QREG IF
  MT 0 UNROLL DO I { qt }
    HEAD_DIM 16 / 0 UNROLL DO
      q-lane qt 16 * STRIDE * 2* + I 32 * + LDMATRIX-X4
      qt HEAD_DIM 4 / * I 4 * + { n }  n 3 + QF!  n 2 + QF!  n 1+ QF!  n QF!
    LOOP
  LOOP
  BARRIER   \ the K and V buffers are free
THEN
MT 0 UNROLL DO  MASKED I 4 * ML!  MASKED I 4 * 1+ ML!  LOOP

ntiles 0 ?DO
  t0 I key-tile BC * { k0 }
  I 2 MOD { b }
  \ Wait for this tile, and prefetch the next into the other buffer (free
  \ since the BARRIER that closed the last iteration) after the products
  \ of S (LATE 1) or before the wait (LATE 0). Issued before, the copies'
  \ address registers were still being read when ptxas reused them for
  \ the first LDMATRIX (a long-scoreboard stall, 4% of the samples at
  \ d128). H100 bf16 TFLOP/s, LATE 0 / 1 (bench/ops_attention.py
  \ --mma-variants, session 15): B4 H16 N4096 causal d64 284 / 294, d128
  \ 321 / 323, full d64 317 / 323, d128 348 / 358; GPT-2 194 / 202; GQA
  \ 322 / 331 (d96 and N1024 rows alike: issue 14's note).
  I 0= IF kvoff k0 0 load-tile CP-ASYNC-COMMIT THEN
  I 1+ ntiles <  LATE 0=  AND IF
    kvoff t0 I 1+ key-tile BC * 1 b - load-tile  CP-ASYNC-COMMIT  1 CP-ASYNC-WAIT
  ELSE
    0 CP-ASYNC-WAIT
  THEN
  BARRIER
  b 2* region kofs + { kb }
  b 2* 1+ region vofs + { vb }

  \ S = Q K^T.
  MT BC * 2 / 0 UNROLL DO 0.0 I SC! LOOP
  PIPE IF
    HEAD_DIM 16 / BC 16 / * { nj }
    kb 0 k-step 0 frag!
    PIPE 2 = IF 0 q-step THEN
    nj 0 UNROLL DO I { js }
      js BC 16 / /MOD { p kc }
      js 1+ nj < IF  kb js 1+ k-step  js 1+ 2 MOD 4 * frag!  THEN
      PIPE 2 = IF
        p BC 16 / 1- =  kc 1+ HEAD_DIM 16 / <  AND IF kc 1+ q-step THEN
      ELSE
        p 0= IF kc q-step THEN
      THEN
      js 2 MOD 4 * frag@ { kb0 kb1 kc0 kc1 }
      MT 0 UNROLL DO
        I BC 2 / * p 8 * + { n }
        kc 2 MOD MT * I + 4 * 16 + { qs }
        qs frag@ kb0 kb1 n sc4@ MMA n sc4!
        qs frag@ kc0 kc1 n 4 + sc4@ MMA n 4 + sc4!
      LOOP
    LOOP
  THEN
  PIPE 0= IF HEAD_DIM 16 / 0 UNROLL DO I { kc }
    BC 16 / 0 UNROLL DO I { p }
      kb p 16 * 0 at + kc 32 * + LDMATRIX-X4 { b0 b1 c0 c1 }
      MT 0 UNROLL DO
        I BC 2 / * p 8 * + { n }
        I kc qfrag b0 b1 n sc4@ MMA n sc4!
        I kc qfrag c0 c1 n 4 + sc4@ MMA n 4 + sc4!
      LOOP
    LOOP
  LOOP THEN
  \ V's first fragment while the scores are masked and exponentiated
  \ (before the copies: ptxas keeps shared-memory reads and cp.async in
  \ order, and behind 16 LDGSTS the read, or a spilled offset's reload,
  \ waited long).
  PIPE IF  vb 0 v-step 8 frag!  THEN
  LATE IF  I 1+ ntiles < IF
    kvoff t0 I 1+ key-tile BC * 1 b - load-tile  CP-ASYNC-COMMIT
  THEN THEN

  \ SOFTCAP: each score through tanh (score-scale2 takes it on), and
  \ SCORE-MOD (scored). Score qt BC/2 + 4j + i is row qw + 16 qt + g +
  \ 8 (i/2), key k0 + 8j + 2t + i mod 2.
  MODS-SCORE 0= SOFTCAP AND IF
    softcap-pre { pre }
    MT BC * 2 / 0 UNROLL DO  I SC@ pre F* FTANH-APPROX I SC!  LOOP
  THEN
  MODS-SCORE IF
    softcap-pre { pre }
    MT 0 UNROLL DO I { qt }
      BC 8 / 0 UNROLL DO
        4 0 UNROLL DO
          qt BC 2 / * J 4 * + I + { n }
          n SC@  SOFTCAP IF pre F* FTANH-APPROX THEN
          batch-id head-id  qw qt 16 * + g + I 2 / 8 * +
          k0 J 8 * + t 2* + I 2 MOD +  scored  n SC!
        LOOP
      LOOP
    LOOP
  THEN
  \ Mask keys past the end and outside a row's range (causal: after its
  \ diagonal; LOCAL: its window), and MASK-MOD's (mod-masked); only tiles
  \ that reach past either or that the list calls partial need it.
  t0 I key-partial { partial }  t0 I key-slot { slot }
  k0 qw qw 16 MT * + 1- tile-masked partial OR IF
    -1.0 0.0 F/ { ninf }
    MT 0 UNROLL DO I { qt }   \ (K is the param, not the loop index)
      \ The partial tile's hidden scores, a bit each (bit 32h + 2j + i:
      \ row qw + 16qt + g + 8h, key k0 + 8j + 2t + i), from its bit mask
      \ (row-bits), else MASK-MOD's answers asked in a loop that is not
      \ unrolled (unrolled, ptxas issued the user's work for every score
      \ first and spilled: 264 bytes with a causal mask written as
      \ MASK-MOD). BC is at most 128: 64 bits.
      0  partial IF
        slot 0< IF
          BC 8 / 0 DO  I { jj }
            4 0 UNROLL DO
              0 -1 batch-id head-id  qw qt 16 * + g + I 2 / 8 * +
              k0 jj 8 * + t 2* + I 2 MOD +  mod-masked IF
                1  I 2 / 32 *  jj 2* +  I 2 MOD +  LSHIFT OR
              THEN
            LOOP
          LOOP
        ELSE
          2 0 UNROLL DO
            slot  qw qt 16 * + g + I 8 * + BR MOD  t 2*  row-bits
            I 32 * LSHIFT OR
          LOOP
        THEN
      THEN { hidden }
      BC 8 / 0 UNROLL DO
        4 0 UNROLL DO
          k0 J 8 * + t 2* + I 2 MOD + { col }
          qw qt 16 * + g + I 2 / 8 * + { row }
          col row key-masked
          MODS-MASK IF
            hidden  I 2 / 32 *  J 2* +  I 2 MOD +  RSHIFT 1 AND 0<> OR
          THEN  IF
            ninf qt BC 2 / * J 4 * + I + SC!
          THEN
        LOOP
      LOOP
    LOOP
  THEN

  \ Online softmax, base 2, per m-tile: rows g (h = 0) and g+8 (h = 1).
  MT 0 UNROLL DO I { qt }
    qt BC 2 / * { s0 }
    2 0 UNROLL DO I { h }
      qt 4 * h + { mi }  qt 4 * 2 + h + { li }
      mi ML@ { m }
      \ The row's max, the exponentials, then their sum: chains for the
      \ max and the sum (rowmax, rowsum), and every exponential issued
      \ before the sum needs one, so that latencies overlap (with two
      \ warps a scheduler, little else hides them).
      s0 h 2* + rowmax quad-max scale2 F* m FMAX { mnew }
      m mnew F- FEXP2 { alpha }
      mnew mi ML!
      BC 8 / 0 UNROLL DO
        s0 I 4 * + h 2* + { n }
        n SC@ scale2 F* mnew F- FEXP2  n SC!
        n 1+ SC@ scale2 F* mnew F- FEXP2  n 1+ SC!
      LOOP
      li ML@ alpha F*  s0 h 2* + rowsum F+  li ML!
      HEAD_DIM 8 / 0 UNROLL DO
        qt HEAD_DIM 2 / * I 4 * + h 2* + { n }
        n OC@ alpha F* n OC!  n 1+ OC@ alpha F* n 1+ OC!
      LOOP
    LOOP
  LOOP

  \ O += P V, 16 keys at a time.
  PIPE IF
    HEAD_DIM 16 / BC 16 / * { nv }
    nv 0 UNROLL DO I { js }
      js HEAD_DIM 16 / /MOD { p kc }
      js 1+ nv < IF  vb js 1+ v-step  js 1+ 2 MOD 4 * 8 + frag!  THEN
      p 0= IF  MT 0 UNROLL DO  I kc pfrag  I 4 * 16 + frag!  LOOP  THEN
      js 2 MOD 4 * 8 + frag@ { vb0 vb1 vc0 vc1 }
      MT 0 UNROLL DO
        I HEAD_DIM 2 / * p 8 * + { n }
        I 4 * 16 + frag@ vb0 vb1 n oc4@ MMA n oc4!
        I 4 * 16 + frag@ vc0 vc1 n 4 + oc4@ MMA n 4 + oc4!
      LOOP
    LOOP
  THEN
  PIPE 0= IF BC 16 / 0 UNROLL DO I { kc }
    MT 0 UNROLL DO I kc pfrag LOOP    \ MT A fragments, 4 cells each
    HEAD_DIM 16 / 0 UNROLL DO I { p }
      vb kc 16 * p 16 * at + LDMATRIX-X4-T { b0 b1 c0 c1 }
      MT 0 UNROLL DO
        I HEAD_DIM 2 / * p 8 * + { n }
        MT 1- I - 4 * 3 + PICK  MT 1- I - 4 * 3 + PICK
        MT 1- I - 4 * 3 + PICK  MT 1- I - 4 * 3 + PICK   \ m-tile I's P
        { a0 a1 a2 a3 }
        a0 a1 a2 a3 b0 b1 n oc4@ MMA n oc4!
        a0 a1 a2 a3 c0 c1 n 4 + oc4@ MMA n 4 + oc4!
      LOOP
    LOOP
    MT 4 * 0 UNROLL DO DROP LOOP
  LOOP THEN
  BARRIER   \ everyone is done with buffer b before it is refilled
LOOP

\ Finish the row sums over the four lanes of each row; store each row (16-
\ bit pairs, 4 bytes per lane and 8 features) and its log-sum-exp.
MT 0 UNROLL DO I { qt }
  2 0 UNROLL DO I { h }
    qw qt 16 * + h 8 * + g + { row }
    qt 4 * h + ML@  qt 4 * 2 + h + ML@ quad-sum  row finish { inv ls }
    row len-q < IF
      HEAD_DIM 8 / 0 UNROLL DO
        qt HEAD_DIM 2 / * I 4 * + h 2* + { n }
        n OC@ inv F*  n 1+ OC@ inv F*  PACK
        O  blk-q-head row + HEAD_DIM * I 8 * + t 2* + 2* +  I32!
      LOOP
      t 0= IF ls  LSE blk-q-head row + 4 * + F32! THEN
    THEN
  LOOP
LOOP
