\ FlashAttention-2 backward, step 1, bf16 (flash-backward-pre.fs).
\! kernel flash_backward_pre_bf16
\! float f32
\! const HEAD_DIM 64
\! const WARPS 8
\! const ESZ 2
\! param DOUT bf16[BH*NQ*HEAD_DIM]
\! param O bf16[BH*NQ*HEAD_DIM]
\! param LSE f32[BH*NQ]
\! param DPRE f32[BH*NQP]
\! param L2 f32[BH*NQP]
\! param NQ i64
\! param NQP i64
\! param BH i64
: tiles ( n size -- count )  DUP 1- ROT + SWAP / ;
: LD2 ( addr -- x0 x1 )  I32@ BF16X2>F ;
INCLUDE flash-backward-pre.fs
