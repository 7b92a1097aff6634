\ Top-k of bf16 rows, stage 3: the mask (topk-apply.fs).
\! kernel top_k_apply_bf16
\! float f32
\! const U 8            \ loads in flight a thread
\! const ESZ 2
\! param X bf16[ROWS*COLS]
\! param Y bf16[ROWS*COLS]
\! param THR f32[ROWS]
\! param ROWS i64
\! param COLS i64
: LD BF@ ;
: ST BF! ;
INCLUDE topk-apply.fs
