\ Top-k and top-p (nucleus) masking of rows, one block per row: every
\ element below the row's threshold becomes -inf, the others are copied.
\
\ The threshold is found by a radix select on an order-preserving 32-bit key
\ of each value (KEY below), 8 bits a pass from the top: each pass builds a
\ 256-bin histogram (count, and for top-p the probability mass
\ exp(x - max)) of the elements whose key starts with the prefix chosen so
\ far, then picks the lowest bin whose top element is still kept. An element
\ x is kept when
\   (number of elements with a larger value) < M            (top-k, and
\                                                            top-p's minimum)
\   or (mass of elements with a larger value) < P * (mass of the row)  (top-p)
\ Both counts only grow as x decreases, so the kept elements are those at or
\ above one value, the threshold; elements equal to it are kept together.
\ The count and mass of the elements above the chosen prefix are carried
\ from pass to pass. No sort, and 4 + 1 (+ 1 for the max of top-p) reads of
\ the row (long rows mostly from L2).
\
\ The wrapper declares X and Y (ROWS*COLS elements), ROWS, COLS, K (M above:
\ top_k's k, or top_p's min_tokens_to_keep; at least 1), for top-p P (f32),
\ ESZ (bytes per element), LD ( addr -- x ) and ST ( x addr -- ) for its
\ dtype, TOPP (0 or 1; top-k declares P as an unused constant), and the
\ shared arrays
\   HC i64[256] HM f32[256]   the histogram (count, mass)
\   WC i64[8] WM f32[8]       one slot per scanning warp
\   SEL i64[4] SELM f32[4]    the chosen bin, prefix, count and mass above
\   RM f32[32]                the row max (top-p)
\ Launch: grid ROWS, block of 256 to 1024 threads (a multiple of 32; the
\ first 256 threads scan a bin each).

-3.4028234663852886e38 CONSTANT NEG-MAX
: NEG-INF ( -- -inf )  -1.0 0.0 F/ ;

\ An f32's key: unsigned 32-bit integers in the order of the values, -0.0
\ and +0.0 one key (they are one value to F<). Negative values have all
\ bits flipped, the others the sign bit set. An integer word reads a float
\ slot as its bits (zero-extended).
: KEY ( x -- key )
  0xFFFFFFFF AND  DUP 0x80000000 <> AND
  DUP 31 RSHIFT NEGATE 0x80000000 OR XOR  0xFFFFFFFF AND ;

\ Back from a key to the f32's bits (a float word reads them as the value).
: KEY>BITS ( key -- bits )
  DUP 31 RSHIFT 1- 0x80000000 OR XOR  0xFFFFFFFF AND ;

BID-X COLS * ESZ * X + { xrow }
BID-X COLS * ESZ * Y + { yrow }
TID-X { t }
K COLS MIN { m }
-1.0 { ps }            \ P * (mass of the row); never reached in top-k
0.0 { mx }

TOPP IF
  \ The row max, so that exp(x - max) <= 1. NaNs are skipped (FMAX): they
  \ make the mass NaN below, and then nothing is masked, as in HF.
  NEG-MAX  t BEGIN DUP COLS < WHILE
    DUP ESZ * xrow + LD  ROT FMAX SWAP
    BDIM-X +
  REPEAT DROP
  FWARP-MAX
  LANE-ID 0= IF  WARP-ID FLOATS RM + SF!  ELSE DROP THEN
  BARRIER
  NEG-MAX  BDIM-X 32 / 0 DO  I FLOATS RM + SF@ FMAX  LOOP  TO mx
THEN

0 0 { pre ca }         \ key prefix so far, count of elements above it
0.0 { am }             \ mass of the elements above it
4 0 DO
  24 I 8 * - { sh }
  t 256 < IF  0 t CELLS HC + S!  0.0 t FLOATS HM + SF!  THEN
  t 0= IF  -1 SEL S!  THEN
  BARRIER
  t BEGIN DUP COLS < WHILE
    DUP ESZ * xrow + LD { v }
    v KEY { kv }
    kv sh 8 + RSHIFT pre = IF
      kv sh RSHIFT 255 AND { b }
      1 b CELLS HC + SATOMIC-ADD DROP
      TOPP IF  v mx F- FEXP  b FLOATS HM + SFATOMIC-ADD DROP  THEN
    THEN
    BDIM-X +
  REPEAT DROP
  BARRIER
  \ Thread t scans bin 255 - t: inclusive prefix sums over t are the count
  \ and mass of the bins from the top down to this one.
  0 0.0 0 0.0 { c w ic iw }
  t 256 < IF
    255 t - CELLS HC + S@ TO c
    TOPP IF  255 t - FLOATS HM + SF@ TO w  THEN
    c TO ic  w TO iw
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
  THEN
  BARRIER
  TOPP IF
    I 0= IF
      \ The mass of the row: the first pass counts every element.
      0.0  8 0 DO  I FLOATS WM + SF@ F+  LOOP
      P F* TO ps
      \ p = 1 keeps every element (exactly, not as the f32 sums have it),
      \ and a NaN mass (a NaN or +inf logit) masks nothing, as in HF.
      P 1.0 F>=  ps ps F<> OR IF  COLS TO m  THEN
    THEN
  THEN
  0 0.0 { ec ew }
  t 256 < IF
    \ Count and mass above this bin: above the prefix, in the warps before,
    \ and in this warp's bins above.
    ca  ic c -  +  TO ec
    iw w F-  TO ew
    WARP-ID 0 ?DO  I CELLS WC + S@ ec + TO ec  LOOP
    TOPP IF
      WARP-ID 0 ?DO  I FLOATS WM + SF@ ew F+ TO ew  LOOP
      ew am F+ TO ew
    THEN
    \ The lowest bin whose top element is kept holds the threshold. The
    \ maximum picks one thread even if the rounding of the sums made the
    \ test non-monotonic; the top non-empty bin always passes (nothing above
    \ it beyond what passed in the pass before).
    c 0>  ec m <  ew ps F<  OR  AND IF  t SEL SATOMIC-MAX DROP  THEN
  THEN
  BARRIER
  t SEL S@ = IF
    pre 8 LSHIFT 255 t - OR  SEL CELL+ S!
    ec SEL 2 CELLS + S!
    ew SELM SF!
  THEN
  BARRIER
  SEL CELL+ S@ TO pre
  SEL 2 CELLS + S@ TO ca
  SELM SF@ TO am
LOOP

\ pre is now the key of the threshold value.
pre KEY>BITS 1.0 F* { thr }
t BEGIN DUP COLS < WHILE
  DUP ESZ * xrow + LD  DUP thr F< IF  DROP NEG-INF  THEN
  OVER ESZ * yrow + ST
  BDIM-X +
REPEAT DROP
