\ The end that decode.fs (CUDA cores) and decode-mma.fs (tensor cores)
\ share, INCLUDEd once each kernel has defined
\   wo-unit ( warp row f4 -- addr )   where in WO warp `warp` left the
\                                     features 4*f4 .. 4*f4+3 of row `row`
\ (each lays its warps' outputs out its own way) and has put each warp's
\ running max and sum of its RB rows in WM and WL: `finish` merges the
\ warps, writes each row (or the split's partial) and, with FUSED, merges
\ the splits.

INCLUDE merge-splits.fs

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
        r0 row + nrows < IF
          grow r0 + row +  f4  BATCH HQ * NQ *  merge-unit
        THEN
        e NTHREADS +
      REPEAT DROP
      TID-X 0= IF  0.0  group FLOATS COUNT +  F!  THEN
    THEN
  THEN ;

\ The block's rows, four features a thread: the warps' states merged,
\ normalised, written; then the splits' merge (FUSED). r0: the block's
\ first row of the group's nrows, grow: the group's first row, group: the
\ counter's index.
: finish ( r0 nrows grow split group -- )
  { r0 nrows grow split group }
  RB HEAD_DIM * 4 / { units }
  TID-X BEGIN DUP units < WHILE
    { e }
    e HEAD_DIM 4 / /MOD { f4 row }     \ features 4*f4 .. 4*f4+3 of row
    r0 row + nrows < IF
      EMPTY-MAX  WARPS 0 UNROLL DO  I RB * row + FLOATS WM + SF@ FMAX  LOOP
      { mm }
      0.0 0.0 0.0 0.0 0.0 { tot o0 o1 o2 o3 }
      WARPS 0 UNROLL DO
        I RB * row + { slot }
        slot FLOATS WM + SF@ mm F- FEXP2 { w }
        slot FLOATS WL + SF@ w F* tot F+ TO tot
        I row f4 wo-unit 4SF@ { a0 a1 a2 a3 }
        a0 w F* o0 F+ TO o0  a1 w F* o1 F+ TO o1
        a2 w F* o2 F+ TO o2  a3 w F* o3 F+ TO o3
      LOOP
      o0 o1 o2 o3 tot mm  grow r0 + row +  f4 split write-row
    THEN
    e NTHREADS +
  REPEAT DROP
  group r0 nrows grow fused-merge ;
