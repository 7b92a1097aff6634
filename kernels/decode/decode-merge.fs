\ The merge of flash-decoding's splits (decode.fs) as its own kernel,
\ INCLUDEd by decode_merge.forth (a kernel a dtype, -D T), which declares
\ HEAD_DIM, ESZ, the params (OP, LP, O, LSE, ROWS, NSPLIT) and
\ OST ( x addr -- ) for its dtype; merge-splits.fs has the arithmetic.
\ Grid ceil(ROWS * HEAD_DIM / 4 / block): a thread per 4 features of a row.

INCLUDE merge-splits.fs

\ PDL: launched while the decode kernel still runs (decode-common.fs);
\ its partial results are complete and visible after the wait.
PDL IF GRID-DEP-WAIT THEN

GLOBAL-ID HEAD_DIM 4 / /MOD { f4 row }
row ROWS < IF  row f4 ROWS merge-unit  THEN
