\ Top-k of f32 rows, stage 3: the mask (topk-apply.fs).
\! kernel top_k_apply_f32
\! float f32
\! const U 8            \ loads in flight a thread
\! const ESZ 4
\! param X f32[ROWS*COLS]
\! param Y f32[ROWS*COLS]
\! param THR f32[ROWS]
\! param ROWS i64
\! param COLS i64
: LD F32@ ;
: ST F32! ;
INCLUDE topk-apply.fs
