\ What decode.fs (CUDA cores) and decode-mma.fs (tensor cores) share:
\ the keys a block's split takes, a key row's byte offset in the cache
\ (contiguous or paged), and the last steps: each row of the block written
\ from its warps' merged (max, sum, output), and with FUSED the splits'
\ merge. Both INCLUDE it after the header; see decode.fs for the layout
\ and the params.

INCLUDE merge-splits.fs

-1.0e30 CONSTANT EMPTY-MAX
: tiles ( n size -- count )  DUP 1- ROT + SWAP / ;
: -inf ( -- x )  -1.0 0.0 F/ ;

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

\ Four features f4*4.. of output row orow (of all BATCH*HQ*NQ) from the
\ block's merged sum `tot`, max `mm` (log2 units) and unnormalised o0..o3:
\ normalised into O and LSE (one split), or as split's partial into OP, LP.
: write-row ( o0 o1 o2 o3 tot mm orow f4 split -- )
  { o0 o1 o2 o3 tot mm orow f4 split }
  tot 0.0 F> { seen }
  seen IF 1.0 tot F/ ELSE 0.0 THEN { inv }
  seen IF tot FLOG mm 0.6931471805599453 F* F+ ELSE -inf THEN { lsev }
  NSPLIT 1 = IF
    orow HEAD_DIM * f4 4 * + ESZ * O + { oa }
    o0 inv F* oa OST  o1 inv F* oa ESZ + OST
    o2 inv F* oa ESZ 2 * + OST  o3 inv F* oa ESZ 3 * + OST
    f4 0= IF lsev orow FLOATS LSE + F! THEN
  ELSE
    split BATCH * HQ * NQ * orow + { prow }
    o0 inv F* o1 inv F* o2 inv F* o3 inv F*
    prow HEAD_DIM * f4 4 * + FLOATS OP + 4F!
    f4 0= IF lsev prow FLOATS LP + F! THEN
  THEN ;

\ FUSED (with NSPLIT > 1): the block of a (sequence, KV head, row chunk)
\ group that finishes last merges the splits' partials of its rows, so no
\ merge kernel is launched. Each thread fences its partials (FENCE-GPU),
\ one thread counts the block in (COUNT: a float a group, exact far
\ beyond MAX_SPLITS, 0 between calls, reset by the last block), and the
\ last block fences again before it
\ reads the others' partials. `group` is the counter's index, r0 the
\ block's first row of the group's nrows, grow the group's first row.
: fused-merge ( group r0 nrows grow -- )
  { group r0 nrows grow }
  FUSED NSPLIT 1 > AND IF
    FENCE-GPU  BARRIER
    TID-X 0= IF
      1.0  group FLOATS COUNT +  FATOMIC-ADD  NSPLIT 1- S>F F=  LAST S!
    THEN
    BARRIER
    LAST S@ IF
      FENCE-GPU
      RB HEAD_DIM * 4 / { units }
      TID-X BEGIN DUP units < WHILE
        { e }
        e HEAD_DIM 4 / /MOD { f4 row }
        r0 row + nrows < IF  grow r0 + row +  f4  BATCH HQ * NQ *  merge-unit  THEN
        e NTHREADS +
      REPEAT DROP
      TID-X 0= IF  0.0  group FLOATS COUNT +  F!  THEN
    THEN
  THEN ;
