\ SELECT ( kk -- t gt ): the block's kk-th largest key t, and gt, the number
\ of keys above it. The keys are E per thread in the register array KY
\ (0 where a thread has none: 0 is below every key of topk-keys.fs); kk is
\ from 1 to the number of nonzero keys, and the same in every thread.
\
\ A radix select with 8-bit digits whose histogram counts only keys at or
\ above a lower bound L of t, so that on ordinary rows a few percent of the
\ keys touch shared memory at all:
\   L = the least of the maxima of at least kk disjoint groups of threads
\       (each group's maximum is a key >= L, so at least kk keys are >= L);
\       groups are 1 to 32 lanes, as many lanes as still leave kk groups
\       (no bound, L = 0, when the block has fewer threads than kk);
\   the digits are those of d = key - L, from the top bit of (max - L)
\       down, so the first digit already splits [L, max] into 256 bins
\       instead of putting it in the one or two bins of its top bits.
\ Each pass adds the keys whose d starts with the prefix chosen so far to
\ 256 i32 counters (SATOMIC-ADD-I32: one native shared atomic each);
\ warp 0 then finds the bin holding the kk-th largest (8 bins a lane, from
\ the top, with a scan over the warp) and zeroes the counters for the next
\ pass. Two barriers a pass, at most 4 passes (32 bits), usually 3.
\
\ The includer declares E, the register array KY i32[E] (the keys' bits:
\ KEY@ reads one back unsigned) and the shared
\ arrays H i32[256] (the counters), WS i64[64] (one slot per warp for the
\ two reductions) and SEL i64[2] (the chosen bin, the count above it).

: KEY@ ( i -- key )  KY@ 0xFFFFFFFF AND ;

: SELECT ( kk -- t gt )
  { kk }
  TID-X BDIM-X { tid nt }
  0  E 0 UNROLL DO  I KEY@ MAX  LOOP  { tmax }
  \ Group maxima: groups of 2^(I+1) lanes while nt / 2^(I+1) >= kk.
  tmax { gm }
  5 0 UNROLL DO
    nt  2 I LSHIFT /  kk >= IF  gm 1 I LSHIFT SHFL-XOR gm MAX TO gm  THEN
  LOOP
  nt kk < IF  0 TO gm  THEN
  gm NEGATE WARP-MAX NEGATE { wmin }
  tmax WARP-MAX { wmax }
  tid BEGIN DUP 256 < WHILE  0 OVER 4 * H + SI32!  nt + REPEAT DROP
  LANE-ID 0= IF
    wmin WARP-ID CELLS WS + S!
    wmax WARP-ID 32 + CELLS WS + S!
  THEN
  BARRIER
  0x100000000 0 { lo hi }
  nt 32 / 0 DO
    I CELLS WS + S@ lo MIN TO lo
    I 32 + CELLS WS + S@ hi MAX TO hi
  LOOP
  \ The digits: bits sh..hb-1 of d, below a prefix of the bits from hb up.
  hi lo - 0xFFFFFFFF AND { span }
  \ nbits: the bit length of span (0 to 32), by halving.
  0 { nbits }
  5 0 UNROLL DO
    span  nbits 16 I RSHIFT +  RSHIFT 0<> IF  nbits 16 I RSHIFT + TO nbits  THEN
  LOOP
  span 0<> IF  nbits 1+ TO nbits  THEN
  nbits 8 - 0 MAX { sh }
  sh 8 + { hb }
  0 0 { pre ca }
  BEGIN
    1 hb sh - LSHIFT 1- { mask }
    E 0 UNROLL DO
      \ d in 32 bits (so is everything here): a key below lo wraps
      \ around to above span.
      I KEY@ lo - 0xFFFFFFFF AND { d }
      d span <=  d hb RSHIFT pre =  AND IF
        1  d sh RSHIFT mask AND 4 * H +  SATOMIC-ADD-I32 DROP
      THEN
    LOOP
    BARRIER
    WARP-ID 0= IF
      \ Lane l owns bins 255-8l down to 248-8l; run: the keys above its
      \ first bin (above the prefix, then in the lanes before it).
      0  8 0 UNROLL DO  255 LANE-ID 8 * - I - 4 * H + SI32@ +  LOOP { s }
      s { inc }
      5 0 UNROLL DO
        inc 1 I LSHIFT SHFL-UP
        LANE-ID 1 I LSHIFT >= IF  inc + TO inc  ELSE DROP THEN
      LOOP
      ca inc + s - { run }
      8 0 UNROLL DO
        255 LANE-ID 8 * - I - { b }
        b 4 * H + SI32@ { c }
        0 b 4 * H + SI32!
        run kk <  run c + kk >=  AND IF  b SEL S!  run SEL CELL+ S!  THEN
        run c + TO run
      LOOP
    THEN
    BARRIER
    pre hb sh - LSHIFT  SEL S@ OR TO pre
    SEL CELL+ S@ TO ca
    sh { was }
    was TO hb  was 8 - 0 MAX TO sh
  was 0= UNTIL
  lo pre +  ca ;
