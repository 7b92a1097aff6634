\ The block mask of a MASK-MOD (FlexAttention's create_block_mask): for
\ query tile lt (BR rows) of each (batch, head) pair, the list of the key
\ tiles (BC keys) where MASK-MOD (and CAUSAL or LOCAL, as flash-grid.fs
\ has them) shows some score, each entry 2 t +
\ partial (partial: it hides some of the tile's scores too), in key order:
\ BLN[pair BL_QT + lt] entries from BLI[(pair BL_QT + lt) BL_KT] on. The attention
\ kernels visit only those tiles and ask MASK-MOD score by score only in
\ the partial ones (flash-grid.fs key-tile, mod-masked), from the tile's
\ bit mask where BITS had room for it (BLS: its slot; row-bits).
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
\! const VARLEN 0                  \ packed sequences: batch b is sequence b of CU_Q, CU_K
\! const NTHREADS 256
\! const RW (BC+31)/32                \ a bit mask's words a row
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
\! param BLS i32[BATCH*HQ*BL_QT*BL_KT]  \ each entry's bit mask: its slot in BITS, or -1
\! param BITS i32[BL_BITS+1]        \ partial tiles' bit masks, BR*RW words a slot
\! param BL_BITS i64                \ BITS' words (0: none)
\! param SLOTS i64[1]               \ slots handed out (0 at the launch)
\! param CU_Q i32[VARLEN*BATCH+1]    \ VARLEN: the sequences' first rows (NQ, NKV the totals)
\! param CU_K i32[VARLEN*BATCH+1]
INCLUDE flash-mods.fs

BID-Z { b }
BID-Y { h }
BID-X { lt }                        \ the list's tile
b HQ * h + BL_QT * lt + { list }
list BL_KT * { first }
NTHREADS 32 / { nwarps }
\ The rows and keys of batch b: NQ and NKV, or (VARLEN) sequence b's
\ lengths, clamped into the totals as the attention kernels clamp them
\ (flash-grid.fs set-seq), so that MASK-MOD never sees a position past
\ what they would ask about.
: seq-len ( b cu total -- n )
  { s cu total }  s 4 * cu + I32@ 0 MAX total MIN { lo }
  s 1+ 4 * cu + I32@ lo MAX total MIN  lo - ;
VARLEN IF b CU_Q NQ seq-len ELSE NQ THEN { lenq }
VARLEN IF b CU_K NKV seq-len ELSE NKV THEN { lenk }
lenk lenq - { diag }                \ causal: row i sees keys up to i + diag
BL_KT WARP-ID - nwarps + 1- nwarps / 0 ?DO
  I nwarps * WARP-ID + { t }
  0 0                               \ visible and hidden scores of the lane
  BR BC * 32 / 0 ?DO
    I 32 * LANE-ID + BC /MOD { c r }
    TRANSPOSE IF  t BC * c +  lt BR * r +  ELSE  lt BR * r +  t BC * c +  THEN
    { row col }
    row lenq <  col lenk <  AND  CAUSAL IF col row diag + <= AND THEN
    LOCAL IF  col row diag + WR + <= AND  col row diag + WL - >= AND  THEN  IF
      b h row col MASK-MOD IF SWAP 1+ SWAP ELSE 1+ THEN
    THEN
  LOOP
  { vis hid }
  vis WARP-SUM 0> IF  hid WARP-SUM 0> IF 1 ELSE 2 THEN  ELSE 0 THEN { state }
  LANE-ID 0= IF  state  first t + 4 * BLI + I32!  THEN
  \ A partial tile's bit mask, while BITS has room: its hidden scores,
  \ row-major, RW words a row (bit c of word w: column 32w + c), so
  \ that a kernel reads a few words instead of asking MASK-MOD score by
  \ score (flash-grid.fs row-bits). The slot's words are asked again
  \ (32 columns a step: the word is the lanes' sum of their bits).
  -1  state 1 =  BL_BITS 0> AND IF
    DROP  LANE-ID 0= IF 1 SLOTS ATOMIC-ADD ELSE 0 THEN  0 SHFL-IDX
    DUP 1+ BR * RW * BL_BITS > IF DROP -1 THEN
  THEN { slot }
  slot 0< 0= IF
    BR RW * 0 ?DO
      I 32 * LANE-ID + RW 32 * /MOD { c r }
      TRANSPOSE IF  t BC * c +  lt BR * r +  ELSE  lt BR * r +  t BC * c +  THEN
      { row col }
      0  row lenq <  col lenk <  AND  c BC < AND
      CAUSAL IF col row diag + <= AND THEN
      LOCAL IF  col row diag + WR + <= AND  col row diag + WL - >= AND  THEN
      IF  b h row col MASK-MOD 0= IF DROP 1 THEN  THEN
      LANE-ID LSHIFT WARP-SUM { word }
      LANE-ID 0= IF  word  slot BR RW * * I + 4 * BITS + I32!  THEN
    LOOP
  THEN
  LANE-ID 0= IF  slot  first t + 4 * BLS + I32!  THEN
LOOP
BARRIER
TID-X 0= IF
  0  BL_KT 0 ?DO                       \ n: the entries so far
    first I + 4 * BLI + I32@ { state }
    state IF
      I 2*  state 1 = IF 1+ THEN  OVER first + 4 * BLI + I32!
      first I + 4 * BLS + I32@  OVER first + 4 * BLS + I32!
      1+
    THEN
  LOOP
  list 4 * BLN + I32!
THEN
