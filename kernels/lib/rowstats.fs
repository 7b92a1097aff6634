\ Row statistics shared by the row-wise kernels (softmax forward and
\ backward, the masks): an online softmax state (m, s) = (running max, sum of
\ exp(x - m)) and plain sums, reduced over the GROUP threads of a row.
\
\ The including kernel declares, before any code:
\   \! float f32
\   \! const GROUP n     threads per row: 1, 2, 4, 8, 16, 32 (a row per
\                        GROUP lanes of a warp), or the block size (a row per
\                        block; a multiple of 32, at most 1024)
\   \! shared RM f32[32] and \! shared RS f32[32]   (block reductions)

\ The start of the running max: -FLT_MAX, not -inf, so that exp(m - m')
\ never sees -inf - -inf. A row of -inf then ends with sum 0 and its
\ softmax is 0 * inf = NaN, as torch gives.
-3.4028234663852886e38 CONSTANT NEG-MAX
\ Padding is the literal -inf: exp(-inf - m) is 0 for every finite m.

\ One element into the state: one exponential, and a rescale only when the
\ max grows. A NaN x makes the sum NaN (so the row is NaN, as in torch).
: MS+ ( m s x -- m' s' )
  { m s v }
  v m F> IF  v  s m v F- FEXP F* 1.0 F+
  ELSE  m  s v m F- FEXP F+  THEN ;

\ Four elements into the state: one compare and at most one rescale for
\ the four, then four exponentials (the streaming passes are bound by
\ these instructions, not by memory). FMAX skips a NaN, but its exponential
\ makes the sum NaN, as MS+ does.
: MS4+ ( a b c d m s -- m' s' )
  { a b c d m s }
  a b FMAX  c d FMAX  FMAX { mv }
  mv m F> IF  s m mv F- FEXP F* TO s  mv TO m  THEN
  s  a m F- FEXP F+  b m F- FEXP F+  c m F- FEXP F+  d m F- FEXP F+
  m SWAP ;

\ Two states into one.
: MS-MERGE ( m1 s1 m2 s2 -- m s )
  { m1 s1 m2 s2 }
  m1 m2 FMAX { m }
  m  s1 m1 m F- FEXP F*  s2 m2 m F- FEXP F*  F+ ;

\ The state of the whole row in every thread of its group: butterfly
\ shuffles over the group's lanes, then (a row per block) one slot per warp
\ in shared memory, merged by every thread.
: MS-REDUCE ( m s -- m s )
  5 0 UNROLL DO
    16 I RSHIFT GROUP < IF
      OVER 16 I RSHIFT FSHFL-XOR  OVER 16 I RSHIFT FSHFL-XOR  MS-MERGE
    THEN
  LOOP
  GROUP 32 > IF
    LANE-ID 0= IF  WARP-ID FLOATS RS + SF!  WARP-ID FLOATS RM + SF!
    ELSE 2DROP THEN
    BARRIER
    NEG-MAX 0.0
    GROUP 32 / 0 DO  I FLOATS RM + SF@  I FLOATS RS + SF@  MS-MERGE  LOOP
  THEN ;

\ A sum over the row's group, in every thread of it.
: SUM-REDUCE ( x -- sum )
  5 0 UNROLL DO
    16 I RSHIFT GROUP < IF  DUP 16 I RSHIFT FSHFL-XOR F+  THEN
  LOOP
  GROUP 32 > IF
    LANE-ID 0= IF  WARP-ID FLOATS RS + SF!  ELSE DROP THEN
    BARRIER
    0.0  GROUP 32 / 0 DO  I FLOATS RS + SF@ F+  LOOP
  THEN ;

\ The max over the row's group, in every thread of it.
: MAX-REDUCE ( x -- max )
  5 0 UNROLL DO
    16 I RSHIFT GROUP < IF  DUP 16 I RSHIFT FSHFL-XOR FMAX  THEN
  LOOP
  GROUP 32 > IF
    LANE-ID 0= IF  WARP-ID FLOATS RM + SF!  ELSE DROP THEN
    BARRIER
    NEG-MAX  GROUP 32 / 0 DO  I FLOATS RM + SF@ FMAX  LOOP
  THEN ;
