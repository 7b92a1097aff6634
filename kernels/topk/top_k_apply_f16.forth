\ Top-k of f16 rows, stage 3: the mask (topk-apply.fs).
\! kernel top_k_apply_f16
\! float f32
\! const U 8            \ loads in flight a thread
\! const ESZ 2
\! param X f16[ROWS*COLS]
\! param Y f16[ROWS*COLS]
\! param THR f32[ROWS]
\! param ROWS i64
\! param COLS i64
: LD HF@ ;
: ST HF! ;
INCLUDE topk-apply.fs
