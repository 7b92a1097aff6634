\ The merge of flash-decoding's splits, one word shared by the merge
\ kernel (decode-merge.fs) and the decode kernels' fused merge
\ (decode-common.fs). OP (NSPLIT, rows, HEAD_DIM) f32 holds each split's
\ normalised output and LP (NSPLIT, rows) its natural-log log-sum-exp
\ (-inf where the split saw no key of the row); the row's output is the
\ sum of the splits' weighted by exp(LP - max LP), divided by their sum,
\ and its log-sum-exp max LP + log(sum). A row no split saw gets 0 and
\ -inf. Needs HEAD_DIM, ESZ, NSPLIT, OP, LP, O, LSE and OST ( x addr -- ).

\ Features 4*f4 .. 4*f4+3 of row `row` of `nrows`, into O and LSE.
: merge-unit ( row f4 nrows -- )
  { row f4 nrows }
  -1.0 0.0 F/ { ninf }
  ninf  NSPLIT 0 ?DO  I nrows * row + FLOATS LP + F@ FMAX  LOOP { mm }
  0.0 0.0 0.0 0.0 0.0 { tot o0 o1 o2 o3 }
  mm ninf F> IF
    NSPLIT 0 ?DO
      I nrows * row + { prow }
      prow FLOATS LP + F@ mm F- FEXP { w }
      tot w F+ TO tot
      prow HEAD_DIM * f4 4 * + FLOATS OP + 4F@ { a0 a1 a2 a3 }
      a0 w F* o0 F+ TO o0  a1 w F* o1 F+ TO o1
      a2 w F* o2 F+ TO o2  a3 w F* o3 F+ TO o3
    LOOP
    1.0 tot F/ { inv }
    o0 inv F* TO o0  o1 inv F* TO o1  o2 inv F* TO o2  o3 inv F* TO o3
    tot FLOG mm F+ TO mm
  THEN
  row HEAD_DIM * f4 4 * + ESZ * O + { oa }
  o0 oa OST  o1 oa ESZ + OST  o2 oa ESZ 2 * + OST  o3 oa ESZ 3 * + OST
  f4 0= IF  mm row FLOATS LSE + F!  THEN ;
