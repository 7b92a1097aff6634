\ Top-k, stage 3 of 3: Y = X with every element below its row's threshold
\ (the key in THR[r], from top_k_merge.forth) set to -inf, compared in
\ f32. Block (b, r) takes elements (b + i*GDIM-X)*BDIM-X*U + tid + u*BDIM-X
\ of row r, U loads in flight a thread.
\
\ The wrapper declares X, Y, THR, ROWS, COLS, ESZ, LD ( addr -- x ), ST
\ ( x addr -- ) and U. Launch: grid (any, ROWS), any block.

INCLUDE topk-keys.fs
INCLUDE topk-mask.fs

BID-Y COLS * ESZ * { roff }
roff X + { xrow }
roff Y + { yrow }
BID-Y 4 * THR + I32@ 0xFFFFFFFF AND KEY>BITS 1.0 F* { tv }
BDIM-X U * { step }
BID-X step * TID-X + BEGIN DUP COLS < WHILE
  DUP { j0 }
  U 0 UNROLL DO
    j0 I BDIM-X * + DUP COLS < IF  ESZ * xrow + LD  ELSE DROP 0.0 THEN
  LOOP
  j0 tv yrow store-masked
  GDIM-X step * +
REPEAT DROP
