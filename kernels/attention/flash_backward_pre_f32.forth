\ FlashAttention-2 backward, step 1, f32 (flash-backward-pre.fs).
\! kernel flash_backward_pre_f32
\! float f32
\! const HEAD_DIM 64
\! const WARPS 8
\! const ESZ 4
\! param DOUT f32[BH*NQ*HEAD_DIM]
\! param O f32[BH*NQ*HEAD_DIM]
\! param LSE f32[BH*NQ]
\! param DPRE f32[BH*NQP]
\! param L2 f32[BH*NQP]
\! param NQ i64
\! param NQP i64
\! param BH i64
: tiles ( n size -- count )  DUP 1- ROT + SWAP / ;
: LD2 ( addr -- x0 x1 )  2F@ ;
INCLUDE flash-backward-pre.fs
