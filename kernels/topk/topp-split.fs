\ Top-p (nucleus) masking of few rows, each split over many blocks (the
\ split path of ops/_topk.py's top_p_mask): the rule and the radix select
\ of topk-rows.fs (its passes of 12, 10 and 10 bits, with the words of
\ topk-radix.fs), the work of a row spread over the blocks of its chunks.
\ Three launches on the grid (NCH, ROWS), -D PHASE=1, 2, 3; block (s, r)
\ takes columns s*CH .. s*CH+CH-1 of row r (fewer in the last chunk):
\
\   PHASE 1  the chunk's max (NaNs skipped) into the row's workspace; the
\            row's histogram and counters zeroed for phases 2 and 3.
\   PHASE 2  the row max (of the chunks'); the first pass's histogram of
\            the chunk (12 bits: count and mass exp(x - max)) in shared
\            memory, added to the row's in the workspace (global atomics,
\            for the bins it holds). The block that finishes last (each
\            block fences, FENCE-GPU, and counts itself in; the last one
\            fences again, as decode's fused merge does) takes the row's
\            histogram to shared memory and chooses the first digit with
\            topk-rows.fs's SCAN, LIMITS and PICK (PASS-END); it writes
\            the row's state (prefix, count and mass above it, m, ps, max).
\   PHASE 3  the keys of the chunk's elements that share that first digit
\            (the candidates) appended to the row's list in CANDS (one
\            global atomic a warp and step, for the warp's candidates);
\            the block that finishes last runs the other two passes over
\            the list (as topk-rows.fs's third pass reads its shared
\            candidates) and writes the threshold's key to THR[r].
\
\ Then top_k_apply.forth masks the rows with THR, over the whole GPU.
\ The histograms' sums are f32 in another order than one block's: only a
\ decision within f32 rounding of p may differ from topk-rows.fs's.
\
\ The workspace WS holds a row in WROW 8-byte slots (a multiple of 16: 128
\ bytes, so that rows share no cache line):
\   0 .. 4095          the row's histogram: counts (i64)
\   W-MASS + b         the mass of bin b (an f32 in the slot's low half)
\   W-CTR + 0, 1, 2    blocks done with phase 2, with phase 3, candidates
\                      so far (read only through atomics but by the last
\                      blocks, after their fence)
\   W-STATE + 0 .. 5   the state after the first pass: prefix, count above
\                      it, mass above it (f32), m, ps (f32), max (f32)
\   W-CMAX + s         chunk s's max (f32), NCH slots rounded up to 16
\ (ops/_topk.py's TOPP_WS_SLOTS is W-CMAX.) Phase 1 zeroes the histogram
\ and the counters; a call leaves nothing another call reads. CANDS holds
\ a row's list in CROW slots (COLS rounded up to 32: 128 bytes).
\
\ The wrapper declares X (ROWS*COLS elements), WS (ROWS*WROW slots), CANDS
\ (ROWS*CROW f32 slots holding keys' bits), THR (ROWS f32 slots, the keys'
\ bits), ROWS, COLS, NCH, CH (NCH*CH >= COLS, every chunk non-empty), K
\ (min_tokens_to_keep, 1 to COLS), P (f32), ESZ, LD ( addr -- x ), U
\ (loads in flight a thread), TOPP 1, the register array KS i32[U], the
\ shared arrays HC HM WC WM SEL SELM of topk-rows.fs and LAST i64[1].
\ Launch: grid (NCH, ROWS), a block of 32 to 1024 threads (a power of
\ two).

INCLUDE topk-keys.fs

: KEEP-CAND ( key -- )  DROP ;   \ no candidates in shared memory

INCLUDE topk-radix.fs

4096 CONSTANT W-MASS
8192 CONSTANT W-CTR
8208 CONSTANT W-STATE
8224 CONSTANT W-CMAX

: WROW ( -- n )  NCH 15 + -16 AND W-CMAX + ;
: CROW ( -- n )  COLS 31 + -32 AND ;

\ The address of slot i of this block's row of WS.
: SLOT ( i -- addr )  BID-Y WROW * + CELLS WS + ;

BID-X CH * { c0 }
c0 CH + COLS MIN { c1 }
BID-Y COLS * ESZ * X + { xrow }
TID-X { t }

\ Whether this block is the last of its row to get here, in every thread
\ (each calls it after its global writes): a fence, one thread counts the
\ block in at the counter in slot i, and the last block fences again
\ before it reads the others' writes.
: LAST? ( i -- flag )
  { ctr }
  FENCE-GPU  BARRIER
  TID-X 0= IF  1 ctr SLOT ATOMIC-ADD  NCH 1- =  LAST S!  THEN
  BARRIER
  LAST S@  DUP IF  FENCE-GPU  THEN ;

PHASE 1 = IF
  BID-X BDIM-X * t + BEGIN DUP W-STATE < WHILE
    0 OVER SLOT !
    NCH BDIM-X * +
  REPEAT DROP
  c0 t + xrow c1 MAX-TO BLOCK-FMAX
  t 0= IF  W-CMAX BID-X + SLOT F!  ELSE DROP THEN
THEN

PHASE 2 = IF
  \ The row max, of the chunks' (as topk-rows.fs's, exactly).
  NEG-MAX { lmax }
  t BEGIN DUP NCH < WHILE
    DUP W-CMAX + SLOT F@ lmax FMAX TO lmax
    BDIM-X +
  REPEAT DROP
  lmax BLOCK-FMAX { mx }
  0 DIGIT { nb mask dsh msh }
  nb CLEAR
  c0 t + xrow c1 0 msh dsh mask 0 mx ADD-ROW
  BARRIER
  \ The chunk's bins into the row's.
  t BEGIN DUP nb < WHILE
    DUP 4 * HC + SI32@ { c }
    c IF
      c OVER SLOT ATOMIC-ADD DROP
      DUP FLOATS HM + SF@  OVER W-MASS + SLOT FATOMIC-ADD DROP
    THEN
    BDIM-X +
  REPEAT DROP
  W-CTR LAST? IF
    t BEGIN DUP nb < WHILE
      DUP SLOT @  OVER 4 * HC + SI32!
      DUP W-MASS + SLOT F@  OVER FLOATS HM + SF!
      BDIM-X +
    REPEAT DROP
    FRESH
    BARRIER
    0 0 0 0.0 K -1.0 PASS-END { pre ca am m ps }
    t 0= IF
      pre W-STATE SLOT !
      ca W-STATE 1 + SLOT !
      am W-STATE 2 + SLOT F!
      m W-STATE 3 + SLOT !
      ps W-STATE 4 + SLOT F!
      mx W-STATE 5 + SLOT F!
    THEN
  THEN
THEN

PHASE 3 = IF
  W-STATE SLOT @ { pre }
  1 DIGIT { nb mask dsh msh }
  BID-Y CROW * 4 * CANDS + { cand-row }
  \ The chunk's candidates, a step of U*BDIM-X columns at a time (the same
  \ steps in every thread, so that whole warps shuffle).
  c0 BEGIN DUP c1 < WHILE
    DUP t + { jx }
    jx xrow c1 LOAD-TO
    0 { n }
    U 0 UNROLL DO
      { v }                          \ column jx + (U-1-I)*BDIM-X
      v KEY { kv }
      jx U 1- I - BDIM-X * + c1 <  kv msh RSHIFT pre =  AND IF
        kv  n 1+ TO n
      ELSE 0 THEN  U 1- I - KS!      \ 0: none (below every key)
    LOOP
    n WARP-SCAN { inc }
    inc 31 SHFL-IDX { wn }           \ the warp's candidates
    wn IF
      LANE-ID 31 = IF  wn W-CTR 2 + SLOT ATOMIC-ADD  ELSE 0 THEN
      31 SHFL-IDX  inc + n - { pos }
      U 0 UNROLL DO
        I KS@ 0xFFFFFFFF AND { kc }
        kc IF  kc pos 4 * cand-row + I32!  pos 1+ TO pos  THEN
      LOOP
    THEN
    U BDIM-X * +
  REPEAT DROP
  W-CTR 1 + LAST? IF
    W-CTR 2 + SLOT @ { ncand }
    W-STATE 1 + SLOT @  W-STATE 2 + SLOT F@  W-STATE 3 + SLOT @
    W-STATE 4 + SLOT F@  W-STATE 5 + SLOT F@ { ca am m ps mx }
    3 1 UNROLL DO
      \ Passes 1 and 2 over the candidates.
      I DIGIT TO msh TO dsh TO mask TO nb
      nb CLEAR
      t BEGIN DUP ncand < WHILE
        DUP 4 * cand-row + I32@ 0xFFFFFFFF AND  pre msh dsh mask mx ADD-KEY
        BDIM-X +
      REPEAT DROP
      BARRIER
      I pre ca am m ps PASS-END  TO ps TO m TO am TO ca TO pre
    LOOP
    t 0= IF  pre BID-Y 4 * THR + I32!  THEN
  THEN
THEN
