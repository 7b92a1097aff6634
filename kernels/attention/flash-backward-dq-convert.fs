\ FlashAttention-2 backward with atomic dQ (DQ_ATOMIC, flash-backward-mma.fs,
\ and the Hopper backward): dQ = SCALE DQACC, from the f32 sums (dense,
\ (BATCH, H, NQ, HEAD_DIM)) to the gradient's dtype and strides (DQ_SB,
\ DQ_SH, DQ_SN in elements, the features contiguous, rows aligned to 4
\ elements). Four elements a thread (16-byte loads, 8-byte stores of
\ 16-bit data: H100 bf16, GPT-2's B8 H12 N1024 d64 14.6 -> 12.9 us, cuDNN's
\ 14.5; B4 H16 N4096 40 -> 34.3, cuDNN's 38.6); grid (ceil(NQ HEAD_DIM / 1024),
\ H, BATCH), block 256. INCLUDEd by flash_backward_dq_convert.forth (-D T),
\ which declares the params, the constants HEAD_DIM and ESZ and STORE4
\ ( x0 x1 x2 x3 addr -- ).
\ PDL: launched while the main kernel runs, waits for its dQ sums.
PDL IF GRID-DEP-WAIT THEN
GLOBAL-ID 4 * { e }                     \ in this head's NQ x HEAD_DIM
e NQ HEAD_DIM * < IF
  BID-Z H * BID-Y + NQ * HEAD_DIM * e + { src }
  e HEAD_DIM /MOD { f n }
  BID-Z DQ_SB * BID-Y DQ_SH * + n DQ_SN * + f + { dst }
  DQACC src 4 * + 4F@ { x0 x1 x2 x3 }
  x0 SCALE F*  x1 SCALE F*  x2 SCALE F*  x3 SCALE F*  DQ dst ESZ * + STORE4
THEN
