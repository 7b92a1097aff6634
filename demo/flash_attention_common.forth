\ Words shared by the SIMT flash attention kernels of demo/
\ (flash_attention_rows_f32, flash_attention_gemm_f32), INCLUDEd right after
\ their headers (the tensor-core kernel, kernels/attention/
\ flash_attention_f32.forth, has the op's interface: kernels/attention/
\ flash-grid.fs). Each kernel declares the constants HEAD_DIM, CAUSAL, BR
\ (query rows per block) and BC (keys per tile) and the params SEQ_LEN,
\ HEADS and BATCH; the grid is (ceil(SEQ_LEN/BR), HEADS, BATCH).

-1.0e30 CONSTANT MASKED   \ finite: exp(MASKED - m) is 0, never NaN

: tiles ( n size -- count )  DUP 1- ROT + SWAP / ;
\ Rows past the end read the last row (their results are never stored).
: in-bounds ( row -- row' )  SEQ_LEN 1- MIN ;
\ Where this block's (batch, head) starts, in floats.
: head-base ( -- floats )  BID-Z HEADS * BID-Y + SEQ_LEN * HEAD_DIM * ;
\ This block's tile of BR query rows. With a causal mask later rows see
\ more keys: the blocks that start first take the last tiles.
: query-tile ( -- qtile )
  SEQ_LEN BR tiles  CAUSAL IF 1- BID-X - ELSE DROP BID-X THEN ;
\ The number of BC-key tiles that the BR query rows from q0 on attend to.
: key-tiles ( q0 -- count )
  CAUSAL IF BR + SEQ_LEN MIN ELSE DROP SEQ_LEN THEN BC tiles ;
