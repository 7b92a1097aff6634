\ Top-k and top-p (nucleus) masking of rows, one block per row: every
\ element below the row's threshold becomes -inf, the others are copied.
\
\ An element x is kept when
\   (number of elements with a larger value) < M            (top-k, and
\                                                            top-p's minimum)
\   or (mass of elements with a larger value) < P * (mass of the row)  (top-p)
\ with mass exp(x - max). Both sides only grow as x decreases, so the kept
\ elements are those at or above one value, the threshold, and elements
\ equal to it are kept together.
\
\ The threshold is found without sorting, by a radix select on an
\ order-preserving 32-bit key of each value (KEY below), in three passes of
\ 12, 10 and 10 bits from the top. Each pass builds a histogram (count, and
\ for top-p mass) in shared memory of the elements whose key starts with
\ the prefix chosen so far, then picks the lowest bin whose top element is
\ still kept; the count and mass of the elements above the chosen bin carry
\ to the next pass. The first pass reads the row; the second reads it again
\ and copies the keys of the chosen bin (the candidates) to shared memory,
\ where the third finds them (it reads the row once more only when more
\ than CAND_MAX elements share the first 12 bits). A last pass writes the
\ row. So the row is read 3 times for top-k, 4 for top-p (its max first),
\ each thread keeping U loads in flight.
\
\ The wrapper declares X and Y (ROWS*COLS elements), ROWS, COLS, K (M above:
\ top_k's k, or top_p's min_tokens_to_keep; 1 to COLS), P (f32; top-k
\ declares an unused constant), ESZ (bytes per element), LD ( addr -- x )
\ and ST ( x addr -- ) for its dtype, TOPP (0 or 1), CAND_MAX, U (loads in
\ flight per thread), and the
\ shared arrays
\   HC i32[4096] HM f32[4096]  the histogram (count: SATOMIC-ADD-I32, one
\                              native atomic, where a 64-bit one is a
\                              compare-and-swap loop; mass)
\   WC i64[32] WM f32[32]      one slot per warp (scans, the row max)
\   SEL i64[4] SELM f32[4]     the chosen bin, count and mass above it, and
\                              the number of candidates (an i32 in
\                              the last cell, SATOMIC-ADD-I32)
\   CAND i32[CAND_MAX]         the candidates' keys
\ Launch: grid ROWS, a block of 256 to 1024 threads (a power of two).

-3.4028234663852886e38 CONSTANT NEG-MAX

INCLUDE topk-keys.fs
INCLUDE topk-mask.fs

\ Loads of U elements of the row, BDIM-X apart from j (past the row: -inf),
\ all issued before any is used.
: LOAD-U ( j row -- x0 .. x[U-1] )
  { j0 row }
  U 0 UNROLL DO
    j0 I BDIM-X * + DUP COLS < IF  ESZ * row + LD  ELSE DROP NEG-INF THEN
  LOOP ;

BID-X COLS * ESZ * X + { xrow }
BID-X COLS * ESZ * Y + { yrow }
TID-X { t }
K { m }
-1.0 { ps }            \ P * (mass of the row); never reached in top-k
0.0 { mx }
U BDIM-X * { step }

TOPP IF
  \ The row max, so that exp(x - max) <= 1. NaNs are skipped (FMAX): they
  \ make the mass NaN below, and then nothing is masked, as in HF.
  NEG-MAX { lmax }
  t BEGIN DUP COLS < WHILE
    DUP xrow LOAD-U  U 0 UNROLL DO  lmax FMAX TO lmax  LOOP
    step +
  REPEAT DROP
  lmax FWARP-MAX
  LANE-ID 0= IF  WARP-ID FLOATS WM + SF!  ELSE DROP THEN
  BARRIER
  NEG-MAX  BDIM-X 32 / 0 DO  I FLOATS WM + SF@ FMAX  LOOP  TO mx
  BARRIER              \ WM is the scans' next
THEN

\ One element into the histogram when its key matches the prefix: count,
\ mass, and (second pass) a copy of the key among the candidates.
: ADD ( x key pre msh dsh mask cand? max -- )
  { v kv pre msh dsh mask cand? mx }
  kv msh RSHIFT pre = IF
    kv dsh RSHIFT mask AND { b }
    1 b 4 * HC + SATOMIC-ADD-I32 DROP
    TOPP IF  v mx F- FEXP  b FLOATS HM + SFATOMIC-ADD DROP  THEN
    cand? IF
      1 SEL 3 CELLS + SATOMIC-ADD-I32  DUP CAND_MAX < IF
        kv SWAP 4 * CAND + SI32!
      ELSE DROP THEN
    THEN
  THEN ;

0 0 { pre ca }         \ key prefix so far, count of elements above it
0.0 { am }             \ mass of the elements above it
0 { ncand }            \ elements in the bin of the first pass
3 0 UNROLL DO
  \ Pass I: a digit of 12, 10, 10 bits below a prefix of 0, 12, 22 bits.
  \ Unrolled, so that shifts are constants and the first pass, which reads
  \ every element, has no prefix test and no candidate copy.
  I 0= IF 4096 ELSE 1024 THEN { nb }
  nb 1- { mask }
  20  I 10 * -  0 MAX { dsh }
  I 0= IF 32 ELSE dsh 10 + THEN { msh }
  I 1 = { copy? }
  t BEGIN DUP nb < WHILE
    0 OVER 4 * HC + SI32!  0.0 OVER FLOATS HM + SF!
    BDIM-X +
  REPEAT DROP
  t 0= IF  -1 SEL S!  0 SEL 3 CELLS + SI32!  THEN
  BARRIER
  I 2 =  ncand CAND_MAX <=  AND IF
    \ The candidates, from shared memory.
    t BEGIN DUP ncand < WHILE
      DUP 4 * CAND + SI32@ 0xFFFFFFFF AND { kv }
      kv KEY>BITS 1.0 F*  kv pre msh dsh mask 0 mx ADD
      BDIM-X +
    REPEAT DROP
  ELSE
    t BEGIN DUP COLS < WHILE
      DUP { jx }
      jx xrow LOAD-U
      U 0 UNROLL DO
        { v }                          \ element j + (U-1-I)*BDIM-X
        jx U 1- I - BDIM-X * + COLS < IF
          v  v KEY  pre msh dsh mask copy? mx ADD
        THEN
      LOOP
      step +
    REPEAT DROP
  THEN
  BARRIER
  I 1 = IF  SEL 3 CELLS + SI32@ TO ncand  THEN

  \ The scan: thread t owns BPT bins, from the top down, starting at
  \ position t*BPT (bin nb-1-position). Its count and mass, then those of
  \ the threads before it (a scan over the warp, then over the warps), give
  \ the count and mass above each of its bins.
  nb BDIM-X / { bpt }
  0 0.0 { tc tw }
  bpt 0 DO
    nb 1-  t bpt * I +  -  { b }
    b 4 * HC + SI32@ tc + TO tc
    TOPP IF  b FLOATS HM + SF@ tw F+ TO tw  THEN
  LOOP
  tc tw { ic iw }
  5 0 UNROLL DO
    ic 1 I LSHIFT SHFL-UP
    LANE-ID 1 I LSHIFT >= IF  ic + TO ic  ELSE DROP THEN
    TOPP IF
      iw 1 I LSHIFT FSHFL-UP
      LANE-ID 1 I LSHIFT >= IF  iw F+ TO iw  ELSE DROP THEN
    THEN
  LOOP
  LANE-ID 31 = IF
    ic WARP-ID CELLS WC + S!
    TOPP IF  iw WARP-ID FLOATS WM + SF!  THEN
  THEN
  BARRIER
  TOPP IF
    I 0= IF
      \ The mass of the row: the first pass counts every element.
      0.0  BDIM-X 32 / 0 DO  I FLOATS WM + SF@ F+  LOOP
      P F* TO ps
      \ p = 1 keeps every element (exactly, not as the f32 sums have it),
      \ and a NaN mass (a NaN or +inf logit) masks nothing, as in HF.
      P 1.0 F>=  ps ps F<> OR IF  COLS TO m  THEN
    THEN
  THEN
  \ Above this thread's first bin: above the prefix, in the warps before,
  \ and in this warp's threads before.
  ca ic tc - + { ec }
  iw tw F- { ew }
  WARP-ID 0 ?DO  I CELLS WC + S@ ec + TO ec  LOOP
  TOPP IF
    WARP-ID 0 ?DO  I FLOATS WM + SF@ ew F+ TO ew  LOOP
    ew am F+ TO ew
  THEN
  \ The lowest bin whose top element is kept holds the threshold. The
  \ maximum of the positions picks one thread even if the rounding of the
  \ sums made the test non-monotonic; the top non-empty bin always passes
  \ (what is above it passed in the pass before).
  -1 0 0.0 { best bc bw }
  bpt 0 DO
    nb 1-  t bpt * I +  -  { b }
    b 4 * HC + SI32@ { c }
    c 0>  ec m <  ew ps F<  OR  AND IF
      t bpt * I + TO best  ec TO bc  ew TO bw
    THEN
    ec c + TO ec
    TOPP IF  b FLOATS HM + SF@ ew F+ TO ew  THEN
  LOOP
  best -1 > IF  best SEL SATOMIC-MAX DROP  THEN
  BARRIER
  best -1 >  best SEL S@ =  AND IF
    nb 1- best -  SEL CELL+ S!
    bc SEL 2 CELLS + S!
    bw SELM SF!
  THEN
  BARRIER
  I 0= IF 0 ELSE pre 10 LSHIFT THEN  SEL CELL+ S@ OR  TO pre
  SEL 2 CELLS + S@ TO ca
  SELM SF@ TO am
LOOP

\ pre is now the key of the threshold value.
pre KEY>BITS 1.0 F* { thr }
t BEGIN DUP COLS < WHILE
  DUP { jx }
  jx xrow LOAD-U
  jx thr yrow store-masked
  step +
REPEAT DROP
