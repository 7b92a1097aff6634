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
\ order-preserving 32-bit key of each value (KEY, topk-keys.fs), in three passes of
\ 12, 10 and 10 bits from the top. Each pass builds a histogram (count, and
\ for top-p mass) in shared memory of the elements whose key starts with
\ the prefix chosen so far, then picks the lowest bin whose top element is
\ still kept; the count and mass of the elements above the chosen bin carry
\ to the next pass. The first pass reads the row; the second reads it again
\ and copies the keys of the chosen bin (the candidates) to shared memory,
\ where the third finds them (it reads the row once more only when more
\ than CAND_MAX elements share the first 12 bits). A last pass writes the
\ row. So the row is read 3 times for top-k, 4 for top-p (its max first),
\ each thread keeping U loads in flight. The words of the passes (the
\ digits, histogram, scan and choice) are in topk-radix.fs, which the split
\ top-p (topp-split.fs) shares.
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

INCLUDE topk-keys.fs
INCLUDE topk-mask.fs

\ A key of the first pass's chosen bin, met in the second pass, into the
\ candidates (topk-radix.fs ADD), while CAND_MAX of them fit.
: KEEP-CAND ( key -- )
  1 SEL 3 CELLS + SATOMIC-ADD-I32  DUP CAND_MAX < IF
    4 * CAND + SI32!
  ELSE DROP DROP THEN ;

INCLUDE topk-radix.fs

\ Loads of U elements of the row, BDIM-X apart from j (past the row: -inf).
: LOAD-U ( j row -- x0 .. x[U-1] )  COLS LOAD-TO ;

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
  t xrow COLS MAX-TO BLOCK-FMAX TO mx
THEN

0 0 { pre ca }         \ key prefix so far, count of elements above it
0.0 { am }             \ mass of the elements above it
0 { ncand }            \ elements in the bin of the first pass
3 0 UNROLL DO
  \ Pass I (topk-radix.fs DIGIT). Unrolled, so that shifts are constants
  \ and the first pass, which reads every element, has no prefix test and
  \ no candidate copy.
  I DIGIT { nb mask dsh msh }
  I 1 = { copy? }
  nb CLEAR
  I 2 =  ncand CAND_MAX <=  AND IF
    \ The candidates, from shared memory.
    t BEGIN DUP ncand < WHILE
      DUP 4 * CAND + SI32@ 0xFFFFFFFF AND  pre msh dsh mask mx ADD-KEY
      BDIM-X +
    REPEAT DROP
  ELSE
    t xrow COLS pre msh dsh mask copy? mx ADD-ROW
  THEN
  BARRIER
  I 1 = IF  SEL 3 CELLS + SI32@ TO ncand  THEN
  I pre ca am m ps PASS-END  TO ps TO m TO am TO ca TO pre
LOOP

\ pre is now the key of the threshold value.
pre KEY>BITS 1.0 F* { thr }
t BEGIN DUP COLS < WHILE
  DUP { jx }
  jx xrow LOAD-U
  jx thr yrow store-masked
  step +
REPEAT DROP
