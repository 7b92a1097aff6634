\ A paged KV cache for the forward kernels (flash_attention.forth,
\ flash_attention_sm90.forth; flash_attention_varlen's block_table),
\ INCLUDEd after flash-grid.fs by kernels that declare the constants
\ PAGED and PAGE (the cache's block size, a power of two) and the params
\ BT (i32, BATCH x MAXB block ids) and MAXB. With PAGED (and VARLEN) K
\ and V are the (1, HKV, NKV, HEAD_DIM) planes of a (blocks, PAGE, HKV,
\ HEAD_DIM) cache, NKV = blocks * PAGE rows: sequence s's key j is row
\ BT[s, j / PAGE] * PAGE + j % PAGE (a block past MAXB, or an id outside
\ the cache, reads the last one: never memory that is not the block
\ table's or the cache's; such keys are past the sequence's and masked),
\ and CU_K gives
\ the sequences' key counts as prefix sums (the op's of seqused_k).

\ A sequence's key j as a row of its K/V head's plane: its cache row, or
\ without PAGED j from the sequence's first row (kv-off).
: page-row ( key -- row )
  PAGED IF
    DUP PAGE / MAXB 1- MIN  4 SEQ@ MAXB * + 4 * BT + I32@
    0 MAX NKV PAGE / 1- MIN
    PAGE *  SWAP PAGE 1- AND +
  ELSE kv-off + THEN ;
\ Whether the keys k0 .. k0 + n - 1 are rows one after another (one
\ block of the cache, or no paging).
: rows-in-order ( k0 n -- flag )
  PAGED IF  SWAP PAGE 1- AND + PAGE <=  ELSE 2DROP -1 THEN ;
