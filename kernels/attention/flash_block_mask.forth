\ The block mask of a MASK-MOD (FlexAttention's create_block_mask): for
\ query tile lt (BR rows) of each (batch, head) pair, the list of the key
\ tiles (BC keys) where MASK-MOD (and CAUSAL or LOCAL, as flash-grid.fs
\ has them) shows some score, each entry 2 t +
\ partial (partial: it hides some of the tile's scores too), in key order:
\ BLN[pair BL_QT + lt] entries from BLI[(pair BL_QT + lt) BL_KT] on. The attention
\ kernels visit only those tiles and ask MASK-MOD score by score only in
\ the partial ones (flash-grid.fs key-tile, mod-masked).
\ Grid (QT, HQ, BATCH), a block a list: warp w judges the key tiles w,
\ w + NWARPS, .. (each lane a score in 32; scores past the rows or keys
\ count as neither), writing 0 (empty), 1 (partial) or 2 (full) into the
\ list's own cells; then thread 0 packs the list in place (entry n comes
\ from cell t >= n). -D TRANSPOSE 1: the lists of key tile (BR keys)
\ against query tiles (BC rows) instead, for the backward, grid (KT, HQ,
\ BATCH) with BL_QT and BL_KT swapped.
\ This file is the kernel without the user's words (flash-mods.fs): the
\ op compiles the copy that ops/_attention_mods.py makes.
\! kernel flash_block_mask
\! const BR 128
\! const BC 128
\! const TRANSPOSE 0
\! const CAUSAL 0                  \ the attention kernel's own rules too (flash-grid.fs)
\! const LOCAL 0
\! const NTHREADS 256
\! block NTHREADS
\! param BLN i32[BATCH*HQ*BL_QT]
\! param BLI i32[BATCH*HQ*BL_QT*BL_KT]
\! param NQ i64
\! param NKV i64
\! param HQ i64
\! param BATCH i64
\! param BL_QT i64                    \ lists a pair (query tiles; TRANSPOSE: key tiles)
\! param BL_KT i64                    \ cells a list (key tiles; TRANSPOSE: query tiles)
\! param WL i64                     \ LOCAL's window
\! param WR i64
INCLUDE flash-mods.fs

BID-Z { b }
BID-Y { h }
BID-X { lt }                        \ the list's tile
b HQ * h + BL_QT * lt + { list }
list BL_KT * { first }
NTHREADS 32 / { nwarps }
NKV NQ - { diag }                   \ causal: row i sees keys up to i + diag
BL_KT WARP-ID - nwarps + 1- nwarps / 0 ?DO
  I nwarps * WARP-ID + { t }
  0 0                               \ visible and hidden scores of the lane
  BR BC * 32 / 0 ?DO
    I 32 * LANE-ID + BC /MOD { c r }
    TRANSPOSE IF  t BC * c +  lt BR * r +  ELSE  lt BR * r +  t BC * c +  THEN
    { row col }
    row NQ <  col NKV <  AND  CAUSAL IF col row diag + <= AND THEN
    LOCAL IF  col row diag + WR + <= AND  col row diag + WL - >= AND  THEN  IF
      b h row col MASK-MOD IF SWAP 1+ SWAP ELSE 1+ THEN
    THEN
  LOOP
  { vis hid }
  vis WARP-SUM 0> IF  hid WARP-SUM 0> IF 1 ELSE 2 THEN  ELSE 0 THEN { state }
  LANE-ID 0= IF  state  first t + 4 * BLI + I32!  THEN
LOOP
BARRIER
TID-X 0= IF
  0  BL_KT 0 ?DO                       \ n: the entries so far
    first I + 4 * BLI + I32@ { state }
    state IF
      I 2*  state 1 = IF 1+ THEN  OVER first + 4 * BLI + I32!  1+
    THEN
  LOOP
  list 4 * BLN + I32!
THEN
