\ Cross-entropy of rows of logits of T (f32, bf16 or f16; -D T=), math in
\ f32 (cross-entropy-rows.fs): the loss and log-sum-exp of each row
\ (-D LOSS=1), the gradient of the logits (-D GRAD=1), or both in one
\ launch (the fused linear cross-entropy's chunks: the gradient written
\ over the logits). -D GROUP and VW as for softmax.forth (VW = 4: X and G
\ aligned to 4 elements; rows of any length), -D UNR vectors a step,
\ -D SOFTCAP=1 the logits capped by CAP, -D BLOCK the block's threads (its
\ launch bound: ptxas keeps the registers within what BLOCK threads may
\ use).
\! kernel cross_entropy_{T}
\! type T f32 bf16 f16
\! float f32
\! const LOSS 1
\! const GRAD 0
\! const GROUP 32
\! const VW 1
\! const UNR 4
\! const SOFTCAP 0
\! const BLOCK 128
\! launch-bounds BLOCK 1
\! const ESZ sizeof(T)
\! param X T[ROWS*COLS]
\! param TARGET i64[ROWS]
\! param LOSSES f32[ROWS]
\! param LSE f32[ROWS]
\! param G T[ROWS*COLS]
\! param GS f32[GS_N]
\! param GS_N i64
\! param GS_STRIDE i64
\! param ROWS i64
\! param COLS i64
\! param IGNORE i64
\! param SMOOTH f32
\! param CAP f32
\! shared RM f32[32]
\! shared RS f32[32]
\! shared RX f32[32]
\! reg XS f32[UNR*VW]
INCLUDE ../lib/typed.fs
INCLUDE cross-entropy-rows.fs
