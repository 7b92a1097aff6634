\ What decode.fs (CUDA cores) and decode-mma.fs (tensor cores) share at
\ the start: the keys a block's split takes and a key row's byte offset
\ in the cache (contiguous or paged); decode-finish.fs has the end. Both
\ INCLUDE it after the header; see decode.fs for the layout and params.

-1.0e30 CONSTANT EMPTY-MAX
: tiles ( n size -- count )  DUP 1- ROT + SWAP / ;

\ Sequence bat's keys (SEQLENS clamped to [0, capacity]) cut into NSPLIT
\ ranges of a multiple of `step` keys: this split's first key and its
\ number of steps, and diag: query token i sees keys <= diag + i.
: split-keys ( bat split step -- len start nsteps diag )
  { bat split step }
  PAGED IF MAXBLK PSHIFT LSHIFT ELSE NCAP THEN { cap }
  bat 4 * SEQLENS + I32@ 0 MAX cap MIN { len }
  len NSPLIT tiles step tiles step * { perk }     \ keys per split
  split perk * len MIN { start }
  start perk + len MIN { end }
  len start  end start - step tiles  len NQ - ;

\ Byte offset of key row `key` of KV head kh of sequence b (clamped to the
\ cache's n keys: keys past the end load the last one, then are masked).
: kv-off ( key n b kh -- bytes )
  { key n b kh }
  key n 1- MIN 0 MAX TO key
  PAGED IF
    key PSHIFT RSHIFT  b MAXBLK * + 4 * BT + I32@  0 MAX NBLK 1- MIN
    PSHIFT LSHIFT  key 1 PSHIFT LSHIFT 1- AND +  HKV * kh +
  ELSE
    b HKV * kh + NCAP * key +
  THEN HEAD_DIM * ESZ * ;

\ PDL (sm_90, programmatic dependent launch): the merge kernel, launched
\ with `\! pdl`, may start once every block of this grid has started
\ (GRID-DEP-LAUNCH here, first thing): its launch and set-up overlap this
\ grid's work instead of following it, and it waits (GRID-DEP-WAIT) for
\ this grid's results before reading them.
PDL IF GRID-DEP-LAUNCH THEN
